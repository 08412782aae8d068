// The host's reference of a scan and how a device's scan is accepted: integers exactly, floating point element by
// element within a bound that grows along the array as a scan's rounding error can.
#pragma once
#include <string>
#include <vector>

#include "core/input.h"
#include "core/types.h"
#include "core/run_config.h"
#include "core/catalogue/variant.h"

namespace rl {

struct ScanReference {
    std::vector<double> values;  // the scan: ints and min/max exactly as the device must give them; sums of floats
                                 // in long double
    std::vector<double> bound;   // per element, the largest accepted |device - reference| (0: exact)
    int depth = 0;               // the longest chain of roundings the bound assumes
};

// The longest chain of roundings behind one element of a tiled scan of n elements in tiles of wg: per level of
// tiles, 2 log2(wg) + 1 in the tile (Blelloch's two sweeps and its own input; Hillis-Steele's log2(wg) steps are
// fewer) and 1 for the uniform add.
int scanRoundingDepth(size_t n, size_t wg);
// The same for any scan variant and config, from its plan: the tiled scans as above, and with runs of epi elements
// (raking) the run's total and its scan added to each level's chain (2 epi more), in tiles of wg x epi;
// decoupled-look-back a run
// (RL_EPI; a run walked as vectors of L lanes chains RL_EPI / L + log2(L) + 1, fewer), log2(wg) steps, and a chain of
// prefixes through every tile before it (the worst look-back); reduce-then-
// scan each work-item's share of a chunk's total, two trees, the totals before the chunk, the carry through the
// chunk's tiles and the tile itself; the built-in (work-group-scan), whose order is the driver's, a chain through
// every element of the tile (wg) and the uniform add per level.
int scanRoundingDepth(const VariantInfo& variant, const RunConfig& config);

// The reference of the inclusive (or exclusive) scan of `input` with `op`. For sums of float and double the bound
// of element i is gamma(depth) * (|x_0| + ... + |x_i|) (up to x_{i-1} when exclusive), gamma(k) = k u / (1 - k u)
// with u the type's unit roundoff: the classic bound of a sum evaluated by any tree of that depth (Higham,
// "Accuracy and Stability of Numerical Algorithms", 4.2), which every scan variant's order of operations is.
// Integer sums wrap as the kernels' do; min and max are exact.
ScanReference computeScanReference(const HostArray& input, Op op, bool exclusive, int depth);

// Whether the device's scan is the reference within its bounds; *verdict names the first wrong element (its
// index, the value, the expected one and the bound) or says how close it came.
bool acceptScan(const ScanReference& ref, ElemType type, const std::vector<double>& output, std::string* verdict);

}  // namespace rl
