// raking: the descriptor (scan step 4) and the CPU model of kernels/scan/raking.cl.
// Lesson, cost and requirements are read from the kernel's banner; the model is what device traces are tested against.
// Model: the runs' totals (the load), Hillis-Steele's steps over them, and the offsets (the scanned totals moved one
// cell right); the elements themselves are scanned in registers from those offsets (scansRunsFromOffsets), which
// modelScanRun reproduces in the kernel's order.
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
    g.stages.push_back(runTotalsLoad(in, in.group));
    appendHillisSteeleSteps(g, in);
    appendShiftRight(g, in, kRunOffsetsParam);  // inclusive or exclusive alike: the form only changes how each run
                                                // is written out
    return g;
}

}  // namespace

VariantInfo raking() {
    VariantInfo v;
    v.pattern = Pattern::Scan;
    v.id = "raking";
    v.title = "Raking: runs scanned in registers";
    v.kind = VariantKind::ScanTiles;
    v.args = kScanArgs;
    v.scratchPerItem = 2;                      // Hillis-Steele's two buffers over the runs' totals
    v.elementsPerItemSettable = true;
    v.defaultElementsPerItem = 4;  // a tile of 4 x wg: a 16-cell tree over 64 elements in the explorer
    v.scansRunsFromOffsets = true;
    v.model = &stages;
    return v;
}

}  // namespace rl::variants
