// The host's reference of a scan and how a device's scan is accepted: integers exactly, floating point element by
// element within a bound that grows along the array as a scan's rounding error can.
#pragma once
#include <functional>
#include <string>
#include <utility>
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
// (RL_EPI; a run walked as vectors of L lanes chains RL_EPI / L + log2(L) + 1, fewer), log2(wg) steps (on its warp
// path five shuffles and wg / 32 warps' totals, where that is more), and a chain of
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

// A scan of input.size() elements checked as it is read a piece at a time: read(first, count, &piece) fills the
// `count` elements from `first`, which all lie in the scan (false: the output cannot be read). Holds one piece and
// nothing per element; the verdict as acceptScan's. *last (when given) gets the last element's reference and bound.
bool checkScanInPieces(const HostArray& input, Op op, bool exclusive, int depth,
                       const std::function<bool(size_t first, size_t count, std::vector<double>* piece)>& read,
                       std::string* verdict, std::pair<double, double>* last = nullptr);

// The same reference and acceptance, element by element as the device's output arrives in pieces, holding nothing
// per element (computeScanReference holds 16 bytes an element, 1 GiB at 2^26): how a timed run checks every element
// of a large scan. `input` must outlive the check.
class ScanCheck {
public:
    ScanCheck(const HostArray& input, Op op, bool exclusive, int depth);
    // The output's next elements, in order; false from the first wrong one on.
    bool take(const std::vector<double>& piece);
    // True when every element was taken and matched; *verdict as acceptScan's (the first wrong element, or how
    // close the scan came). After it, the last element's reference and bound are known.
    bool finish(std::string* verdict);
    double lastValue() const { return last_; }
    double lastBound() const { return lastBound_; }

    // Elements compared against their reference: the first wrong one, and the worst error as a share of its bound.
    struct Tally {
        std::string wrong;
        double worst = 0;
        void compare(size_t i, double got, double want, double bound);
        std::string verdict(ElemType type, size_t n, int depth) const;
    };

private:
    friend ScanReference computeScanReference(const HostArray& input, Op op, bool exclusive, int depth);
    // The reference of element i; called for i = 0, 1, 2, ... in order (take's walk, and computeScanReference's).
    void reference(size_t i, double* value, double* bound);

    const HostArray* input_;
    Op op_;
    bool exclusive_;
    int depth_;
    bool rounded_;  // a sum of floats or doubles: long double and a bound; otherwise exact in the type
    double gamma_ = 0;
    long double sum_ = 0, magnitude_ = 0;
    double acc_;
    size_t next_ = 0;  // the next element take() compares
    double last_ = 0, lastBound_ = 0;
    Tally tally_;
};

}  // namespace rl
