// Draws the local-memory heat map of one traced group with shaders/heatmap.*.glsl into a texture ImGui can show:
// the trace goes to the GPU as a float texture (value, written, live, finite per stage and cell), once per trace.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "app/view/palette.h"
#include "app/view/tree/tree_facts.h"

namespace rl::render {

class HeatmapRenderer {
public:
    HeatmapRenderer() = default;
    ~HeatmapRenderer();
    HeatmapRenderer(const HeatmapRenderer&) = delete;
    HeatmapRenderer& operator=(const HeatmapRenderer&) = delete;

    // Compiles the shaders; false (with the reason) if the GL driver refuses them: the panel then says so.
    bool init(std::string* error);
    bool ready() const { return program_ != 0; }

    // Uploads the group's values when `key` (which trace, pass and group) or the normalisation changed.
    // normalize: 0 per stage, 1 whole group.
    void setData(const view::TreeFacts& facts, uint64_t key, int normalize);
    // The value range used for a stage (for the legend).
    void range(int stage, float* lo, float* hi) const;

    // Renders at width x height pixels (only when something changed) and returns the GL texture.
    unsigned render(int width, int height, int currentStage, const view::Palette& palette);

private:
    unsigned program_ = 0, vao_ = 0, cells_ = 0, ranges_ = 0, fbo_ = 0, target_ = 0;
    int targetW_ = 0, targetH_ = 0;
    const view::TreeFacts* facts_ = nullptr;
    uint64_t key_ = ~uint64_t(0);
    int normalize_ = -1, stages_ = 0, width_ = 0;
    std::vector<float> rangeData_;
    int renderedStage_ = -1;
    bool dirty_ = true;
};

}  // namespace rl::render
