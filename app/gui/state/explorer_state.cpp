// Timeline bookkeeping of the explorer state.
#include "app/gui/state/explorer_state.h"

#include <algorithm>

#include "core/pattern.h"

namespace rl::gui {

const view::TreeFacts* Side::factsAt(int step) const {
    if (!loaded()) return nullptr;
    const view::StepRef& s = timeline[size_t(stepAt(step))];
    return bundle->factsFor(s.pass, s.group);
}

int ExplorerState::steps() const {
    int n = a.loaded() ? int(a.timeline.size()) : 1;
    if (comparing() && b.loaded()) n = std::max(n, int(b.timeline.size()));
    return std::max(1, n);
}

void ExplorerState::rebuildTimelines(bool keepStep) {
    const int step = playback.step();
    for (Side* side : {&a, &b}) {
        side->timeline.clear();
        if (!side->bundle) continue;
        if (side->groupOfPass.size() != side->bundle->run.passes.size())
            side->groupOfPass = view::followPartial(side->bundle->run, 0);
        side->timeline = view::buildTimeline(side->bundle->run, side->groupOfPass);
    }
    const float speed = playback.speed();
    playback.reset(steps());
    playback.setSpeed(speed);
    if (keepStep) playback.seek(step);
}

const std::vector<VariantInfo>& variantsBeside(const std::string& variant) {
    const VariantInfo* v = findVariant(variant);
    return patternVariants(v ? v->pattern : Pattern::Reduce);
}

std::string comparePartner(const std::string& variant) {
    const auto& ladder = variantsBeside(variant);
    if (ladder.front().id != variant) return ladder.front().id;
    const std::string& byDefault = patternInfo(ladder.front().pattern).defaultVariant;
    if (byDefault != variant) return byDefault;
    return ladder.size() > 1 ? ladder[1].id : ladder.front().id;
}

}  // namespace rl::gui
