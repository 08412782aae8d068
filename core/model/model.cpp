// The whole-reduction model built from each variant's group model (VariantInfo::model), and the stage helpers.
#include "core/model/model.h"

#include "core/pattern.h"

namespace rl {
namespace {

// The whole-reduction model of the global kinds: one PassTrace holding one GroupTrace, the array itself, whatever
// the number of launches (matching what their runners record).
std::vector<PassTrace> globalKindRun(const VariantInfo& variant, const RunConfig& config,
                                     const std::vector<double>& input, double* result) {
    const auto plan = planPasses(variant, config);
    PassPlan widest;  // bottom-up with n = 1 launches nothing
    widest.n = config.n;
    widest.local = config.wg;
    if (!plan.empty()) widest = plan.front();
    PassTrace pt;
    pt.pass = 0;
    pt.n = config.n;
    pt.groups = widest.groups;
    pt.global = widest.global;
    pt.local = config.wg;
    pt.traced.push_back(modelGroup(ModelInput{variant, widest, input, 0, config.op, config.type}));
    if (result) *result = pt.traced.front().stages.back().values.at(0);
    return {pt};
}

}  // namespace

namespace model {

Stage loadStage(size_t wg) {
    Stage s;
    s.param = -1;
    s.label = stageLabel(-1);
    s.values.assign(wg, 0.0);
    s.ops.assign(wg, WorkItemOp{});
    return s;
}

Stage treeStage(const Stage& previous, int param) {
    Stage s;
    s.param = param;
    s.label = stageLabel(param);
    s.values = previous.values;
    s.ops.assign(previous.ops.size(), WorkItemOp{});
    return s;
}

}  // namespace model

bool hasModel(const VariantInfo& variant) { return variant.model != nullptr; }

GroupTrace modelGroup(const ModelInput& in) {
    if (!in.variant.model) throw Error(ErrorKind::Unsupported, "no CPU model for variant '" + in.variant.id + "'");
    return in.variant.model(in);
}

std::vector<PassTrace> modelRun(const VariantInfo& variant, const RunConfig& config, const std::vector<double>& input,
                                double* result) {
    if (variant.kind == VariantKind::GlobalBottomUp || variant.kind == VariantKind::GlobalTopDown)
        return globalKindRun(variant, config, input, result);  // the array is the one group, in place
    if (const auto patternRun = patternInfo(variant.pattern).modelRun)  // a run of its own shape (a scan's levels)
        return patternRun(variant, config, input, result);
    std::vector<PassTrace> out;
    std::vector<double> current = input;
    const auto plan = planPasses(variant, config);
    for (size_t p = 0; p < plan.size(); ++p) {
        PassTrace pt = passTraceOf(plan[p], p);
        std::vector<double> partials;
        for (size_t g = 0; g < plan[p].groups; ++g) {
            GroupTrace gt = modelGroup(ModelInput{variant, plan[p], current, g, config.op, config.type});
            partials.push_back(gt.stages.back().values.at(0));
            pt.traced.push_back(std::move(gt));
        }
        out.push_back(std::move(pt));
        current = std::move(partials);
    }
    double acc = identity(config.op, config.type);
    for (double v : current) acc = apply(config.op, config.type, acc, v);
    if (result) *result = acc;
    return out;
}

}  // namespace rl
