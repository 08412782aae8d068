// Settings and command line into the explorer's state, and back.
#include "app/gui/shell/startup.h"

#include "core/files/run_settings.h"
#include "core/pattern.h"
#include "core/catalogue/variant.h"

namespace rl::gui {

void overrideConfig(RunConfig& c, const ExplorerOptions& o) {
    if (o.variant) c.variant = *o.variant;
    // --pattern alone: the pattern's first lesson, unless the remembered variant is already one of it.
    const VariantInfo* remembered = findVariant(c.variant);
    if (o.pattern && !o.variant && (!remembered || remembered->pattern != *o.pattern))
        c.variant = patternInfo(*o.pattern).defaultVariant;
    for (const auto& [name, text] : o.settings) setRunSetting(c, name, text, "--" + name);  // checked when parsed
}

void initialState(ExplorerState& state, const Settings& settings, const ExplorerOptions& options) {
    RunConfig& c = state.config;
    c = settings.config;
    overrideConfig(c, options);
    if (!findVariant(c.variant)) c.variant = reduceVariants().front().id;  // a stale setting
    state.compareVariant = options.compare ? *options.compare : settings.compareVariant;
    if (state.compareVariant == "off" || !findVariant(state.compareVariant)) state.compareVariant.clear();
    state.playback.setSpeed(options.speed ? *options.speed : settings.speed);
    state.view.loadAtTop = settings.loadAtTop;
    state.view.showValues = settings.showValues;
    state.view.bottomTab = settings.bottomTab;
    state.view.requestTab = settings.bottomTab;
    state.view.wrapSource = settings.wrapSource;
    state.view.sourceBeside = settings.sourceBeside;
    state.view.heatNormalize = settings.heatNormalize;
    if (options.stage) state.pendingStage = *options.stage;
    state.pendingPlay = options.play;
    state.dirty = true;
    state.dirtySince = -1;
}

void rememberState(Settings& settings, const ExplorerState& state) {
    settings.config = state.config;
    settings.compareVariant = state.compareVariant;
    if (!state.devices.empty()) settings.device = state.devices[size_t(state.device)].name;
    settings.speed = state.playback.speed();
    settings.loadAtTop = state.view.loadAtTop;
    settings.showValues = state.view.showValues;
    settings.bottomTab = state.view.bottomTab;
    settings.wrapSource = state.view.wrapSource;
    settings.sourceBeside = state.view.sourceBeside;
    settings.heatNormalize = state.view.heatNormalize;
}

}  // namespace rl::gui
