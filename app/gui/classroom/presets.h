// Classroom presets: for every variant, 16 and 32 elements with a fixed seed, one click each, so a lecture shows
// the same numbers every time it is given.
#pragma once
#include <string>
#include <vector>

#include "app/gui/state/explorer_state.h"
#include "core/run_config.h"

namespace rl::gui {

inline constexpr uint64_t kPresetSeed = 2024;

struct Preset {
    std::string variant;  // id
    size_t n = 16;
    std::string name() const { return variant + "/" + std::to_string(n); }  // e.g. "sequential/16"
};

std::vector<Preset> classroomPresets();
const Preset* findPreset(const std::string& name);

// The parameters of a preset: N elements of ints 0-9 (seed kPresetSeed), summed, in one work-group sized so
// that every work-item has data (the variant's minimum work-group size permitting).
RunConfig presetConfig(const Preset& preset);

// Loads the preset: the parameters change, comparison is switched off, playback restarts at the load.
void applyPreset(ExplorerState& state, const Preset& preset);

// Menu items: one line per variant with a 16 and a 32 button. Returns true when a preset was applied.
bool presetMenuItems(ExplorerState& state);

}  // namespace rl::gui
