// best-cpu: the descriptor and the CPU model of kernels/reduce/best-cpu.cl.
// Lesson, cost and requirements are read from the kernel's banner; the model is what device traces are tested against.
// Model: One contiguous chunk per work-item, one 16-lane accumulator folded in halves, the scalar remainder, then the
// sequential-addressing tree.
#include <algorithm>

#include "core/model/model.h"
#include "core/model/model_tree.h"
#include "core/patterns/reduce/variants.h"

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
    // PoCL's threads take work-groups from a shared count, in chunks of half the groups left, at most 32 per thread
    // while 512 per thread or fewer are left (PoCL 3.1's pthread scheduler): with 64 groups on 2 cores the first thread
    // to start takes 32 at once, half the pass, and a thread that is slowed for a moment holds the whole pass. 256
    // groups make the first chunks a quarter, then an eighth, and each group still costs the runtime only a few
    // microseconds against a millisecond of work. So: two groups per core for small inputs, then one group per 2^18
    // elements (1 MiB of floats), at most 128 per core (4 groups at 2^20 floats, 16 at 2^22, 64 at 2^24, 256 from 2^26
    // on 2 cores). In one process on the same pages, 256 groups keep up with host std::reduce where 64 fall a little
    // behind (BENCHMARKS.md).
    v.groupsPerComputeUnit = 2;
    v.elemsPerGrownGroup = size_t(1) << 18;
    v.maxGroupsPerComputeUnit = 128;
    v.defaultElementsPerItem = 16;  // at least one 16-element vector per work-item
    v.model = &stages;
    return v;
}

}  // namespace rl::variants
