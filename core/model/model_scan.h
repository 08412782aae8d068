// Building blocks of the scan variants' CPU models (core/patterns/scan/hillis-steele.cpp, blelloch.cpp, ...), and the
// whole scan in the model: every level of tiles, then the uniform adds.
#pragma once
#include <vector>

#include "core/model/model.h"

namespace rl::model {

// Hillis-Steele's steps d = 1, 2, 4, ... < wg: work-item lid >= d combines cell lid - d (as the previous step left
// it) with cell lid into cell lid; the others keep theirs.
void appendHillisSteeleSteps(GroupTrace& g, const ModelInput& in);

// The raking load of tile `tile`: cell lid holds the total of work-item lid's run of in.pass.elemsPerItem
// consecutive elements (the identity past n), as runTotal combines them.
Stage runTotalsLoad(const ModelInput& in, size_t tile);

// The total of the run x[base, base + epi) (the identity past x's end): from the identity in the run's order; or,
// where the variant walks whole runs as vectors of L = variant.runLanes lanes, the last element of the run's scan
// from the identity as scanRunFrom walks it (kernels/scan/chunked-look-back.cl's first walk scans the run and keeps
// its last element).
double runTotal(const VariantInfo& variant, Op op, ElemType type, const std::vector<double>& x, size_t base,
                size_t epi);

// A run x[base, base + epi) scanned from its offset into out (elements past out's end left alone): inclusive, offset
// op (x0 op ... op xk); exclusive, the offset first, then offset op (x0 op ... op xk-1). Element by element from the
// identity in the run's order; or, walked as vectors of L = variant.runLanes lanes, the run scanned from the
// identity first (each vector's lanes in Hillis-Steele steps of 1, 2, 4, ... lanes, the identity on the left, then
// combined with the carry, the last lane of the vector before, on the left), and the offset combined on the left
// of each element after (exclusive: of the element before's, the identity for the first).
void scanRunFrom(const VariantInfo& variant, double offset, const std::vector<double>& x, size_t base, size_t epi,
                 Op op, ElemType type, bool exclusive, std::vector<double>& out);

// Inclusive to exclusive: every cell takes its left neighbour's value, cell 0 the identity (work-items lid > 0
// copy cell lid - 1).
// The stage is recorded with `param` (raking's run offsets are the same move).
void appendShiftRight(GroupTrace& g, const ModelInput& in, int param = kShiftRightParam);

// Blelloch's sweeps: the up-sweep d = 1, 2, ... < wg (work-item k combines cell (2k+1)d-1 into cell (2k+2)d-1),
// the root (the last cell) cleared to the identity, the down-sweep d = wg/2, ..., 1 (work-item k gives cell
// (2k+1)d-1 the value of cell (2k+2)d-1, and that cell the combination of its value and the left one's), then,
// unless in.exclusive, every cell combined with its own input.
void appendBlellochSweeps(GroupTrace& g, const ModelInput& in);

// Every cell given the carry into its group combined with the cells before it as the last stage left them (the
// exclusive prefix of the group's runs or chunks), recorded as "carried in": work-items lid > 0 read cell lid - 1.
void appendCarriedStage(GroupTrace& g, const ModelInput& in, double carry);

// Every group of every pass of `plan`, each as the variant's model gives it (the two-launch scans).
std::vector<PassTrace> modelEveryGroup(const VariantInfo& variant, const RunConfig& config,
                                       const std::vector<PassPlan>& plan, const std::vector<double>& input);

// reduce-then-scan's group g: in its totals launch (pass.step 0) the runs' totals combined per work-item over the
// chunk's tiles and a sequential tree; in its scan launch (pass.step 1) the first tile: the runs' totals, the
// Hillis-Steele steps, every run's prefix carried in (the chunks before, then the runs before), and unless
// in.exclusive each run's total added.
GroupTrace reduceThenScanGroup(const ModelInput& in);
// chunked's two launches (core/patterns/scan/chunked.cpp), every group, and *output (when given) every element as the
// device computes it.
std::vector<PassTrace> chunksRun(const VariantInfo& variant, const RunConfig& config, const std::vector<double>& input,
                                 std::vector<double>* output);
// Both launches of reduce-then-scan, every group, and *output (when given) every element as the device computes it.
std::vector<PassTrace> reduceThenScanRun(const VariantInfo& variant, const RunConfig& config,
                                         const std::vector<double>& input, std::vector<double>* output);

}  // namespace rl::model

namespace rl {

// The tile's total as the scan kernels write it to sums: the last cell after the last step of Hillis-Steele or of
// Blelloch's up-sweep (the tree's root), or after the load when there was no step (a tile of one); after the
// built-in's exclusive scan, its last cell combined (op) with the last element loaded.
double tileTotal(const GroupTrace& tile, Op op, ElemType type);

// The whole scan in the model: the tile scans of every level (level 0 over the input, level k over level k-1's
// tile totals, until one tile remains) as one PassTrace each, every group recorded, and *output (when given) set to
// the scan itself after the uniform adds, in the order the device combines the values. Throws rl::Error
// (Unsupported) for a variant without a model.
std::vector<PassTrace> modelScanRun(const VariantInfo& variant, const RunConfig& config,
                                    const std::vector<double>& input, std::vector<double>* output);

}  // namespace rl
