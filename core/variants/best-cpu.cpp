// best-cpu: the descriptor and the CPU model of kernels/best-cpu.cl.
// Lesson, cost and requirements are read from the kernel's banner; the model is what device traces are tested against.
// Model: One contiguous chunk per work-item, one 16-lane accumulator folded in halves, the scalar remainder, then the
// sequential-addressing tree.
#include <algorithm>

#include "core/model/model.h"
#include "core/model/model_tree.h"
#include "core/variants/variants.h"

namespace rl::variants {
namespace {

using namespace rl::model;  // loads, trees and tails shared by the models

GroupTrace stages(const ModelInput& in) {
    const size_t wg = in.pass.local, items = in.pass.global, n = in.pass.n;
    const auto op = [&](double a, double b) { return apply(in.op, in.type, a, b); };
    const double id = identity(in.op, in.type);
    const size_t chunk = ((n + items - 1) / items + 15) / 16 * 16;
    GroupTrace g;
    g.group = int(in.group);
    Stage load = loadStage(wg);
    for (size_t lid = 0; lid < wg; ++lid) {
        const size_t gid = in.group * wg + lid;
        const size_t begin = std::min(n, gid * chunk), end = std::min(n, begin + chunk);
        double acc[16];
        std::fill(acc, acc + 16, id);
        size_t i = begin;
        for (; i + 16 <= end; i += 16)
            for (size_t c = 0; c < 16; ++c) acc[c] = op(acc[c], in.input[i + c]);
        for (size_t half = 8; half > 0; half /= 2)  // .lo op .hi: 16 -> 8 -> 4 -> 2 -> 1 lanes
            for (size_t c = 0; c < half; ++c) acc[c] = op(acc[c], acc[c + half]);
        double a = acc[0];
        for (; i < end; ++i) a = op(a, in.input[i]);
        load.values[lid] = a;
        if (begin < end) load.ops[lid] = {true, -1, -1, int(lid)};
    }
    g.stages.push_back(std::move(load));
    appendSequentialTree(g, in, 0);
    return g;
}

}  // namespace

VariantInfo best_cpu() {
    VariantInfo v;
    v.id = "best-cpu";
    v.title = "Best for CPUs: one contiguous chunk per work-item, 64-byte vectors";
    v.toggles.sequentialAddressing = true;
    v.toggles.compactBranching = true;
    v.toggles.multiElement = true;
    v.toggles.vectorLoads = true;
    // PoCL's threads take work-groups from a shared count. Two groups per core when the input is small (each group
    // costs the runtime a few microseconds: 64 groups made 2^22 floats 0.64-0.73x slower than 4); one group per 2^20
    // elements past that, up to 32 per core, so a thread that starts late or is slowed takes fewer groups: at 2^26
    // floats 64 groups gave 0.92-1.33x host std::reduce where 4 gave 0.87-0.88x (BENCHMARKS.md, best-cpu's grid).
    v.groupsPerComputeUnit = 2;
    v.elemsPerGrownGroup = size_t(1) << 20;
    v.maxGroupsPerComputeUnit = 32;
    v.defaultElementsPerItem = 16;  // at least one 16-element vector per work-item
    v.model = &stages;
    return v;
}

}  // namespace rl::variants
