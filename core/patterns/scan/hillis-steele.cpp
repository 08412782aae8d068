// hillis-steele: the descriptor (scan step 1) and the CPU model of kernels/scan/hillis-steele.cl.
// Lesson, cost and requirements are read from the kernel's banner; the model is what device traces are tested against.
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

VariantInfo hillis_steele() {
    VariantInfo v;
    v.pattern = Pattern::Scan;
    v.id = "hillis-steele";
    v.title = "Hillis-Steele (Kogge-Stone), double-buffered";
    v.kind = VariantKind::ScanTiles;
    v.args = kScanArgs;
    v.scratchPerItem = 2;  // two buffers: each step reads one and writes the other
    v.model = &stages;
    return v;
}

}  // namespace rl::variants
