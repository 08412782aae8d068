// The scan: its description and its variants in teaching order.
#include "core/patterns/patterns.h"
#include "core/patterns/scan/variants.h"

namespace rl::patterns {

// Hillis-Steele (and its race), Blelloch's work-efficient tree and its conflict-free form, raking (runs in
// registers), the single pass and the two-launch chunks, in tiles (GPUs) and one per work-item (CPUs), the chunks in
// one pass (CPUs), and the OpenCL C 2.0 built-in.
PatternInfo scan() {
    PatternInfo p;
    p.id = Pattern::Scan;
    p.name = "scan";
    p.title = "Scan (prefix sums)";
    p.summary =
        "every prefix of an array: element i is the sum (minimum, maximum) of the elements up to i (inclusive) or "
        "before i (exclusive)";
    p.shortTitle = "Scan";
    p.ladderNote =
        "The scans' ladder: each reads and writes every element, so its GB/s counts both and its ceiling is the copy "
        "kernel's";
    p.noTilesNote =
        "This scan carries each chunk's prefix in its own stages (\"carried\"). The tiled scans (Hillis-Steele, "
        "Blelloch, raking, your own kernel) show every tile's total and offset here, and decoupled-look-back also how "
        "its tiles wait for each other.";
    p.ladderSizeNote = "Elements scanned in the ladder table";
    p.defaultVariant = "blelloch";
    p.memoryPasses = 2;
    // The single pass, in tiles through local memory on a GPU and in chunks walked serially on a CPU (each measured
    // fastest there, BENCHMARKS.md).
    p.bestVariant = [](const DeviceInfo& device) -> std::string {
        return device.type == "GPU" ? "decoupled-look-back" : "chunked-look-back";
    };
    p.bestReason = [](const DeviceInfo&) -> std::string {
        return "the single pass: each element read once and written once, the tiles chained by their published "
               "prefixes (BENCHMARKS.md: ahead of CUB's DeviceScan on NVIDIA GPUs)";
    };
    p.plotSizeVariants = {"hillis-steele", "blelloch", "reduce-then-scan"};
    p.plotRoundVariants = {"hillis-steele", "blelloch"};
    p.exclusiveForm = true;
    p.contract = kScanArgs;
    p.starterFile = "kernels/scan/starter.cl";
    p.contractSignature =
        "__kernel void NAME(__global const T *in, __global T *out, __global T *sums, const uint n, __local T *scratch)";
    p.contractWords =
        "ReduceLab launches a scan kernel with one global input, one global output (n elements), one global buffer of "
        "tile totals (one per work-group), one __local buffer (two elements per work-item) and the element count, in "
        "any order";
    p.kernelNoun = "scan";
    p.threeLevels = "three levels of tiles: the tile totals are scanned twice, and two uniform adds carry the offsets "
                    "down";
    p.threeLevelsShort = "three levels of tiles";
    p.localRaceAdvice =
        "put barrier(CLK_LOCAL_MEM_FENCE) between the writes of one step and the reads of the next, where every "
        "work-item reaches it; and where a step reads cells that other work-items overwrite in the same step (an "
        "in-place Hillis-Steele), read one half of scratch and write the other, then swap: two work-items touched this "
        "cell with no barrier between them";
    p.writePastEndAdvice =
        "write out[i] only for i < n (the last tile is partly empty), write sums[get_group_id(0)] once per work-group, "
        "and keep scratch indices below 2 * get_local_size(0): a write went past the end";
    p.readPastEndAdvice =
        "guard reads of `in` with `i < n` (RL_IDENTITY otherwise) and keep scratch indices below "
        "2 * get_local_size(0): an index went past the end of a buffer";
    p.variantList = catalogueVariants(p.name, {
                                                  variants::hillis_steele(),
                                                  variants::hillis_steele_in_place(),
                                                  variants::blelloch(),
                                                  variants::blelloch_conflict_free(),
                                                  variants::raking(),
                                                  variants::decoupled_look_back(),
                                                  variants::reduce_then_scan(),
                                                  variants::chunked(),
                                                  variants::chunked_look_back(),
                                                  variants::work_group_scan(),
                                              });
    return p;
}

}  // namespace rl::patterns
