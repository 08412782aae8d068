// Scan references and their acceptance.
#include "core/model/scan_reference.h"

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
            return int(epi) + log2wg + int(p.groups) + 2;
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
    const size_t n = input.size();
    ref.values.resize(n);
    ref.bound.assign(n, 0.0);
    const ElemType type = input.type;
    const bool rounded = op == Op::Sum && (type == ElemType::Float || type == ElemType::Double);
    const double u = type == ElemType::Float ? std::ldexp(1.0, -24) : std::ldexp(1.0, -53);
    const double ku = double(depth) * u;
    const double gamma = ku < 1 ? ku / (1 - ku) : INFINITY;
    long double sum = 0, magnitude = 0;
    double acc = identity(op, type);
    for (size_t i = 0; i < n; ++i) {
        const double x = input.at(i);
        if (exclusive) {
            ref.values[i] = rounded ? double(sum) : acc;
            ref.bound[i] = rounded ? gamma * double(magnitude) : 0;
        }
        if (rounded) {
            sum += x;
            magnitude += std::fabs(x);
        } else {
            acc = apply(op, type, acc, x);
        }
        if (!exclusive) {
            ref.values[i] = rounded ? double(sum) : acc;
            ref.bound[i] = rounded ? gamma * double(magnitude) : 0;
        }
    }
    return ref;
}

bool acceptScan(const ScanReference& ref, ElemType type, const std::vector<double>& output, std::string* verdict) {
    if (output.size() != ref.values.size()) {
        if (verdict)
            *verdict = "the scan has " + std::to_string(output.size()) + " elements, not " +
                       std::to_string(ref.values.size());
        return false;
    }
    double worst = 0;
    for (size_t i = 0; i < output.size(); ++i) {
        const double got = output[i], want = ref.values[i];
        const bool same = got == want || (std::isnan(got) && std::isnan(want));
        const double error = same ? 0 : std::fabs(got - want);
        if (!same && !(error <= ref.bound[i])) {
            if (verdict)
                *verdict = "element " + std::to_string(i) + " is " + number(got) + ", expected " + number(want) +
                           (ref.bound[i] > 0 ? " within " + number(ref.bound[i]) : std::string(" exactly"));
            return false;
        }
        if (ref.bound[i] > 0) worst = std::max(worst, error / ref.bound[i]);
    }
    if (verdict) {
        const bool exact = type == ElemType::Int || type == ElemType::Long || worst == 0;
        *verdict = "all " + std::to_string(output.size()) + " elements match the reference" +
                   (exact ? std::string(" exactly")
                          : ", the worst at " + number(100 * worst) + "% of its bound (depth " +
                                std::to_string(ref.depth) + ")");
    }
    return true;
}

}  // namespace rl
