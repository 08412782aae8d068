// Completion of a TraceBundle: per-group facts and the model comparison.
#include "app/view/tree/trace_bundle.h"

namespace rl::view {

const TreeFacts* TraceBundle::factsFor(int pass, int group) const {
    if (pass < 0 || size_t(pass) >= facts.size()) return nullptr;
    const auto& groups = facts[size_t(pass)];
    if (group < 0 || size_t(group) >= groups.size()) return nullptr;
    return &groups[size_t(group)];
}

std::shared_ptr<const TraceBundle> finishBundle(std::unique_ptr<TraceBundle> bundle, const HostArray& input,
                                                std::optional<ModelDeparture> departure) {
    bundle->facts.clear();
    bundle->facts.reserve(bundle->run.passes.size());
    for (const auto& pass : bundle->run.passes) {
        std::vector<TreeFacts> groups;
        groups.reserve(pass.traced.size());
        for (const auto& g : pass.traced) groups.emplace_back(g);
        bundle->facts.push_back(std::move(groups));
    }
    bundle->departure = departure ? std::move(*departure)
                                  : compareWithModel(bundle->variant, bundle->config, bundle->plan, input, bundle->run);
    return std::shared_ptr<const TraceBundle>(std::move(bundle));
}

}  // namespace rl::view
