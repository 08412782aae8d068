// The Harris-style ladder table assembled from cached measurements: per variant the median time, effective GB/s,
// speedup over the row above and over the first row, share of the copy ceiling measured in the same sweep, the
// verdict (wrong-by-design told apart from wrong), and Harris's published G80 figures beside his seven steps.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "app/view/timing/timing_cache.h"
#include "core/model/harris_reference.h"
#include "core/catalogue/variant.h"

namespace rl::view {

enum class RowStatus {
    Pending,             // not measured yet (the sweep is on its way, or was cancelled)
    Correct,             // the device's result matched the reference
    Wrong,               // a correct-by-design kernel gave a wrong result: a real failure
    WrongByDesign,       // a kernel known to be wrong (unsynchronised warp tail, cross-group barrier) was wrong
    CorrectNotByDesign,  // a wrong-by-design kernel happened to be right this time
    Unavailable,         // the device lacks what the variant needs
    Failed               // the run failed (build error, device error, size past the device's limits)
};

const char* statusText(RowStatus s);  // "correct", "WRONG", "wrong (by design)", ...

struct LadderRow {
    VariantInfo variant;
    RowStatus status = RowStatus::Pending;
    Measurement m;                      // valid when measured()
    std::string reason;                 // Unavailable / Failed: why; wrong by design: the variant's wrongReason
    double stepSpeedup = 0;             // over the measured row above
    double cumulative = 0;              // over the first measured row
    double pctCopy = 0;                 // gbps / copy ceiling gbps * 100
    const HarrisFigure* g80 = nullptr;  // Harris's figures for this step (harrisStep 1..7)
    double g80Step = 0, g80Cumulative = 0;
    bool best = false;  // the best variant for this device

    bool measured() const { return m.ok; }
};

struct LadderTable {
    size_t n = 0;
    ElemType type = ElemType::Int;
    Measurement copy;  // copy.ok when measured
    std::vector<LadderRow> rows;
    int measured = 0, pending = 0;
    int bestRow = -1;

    // The fastest correct row, or -1.
    int fastestCorrect() const;
};

// Rows in the order of `variants`. A student's kernel (isKernelPoint) gets speedups over the rows above it without
// becoming the row the next variant's step is measured from. `unavailable`: variant id -> reason, for those the device cannot run (they are
// never measured). `bestId`: the variant bestVariantFor() picks on this device (may be empty).
LadderTable buildLadder(const TimingCache& cache, const DeviceKey& device, const TimingParams& params,
                        const std::vector<VariantInfo>& variants, const std::map<std::string, std::string>& unavailable,
                        const std::string& bestId);

// Harris's own step and cumulative speedups for step k (1..7), from kHarrisG80.
double harrisStepSpeedup(int step);
double harrisCumulative(int step);

}  // namespace rl::view
