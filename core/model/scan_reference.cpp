// Scan references and their acceptance.
#include "core/model/scan_reference.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/catalogue/pass_plan.h"

namespace rl {

namespace {

std::string number(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.9g", v);
    return buf;
}

// How many levels of tiles of `tile` elements a tiled scan of n elements launches (one at least).
int tileLevels(size_t n, size_t tile) {
    int levels = 0;
    size_t left = std::max<size_t>(1, n);
    do {
        ++levels;
        left = (left + tile - 1) / std::max<size_t>(1, tile);
    } while (left > 1);
    return levels;
}

}  // namespace

int scanRoundingDepth(size_t n, size_t wg) {
    int log2wg = 0;
    while ((size_t(1) << log2wg) < wg) ++log2wg;
    return tileLevels(n, wg) * (2 * log2wg + 2);
}

int scanRoundingDepth(const VariantInfo& variant, const RunConfig& config) {
    const auto plan = planPasses(variant, config);
    if (plan.empty()) return 1;
    const PassPlan& p = plan.back();
    const size_t wg = std::max<size_t>(1, p.local), epi = size_t(std::max(1, p.elemsPerItem));
    int log2wg = 0;
    while ((size_t(1) << log2wg) < wg) ++log2wg;
    const size_t tile = wg * epi;
    switch (variant.kind) {
        case VariantKind::ScanLookBack:
            // The tile's own chain: log2(wg) Hillis-Steele steps, or on the warp path (timed runs on NVIDIA) five
            // shuffles, the warps' totals one after another and the run's offset; whichever may run.
            return int(epi) + (variant.warpPathOnPtx ? std::max(log2wg, int(wg / 32) + 5) : log2wg) + int(p.groups) + 2;
        case VariantKind::ScanChunks: {  // a chunk's total, the carry (a total per group before, a tree), the
                                         // group's Hillis-Steele, the offset and the chunk's own running sum
            const size_t per = scanChunk(p) / wg;
            return int(per) + int(p.groups) + log2wg + log2wg + 1 + int(per) + 2;
        }
        case VariantKind::ScanReduceThenScan: {
            const size_t chunk = scanChunk(p);
            return int((chunk + wg - 1) / wg) + 2 * log2wg + int((p.groups + wg - 1) / wg) + log2wg +
                   int((chunk + tile - 1) / tile) + int(epi) + log2wg + 3;
        }
        default:
            // The built-in's order is the driver's: a chain through up to the whole tile per level.
            if (variant.needsOpenCL20) return tileLevels(config.n, wg) * (int(wg) + 2);
            // raking: a run's total and its scan (epi each) around the tree over the totals
            if (epi > 1) return tileLevels(config.n, tile) * (2 * log2wg + 2 * int(epi) + 2);
            return scanRoundingDepth(config.n, config.wg);
    }
}

ScanReference computeScanReference(const HostArray& input, Op op, bool exclusive, int depth) {
    ScanReference ref;
    ref.depth = depth;
    ref.values.resize(input.size());
    ref.bound.assign(input.size(), 0.0);
    ScanCheck walk(input, op, exclusive, depth);
    for (size_t i = 0; i < input.size(); ++i) walk.reference(i, &ref.values[i], &ref.bound[i]);
    return ref;
}

bool acceptScan(const ScanReference& ref, ElemType type, const std::vector<double>& output, std::string* verdict) {
    if (output.size() != ref.values.size()) {
        if (verdict)
            *verdict = "the scan has " + std::to_string(output.size()) + " elements, not " +
                       std::to_string(ref.values.size());
        return false;
    }
    ScanCheck::Tally tally;
    for (size_t i = 0; i < output.size() && tally.wrong.empty(); ++i)
        tally.compare(i, output[i], ref.values[i], ref.bound[i]);
    if (verdict) *verdict = tally.verdict(type, output.size(), ref.depth);
    return tally.wrong.empty();
}

bool checkScanInPieces(const HostArray& input, Op op, bool exclusive, int depth,
                       const std::function<bool(size_t first, size_t count, std::vector<double>* piece)>& read,
                       std::string* verdict, std::pair<double, double>* last) {
    constexpr size_t kPiece = size_t(1) << 20;
    ScanCheck check(input, op, exclusive, depth);
    std::vector<double> piece;
    bool readable = true;
    for (size_t first = 0; first < input.size(); first += kPiece) {
        readable = read(first, std::min(kPiece, input.size() - first), &piece);
        if (!readable || piece.empty() || !check.take(piece)) break;
    }
    bool ok = check.finish(verdict);
    if (!readable) {
        ok = false;
        if (verdict) *verdict = "the scan's output cannot be read back";
    }
    if (last) *last = {check.lastValue(), check.lastBound()};
    return ok;
}

ScanCheck::ScanCheck(const HostArray& input, Op op, bool exclusive, int depth)
    : input_(&input), op_(op), exclusive_(exclusive), depth_(depth),
      rounded_(op == Op::Sum && (input.type == ElemType::Float || input.type == ElemType::Double)),
      acc_(identity(op, input.type)) {
    const double u = input.type == ElemType::Float ? std::ldexp(1.0, -24) : std::ldexp(1.0, -53);
    const double ku = double(depth) * u;
    gamma_ = ku < 1 ? ku / (1 - ku) : INFINITY;
}

void ScanCheck::reference(size_t i, double* value, double* bound) {
    const ElemType type = input_->type;
    const double x = input_->at(i);
    if (exclusive_) {
        *value = rounded_ ? double(sum_) : acc_;
        *bound = rounded_ ? gamma_ * double(magnitude_) : 0;
    }
    if (rounded_) {
        sum_ += x;
        magnitude_ += std::fabs(x);
    } else {
        acc_ = apply(op_, type, acc_, x);
    }
    if (!exclusive_) {
        *value = rounded_ ? double(sum_) : acc_;
        *bound = rounded_ ? gamma_ * double(magnitude_) : 0;
    }
}

bool ScanCheck::take(const std::vector<double>& piece) {
    for (size_t k = 0; k < piece.size() && tally_.wrong.empty(); ++k) {
        if (next_ >= input_->size()) {
            tally_.wrong = "the scan has more than " + std::to_string(input_->size()) + " elements";
            break;
        }
        reference(next_, &last_, &lastBound_);
        tally_.compare(next_, piece[k], last_, lastBound_);
        ++next_;
    }
    return tally_.wrong.empty();
}

bool ScanCheck::finish(std::string* verdict) {
    const bool whole = next_ == input_->size();
    for (; next_ < input_->size(); ++next_) reference(next_, &last_, &lastBound_);  // the last element's reference
    if (tally_.wrong.empty() && !whole)
        tally_.wrong = "the check was given fewer elements than the scan's " + std::to_string(input_->size());
    if (verdict) *verdict = tally_.verdict(input_->type, input_->size(), depth_);
    return tally_.wrong.empty();
}

void ScanCheck::Tally::compare(size_t i, double got, double want, double bound) {
    const bool same = got == want || (std::isnan(got) && std::isnan(want));
    const double error = same ? 0 : std::fabs(got - want);
    if (!same && !(error <= bound)) {
        wrong = "element " + std::to_string(i) + " is " + number(got) + ", expected " + number(want) +
                (bound > 0 ? " within " + number(bound) : std::string(" exactly"));
        return;
    }
    if (bound > 0) worst = std::max(worst, error / bound);
}

std::string ScanCheck::Tally::verdict(ElemType type, size_t n, int depth) const {
    if (!wrong.empty()) return wrong;
    const bool exact = type == ElemType::Int || type == ElemType::Long || worst == 0;
    return "all " + std::to_string(n) + " elements match the reference" +
           (exact ? std::string(" exactly")
                  : ", the worst at " + number(100 * worst) + "% of its bound (depth " + std::to_string(depth) + ")");
}

}  // namespace rl
