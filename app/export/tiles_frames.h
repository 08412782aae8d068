// The pictures of a Tiles export (`reducelab export --view tiles`): a multi-tile scan's tiles as the Tiles tab
// draws them (app/view/tiles/tiles_scene.h), with a caption line on top. With decoupled-look-back's log, one picture
// per entry of the log: the cursor at that entry, the tile that acted highlighted with its reads drawn, and the
// entry in words; without one (the tiled scans), one picture of every tile's total and offset. GL-free, like
// StageFrames: SVG writes the Scene as it is, PNG and GIF rasterise it with the screen's renderer.
#pragma once
#include <algorithm>
#include <string>

#include "app/export/stage_frames.h"
#include "app/view/tiles/tiles_scene.h"
#include "core/run_config.h"

namespace rl::exporter {

class TilesFrames final : public FrameSource {
public:
    // The most tiles one picture draws (a row each).
    static constexpr int kMaxTiles = 128;
    // `config`: the run's parameters (its elements per work-item give the tile's size). Throws rl::Error (BadInput)
    // when the variant has no tiles to show or more than kMaxTiles, saying what to do.
    TilesFrames(TraceRun run, VariantInfo variant, const RunConfig& config);

    int steps() const override { return facts_.hasLog() ? std::max(1, facts_.timeline.length) : 1; }
    Frame frame(int k, const FrameStyle& style, const view::TextMeasure& measure, float transition = 1) const override;
    std::string title(int k) const override;
    std::string narration(int k) const override;
    std::string markdown() const override;
    std::string stepsPhrase() const override;
    const VariantInfo& variant() const override { return variant_; }
    const view::TilesFacts& facts() const { return facts_; }
    // The tile the entry at step k is about (it drew, published or read), or -1.
    int actor(int k) const;

private:
    TraceRun run_;
    VariantInfo variant_;
    view::TilesFacts facts_;
};

}  // namespace rl::exporter
