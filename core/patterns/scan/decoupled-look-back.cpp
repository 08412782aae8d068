// decoupled-look-back: the descriptor (scan step 5, the single pass) and the CPU model of
// kernels/scan/decoupled-look-back.cl.
// Lesson, cost and requirements are read from the kernel's banner; the model is what device traces are tested against.
// Model: tile t (the t-th ticket) as the kernel computes it, with the look-back that finds tile t - 1's prefix
// published (depth 1; the first tile looks back over none). A device tile may look back further, which changes the
// look-back stage's depth, and for float sums the last bits of the prefix: the tests compare those within the bound.
#include <string>

#include "core/model/model.h"
#include "core/model/model_scan.h"
#include "core/model/model_tree.h"
#include "core/patterns/scan/variants.h"

namespace rl::variants {
namespace {

using namespace rl::model;

// The load (each cell: its work-item's run total) and the Hillis-Steele steps over the totals, for tile `tile`.
GroupTrace tileScan(const ModelInput& in, size_t tile) {
    GroupTrace g;
    g.group = int(tile);
    g.stages.push_back(runTotalsLoad(in, tile));
    appendHillisSteeleSteps(g, in);
    return g;
}

GroupTrace stages(const ModelInput& in) {
    const size_t wg = in.pass.local;
    GroupTrace g = tileScan(in, in.group);
    // The prefix of every tile before this one, as each tile publishes it: P(t) = P(t - 1) op aggregate(t).
    double prefix = identity(in.op, in.type), published = identity(in.op, in.type);
    for (size_t t = 0; t < in.group; ++t) {
        const double aggregate = tileScan(in, t).stages.back().values.back();
        published = t == 0 ? aggregate : apply(in.op, in.type, published, aggregate);
    }
    if (in.group > 0) prefix = apply(in.op, in.type, published, identity(in.op, in.type));
    const std::vector<double> scanned = g.stages.back().values;
    const std::vector<double> runs = g.stages.front().values;
    Stage offsets = treeStage(g.stages.back(), kLookBackFlag | (in.group > 0 ? 1 : 0));
    for (size_t lid = 0; lid < wg; ++lid) {
        offsets.values[lid] = apply(in.op, in.type, prefix, lid > 0 ? scanned[lid - 1] : identity(in.op, in.type));
        if (lid > 0) offsets.ops[lid] = {true, int(lid - 1), -1, int(lid)};
    }
    g.stages.push_back(offsets);
    if (!in.exclusive) {
        Stage own = treeStage(offsets, kAddOwnParam);
        for (size_t lid = 0; lid < wg; ++lid) {
            own.values[lid] = apply(in.op, in.type, offsets.values[lid], runs[lid]);
            own.ops[lid] = {true, int(lid), kRegisterOperand, int(lid)};
        }
        g.stages.push_back(std::move(own));
    }
    return g;
}

}  // namespace

VariantInfo decoupled_look_back() {
    VariantInfo v;
    v.pattern = Pattern::Scan;
    v.id = "decoupled-look-back";
    v.title = "Decoupled look-back (one pass)";
    v.kind = VariantKind::ScanLookBack;
    v.args = KernelArgs{0, 1, 2, 3, 4, 8};  // (in, out, n, scratch, status, ticket, epoch, tiles RL_TRACE_PARAMS)
    v.scratchPerItem = 2;                   // Hillis-Steele's two buffers over the runs' totals
    v.tileInLocal = true;                   // the tile passes through local memory on its way in and out
    v.wgFixedAtBuild = true;                // the tile's local array is sized at build time
    v.elementsPerItemSettable = true;
    // Timed on a GPU: the largest tile local memory holds, up to 256 x 32 elements (pass_plan.h). On NVIDIA's H100
    // the single pass took 1.46 ms over 2^28 floats with 8 per work-item, 1.07 with 16 and 0.89 with 24 or 32 (fewer
    // tiles to wait for, each load in flight longer); with whole tiles moved as vectors of four, 32 measured fastest
    // on the H200 at 2^20-2^28 (24 and 40 slower: 40 leaves room for fewer work-groups a compute unit). On a CPU: 24.
    // Traced: 2, so that the explorer's arrays of a few dozen elements make several tiles and show the look-back.
    v.defaultElementsPerItem = 2;
    v.lectureTiles = 4;  // a lecture's 16 or 32 elements in four tiles: three of them look back
    v.timedElementsPerItem = 24;      // on a CPU, and where local memory holds no tile of 8 per work-item
    v.maxTimedElementsPerItem = 32;   // the tile from the device's local memory (pass_plan.h)
    v.needsInt64Atomics = true;
    v.scansInPlace = true;  // the kernel reads its whole tile before it writes any of it
    v.warpPathOnPtx = true;  // timed on NVIDIA's GPUs: each warp moves and scans its share on its own
    v.model = &stages;
    return v;
}

}  // namespace rl::variants
