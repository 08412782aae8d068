// hillis-steele-in-place: the descriptor (not correct by design) and the CPU model of
// kernels/scan/hillis-steele-in-place.cl.
// Lesson, cost and requirements are read from the kernel's banner; the model is what device traces are tested against.
// Model: as its author meant it, which is hillis-steele's: the trace shows the stage where the device leaves it.
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
    appendHillisSteeleSteps(g, in);
    if (in.exclusive) appendShiftRight(g, in);
    return g;
}

}  // namespace

VariantInfo hillis_steele_in_place() {
    VariantInfo v;
    v.pattern = Pattern::Scan;
    v.id = "hillis-steele-in-place";
    v.title = "Hillis-Steele in place (a race, wrong by design)";
    v.kind = VariantKind::ScanTiles;
    v.args = kScanArgs;
    v.correctByDesign = false;
    v.wrongReason =
        "each step reads the cell d to the left while the work-item d to the left writes it, with no barrier "
        "between: a data race. Where the writer runs first (PoCL runs a work-group's items one after another, "
        "Oclgrind too) a cell adds a value that already holds the step's sum and the scan is wrong; where every "
        "read of a step comes before its writes (one SIMD group in lockstep) it happens to be right. hillis-steele's "
        "second buffer is the fix";
    v.model = &stages;
    return v;
}

}  // namespace rl::variants
