// Runner for the built-in kinds (work_group_reduce_*, sub_group_reduce_*): they launch and record exactly like the
// local-memory trees (one partial per work-group per pass), so this reuses that runner and names their stages.
#include "core/cl/engine.h"
#include "core/cl/runners.h"
#include "core/catalogue/kind_stages.h"

namespace rl {
namespace {

class BuiltinRunner : public KindRunner {
public:
    double runOnce(Engine& engine, const VariantInfo& variant, const RunConfig& config, const std::vector<PassPlan>& plan,
                   const cl::Buffer& input, std::vector<cl::Event>* events, double* hostFinalMs) override {
        return tree_->runOnce(engine, variant, config, plan, input, events, hostFinalMs);
    }

    void trace(Engine& engine, const VariantInfo& variant, const RunConfig& config, const std::vector<PassPlan>& plan,
               const cl::Buffer& input, const TraceSelection& selection, TraceRun& run) override {
        tree_->trace(engine, variant, config, plan, input, selection, run);
        for (auto& pass : run.passes)
            for (auto& group : pass.traced)
                for (auto& stage : group.stages) stage.label = kindStageLabel(variant.kind, stage.param);
    }

private:
    std::unique_ptr<KindRunner> tree_ = makeLocalTreeRunner();
};

}  // namespace

std::unique_ptr<KindRunner> makeBuiltinRunner() { return std::make_unique<BuiltinRunner>(); }

}  // namespace rl
