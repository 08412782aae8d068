// decoupled-look-back's log as a timeline: logs written out by hand, one keeping the protocol and others each breaking
// one of its rules, and the tiles' offsets read from a scan's output.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/files/json_io.h"
#include "core/model/look_back.h"

namespace rl {
namespace {

using E = LookBackEvent;

E entry(E::What what, int tile, int other, double value, int polls = 0) {
    E e;
    e.what = what;
    e.tile = tile;
    e.other = other;
    e.value = value;
    e.polls = polls;
    return e;
}

// Three tiles with totals 5, 7 and 2. Tile 1 reads tile 0's P at once; tile 2 reads tile 1 while it holds only its A
// (after three polls of X), then tile 0's P, combines both, and publishes 5 + 7 + 2 = 14.
std::vector<E> keptLog() {
    return {entry(E::Ticket, 0, 0, 0),      entry(E::Ticket, 1, 2, 0),          entry(E::Prefix, 0, 0, 5),
            entry(E::Aggregate, 1, 1, 7),   entry(E::Ticket, 2, 1, 0),          entry(E::Aggregate, 2, 2, 2),
            entry(E::ReadAggregate, 2, 1, 7, 3), entry(E::ReadPrefix, 2, 0, 5), entry(E::ReadPrefix, 1, 0, 5),
            entry(E::Prefix, 1, 1, 12),     entry(E::Prefix, 2, 2, 14)};
}

TEST(LookBackTimeline, ReadsEachTilesStatusAndWhatItCombined) {
    const LookBackTimeline t = lookBackTimeline(keptLog(), 3, 0, Op::Sum, ElemType::Int);
    ASSERT_EQ(t.tiles.size(), 3u);
    EXPECT_EQ(t.length, 11);
    EXPECT_TRUE(t.complete);
    const TileLookBack& t2 = t.tiles[2];
    EXPECT_EQ(t2.group, 1);
    EXPECT_EQ(t2.ticketAt, 4);
    EXPECT_EQ(t2.aggregateAt, 5);
    EXPECT_EQ(t2.prefixAt, 10);
    EXPECT_EQ(t2.depth, 2);
    EXPECT_EQ(t2.polls, 3);
    EXPECT_EQ(t2.exclusive, 12);
    EXPECT_EQ(t2.aggregate, 2);
    EXPECT_EQ(t2.inclusive, 14);
    EXPECT_EQ(t2.statusAt(4), TileStatus::None);
    EXPECT_EQ(t2.statusAt(5), TileStatus::Aggregate);
    EXPECT_EQ(t2.statusAt(10), TileStatus::Prefix);
    // Tile 0 has no A: X until it publishes P, its aggregate.
    EXPECT_EQ(t.tiles[0].statusAt(1), TileStatus::None);
    EXPECT_EQ(t.tiles[0].statusAt(2), TileStatus::Prefix);
    EXPECT_EQ(t.tiles[0].aggregate, 5);
    EXPECT_EQ(t.tiles[1].depth, 1);
    EXPECT_EQ(t.tiles[1].exclusive, 5);
    EXPECT_EQ(lookBackProblems(t, Op::Sum, ElemType::Int), std::vector<std::string>{});
}

TEST(LookBackTimeline, ReadsPastTheFirstPrefixAreNotCombined) {
    // Tile 2 reads tile 1's P and, in the same window, tile 0's P: only tile 1's counts.
    std::vector<E> log = {entry(E::Ticket, 0, 0, 0),    entry(E::Prefix, 0, 0, 5),     entry(E::Ticket, 1, 1, 0),
                          entry(E::Aggregate, 1, 1, 7), entry(E::ReadPrefix, 1, 0, 5), entry(E::Prefix, 1, 1, 12),
                          entry(E::Ticket, 2, 2, 0),    entry(E::Aggregate, 2, 2, 2),  entry(E::ReadPrefix, 2, 0, 5),
                          entry(E::ReadPrefix, 2, 1, 12), entry(E::Prefix, 2, 2, 14)};
    const LookBackTimeline t = lookBackTimeline(log, 3, 0, Op::Sum, ElemType::Int);
    EXPECT_EQ(t.tiles[2].depth, 1);
    EXPECT_EQ(t.tiles[2].exclusive, 12);
    EXPECT_FALSE(t.tiles[2].reads[0].combined);  // tile 0, read first but older
    EXPECT_TRUE(t.tiles[2].reads[1].combined);
    EXPECT_TRUE(lookBackProblems(t, Op::Sum, ElemType::Int).empty());
}

TEST(LookBackTimeline, NamesEachBrokenRule) {
    auto problems = [](std::vector<E> log, size_t dropped = 0) {
        return lookBackProblems(lookBackTimeline(log, 3, dropped, Op::Sum, ElemType::Int), Op::Sum, ElemType::Int);
    };
    auto first = [](const std::vector<std::string>& p) { return p.empty() ? std::string() : p.front(); };
    // A read of tile 1's A before tile 1 published it.
    std::vector<E> early = keptLog();
    const E aggregate1 = early[3];
    early.erase(early.begin() + 3);
    early.insert(early.begin() + 6, aggregate1);  // tile 1's A now comes after tile 2 read it
    EXPECT_EQ(first(problems(early)), "tile 2 read tile 1 as A before it was published");
    // A read of a value the predecessor never published.
    std::vector<E> value = keptLog();
    value[6].value = 8;
    EXPECT_EQ(first(problems(value)), "tile 2 read tile 1 as A = 8, but it published 7");
    // A prefix that is not what was read, combined with the aggregate.
    std::vector<E> sum = keptLog();
    sum[10].value = 15;
    EXPECT_EQ(first(problems(sum)), "tile 2 published the prefix 15, but what it read gives 14");
    // Tile 2 combines tile 0's P but never read tile 1.
    std::vector<E> skip = keptLog();
    skip.erase(skip.begin() + 6);
    skip[9].value = 7;
    EXPECT_EQ(first(problems(skip)), "tile 2 combined tile 0 but skipped a tile between");
    // A tile that never finished.
    std::vector<E> unfinished = keptLog();
    unfinished.pop_back();
    EXPECT_EQ(first(problems(unfinished)), "tile 2 never published its prefix");
    // A log cut short says so.
    EXPECT_EQ(first(problems(keptLog(), 4)), "the log was cut short: it had no room for every entry");
    // A read of a later tile.
    std::vector<E> later = keptLog();
    later[8] = entry(E::ReadPrefix, 1, 2, 14);
    EXPECT_NE(problems(later).size(), 0u);
    EXPECT_EQ(first(problems(later)), "tile 1 read tile 2, which is not a predecessor");
}

TEST(LookBackTimeline, EntriesInWords) {
    EXPECT_EQ(describeLookBackEntry(entry(E::Ticket, 2, 1, 0)), "work-group 1 drew ticket 2: it scans tile 2");
    EXPECT_EQ(describeLookBackEntry(entry(E::Aggregate, 1, 1, 7)), "tile 1 published its aggregate: A = 7");
    EXPECT_EQ(describeLookBackEntry(entry(E::ReadAggregate, 2, 1, 7, 3)),
              "tile 2 read tile 1's aggregate: A = 7 (after 3 reads of X)");
    EXPECT_EQ(describeLookBackEntry(entry(E::ReadPrefix, 1, 0, 5)), "tile 1 read tile 0's inclusive prefix: P = 5");
}

// Tiles of 4 over a scan of 1..10: offsets from the output before each tile (inclusive) or at its start (exclusive),
// totals from the look-back's aggregates.
TEST(TileSummaries, OffsetsFromTheOutputAndTotalsFromTheLog) {
    TraceRun run;
    PassTrace pass;
    pass.groups = 3;
    pass.local = 2;
    run.passes.push_back(pass);
    run.output = {1, 3, 6, 10, 15, 21, 28, 36, 45, 55};
    run.lookBack = {entry(E::Prefix, 0, 0, 10), entry(E::Aggregate, 1, 1, 26), entry(E::Aggregate, 2, 2, 19)};
    auto tiles = tileSummaries(run, 4, 1, Op::Sum, ElemType::Int);
    ASSERT_EQ(tiles.size(), 3u);
    EXPECT_EQ(tiles[0].offset, 0);
    EXPECT_EQ(tiles[1].offset, 10);
    EXPECT_EQ(tiles[2].offset, 36);
    EXPECT_EQ(tiles[2].first, 8u);
    EXPECT_EQ(tiles[2].count, 2u);
    EXPECT_TRUE(tiles[1].hasTotal);
    EXPECT_EQ(tiles[1].total, 26);
    run.exclusive = true;
    run.output = {0, 1, 3, 6, 10, 15, 21, 28, 36, 45};
    tiles = tileSummaries(run, 4, 1, Op::Sum, ElemType::Int);
    EXPECT_EQ(tiles[1].offset, 10);
    EXPECT_EQ(tiles[2].offset, 36);
    // A tiled scan: level 1's load holds level 0's totals.
    run.lookBack.clear();
    Stage load;
    load.values = {10, 26, 19, 0};
    GroupTrace g;
    g.group = 0;
    g.stages.push_back(load);
    PassTrace level1;
    level1.local = 4;
    level1.groups = 1;
    level1.traced.push_back(g);
    run.passes.push_back(level1);
    tiles = tileSummaries(run, 4, 1, Op::Sum, ElemType::Int);
    EXPECT_TRUE(tiles[2].hasTotal);
    EXPECT_EQ(tiles[2].total, 19);
    // Work-items that load a run each record their runs' totals: not the tiles'.
    tiles = tileSummaries(run, 4, 2, Op::Sum, ElemType::Int);
    EXPECT_FALSE(tiles[2].hasTotal);
}

// A trace's JSON keeps the log entry for entry, with what was cut; a malformed entry is refused with why.
TEST(LookBackTimeline, TheTraceJsonKeepsTheLog) {
    TraceRun t;
    t.variant = "decoupled-look-back";
    t.n = 3;
    t.wg = 16;
    t.output = {1, 2, 3};
    t.lookBack = keptLog();
    t.lookBackDropped = 2;
    const auto j = json::trace(t);
    EXPECT_EQ(j["look_back"][6], nlohmann::json::parse(R"(["read_a", 2, 1, 3, 7])"));
    const TraceRun back = json::readTrace(j);
    EXPECT_EQ(back.lookBack, t.lookBack);
    EXPECT_EQ(back.lookBackDropped, 2u);
    auto bad = j;
    bad["look_back"][0][0] = "waited";
    try {
        json::readTrace(bad);
        ADD_FAILURE() << "an unknown entry was read";
    } catch (const std::exception& e) {
        EXPECT_NE(std::string(e.what()).find("unknown look_back entry \"waited\""), std::string::npos) << e.what();
    }
}

}  // namespace
}  // namespace rl
