// Assembling the ladder table from the cache.
#include "app/view/timing/timing_table.h"

namespace rl::view {

const char* statusText(RowStatus s) {
    switch (s) {
        case RowStatus::Pending:
            return "not measured";
        case RowStatus::Correct:
            return "correct";
        case RowStatus::Wrong:
            return "WRONG";
        case RowStatus::WrongByDesign:
            return "wrong (by design)";
        case RowStatus::CorrectNotByDesign:
            return "correct this time (wrong by design)";
        case RowStatus::Unavailable:
            return "unavailable";
        case RowStatus::Failed:
            return "failed";
    }
    return "";
}

double harrisStepSpeedup(int step) {
    const HarrisFigure* f = harrisFigure(step);
    const HarrisFigure* prev = harrisFigure(step - 1);
    if (!f) return 0;
    return prev ? prev->timeMs / f->timeMs : 1.0;
}

double harrisCumulative(int step) {
    const HarrisFigure* f = harrisFigure(step);
    const HarrisFigure* first = harrisFigure(1);
    return f && first ? first->timeMs / f->timeMs : 0.0;
}

int LadderTable::fastestCorrect() const {
    int best = -1;
    for (size_t i = 0; i < rows.size(); ++i) {
        const auto& r = rows[i];
        if (r.status != RowStatus::Correct || !r.measured() || !r.variant.correctByDesign) continue;
        if (best < 0 || r.m.medianMs < rows[size_t(best)].m.medianMs) best = int(i);
    }
    return best;
}

LadderTable buildLadder(const TimingCache& cache, const DeviceKey& device, const TimingParams& params,
                        const std::vector<VariantInfo>& variants, const std::map<std::string, std::string>& unavailable,
                        const std::string& bestId) {
    LadderTable t;
    t.n = params.n;
    t.type = params.type;
    if (const Measurement* c = cache.find(device, copyKey(params, params.n))) t.copy = *c;
    double firstMs = 0, prevMs = 0;
    for (const auto& v : variants) {
        LadderRow row;
        row.variant = v;
        row.best = v.id == bestId;
        row.g80 = harrisFigure(v.harrisStep);
        if (row.g80) {
            row.g80Step = harrisStepSpeedup(v.harrisStep);
            row.g80Cumulative = harrisCumulative(v.harrisStep);
        }
        const auto u = unavailable.find(v.id);
        const Measurement* m = cache.find(device, runKey(params, v.id, params.n));
        if (u != unavailable.end()) {
            row.status = RowStatus::Unavailable;
            row.reason = u->second;
        } else if (!m) {
            row.status = RowStatus::Pending;
            ++t.pending;
        } else if (!m->ok) {
            row.status = m->unavailable ? RowStatus::Unavailable : RowStatus::Failed;
            row.reason = m->error;
        } else {
            row.m = *m;
            ++t.measured;
            if (v.correctByDesign)
                row.status = m->correct ? RowStatus::Correct : RowStatus::Wrong;
            else
                row.status = m->correct ? RowStatus::CorrectNotByDesign : RowStatus::WrongByDesign;
            if (!v.correctByDesign) row.reason = v.wrongReason;
            if (m->medianMs > 0 && isKernelPoint(v.id)) {  // a student's row: over the ladder, not part of it
                row.stepSpeedup = prevMs > 0 ? prevMs / m->medianMs : 1.0;
                row.cumulative = firstMs > 0 ? firstMs / m->medianMs : 1.0;
            } else if (m->medianMs > 0) {
                if (firstMs == 0) firstMs = m->medianMs;
                row.stepSpeedup = prevMs > 0 ? prevMs / m->medianMs : 1.0;
                row.cumulative = firstMs / m->medianMs;
                prevMs = m->medianMs;
            }
            if (t.copy.ok && t.copy.gbps > 0) row.pctCopy = 100.0 * m->gbps / t.copy.gbps;
        }
        if (row.best) t.bestRow = int(t.rows.size());
        t.rows.push_back(std::move(row));
    }
    return t;
}

}  // namespace rl::view
