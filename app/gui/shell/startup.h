// What the explorer starts from and leaves behind: the saved settings, overridden by the command line, become the
// explorer's state at start; the state goes back into the settings at exit.
#pragma once
#include "app/gui/shell/options.h"
#include "app/gui/state/explorer_state.h"
#include "app/gui/state/settings.h"
#include "core/run_config.h"

namespace rl::gui {

// The variant and the run settings given in `options` replace those of `config`; the others stay.
void overrideConfig(RunConfig& config, const ExplorerOptions& options);

// The state at start: the saved problem and view, with the command line's choices on top. Marks it dirty so the
// first trace is requested.
void initialState(ExplorerState& state, const Settings& settings, const ExplorerOptions& options);

// Copies what the explorer remembers from the state (problem, comparison, device, speed, view options) into the
// settings; window geometry, splits and the classroom's choices are filled in by their owners.
void rememberState(Settings& settings, const ExplorerState& state);

}  // namespace rl::gui
