// chunked-look-back: the descriptor (scan step 8, the chunks in one pass) of kernels/scan/chunked-look-back.cl.
// Lesson, cost and requirements are read from the kernel's banner. Its model is decoupled-look-back's: the two
// kernels record the same stages (each run's total, Hillis-Steele over the totals, the tile's prefix after its
// look-back, each run's offset combined with its total) and differ only in how the runs reach the work-items
// (through local memory in the array's order there, straight from memory run by run here) and in the order of a
// run's elements where its run is whole 16-element vectors (runLanes: a vector's lanes, then the vectors).
#include "core/patterns/scan/variants.h"

namespace rl::variants {

VariantInfo chunked_look_back() {
    VariantInfo v = decoupled_look_back();  // the same launch, arguments, model and 64-bit status words
    v.id = "chunked-look-back";
    v.title = "Best for CPUs: the chunks in one pass";
    v.tileInLocal = false;     // only the runs' totals go through local memory
    v.wgFixedAtBuild = false;  // no local array sized at build time
    v.maxTimedElementsPerItem = 0;
    // Traced: 2 per work-item, so that the explorer's arrays of a few dozen elements make several tiles. Timed: on a
    // CPU, tiles of 64Ki elements (256 KiB of ints), which stay in a core's cache from the first walk to the second, in
    // runs of at least 256 (256 at wg 256, 2048 at wg 32: fewer, longer runs cost PoCL less); a streamed build's 128Ki,
    // as only its input stays (runs of 4096 at wg 32, which cost ints less than runs of 2048 and floats no more);
    // elsewhere runs of 256.
    // The bench times it on a CPU at wg 32 unless told another size: runs of 2048, the size that cost least against
    // wg 16, 64, 128 and 256 (BENCHMARKS.md).
    v.defaultElementsPerItem = 2;
    v.timedElementsPerItem = 256;
    v.timedTileOnCpu = 65536;
    v.timedWorkGroupOnCpu = 32;
    v.scansInPlace = false;  // its in and out are restrict: the compiler may order a run's loads and stores freely
    v.warpPathOnPtx = false;  // its kernel has no warp path
    v.streamsPastCache = true;  // past the device's cache it stores past it, writes lagging (the kernel's RL_STREAM)
    v.runLanes = 16;  // runs of whole 16-element vectors walk as vectors (the kernel's CLB_VECTORS)
    return v;
}

}  // namespace rl::variants
