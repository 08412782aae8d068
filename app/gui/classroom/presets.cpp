// Classroom presets.
#include "app/gui/classroom/presets.h"

#include <imgui.h>

#include <algorithm>

#include "core/files/run_settings.h"
#include "core/pattern.h"
#include "core/catalogue/variant.h"

namespace rl::gui {

std::vector<Preset> classroomPresets() {
    std::vector<Preset> out;
    for (const PatternInfo& pattern : allPatterns())
        for (const auto& v : pattern.variants())
            for (size_t n : {size_t(16), size_t(32)}) out.push_back({v.id, n});
    return out;
}

const Preset* findPreset(const std::string& name) {
    static const std::vector<Preset> all = classroomPresets();
    for (const auto& p : all)
        if (p.name() == name) return &p;
    return nullptr;
}

RunConfig presetConfig(const Preset& p) {
    RunConfig c = defaultRunConfig();  // 0-9 summed as ints: sums a room can read and check
    c.variant = p.variant;
    c.n = p.n;
    c.seed = kPresetSeed;
    const VariantInfo* v = findVariant(p.variant);
    // Where a pattern's cell is one element in a lecture (a scan's runs of several elements are for speed): one per
    // work-item; but raking's runs are its lesson, so it keeps them (runs of 4: a tree of 4 cells over 16 elements).
    const bool oneEach = v && patternInfo(v->pattern).lectureOneElementPerItem && v->elementsPerItemSettable &&
                         !v->scansRunsFromOffsets;
    if (oneEach) c.elemsPerItem = 1;
    const size_t perItem = v && !oneEach ? size_t(std::max(1, v->defaultElementsPerItem)) : 1;
    // One work-group, or as many tiles as the lesson needs (the look-backs: four, so three of them look back).
    const size_t tiles = v ? size_t(std::max(1, v->lectureTiles)) : 1;
    size_t wg = 1;
    while (wg * perItem * tiles < p.n) wg <<= 1;
    c.wg = std::max<size_t>(wg, v ? size_t(std::max(1, v->minWorkGroup)) : 1);
    if (v)
        if (const auto own = patternInfo(v->pattern).lectureSettings) own(c);
    return c;
}

void applyPreset(ExplorerState& state, const Preset& p) {
    state.config = presetConfig(p);
    state.compareVariant.clear();
    state.firstGroup = 0;
    state.view.firstCell = state.view.visibleCells = 0;
    state.pendingStage = 0;
    const VariantInfo* v = findVariant(p.variant);
    if (v && v->lectureTiles > 1) {  // its lesson is in the Tiles tab: open it, at the log's end, no tile picked
        state.view.requestTab = kTilesTab;
        state.view.tilesTime = state.view.tilesPick = -1;
    }
    state.dirty = true;
    state.dirtySince = -1;
}

bool presetMenuItems(ExplorerState& state) {
    bool applied = false;
    ImGui::TextDisabled("Ints 0-9, seed %llu, in one work-group (the look-backs: four tiles)",
                        (unsigned long long)kPresetSeed);
    if (ImGui::BeginTable("##presets", 3, ImGuiTableFlags_SizingFixedFit)) {
        for (const PatternInfo& pattern : allPatterns()) {
            ImGui::TableNextRow();  // each pattern's presets under its name
            ImGui::TableNextColumn();
            ImGui::TextDisabled("%s", pattern.title.c_str());
            for (const auto& v : pattern.variants()) {
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(v.title.c_str());
                for (size_t n : {size_t(16), size_t(32)}) {
                    ImGui::TableNextColumn();
                    const std::string label = std::to_string(n) + "##" + v.id;
                    if (ImGui::SmallButton(label.c_str())) {
                        applyPreset(state, {v.id, n});
                        applied = true;
                        ImGui::CloseCurrentPopup();
                    }
                }
            }
        }
        ImGui::EndTable();
    }
    return applied;
}

}  // namespace rl::gui
