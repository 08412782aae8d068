// The CPU models of the histogram kernels: what one work-group's local bins hold after each stage, and which bin each
// work-item incremented. Device traces are tested against them exactly.
#pragma once
#include "core/model/model.h"
#include "core/patterns/histogram/binning.h"

namespace rl::model {

// How a work-group's work-items take its tile of wg x epi elements: in step k, work-item lid takes element
// k x wg + lid (interleaved: coalesced) or lid x epi + k (contiguous runs).
// Vector4: in step k, work-item lid takes element 4 x (k / 4 x wg + lid) + k % 4 (a 16-byte load every four steps).
enum class TileOrder { Interleaved, Contiguous, Vector4 };

struct HistogramShape {
    TileOrder order = TileOrder::Interleaved;
    size_t copies = 1;       // copies of the bins (replicated), bin b's copy r at word b x copies + r
    bool aggregate = false;  // runs of equal bins counted with one atomic (aggregated)
    // A fixed grid: the group takes tiles group, group + groups, ... of wg x tileElems elements (its steps are all
    // its tiles', in turn); 0: one tile of wg x pass.elemsPerItem.
    size_t tileElems = 0;
    // > 0: in each step the lanes of one sub-group (runs of subGroup consecutive local ids) that hold one bin add
    // their number to it with one atomic, from the lowest of them (sub-group)
    size_t subGroup = 0;
};

// The binning a model runs with: the config's (ModelInput::config, required), its range from the input where the
// config names none.
Binning modelBinning(const ModelInput& in);
// A work-group of a privatized kernel: cleared, a stage per counting step, flushed (aggregate), copies summed
// (copies > 1), merged.
GroupTrace privatizedGroup(const ModelInput& in, const HistogramShape& shape);
// A work-group of global-atomics: one stage, its operations and the counts the group added to the global bins.
GroupTrace globalAtomicsGroup(const ModelInput& in);

// The steps of a bitonic sort of wg keys (wg a power of two): log2 wg x (log2 wg + 1) / 2.
size_t bitonicSteps(size_t wg);

}  // namespace rl::model

namespace rl {

// The copies of the bins replicated.cl keeps for `bins` bins: as many as fit 32 KiB of counters, a power of two,
// at most 8 (the same on every device, so its traces equal its model everywhere).
size_t binCopies(size_t bins);

}  // namespace rl
