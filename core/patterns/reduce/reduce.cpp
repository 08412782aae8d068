// The reduction: its description and its variants in teaching order.
#include "core/patterns/patterns.h"
#include "core/catalogue/best_variant.h"
#include "core/model/reference.h"
#include "core/patterns/reduce/variants.h"

namespace rl::patterns {
namespace {

// The one value against a Kahan-compensated (floats) or exact (integers) host reduction.
void judgeTrace(const VariantInfo&, const RunConfig& config, const HostArray& input, TraceRun& trace) {
    const Reference ref = computeReference(input, config.op);
    trace.reference = ref.value;
    trace.correct = acceptResult(ref, config.op, config.type, trace.result, &trace.verdict);
}

}  // namespace

// Teaching order: Harris's ladder, the safe tail, vector loads, the best kernels, Lawlor's global kinds, the
// built-ins. Adding a variant: kernels/reduce/<id>.cl, core/patterns/reduce/<id>.cpp, its line in variants.h and
// one line here.
PatternInfo reduce() {
    PatternInfo p;
    p.id = Pattern::Reduce;
    p.name = "reduce";
    p.title = "Reduction";
    p.shortTitle = "Reduce";
    p.summary = "one value from many: the sum, minimum or maximum of an array";
    p.ladderNote =
        "The reductions' ladder (Harris's steps and the best kernels): each reads every element once, so its GB/s "
        "counts the bytes read";
    p.noTilesNote =
        "Tiles are a scan's: choose Scan, then decoupled-look-back, to see how the tiles of a single-pass scan wait "
        "for each other. A reduction's work-groups are in the pass map above the tree.";
    p.ladderSizeNote = "Elements reduced in the ladder table (Harris: 2^22 ints)";
    p.defaultVariant = "sequential";
    p.memoryPasses = 1;
    p.bandwidthNote = "bytes read once";
    p.judgeTrace = &judgeTrace;
    p.bestVariant = [](const DeviceInfo& device) { return bestVariantFor(device).id; };
    p.bestReason = &bestVariantReason;
    p.plotSizeVariants = {"interleaved-divergent", "sequential", "multi-element"};
    p.plotRoundVariants = {"sequential", "global-bottom-up"};
    p.harrisFigures = true;
    p.ladderToggles = true;
    p.launchNoun = "pass";
    p.marksFusedStages = true;
    p.contract = KernelArgs{};
    p.starterFile = "kernels/reduce/starter.cl";
    p.contractSignature = "__kernel void NAME(__global const T *in, __global T *out, const uint n, __local T *scratch)";
    p.contractWords =
        "ReduceLab launches a reduction kernel with one global input, one global output (a partial per work-group), "
        "one __local buffer (one element per work-item) and, optionally, the element count, in any order";
    p.kernelNoun = "reduction";
    p.threeLevels = "three passes: the partials need a second and a third launch";
    p.threeLevelsShort = "three passes";
    p.fewerThanGroupTests = "fewer elements than work-items (the work-items past n must contribute the identity)";
    p.partialGroupTests = "a last work-group only partly filled (bounds and padding)";
    p.wholeGroupsTests = "whole work-groups (the tree itself, and the passes over the partials)";
    p.checkCases = [](size_t wg) -> std::vector<CheckCase> { return {paddingShowsCase(wg)}; };
    p.resultIsOneValue = true;
    p.studentKernel.pattern = Pattern::Reduce;
    p.studentKernel.kind = VariantKind::LocalTree;
    p.studentKernel.lesson = "Your own kernel, launched like the built-in local trees: one partial per work-group, "
                             "then one work-group reduces the partials.";
    p.variantList = catalogueVariants(p.name, {
                                                  variants::interleaved_divergent(),
                                                  variants::interleaved_strided(),
                                                  variants::sequential(),
                                                  variants::first_add(),
                                                  variants::unroll_last_warp(),
                                                  variants::complete_unroll(),
                                                  variants::multi_element(),
                                                  variants::unroll_last_warp_safe(),
                                                  variants::vector4(),
                                                  variants::grid_stride(),
                                                  variants::best_gpu(),
                                                  variants::best_cpu(),
                                                  variants::global_bottom_up(),
                                                  variants::global_top_down(),
                                                  variants::work_group_reduce(),
                                                  variants::sub_group_reduce(),
                                              });
    return p;
}

}  // namespace rl::patterns
