// blelloch-conflict-free: the descriptor (scan step 3) and the CPU model of kernels/scan/blelloch-conflict-free.cl.
// Lesson, cost and requirements are read from the kernel's banner; the model is what device traces are tested against.
// Model: blelloch's, cell for cell (the padding moves words, not cells); the analysis maps cells to words.
#include "core/model/model.h"
#include "core/model/model_scan.h"
#include "core/model/model_tree.h"
#include "core/patterns/scan/variants.h"

namespace rl::variants {
namespace {

using namespace rl::model;

GroupTrace stages(const ModelInput& in) {
    GroupTrace g;
    g.group = int(in.group);
    g.stages.push_back(plainLoad(in));  // cell lid = in[group * wg + lid], the identity past n
    appendBlellochSweeps(g, in);  // up-sweep, root cleared, down-sweep, and inclusive unless exclusive
    return g;
}

}  // namespace

VariantInfo blelloch_conflict_free() {
    VariantInfo v;
    v.pattern = Pattern::Scan;
    v.id = "blelloch-conflict-free";
    v.title = "Blelloch with conflict-free padding";
    v.kind = VariantKind::ScanTiles;
    v.args = kScanArgs;
    v.padShift = 5;  // RL_PAD(i) = i + (i >> 5)
    v.model = &stages;
    return v;
}

}  // namespace rl::variants
