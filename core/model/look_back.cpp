// decoupled-look-back's log as a timeline, and its protocol checks.
#include "core/model/look_back.h"

#include <algorithm>
#include <cstdio>

namespace rl {
namespace {

std::string tileName(int t) { return "tile " + std::to_string(t); }

std::string number(double v) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.9g", v);
    return buf;
}

}  // namespace

char statusLetter(TileStatus s) {
    switch (s) {
        case TileStatus::None: return 'X';
        case TileStatus::Aggregate: return 'A';
        case TileStatus::Prefix: return 'P';
    }
    return '?';
}

TileStatus TileLookBack::statusAt(int at) const {
    if (prefixAt >= 0 && at >= prefixAt) return TileStatus::Prefix;
    if (aggregateAt >= 0 && at >= aggregateAt) return TileStatus::Aggregate;
    return TileStatus::None;
}

LookBackTimeline lookBackTimeline(const std::vector<LookBackEvent>& log, size_t tiles, size_t dropped, Op op,
                                  ElemType type) {
    LookBackTimeline t;
    t.tiles.resize(tiles);
    for (size_t i = 0; i < tiles; ++i) t.tiles[i].tile = int(i);
    t.length = int(log.size());
    t.complete = dropped == 0;
    for (size_t at = 0; at < log.size(); ++at) {
        const LookBackEvent& e = log[at];
        if (e.tile < 0 || size_t(e.tile) >= tiles) continue;  // lookBackProblems names it
        TileLookBack& tile = t.tiles[size_t(e.tile)];
        switch (e.what) {
            case LookBackEvent::Ticket:
                if (tile.ticketAt < 0) tile.ticketAt = int(at), tile.group = e.other;
                break;
            case LookBackEvent::Aggregate:
                if (tile.aggregateAt < 0) tile.aggregateAt = int(at), tile.aggregate = e.value;
                break;
            case LookBackEvent::Prefix:
                if (tile.prefixAt < 0) tile.prefixAt = int(at), tile.inclusive = e.value;
                if (e.tile == 0) tile.aggregate = e.value;  // tile 0's prefix is its aggregate
                break;
            case LookBackEvent::ReadAggregate:
            case LookBackEvent::ReadPrefix: {
                TileRead r;
                r.at = int(at);
                r.predecessor = e.other;
                r.seen = e.what == LookBackEvent::ReadPrefix ? TileStatus::Prefix : TileStatus::Aggregate;
                r.polls = e.polls;
                r.value = e.value;
                tile.polls += e.polls;
                tile.reads.push_back(r);
                break;
            }
        }
    }
    // What each tile combined: its predecessors newest first, down to the first that had its prefix.
    for (TileLookBack& tile : t.tiles) {
        std::vector<TileRead*> order;
        for (TileRead& r : tile.reads) order.push_back(&r);
        std::sort(order.begin(), order.end(),
                  [](const TileRead* a, const TileRead* b) { return a->predecessor > b->predecessor; });
        double prefix = identity(op, type);
        for (TileRead* r : order) {
            r->combined = true;
            prefix = apply(op, type, r->value, prefix);
            ++tile.depth;
            if (r->seen == TileStatus::Prefix) break;
        }
        tile.exclusive = prefix;
    }
    return t;
}

std::string describeLookBackEntry(const LookBackEvent& e) {
    const std::string who = tileName(e.tile);
    switch (e.what) {
        case LookBackEvent::Ticket:
            return "work-group " + std::to_string(e.other) + " drew ticket " + std::to_string(e.tile) + ": it scans " +
                   who;
        case LookBackEvent::Aggregate:
            return who + " published its aggregate: A = " + number(e.value);
        case LookBackEvent::Prefix:
            return who + " published its inclusive prefix: P = " + number(e.value) +
                   (e.tile == 0 ? " (the first tile's is its aggregate)" : "");
        case LookBackEvent::ReadAggregate:
        case LookBackEvent::ReadPrefix: {
            const bool p = e.what == LookBackEvent::ReadPrefix;
            std::string s = who + " read tile " + std::to_string(e.other) + "'s " +
                            (p ? "inclusive prefix: P = " : "aggregate: A = ") + number(e.value);
            if (e.polls > 0)
                s += " (after " + std::to_string(e.polls) + " read" + (e.polls == 1 ? "" : "s") + " of X)";
            return s;
        }
    }
    return who;
}

std::vector<TileSummary> tileSummaries(const TraceRun& run, size_t tileElements, int elementsPerItem, Op op,
                                       ElemType type) {
    std::vector<TileSummary> out;
    if (run.passes.empty() || run.output.empty()) return out;
    const PassTrace& level = run.passes.front();
    const size_t tiles = std::max<size_t>(1, level.groups);
    const size_t per = std::max<size_t>(1, tileElements);
    for (size_t t = 0; t < tiles; ++t) {
        TileSummary s;
        s.first = std::min(run.output.size(), t * per);
        s.count = std::min(run.output.size(), s.first + per) - s.first;
        if (run.exclusive)
            s.offset = s.first < run.output.size() ? run.output[s.first] : identity(op, type);
        else
            s.offset = s.first == 0 ? identity(op, type) : run.output[s.first - 1];
        out.push_back(s);
    }
    if (!run.lookBack.empty()) {
        const LookBackTimeline tl = lookBackTimeline(run.lookBack, tiles, run.lookBackDropped, op, type);
        for (size_t t = 0; t < tiles; ++t) {
            const TileLookBack& tile = tl.tiles[t];
            out[t].hasTotal = tile.aggregateAt >= 0 || tile.prefixAt >= 0;
            out[t].total = tile.aggregate;
        }
    } else if (run.passes.size() > 1 && elementsPerItem == 1) {
        // A tiled scan: level 1's input is level 0's totals, one a cell where each work-item loads one (raking's
        // load stage holds its runs' totals instead).
        const PassTrace& next = run.passes[1];
        for (const GroupTrace& g : next.traced) {
            if (g.stages.empty()) continue;
            const auto& load = g.stages.front().values;
            for (size_t c = 0; c < load.size(); ++c) {
                const size_t t = size_t(g.group) * next.local + c;
                if (t < tiles) out[t].hasTotal = true, out[t].total = load[c];
            }
        }
    }
    return out;
}

std::vector<std::string> lookBackProblems(const LookBackTimeline& timeline, Op op, ElemType type) {
    std::vector<std::string> out;
    if (!timeline.complete) {  // what is missing is unknown: the rest would be guesses
        out.push_back("the log was cut short: it had no room for every entry");
        return out;
    }
    const auto& tiles = timeline.tiles;
    for (const TileLookBack& tile : tiles) {
        const std::string who = tileName(tile.tile);
        if (tile.ticketAt < 0) out.push_back(who + " never drew its ticket");
        if (tile.prefixAt < 0) {
            out.push_back(who + " never published its prefix");
            continue;
        }
        if (tile.tile > 0 && tile.aggregateAt < 0) out.push_back(who + " published its prefix without its aggregate");
        if (tile.ticketAt > tile.prefixAt || (tile.aggregateAt >= 0 && tile.aggregateAt > tile.prefixAt))
            out.push_back(who + " published before drawing its ticket or its prefix before its aggregate");
        for (const TileRead& r : tile.reads) {
            const std::string what = who + " read tile " + std::to_string(r.predecessor);
            if (r.predecessor < 0 || r.predecessor >= tile.tile) {
                out.push_back(what + ", which is not a predecessor");
                continue;
            }
            if (r.at > tile.prefixAt || r.at < tile.aggregateAt) out.push_back(what + " outside its look-back");
            const TileLookBack& p = tiles[size_t(r.predecessor)];
            const int published = r.seen == TileStatus::Prefix ? p.prefixAt : p.aggregateAt;
            const double value = r.seen == TileStatus::Prefix ? p.inclusive : p.aggregate;
            const char letter = statusLetter(r.seen);
            if (published < 0 || published > r.at)
                out.push_back(what + " as " + letter + " before it was published");
            else if (value != r.value)
                out.push_back(what + " as " + letter + " = " + number(r.value) + ", but it published " + number(value));
        }
        int expected = tile.tile - 1;
        bool sawPrefix = tile.tile == 0;
        for (const TileRead& r : tile.reads)
            if (r.combined) sawPrefix = sawPrefix || r.seen == TileStatus::Prefix;
        std::vector<int> combined;
        for (const TileRead& r : tile.reads)
            if (r.combined) combined.push_back(r.predecessor);
        std::sort(combined.rbegin(), combined.rend());
        for (int pred : combined)
            if (pred != expected--) {
                out.push_back(who + " combined tile " + std::to_string(pred) + " but skipped a tile between");
                break;
            }
        if (!sawPrefix) out.push_back(who + " published its prefix without reading a predecessor's prefix");
        const double inclusive = tile.tile == 0 ? tile.aggregate : apply(op, type, tile.exclusive, tile.aggregate);
        if (sawPrefix && inclusive != tile.inclusive)
            out.push_back(who + " published the prefix " + number(tile.inclusive) + ", but what it read gives " +
                          number(inclusive));
    }
    return out;
}

}  // namespace rl
