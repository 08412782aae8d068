// Dispatch from variant id to its CPU model, and the whole-reduction model built from the group models.
#include "core/model/model.h"

#include <functional>
#include <map>

#include "core/model/models.h"

namespace rl {
namespace {

using ModelFn = GroupTrace (*)(const ModelInput&);

const std::map<std::string, ModelFn>& table() {
    static const std::map<std::string, ModelFn> t = {
        {"interleaved-divergent", &model::interleavedDivergent},
        {"interleaved-strided", &model::interleavedStrided},
        {"sequential", &model::sequential},
        {"first-add", &model::firstAdd},
        {"unroll-last-warp", &model::unrollLastWarp},  // the lockstep semantics the kernel assumes
        {"unroll-last-warp-safe", &model::unrollLastWarp},
        {"complete-unroll", &model::unrollLastWarp},
        {"multi-element", &model::multiElement},
        {"vector4", &model::vector4},
        {"grid-stride", &model::gridStride},
        {"best-gpu", &model::bestGpu},
        {"best-cpu", &model::bestCpu},
        {"global-bottom-up", &model::globalBottomUp},
        {"global-top-down", &model::globalTopDown},
    };
    return t;
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

bool hasModel(const VariantInfo& variant) { return table().count(variant.id) != 0; }

GroupTrace modelGroup(const ModelInput& in) {
    auto it = table().find(in.variant.id);
    if (it == table().end()) throw Error(ErrorKind::Unsupported, "no CPU model for variant '" + in.variant.id + "'");
    return it->second(in);
}

std::vector<PassTrace> modelRun(const VariantInfo& variant, const RunConfig& config, const std::vector<double>& input,
                                double* result) {
    if (variant.kind == VariantKind::GlobalBottomUp || variant.kind == VariantKind::GlobalTopDown)
        return model::globalKindRun(variant, config, input, result);  // the array is the one group, in place
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
