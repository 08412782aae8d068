// Tiles export frames: the Tiles tab's scene at a chosen scale, a caption and the log's legend.
#include "app/export/tiles_frames.h"

#include <cmath>

#include "app/view/theme.h"
#include "app/view/value_format.h"
#include "core/catalogue/pass_plan.h"
#include "core/types.h"

namespace rl::exporter {
namespace {

constexpr float kMargin = 16, kCaptionH = 58, kLegendH = 30, kRowH = 36;

std::string elements(size_t n) { return std::to_string(n) + (n == 1 ? " element" : " elements"); }

}  // namespace

TilesFrames::TilesFrames(TraceRun run, VariantInfo variant, const RunConfig& config)
    : run_(std::move(run)), variant_(std::move(variant)) {
    if (!view::hasTilesView(variant_))
        throw Error(ErrorKind::BadInput,
                    "--view tiles draws a multi-tile scan's tiles (hillis-steele, blelloch, raking, "
                    "decoupled-look-back, a student's scan), and " + variant_.id +
                        " has none: leave out --view tiles to export its tree");
    if (run_.passes.empty()) throw Error(ErrorKind::BadInput, "the trace recorded no pass, so no tile");
    const int epi = std::max(1, effectiveElemsPerItem(variant_, config));
    facts_ = view::tilesFacts(run_, run_.passes.front().local * size_t(epi), epi);
    if (facts_.tiles.empty()) throw Error(ErrorKind::BadInput, "the trace holds no tile to draw");
    if (int(facts_.tiles.size()) > kMaxTiles)
        throw Error(ErrorKind::BadInput,
                    "--view tiles draws at most " + std::to_string(kMaxTiles) +
                        " tiles, a row each, and this run has " + std::to_string(facts_.tiles.size()) +
                        ": use a smaller --n or a larger --wg");
}

int TilesFrames::actor(int k) const {
    if (!facts_.hasLog()) return -1;
    return facts_.log[size_t(std::clamp(k, 0, int(facts_.log.size()) - 1))].tile;
}

Frame TilesFrames::frame(int k, const FrameStyle& style, const view::TextMeasure&, float) const {
    const view::Palette& p = style.palette ? *style.palette : view::darkPalette();
    const float s = style.scale;
    const bool log = facts_.hasLog();
    const int tiles = int(facts_.tiles.size());
    // Wide enough for the caption's title (its last step's is the longest), at scale 1 and multiplied.
    const float titleW = view::estimateTextWidth(title(steps() - 1), 22, view::FontRole::Bold) + 2 * kMargin + 8;
    const float w1 = style.width > 0 ? style.width : std::max(log ? 1200.0f : 640.0f, std::ceil(titleW));
    const float h1 = 2 * kMargin + (style.caption ? kCaptionH : 0) + (log ? kLegendH : 0) + kRowH * float(tiles + 1);
    Frame f;
    f.width = int(std::lround(w1 * s));
    f.height = int(std::lround(std::ceil(h1) * s));
    f.background = style.transparent ? p.background.withAlpha(0) : p.background;
    if (!style.transparent) f.scene.rect({0, 0, float(f.width), float(f.height)}, p.background);
    const float left = kMargin * s, inner = float(f.width) - 2 * kMargin * s;
    float top = kMargin * s;
    if (style.caption) {
        f.scene.text({left, top, inner, 26 * s}, title(k), p.text, 22 * s, view::FontRole::Bold, view::Align::Left);
        f.scene.text({left, top + 28 * s, inner, 22 * s}, view::tilesCaption(facts_, k), p.textDim, 18 * s,
                     view::FontRole::Regular, view::Align::Left);
        top += kCaptionH * s;
    }
    if (log) {
        view::addTilesLegend(f.scene, {left, top, inner, 22 * s}, p, 16 * s);
        top += kLegendH * s;
    }
    const view::TilesLayout layout({left, top, inner, kRowH * s * float(tiles + 1)}, facts_, s, kRowH * s, kRowH * s);
    view::TilesSceneOptions options;
    options.time = log ? std::clamp(k, 0, steps() - 1) : -1;
    options.picked = actor(k);
    view::Scene rows = view::buildTilesScene(facts_, layout, p, options);
    f.scene.prims.insert(f.scene.prims.end(), std::make_move_iterator(rows.prims.begin()),
                         std::make_move_iterator(rows.prims.end()));
    const std::string now = facts_.statuses(options.time);
    for (int t = 0; t < tiles; ++t) {  // every row in words, for SVG's titles
        const TileSummary& tile = facts_.tiles[size_t(t)];
        std::string words = "Tile " + std::to_string(t) + ": elements " + std::to_string(tile.first) + " to " +
                            std::to_string(tile.first + tile.count - 1);
        if (tile.hasTotal) words += ", total " + view::formatExact(tile.total, run_.type);
        words += ", offset " + view::formatExact(tile.offset, run_.type);
        if (!now.empty()) words += std::string(", status ") + now[size_t(t)];
        f.scene.labels.push_back({{left, layout.rowY(t), layout.width(), layout.rowH}, words});
    }
    return f;
}

std::string TilesFrames::title(int k) const { return view::tilesTitle(variant_.title, facts_, k); }

std::string TilesFrames::narration(int k) const {
    std::string out;
    if (!facts_.hasLog()) {
        out = "The tiles as the device left them: each tile scanned its " + elements(facts_.tiles.front().count) +
              ", and the offset its elements were given is what every tile before it adds up to.";
        const size_t shown = std::min<size_t>(facts_.tiles.size(), 16);
        for (size_t t = 0; t < shown; ++t) {
            const TileSummary& tile = facts_.tiles[t];
            out += " Tile " + std::to_string(t) + ": ";
            if (tile.hasTotal) out += "total " + view::formatExact(tile.total, run_.type) + ", ";
            out += "offset " + view::formatExact(tile.offset, run_.type) + ".";
        }
        if (shown < facts_.tiles.size()) out += " And " + std::to_string(facts_.tiles.size() - shown) + " more tiles.";
        return out;
    }
    k = std::clamp(k, 0, steps() - 1);
    out = view::tilesCaption(facts_, k) + ".";
    const std::string now = facts_.statuses(k);
    out += " After it the tiles' status words read, from tile 0: " + now + " (X nothing yet, A its aggregate, P its "
           "inclusive prefix).";
    if (k == steps() - 1)
        out += facts_.problems.empty()
                   ? " The log keeps the protocol: every tile drew one ticket, published its aggregate then its "
                     "prefix, and combined its predecessors newest first down to the first prefix it read."
                   : " The log breaks the protocol: " + facts_.problems.front();
    return out;
}

std::string TilesFrames::markdown() const {
    std::string md = "# ReduceLab: " + variant_.title + ", its tiles\n\n" +
                     std::to_string(run_.n) + " elements in " + std::to_string(facts_.tiles.size()) + " tiles of " +
                     elements(facts_.tiles.front().count) + ".\n";
    for (int k = 0; k < steps(); ++k) {
        if (facts_.hasLog()) md += "\n## Entry " + std::to_string(k) + "\n";
        md += "\n" + narration(k) + "\n";
    }
    return md;
}

std::string TilesFrames::stepsPhrase() const {
    return facts_.hasLog() ? std::to_string(steps()) + " entries in its look-back log" : "1 picture";
}

}  // namespace rl::exporter
