// The whole-reduction model of the global kinds: one PassTrace holding one GroupTrace, the array itself, whatever
// the number of launches (matching what their runners record).
#include "core/model/models.h"

namespace rl::model {

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

}  // namespace rl::model
