// How a full reduction splits into passes (launches): pure host logic, shared by timed and traced runs.
#pragma once
#include <string>
#include <vector>

#include "core/run_config.h"
#include "core/trace.h"
#include "core/catalogue/variant.h"

namespace rl {

struct PassPlan {
    size_t n = 0;          // elements this pass reduces
    size_t groups = 0;     // work-groups
    size_t global = 0;     // global work size
    size_t local = 0;      // work-group size
    int elemsPerItem = 1;  // input elements per work-item (for the local tree kinds)
    int step = 0;          // for the global bottom-up kind: the launch's step (2, 4, 8, ...); reduce-then-scan: 0 for
                           // its totals launch, 1 for its scan launch
    bool inPreviousLaunch = false;  // runs inside the previous pass's launch (LastGroup: the last group to start)
};

// The elements each work-item loads for this variant and config (the user's choice for multi-element).
int effectiveElemsPerItem(const VariantInfo& variant, const RunConfig& config);

// The grid a timed run launches when the config names none (RunConfig::groups == 0), from the device's compute
// units and the work-group size, never a table for one GPU. Fixed-grid variants: groupsPerComputeUnit x units, or
// with elemsPerGrownGroup one group per that many elements between that and maxGroupsPerComputeUnit x units.
// best-gpu (LastGroup) chooses per size (BENCHMARKS.md). Every group pays for its partial with a ticket on a counter
// shared by up to wg groups (same-address atomics, served one after another, at the end for a grid that finishes
// together), and every load step costs the work-items a memory round trip (hundreds of cycles even from the L2
// cache), so
//   - small inputs: one step of four 16-byte loads per work-item (kLastGroupStepElems elements) while that takes at
//     most wg / 4 groups;
//   - then two steps per work-item (half the tickets for one more round trip) until that takes wg / 2 groups, then
//     wg / 2 groups up to four steps, and four steps until that takes wg groups (the last group then still reads
//     one partial per work-item): the loop keeps eight loads in flight per work-item, so the third and fourth steps
//     cost less than the tickets and the later finish of twice the groups (measured: BENCHMARKS.md,
//     2^19-2^22);
//   - then the persistent grid (wg groups, each work-item taking more steps, up to kLastGroupMaxElemsPerItem
//     elements, then up to groupsPerComputeUnit x units groups) while its work-items take at most
//     kLastGroupMaxPersistentElems elements: a few hundred groups pay few tickets and trees;
//   - past that (inputs that stream from memory rather than sit in the L2 cache), many short groups of
//     kLastGroupStreamElems elements per work-item (four steps), up to wg x wg groups (the kernel's two-level finish
//     keeps their tickets and partials cheap): a persistent grid that walks the whole input leaves its slowest groups
//     alone at the end, where short groups keep every unit loading to the last. Shorter groups (two steps) streamed
//     as fast but paid for their tickets: each group's round trip to its counter has to hide behind the group's own
//     loads (measured: BENCHMARKS.md, 2^25-2^28). A device with fewer than wg / 4 compute units (a CPU)
//     keeps groupsPerComputeUnit x units.
// On 132 units with wg 256: 16 groups at 2^16, 64 at 2^18 and 2^19, 128 at 2^20 and 2^21, 256 from 2^22 to 2^24,
// 512 at 2^25 and 2^26, then one group per 16384 elements (8192 at 2^27, 16384 at 2^28). On 2 units: at most 8.
inline constexpr size_t kLastGroupStepElems = 16;
inline constexpr size_t kLastGroupMaxElemsPerItem = 256;
inline constexpr size_t kLastGroupStreamElems = 64;
inline constexpr size_t kLastGroupMaxPersistentElems = 512;
size_t timedGrid(const VariantInfo& variant, size_t n, size_t wg, int computeUnits);

// A tile-in-local-memory variant's elements per work-item for timed runs (decoupled-look-back): the largest
// multiple of 8, up to variant.maxTimedElementsPerItem, whose tile, scratch and kLocalMargin bytes of the kernel's own
// __local variables fit the device's local memory (wg x (epi + 1 + scratchPerItem) elements). A bigger tile keeps
// more bytes in flight per work-group between its waits (its scan, its look-back) but fewer work-groups fit a compute
// unit's local memory at once. 0 when the variant has no such rule or not even 8 fit. For GPUs: on a CPU, whose
// local memory is its cache, the variant's fixed timedElementsPerItem measured faster.
// With 48 KiB (NVIDIA) and a cap of 32: 32 at wg 256 and 128 for 4-byte elements, 16 at wg 256 for 8-byte ones.
inline constexpr size_t kLocalMargin = 512;
int timedElementsPerItem(const VariantInfo& variant, size_t wg, size_t elemBytes, size_t localMemBytes);
// A variant's elements per work-item for timed runs on a CPU device: with variant.timedTileOnCpu, runs of that tile
// over wg work-items (a power of two for power-of-two sizes), from timedElementsPerItem up to kMaxElemsPerItem
// (core/run_config.h); otherwise timedElementsPerItem (0: none). PoCL runs a work-group as a loop over its work-items,
// each paying a prologue per walk, so at the same tile fewer, longer runs cost less (chunked-look-back: wg 32 with runs
// of 2048 against wg 256 with runs of 256, BENCHMARKS.md). A streamed build (streamsOutput) takes a tile twice as
// large: only its input waits in the cache between its walks.
int cpuTimedElementsPerItem(const VariantInfo& variant, size_t wg, bool streamed = false);
// The work-group size a benchmark times a variant at when it is not told one: on a CPU device its
// timedWorkGroupOnCpu when it has one, else kTimedWorkGroup (256). With timedTileOnCpu, a smaller group takes
// longer runs at the same tile (chunked-look-back on PoCL: wg 32, runs of 2048).
size_t timedWorkGroup(const VariantInfo& variant, bool cpuDevice);
// best-gpu's persistent grid: wg groups up to kLastGroupMaxElemsPerItem elements per work-item, then more, up to
// groupsPerComputeUnit x units rounded down to whole multiples of wg. timedGrid's choice up to 2^24 (wg 256) and on
// a device with few compute units; bench --anatomy measures it against the short groups past that.
size_t persistentLastGroupGrid(const VariantInfo& variant, size_t n, size_t wg, int computeUnits);

// The passes of a full reduction. With config.finalOnHost, device passes stop once at most config.wg partials
// remain (at least one pass runs); the host reduces those.
std::vector<PassPlan> planPasses(const VariantInfo& variant, const RunConfig& config);

// What runs pass `index` of a LastGroup (best-gpu) plan of `passCount` passes when it has no launch of its own:
// "the last work-group to start", or with a two-level finish "the last work-group of each block of W to start"
// and then "the last of the blocks' finishers". Empty for pass 0.
std::string finishingRole(size_t index, size_t passCount, size_t wg);

// reduce-then-scan: the elements of each group's contiguous chunk (whole tiles of local x elemsPerItem).
size_t scanChunk(const PassPlan& pass);

// A PassTrace for pass `index` with the plan's shape (n, groups, global, local) and no groups recorded yet.
PassTrace passTraceOf(const PassPlan& pass, size_t index);

// The number of partials the last planned pass leaves (1 unless the host finishes).
size_t partialsAfter(const PassPlan& pass, const VariantInfo& variant);

// The work-groups of pass `pass` a trace records (core/run_config.h's TraceSelection): all of them up to
// selection.maxFullGroups, else the selected range of the first pass and group 0 of later ones.
void chooseTracedGroups(size_t groups, size_t pass, const TraceSelection& selection, size_t* first, size_t* count);

}  // namespace rl
