// Descriptors of the variants of every pattern (reduce, scan): what each kernel is, what it teaches, what it needs,
// and how it launches.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "core/types.h"

namespace rl {

struct ModelInput;
struct GroupTrace;
// A variant's CPU model of one work-group's stages (core/model/model.h).
using GroupModel = GroupTrace (*)(const ModelInput&);

// How a variant runs one pass: a tree in local memory, a tree in global memory, or a built-in.
enum class VariantKind {
    LocalTree,       // classic work-group tree in __local memory, one partial per work-group per pass
    GlobalBottomUp,  // log2(n) launches over global memory, no local memory (Lawlor)
    GlobalTopDown,   // one launch looping with barrier(CLK_GLOBAL_MEM_FENCE): only one work-group is synchronised
    BuiltinWorkGroup,  // OpenCL 2.0+ work_group_reduce_*
    BuiltinSubGroup,   // sub_group_reduce_* and a local tree over the sub-group partials
    LastGroup,         // local trees on a fixed grid, and the last work-group to start reduces the partials: one
                       // launch for the whole reduction (its plan's second pass runs inside the first's launch)
    ScanTiles,         // scan: each work-group scans its tile in __local memory and writes the tile's total; the
                       // same kernel scans the totals (level after level until one tile remains), then a uniform
                       // add gives each tile its offset (kernels/scan/scan-add.cl)
    ScanLookBack,      // scan in one launch: tiles in ticket order, each looking back over its predecessors'
                       // published totals and prefixes (decoupled look-back)
    ScanReduceThenScan,  // scan in two launches over a fixed grid of contiguous chunks: the chunks' totals, then
                         // each chunk scanned from the totals before it
    ScanChunks,          // the same two launches with one contiguous chunk per work-item, walked serially (CPUs)
    Histogram,           // a histogram in one launch into bins the host zeroed first: each work-group counts its tile
                         // (in local bins, merged with atomics, or straight into the global bins)
    HistogramTwoPass,    // a histogram in two launches: every work-group's bins written to a row of its own, then
                         // the rows summed bin by bin (kernels/histogram/two-pass.cl)
    // A new kind is the last one here, and gets a name in core/files/json_io.cpp's variant() (a static_assert there).
};

// The toggles a student flips in the explorer; a variant is one combination of them.
struct VariantToggles {
    bool sequentialAddressing = false;  // false: interleaved (stride doubles); true: sequential (stride halves)
    bool compactBranching = false;      // false: divergent `tid % (2*s)`; true: strided index / `tid < s`
    bool firstAddDuringLoad = false;
    bool unrollLastWarp = false;
    bool completeUnroll = false;
    bool multiElement = false;
    bool vectorLoads = false;
};

// Where a kernel takes each argument of the launch. The built-ins and the contract take (in, out, n, scratch) in that
// order; a student's kernel may order them its own way, or take no count (the launch is then whole work-groups
// over an input padded with the operation's identity).
struct KernelArgs {
    int in = 0, out = 1, count = 2, scratch = 3;  // 0-based parameter positions; count -1: no count parameter
    int countBytes = 4;                           // 4: uint or int; 8: ulong or long
    int traceAt = 4;                              // where RL_TRACE_PARAMS's parameters begin
    int sums = -1;                                // scan kernels: the tile totals' buffer (in, out, sums, n, scratch)
    int nbins = -1;  // histogram kernels: the bin count (in, bins, n, nbins, local_bins); `out` is the bins
    bool padded() const { return count < 0; }
};
// Where every scan kernel, built-in or a student's by the contract, takes them: (in, out, sums, n, scratch
// [RL_TRACE_PARAMS]).
inline constexpr KernelArgs kScanArgs{0, 1, 3, 4, 4, 5, 2};
// Where every histogram kernel takes them: (in, bins, n, nbins, local_bins [RL_TRACE_PARAMS]).
inline constexpr KernelArgs kHistogramArgs{0, 1, 2, 4, 4, 5, -1, 3};

struct VariantInfo {
    Pattern pattern = Pattern::Reduce;
    std::string id;             // e.g. "sequential": kernels/<pattern>/<id>.cl, core/patterns/<pattern>/<id>.cpp
    std::string kernelFile;     // its kernel's embedded path, "kernels/reduce/sequential.cl" (set by the registry:
                                // catalogueVariants); empty for a student's kernel, whose text is `source`
    std::string kernelName;     // the __kernel function name: id with '-' turned into '_'
    std::string title;          // one line, e.g. "Sequential addressing"
    std::string lesson;         // what it teaches and what it costs: the kernel banner's Lesson and Cost paragraphs
    std::string requirements;   // the banner's Requires line, e.g. "a power-of-two work-group size"
    int harrisStep = 0;         // 1..7 for the kernels of Harris's ladder, 0 otherwise
    VariantKind kind = VariantKind::LocalTree;
    VariantToggles toggles;
    bool correctByDesign = true;
    std::string wrongReason;    // when not correct by design: why and when it fails
    bool needsPow2WorkGroup = true;
    int minWorkGroup = 1;        // e.g. 64 for the warp-synchronous tail
    bool wgFixedAtBuild = false;  // complete unroll: -D RL_WG=<size>
    bool elementsPerItemSettable = false;
    int elemsPerItemMultiple = 1;
    // > 0: on a GPU a timed run takes fewer elements per work-item than timedElementsPerItem (down to the default)
    // where n would otherwise launch fewer than this many work-groups per compute unit: a small input still fills
    // the device instead of leaving a few long work-items to wait on their loads one after another.
    int timedMinGroupsPerComputeUnit = 0;  // > 1: the elements per work-item are rounded up to a multiple of this (a vector)
    int defaultElementsPerItem = 1;  // input elements each work-item loads in the first pass (2 with first add)
    int timedElementsPerItem = 0;    // > 0: the default of timed runs instead (traces keep the one above)
    int maxTimedElementsPerItem = 0;  // > 0 (tileInLocal): timed runs take as many as local memory holds, up to this
                                      // (timedElementsPerItem in core/catalogue/pass_plan.h); the above when none fit
    size_t timedTileOnCpu = 0;  // > 0: timed runs on a CPU take runs of this many elements / wg (a tile of this many,
                                // one core's cache), at least timedElementsPerItem (cpuTimedElementsPerItem)
    size_t timedWorkGroupOnCpu = 0;  // > 0: the work-group size the bench times it at on a CPU unless told another
                                     // (timedWorkGroup in core/catalogue/pass_plan.h); 0: kTimedWorkGroup
    int lectureTiles = 1;  // a lecture preset's work-groups: > 1 where the lesson is how tiles meet (a look-back)
    int groupsPerComputeUnit = 0;   // > 0: a fixed grid (each pass launches at most this many work-groups per
                                   // compute unit, and each work-item loops over its share); 0: groups follow N
    // > 0 (fixed grids): past groupsPerComputeUnit x units, a timed run launches one group per this many elements,
    // up to maxGroupsPerComputeUnit x units (best-cpu on PoCL: groups for dynamic balance, each long enough that
    // the runtime's cost per group stays small)
    size_t elemsPerGrownGroup = 0;
    int maxGroupsPerComputeUnit = 0;
    bool needsSubGroups = false;
    // needsSubGroups: on NVIDIA's GPUs from Volta on (DeviceInfo::ptxMatch), whose OpenCL offers no sub-groups, the
    // kernel takes its warp of 32 through inline PTX instead (built with RL_PTX_SUB_GROUPS, traced and timed alike)
    bool subGroupsOnPtx = false;
    bool needsOpenCL20 = false;
    std::string builtinCalls;  // needsOpenCL20, needsSubGroups: the built-ins it calls, as messages name them
    bool needsInt64Atomics = false;  // cl_khr_int64_base_atomics
    std::string no64BitReason;       // why its kernel cannot hold long or double elements; empty: it can
    GroupModel model = nullptr;      // the CPU model device traces must equal; null for the built-ins (driver order)
    bool recordsStages = true;       // its traced build records stages (RL_TRACE_PARAMS...); a student's may not
    std::string source;              // a student's program text (core/workbench/student_kernel.h); empty for the
                                     // built-ins, whose text is kernelFile
    KernelArgs args;                 // local trees: where the kernel takes each argument
    int scratchPerItem = 1;  // __local elements per work-item (hillis-steele's two buffers: 2)
    int padShift = 0;        // > 0: cell i sits at word i + (i >> padShift) of __local memory (conflict-free padding)
    bool tileInLocal = false;  // also holds its whole tile in __local memory: wg x (epi + 1) elements (one pad per run)
    bool scansRunsFromOffsets = false;  // raking: its last stage holds each work-item's offset, from which the
                                        // work-item scans its run of epi elements in registers as it writes them
    int runLanes = 0;  // > 0: a whole run of a multiple of this many elements walks as vectors of that many lanes
                       // (core/model/model_scan.h's runTotal and scanRunFrom give their order); 0: element by element
    bool scansInPlace = false;  // its in and out may be one buffer (a scan in place): each tile reads all of its
                                // elements before it writes any, and no tile reads another's (KindRunner::scanInto)
    // Its kernel has a path for warps of 32 in inline PTX (RL_PTX_WARPS), which timed runs of 32-bit elements take on
    // a device with DeviceInfo::ptxWarps, work-groups a multiple of 32 (build_options.cpp); traces never do.
    bool warpPathOnPtx = false;
    // Its kernel stores its output past the cache with non-temporal stores (RL_STREAM), which timed and traced runs
    // alike take on a CPU device whose global memory cache is smaller than the run's output (integers, min and max:
    // than its input and output together; build_options.cpp): an ordinary store reads each line from memory before
    // writing it. Such a build's tiles may leave their writes to a later tile (streamLag), which finds each run's
    // offset in a status word after the tiles' own.
    bool streamsPastCache = false;
    // Histograms: copies of the bins each work-group keeps in local memory (replicated: > 1, chosen from the bins by
    // the pattern, RL_COPIES; per-work-item: one per work-item), and whether it keeps any (global-atomics counts
    // straight into the global bins).
    bool replicatesBins = false;
    bool binsPerWorkItem = false;  // a copy of the bins per work-item (per-work-item: wg copies, no atomics)
    bool localBins = true;
    // sort-then-count: its local memory holds the tile's keys (each element's bin, sorted), one per work-item, whatever
    // the bins; its traced build keeps after them the counts the group added to the global bins.
    bool sortsTileKeys = false;
    // Non-empty: why a student's kernel, whose local buffer the contract sizes, cannot be compared with this model
    // (`check --model`, the workbench's list of models).
    std::string notAStudentModel;
};

// The __local elements a work-group of wg work-items of this variant uses (its scratch argument's size).
size_t scratchElems(const VariantInfo& variant, size_t wg);
// The word of __local memory that holds cell `cell` (the cell itself unless the variant pads its array).
inline int wordOfCell(int cell, int padShift) { return padShift > 0 && cell >= 0 ? cell + (cell >> padShift) : cell; }

// A pattern's variants as the registry keeps them: each named after its kernel (the id with '-' as '_'), its file
// kernels/<patternName>/<id>.cl, and its lesson, cost and requirements read from that file's banner.
std::vector<VariantInfo> catalogueVariants(std::string_view patternName, std::vector<VariantInfo> variants);
// A pattern's variants, in teaching order (core/patterns/<pattern>/<pattern>.cpp lists them).
const std::vector<VariantInfo>& patternVariants(Pattern pattern);
// The reductions (Harris's ladder first) and the scans: patternVariants of each.
const std::vector<VariantInfo>& reduceVariants();
const std::vector<VariantInfo>& scanVariants();
const VariantInfo* findVariant(std::string_view id);
// A work-group size left at its default (the settings table's), raised to the least the variant runs with (the
// warp-synchronous tail's 64) rather than refused: what `export` and the command line do when --wg is not given.
inline size_t leastWorkGroup(const VariantInfo& v, size_t wg) {
    return v.minWorkGroup > 0 && wg < size_t(v.minWorkGroup) ? size_t(v.minWorkGroup) : wg;
}

// The variant that matches a set of toggles exactly, or nullptr with `why` saying what has no kernel.
const VariantInfo* variantForToggles(const VariantToggles& toggles, std::string* why);

}  // namespace rl
