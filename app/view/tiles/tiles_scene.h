// The Tiles view without drawing it: a multi-tile scan's tiles as the device left them (each tile's total and the
// offset its elements were given) and, for decoupled-look-back, the log its kernel kept read as a timeline: every
// tile's status (X, A, P) over the launch, its reads of its predecessors, a cursor at one entry of the log, and one
// tile's reads drawn from its row to the rows it read. The explorer's Tiles tab replays the scene on screen;
// `reducelab export --view tiles` writes it as SVG, PNG or GIF.
#pragma once
#include <string>
#include <vector>

#include "app/view/tree/scene.h"
#include "app/view/tree/trace_bundle.h"
#include "core/catalogue/variant.h"
#include "core/model/look_back.h"
#include "core/trace.h"

namespace rl::view {

// Whether a variant has tiles to show: a scan that launches several work-groups over its tiles.
bool hasTilesView(const VariantInfo& variant);

// What the view shows, worked out once per trace.
struct TilesFacts {
    std::vector<TileSummary> tiles;
    LookBackTimeline timeline;          // empty without a look-back log
    std::vector<std::string> problems;  // where the log breaks the protocol the kernel's banner states
    std::vector<LookBackEvent> log;     // the log itself, for its entries in words
    ElemType type = ElemType::Int;
    bool hasLog() const { return !log.empty(); }
    // The status letters of every tile just after entry `at` ("PPAX"); empty without a log.
    std::string statuses(int at) const;
    // A cursor in the log: `time` where it is an entry, else (-1 among them) the log's last entry; -1 without a log.
    int cursor(int time) const;
};
// `tileElements` (the first pass's work-group size times its elements per work-item) and `elementsPerItem`.
TilesFacts tilesFacts(const TraceRun& run, size_t tileElements, int elementsPerItem);
// The same for a traced bundle, its tile from its first pass's plan.
TilesFacts tilesFacts(const TraceBundle& bundle);

// The caption's two lines: "Decoupled look-back (one pass) · 4 tiles of 4 elements · entry 9 of 0–16" (the entry
// only with a log), and the entry at `at` as a sentence ("Tile 2 read tile 0's inclusive prefix: P = 9"), or what
// the picture shows without a log.
std::string tilesTitle(const std::string& variantTitle, const TilesFacts& facts, int at);
std::string tilesCaption(const TilesFacts& facts, int at);

Rgba tileStatusColour(TileStatus status, const Palette& palette);

// Where everything goes in `canvas`: a heading row, then one row per tile; from the left its name, its status at the
// cursor, the timeline (with a log), and the columns total, offset, and (with a log) depth and reads of X.
struct TilesLayout {
    TilesLayout(Rect canvas, const TilesFacts& facts, float scale, float minRow, float maxRow);
    Rect canvas;
    int tiles = 0, length = 0, columns = 2;
    bool log = false;
    float scale = 1, rowH = 0, fontSize = 0, labelW = 0, statusW = 0, numW = 0, timelineX = 0, timelineW = 0,
          numbersX = 0;
    float rowY(int tile) const { return canvas.y + rowH * float(tile + 1); }  // the top of a tile's row
    float entryX(int at) const;  // the centre of log entry `at` on the timeline
    float height() const { return rowH * float(tiles + 1); }
    float width() const { return numbersX + numW * float(columns) - canvas.x; }
    int tileAt(Vec2 p) const;   // the tile whose row holds p, or -1
    int entryAt(Vec2 p) const;  // the log entry under p on the timeline, or -1
};

struct TilesSceneOptions {
    int time = -1;    // the cursor: an entry of the log (-1 without one)
    int picked = -1;  // the tile whose reads are drawn to the rows it read (-1: none)
};
Scene buildTilesScene(const TilesFacts& facts, const TilesLayout& layout, const Palette& palette,
                      const TilesSceneOptions& options);

// The legend of a log's timeline on one line in `box`: the three statuses, and what the dots are.
void addTilesLegend(Scene& scene, const Rect& box, const Palette& palette, float textSize);

}  // namespace rl::view
