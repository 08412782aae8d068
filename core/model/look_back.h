// decoupled-look-back's log read as a timeline: each tile's status (X, A, P) at every moment of the launch, what it
// read of its predecessors and what it combined, and whether the log keeps the protocol the kernel's banner states.
#pragma once
#include <string>
#include <vector>

#include "core/trace.h"

namespace rl {

// A tile's status word: nothing of this launch yet (X), its own total (A, the aggregate), or its inclusive prefix (P).
enum class TileStatus { None, Aggregate, Prefix };
char statusLetter(TileStatus s);  // 'X', 'A', 'P'

struct TileRead {
    int at = 0;           // the read's place in the log
    int predecessor = 0;  // the tile read
    TileStatus seen = TileStatus::None;
    int polls = 0;        // times the word read as X before
    double value = 0;
    bool combined = false;  // part of the tile's prefix: the predecessors newest first, up to the first P
};

struct TileLookBack {
    int tile = 0;
    int group = -1;                                  // the work-group that drew the tile's ticket
    int ticketAt = -1, aggregateAt = -1, prefixAt = -1;  // places in the log; tile 0 publishes P at once, no A
    double aggregate = 0;                            // the tile's own total
    double inclusive = 0;                            // its inclusive prefix, as published
    double exclusive = 0;                            // everything before it: its predecessors combined (the offset)
    std::vector<TileRead> reads;                     // in the log's order
    int depth = 0;                                   // predecessors combined
    long polls = 0;                                  // reads of an X word, over all its reads
    TileStatus statusAt(int at) const;               // its word just after the log's entry `at`
};

struct LookBackTimeline {
    std::vector<TileLookBack> tiles;  // by tile number
    int length = 0;                   // entries in the log
    bool complete = true;             // false when the log was cut short
};

// Orders the log by tile. `tiles` is the launch's tile count; a float sum's offsets are combined in the kernel's
// order (newest predecessor first), so they are the kernel's bit for bit.
LookBackTimeline lookBackTimeline(const std::vector<LookBackEvent>& log, size_t tiles, size_t dropped, Op op,
                                  ElemType type);

// One entry of the log in words: "tile 4 read tile 3's aggregate A = -4 (after 12 reads of X)".
std::string describeLookBackEntry(const LookBackEvent& e);

// A multi-tile scan's tiles (`tileElements` each, the first pass's) as the device left them: each tile's elements,
// the offset its elements were given (the device's output just before the tile, or its first element for an
// exclusive scan) and its total where the trace holds it (decoupled-look-back: the aggregate it published; a tiled
// scan whose work-items load one element each: the next level's recorded input).
struct TileSummary {
    size_t first = 0, count = 0;
    double offset = 0;
    bool hasTotal = false;
    double total = 0;
};
std::vector<TileSummary> tileSummaries(const TraceRun& run, size_t tileElements, int elementsPerItem, Op op,
                                       ElemType type);

// Where the log breaks the protocol, one sentence each (empty when it keeps it): every tile draws one ticket,
// publishes A then P (tile 0 only P); it reads only predecessors, after they published what it saw, and the value
// they published; it combines its predecessors newest first down to the first P, and publishes that combined with
// its aggregate. A log cut short gives that one sentence.
std::vector<std::string> lookBackProblems(const LookBackTimeline& timeline, Op op, ElemType type);

}  // namespace rl
