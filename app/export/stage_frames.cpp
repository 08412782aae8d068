// Export frames: the screen's tree layout and scene at a chosen scale, with a caption.
#include "app/export/stage_frames.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

#include "app/export/text_metrics.h"
#include "app/view/caption.h"
#include "app/view/narration.h"
#include "app/view/state_marks.h"
#include "app/view/tree/tree_facts.h"
#include "app/view/tree/tree_layout.h"
#include "app/view/theme.h"
#include "app/view/tree/tree_scene.h"
#include "core/pattern.h"

namespace rl::exporter {
namespace {

constexpr float kMargin = 16, kCaptionH = 58, kLineH = 22, kLineSize = 18;

// `text` split where its words stop fitting `width` at `size`: the first line, and the rest ("" if it all fits).
// Between two of its " · " clauses where the first line so keeps half the width at least, else between words.
std::pair<std::string, std::string> splitToFit(const std::string& text, float size, float width,
                                               const view::TextMeasure& measure) {
    const auto fits = [&](size_t end) { return measure(text.substr(0, end), size, view::FontRole::Regular) <= width; };
    if (fits(text.size())) return {text, ""};
    const std::string dot = " \xc2\xb7 ";
    size_t clause = 0;
    for (size_t at = text.find(dot); at != std::string::npos && fits(at); at = text.find(dot, at + 1)) clause = at;
    if (clause > 0 && measure(text.substr(0, clause), size, view::FontRole::Regular) >= width / 2)
        return {text.substr(0, clause), text.substr(clause + dot.size())};
    size_t cut = 0;
    for (size_t space = text.find(' '); space != std::string::npos && fits(space); space = text.find(' ', space + 1))
        cut = space;
    if (cut == 0) return {text, ""};
    return {text.substr(0, cut), text.substr(cut + 1)};
}

// The tree panel's parameters (app/gui/panels/tree_panel.cpp) at scale s.
view::TreeLayoutParams layoutParams(float s, int stages, int cells, bool loadAtTop) {
    view::TreeLayoutParams lp;
    lp.stages = stages;
    lp.cells = cells;
    lp.labelWidth = 118 * s;
    lp.laneHeight = 7 * s;
    lp.maxCellHeight = 62 * s;
    lp.minCellHeight = 6 * s;
    lp.loadAtTop = loadAtTop;
    return lp;
}

}  // namespace

StageFrames::StageFrames(TraceRun run, VariantInfo variant, int firstGroup)
    : run_(std::make_unique<TraceRun>(std::move(run))), variant_(std::move(variant)) {
    timeline_ = view::buildTimeline(*run_, view::followPartial(*run_, firstGroup));
    for (const auto& pass : run_->passes)
        for (const auto& g : pass.traced) {
            maxStages_ = std::max(maxStages_, int(g.stages.size()));
            for (const auto& s : g.stages) maxCells_ = std::max(maxCells_, int(s.values.size()));
        }
}

void StageFrames::size(const FrameStyle& style, int* width, int* height) const {
    // Measured at scale 1 and multiplied, so a 2x export is exactly twice as wide and high as 1x.
    const float w1 = style.width > 0 ? style.width : std::clamp(118.0f + 2 * kMargin + float(maxCells_) * 58.0f, 720.0f, 1600.0f);
    view::TreeLayoutParams lp = layoutParams(1, maxStages_, maxCells_, style.loadAtTop);
    lp.canvas = {0, 0, w1 - 2 * kMargin, 1e6f};
    const view::TreeLayout probe(lp);  // the cell height settles at its maximum in a tall canvas
    const float caption = style.caption ? kCaptionH + (lineWraps(w1 - 2 * kMargin) ? kLineH : 0) : 0;
    const float h1 = std::ceil(probe.contentHeight() + 2 * kMargin + caption);
    *width = int(std::lround(w1 * style.scale));
    *height = int(std::lround(h1 * style.scale));
}

Frame StageFrames::frame(int k, const FrameStyle& style, const view::TextMeasure& measure, float transition) const {
    const view::Palette& p = style.palette ? *style.palette : view::darkPalette();
    const float s = style.scale;
    Frame f;
    size(style, &f.width, &f.height);
    f.background = style.transparent ? p.background.withAlpha(0) : p.background;
    if (!style.transparent) f.scene.rect({0, 0, float(f.width), float(f.height)}, p.background);

    const view::StepRef& ref = timeline_[size_t(std::clamp(k, 0, steps() - 1))];
    const GroupTrace& group = run_->passes[size_t(ref.pass)].traced[size_t(ref.group)];
    const view::TreeFacts facts(group);
    float top = kMargin * s;
    if (style.caption) {
        // A caption wider than the frame (a long title over a narrow tree) is set smaller until it fits, down to
        // two thirds of its size, rather than cut at the frame's edge.
        const float captionW = f.width - 2 * kMargin * s;
        auto fitted = [&](const std::string& text, float size, view::FontRole font) {
            return view::fittedTextSize(text, size, captionW, font, measure, 0.5f * s);
        };
        const std::string title = view::stageTitle(*run_, variant_, ref), line = view::stageDescription(*run_, ref);
        f.scene.text({kMargin * s, top, captionW, 26 * s}, title, p.text, fitted(title, 22 * s, view::FontRole::Bold),
                     view::FontRole::Bold, view::Align::Left);
        // The stage's line: on one line, set smaller if it must be; where some step's line would not fit even so,
        // every frame has a second line, and a line too long for one goes on at its own size
        const bool twoLines = lineWraps(f.width / s - 2 * kMargin);
        const auto [first, rest] = twoLines ? splitToFit(line, kLineSize * s, captionW, measure)
                                            : std::pair<std::string, std::string>{line, ""};
        f.scene.text({kMargin * s, top + 28 * s, captionW, kLineH * s}, first, p.textDim,
                     fitted(first, kLineSize * s, view::FontRole::Regular), view::FontRole::Regular, view::Align::Left);
        if (!rest.empty())
            f.scene.text({kMargin * s, top + (28 + kLineH) * s, captionW, kLineH * s}, rest, p.textDim,
                         fitted(rest, kLineSize * s, view::FontRole::Regular), view::FontRole::Regular,
                         view::Align::Left);
        top += (kCaptionH + (twoLines ? kLineH : 0)) * s;
    }
    view::TreeLayoutParams lp = layoutParams(s, facts.stages(), facts.cells(), style.loadAtTop);
    lp.canvas = {kMargin * s, top, f.width - 2 * kMargin * s, f.height - top - kMargin * s};
    const view::TreeLayout layout(lp);
    f.layout = lp;

    view::TreeSceneOptions so;
    so.stage = ref.stage;
    so.transition = transition;
    so.type = run_->type;
    so.countBars = patternInfo(run_->pattern).showsContention;  // a histogram's bins
    so.firstCounter = int(view::wordsOf(*run_).keys);  // a sorted tile's keys come first
    so.simdWidth = run_->simdWidth;
    so.showValues = style.showValues;
    so.valueSize = std::min(26 * s, layout.cellHeight() * 0.62f);
    so.labelSize = 18 * s;
    view::Scene tree = view::buildTreeScene(facts, layout, p, so, measure);
    if (style.stateMarks) view::addStateMarks(tree, facts, layout, p, ref.stage);
    // The scene builder draws lines and corners in screen pixels; at scale s they are s times as wide and round.
    if (s != 1)
        for (view::Prim& prim : tree.prims) {
            prim.width *= s;
            prim.rounding *= s;
        }
    f.scene.prims.insert(f.scene.prims.end(), std::make_move_iterator(tree.prims.begin()),
                         std::make_move_iterator(tree.prims.end()));
    // Every cell of the rows drawn so far, in words (the rows still to come hold nothing yet).
    for (int row = 0; row <= ref.stage && row < facts.stages(); ++row) {
        const std::string where =
            facts.isLoad(row) ? "The load, " : "Stage " + std::to_string(row) + " (" + facts.stage(row).label + "), ";
        for (int c = layout.firstVisible(); c < layout.endVisible(); ++c)
            f.scene.labels.push_back({layout.cell(row, c), where + view::cellNarration(facts, row, c, run_->type)});
    }
    return f;
}

bool StageFrames::lineWraps(float width) const {
    const std::lock_guard<std::mutex> lock(wraps_->mutex);
    const int key = int(std::lround(width));
    if (const auto known = wraps_->byWidth.find(key); known != wraps_->byWidth.end()) return known->second;
    const TextMetrics metrics(1);
    const view::TextMeasure measure = metrics.measure();
    bool wraps = false;
    for (size_t k = 0; k < timeline_.size() && !wraps; ++k)
        wraps =
            measure(view::stageDescription(*run_, timeline_[k]), kLineSize * 2 / 3, view::FontRole::Regular) > width;
    return wraps_->byWidth[key] = wraps;
}

std::string StageFrames::title(int k) const {
    return view::stageTitle(*run_, variant_, timeline_[size_t(std::clamp(k, 0, steps() - 1))]);
}

std::string StageFrames::narration(int k) const { return view::stepNarration(*run_, timeline_, std::clamp(k, 0, steps() - 1)); }

std::string StageFrames::markdown() const { return view::narrationMarkdown(*run_, variant_, timeline_); }

std::string StageFrames::stepsPhrase() const { return std::to_string(steps()) + " stages"; }

}  // namespace rl::exporter
