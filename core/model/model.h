// The CPU model: what each correct-by-design variant does to one work-group, stage by stage, with no OpenCL.
// Device traces are tested against it exactly (integers) and bit for bit (floats).
#pragma once
#include <vector>

#include "core/catalogue/pass_plan.h"
#include "core/trace.h"
#include "core/catalogue/variant.h"

namespace rl {

struct ModelInput {
    const VariantInfo& variant;
    const PassPlan& pass;
    const std::vector<double>& input;  // this pass's input, pass.n values
    size_t group;
    Op op;
    ElemType type;
    bool exclusive = false;  // scans: the exclusive scan of each tile
    const RunConfig* config = nullptr;  // the whole configuration, where a pattern's model needs more of it (a
                                        // histogram's bins and range)
};

// The stages of one work-group (labels, params, values, ops; analysis left empty). Throws rl::Error (Unsupported)
// for a variant without a model.
GroupTrace modelGroup(const ModelInput& in);

// Whether the model knows this variant.
bool hasModel(const VariantInfo& variant);

// The whole reduction in the model: every pass, every group; returns the passes and sets *result. For a scan
// (core/model/model_scan.h), its levels of tiles and its last element.
std::vector<PassTrace> modelRun(const VariantInfo& variant, const RunConfig& config, const std::vector<double>& input,
                                double* result);

// Helpers for the per-variant models.
namespace model {
Stage loadStage(size_t wg);                       // an empty "load" stage sized for wg work-items
Stage treeStage(const Stage& previous, int param);  // a copy of the previous values with all ops idle
}  // namespace model

}  // namespace rl
