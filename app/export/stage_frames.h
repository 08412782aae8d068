// The pictures an export is made of: the tree of one traced run at each step of its timeline (every stage of the
// followed work-group, pass after pass), laid out exactly as the screen's tree panel lays it out, at a scale, with a
// caption line on top. GL-free: SVG writes the Scene as it is, PNG and GIF rasterise it with the screen's renderer.
#pragma once
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "app/view/tree/playback.h"
#include "app/view/tree/scene.h"
#include "app/view/tree/tree_layout.h"
#include "core/trace.h"
#include "core/catalogue/variant.h"

namespace rl::exporter {

struct FrameStyle {
    float scale = 1;                  // 1..4: every length and text size is multiplied (re-laid out, not stretched)
    const view::Palette* palette = nullptr;  // default: the dark palette
    bool stateMarks = false;          // shape cues besides colours (see state_marks.h)
    bool transparent = false;         // no background rectangle
    bool loadAtTop = true;
    bool showValues = true;
    bool caption = true;
    float width = 0;                  // width at scale 1 (0: chosen from the number of cells)
};

struct Frame {
    view::Scene scene;
    int width = 0, height = 0;  // pixels (already scaled)
    view::Rgba background;      // alpha 0 when transparent
    view::TreeLayoutParams layout;  // how the tree was laid out (pixels), for finding cells in the picture
};

// What an export draws, picture by picture: the tree at each step of its timeline (StageFrames), or a multi-tile
// scan's tiles at each entry of its look-back log (TilesFrames, app/export/tiles_frames.h).
class FrameSource {
public:
    virtual ~FrameSource() = default;
    virtual int steps() const = 0;
    // The picture at step k (0 <= k < steps()); text is fitted with `measure` (the screen's fonts, or TextMetrics).
    // `transition` < 1: the move into step k that far along, where the pictures move (the tree's).
    virtual Frame frame(int k, const FrameStyle& style, const view::TextMeasure& measure, float transition = 1) const = 0;
    // Step k in words: a title line and a paragraph, for SVG's <title> and <desc> and the alt text of PNG and GIF.
    virtual std::string title(int k) const = 0;
    virtual std::string narration(int k) const = 0;
    // Every step in words, as Markdown.
    virtual std::string markdown() const = 0;
    // "5 stages", "20 entries of its log": what the steps are, for a message about a step out of range.
    virtual std::string stepsPhrase() const = 0;
    virtual const VariantInfo& variant() const = 0;
};

class StageFrames final : public FrameSource {
public:
    // Keeps its own copy of the trace. `firstGroup` picks the traced pass-0 work-group to follow.
    StageFrames(TraceRun run, VariantInfo variant, int firstGroup = 0);

    int steps() const override { return int(timeline_.size()); }
    const view::StepRef& step(int k) const { return timeline_[size_t(k)]; }
    const TraceRun& run() const { return *run_; }
    const VariantInfo& variant() const override { return variant_; }

    // The picture at step k (0 <= k < steps()); text is fitted with `measure` (the screen's fonts, or TextMetrics).
    // `transition` < 1 draws the move into step k that far along, as the explorer animates it (a video's frames).
    Frame frame(int k, const FrameStyle& style, const view::TextMeasure& measure, float transition = 1) const override;
    // Step k in words: the caption's title line, and the paragraph of view/narration.h (with the result's sentence on
    // the last step), for SVG's <title> and <desc>, the alt text of PNG and GIF, and Markdown.
    std::string title(int k) const override;
    std::string narration(int k) const override;
    std::string markdown() const override;
    std::string stepsPhrase() const override;
    const std::vector<view::StepRef>& timeline() const { return timeline_; }
    // The size frame() gives for this style (every step of one run has the same size).
    void size(const FrameStyle& style, int* width, int* height) const;

private:
    // Whether some step's stage line, at two thirds of its size, is wider than a caption `width` wide (at scale 1,
    // measured with TextMetrics): then every frame's caption has room for it on two lines.
    bool lineWraps(float width) const;

    std::unique_ptr<TraceRun> run_;  // the facts refer into it, so it never moves
    VariantInfo variant_;
    std::vector<view::StepRef> timeline_;
    int maxStages_ = 1, maxCells_ = 1;
    struct WrapCache {  // lineWraps by width (pixels at scale 1); frames may be drawn on several threads (a video's)
        std::mutex mutex;
        std::map<int, bool> byWidth;
    };
    std::unique_ptr<WrapCache> wraps_ = std::make_unique<WrapCache>();  // held apart so that the frames can move
};

}  // namespace rl::exporter
