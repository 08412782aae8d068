// `reducelab check --pattern scan --kernel FILE`: a student's scan kernel (tests/data/workbench/kernels/scan)
// checked by the real binary: launched as the built-in tiled scans are (the tile scans, the totals scanned by the
// same kernel, the uniform adds), every element checked against the host's scan, traced and checked on Oclgrind.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/process/child_process.h"
#include "tests/support/cli_run.h"

namespace {

using nlohmann::json;
using rl::process::ChildResult;

std::string kernel(const std::string& name) { return std::string(RL_WORKBENCH_KERNELS) + "/scan/" + name; }

ChildResult checkScan(std::vector<std::string> args) {
    args.insert(args.begin(), {RL_REDUCELAB_BIN, "check", "--pattern", "scan", "--json"});
    return rl::process::runProgram(args, 600);
}

json report(const ChildResult& r) { return rl::test::jsonReport(r); }

TEST(CliCheckScan, APlainHillisSteeleScanPassesAtEverySizeOpAndTypeAndEqualsItsModelOnOclgrind) {
    const ChildResult r = checkScan({"--kernel", kernel("plain_hillis_steele.cl"), "--wg", "16", "--type", "int",
                                     "--model", "hillis-steele"});
    const json j = report(r);
    EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
    EXPECT_TRUE(j.at("builds").get<bool>());
    EXPECT_TRUE(j.at("correct").get<bool>());
    EXPECT_TRUE(j.at("races").empty()) << j.at("races").dump(1);
    EXPECT_TRUE(j.at("out_of_bounds").empty()) << j.at("out_of_bounds").dump(1);
    EXPECT_EQ(j.at("traced_on").get<std::string>(), "Oclgrind");
    // The load and log2(16) = 4 steps, each between two barriers; each step the half of the double buffer it
    // wrote, which is the model's tile stage by stage, with no macro in the kernel.
    EXPECT_EQ(j.at("stages").get<int>(), 5);
    EXPECT_TRUE(j.at("first_mismatch").is_null()) << j.at("first_mismatch").dump();
    // The sizes: 1, a prime past three tiles, and three levels of tiles (16 x 16 x 2 + 7), for every op and type.
    std::vector<size_t> sizes;
    bool sawMinFloat = false;
    for (const json& s : j.at("sizes")) {
        sizes.push_back(s.at("n").get<size_t>());
        EXPECT_TRUE(s.at("correct").get<bool>()) << s.dump();
        sawMinFloat = sawMinFloat || s.at("why").get<std::string>().find("(min float)") != std::string::npos;
    }
    for (size_t n : {size_t(1), size_t(53), size_t(519)})
        EXPECT_NE(std::find(sizes.begin(), sizes.end(), n), sizes.end()) << "n = " << n;
    EXPECT_TRUE(sawMinFloat) << "RL_APPLY and RL_IDENTITY: every op and type is checked";
    bool threeLevels = false;
    for (const json& s : j.at("sizes"))
        threeLevels = threeLevels || s.at("why").get<std::string>().find("three levels of tiles") != std::string::npos;
    EXPECT_TRUE(threeLevels);
}

TEST(CliCheckScan, APaddedConflictFreeScanEqualsItsModelCellByCellThroughItsWords) {
    // Work-groups of 64: cells 32-63 sit one word up (GPU Gems' padding), so the trace's words are not the model's
    // cells; the 64 words the kernel wrote are, in order.
    const ChildResult r = checkScan({"--kernel", kernel("padded_blelloch.cl"), "--wg", "64", "--type", "int",
                                     "--model", "blelloch-conflict-free"});
    const json j = report(r);
    EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
    EXPECT_TRUE(j.at("correct").get<bool>());
    EXPECT_EQ(j.at("traced_on").get<std::string>(), "Oclgrind");
    // The load, six steps up, the root cleared, six steps down, each cell's own input added.
    EXPECT_EQ(j.at("stages").get<int>(), 15);
    EXPECT_TRUE(j.at("first_mismatch").is_null()) << j.at("first_mismatch").dump();
    // The analysis reads the student's own words: the padding leaves no bank conflict in any stage.
    for (const json& s : j.at("stage_facts")) EXPECT_LE(s.at("bank_conflict_degree").get<int>(), 1) << s.dump();
    // Another model is still told apart: Hillis-Steele's first step adds every neighbour, Blelloch's every other.
    const ChildResult h = checkScan({"--kernel", kernel("padded_blelloch.cl"), "--wg", "64", "--type", "int",
                                     "--model", "hillis-steele"});
    const json hj = report(h);
    ASSERT_FALSE(hj.at("first_mismatch").is_null()) << h.out;
    EXPECT_EQ(hj.at("first_mismatch").at("stage").get<int>(), 1) << hj.at("first_mismatch").dump();
}

// Scans written the textbook ways are compared fairly: a step done in registers is said, not failed; a clear is the
// operation of the work-item that wrote it; an interval that only reads is not a stage (docs/kernels.md).
TEST(CliCheckScan, ATextbookWorkEfficientScanEqualsBlellochsModelWithItsOwnValueAddedInARegister) {
    const ChildResult r = checkScan({"--kernel", kernel("textbook_blelloch.cl"), "--wg", "64", "--type", "int",
                                     "--model", "blelloch"});
    const json j = report(r);
    EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
    EXPECT_TRUE(j.at("correct").get<bool>());
    EXPECT_EQ(j.at("traced_on").get<std::string>(), "Oclgrind");
    // The load, six steps up, the root cleared, six steps down: the interval that only reads the total is no stage,
    // and the own value is added in a register, not in local memory.
    ASSERT_EQ(j.at("stages").get<int>(), 14) << j.at("stage_facts").dump(1);
    EXPECT_TRUE(j.at("first_mismatch").is_null()) << j.at("first_mismatch").dump();
    bool said = false;
    for (const json& note : j.at("notes"))
        said = said || note.get<std::string>().find("adds each element's own value as it stores the result") !=
                           std::string::npos;
    EXPECT_TRUE(said) << j.at("notes").dump(1);
    // The root's clear is work-item 0's write: one active work-item in that stage.
    EXPECT_EQ(j.at("stage_facts")[7].at("active_items").get<int>(), 1) << j.at("stage_facts")[7].dump();
    // Against Hillis-Steele's model it still differs, at its first step.
    const ChildResult h = checkScan({"--kernel", kernel("textbook_blelloch.cl"), "--wg", "64", "--type", "int",
                                     "--model", "hillis-steele"});
    const json hj = report(h);
    ASSERT_FALSE(hj.at("first_mismatch").is_null()) << h.out;
    EXPECT_EQ(hj.at("first_mismatch").at("stage").get<int>(), 1) << hj.at("first_mismatch").dump();
}

TEST(CliCheckScan, ATextbookKoggeStoneScanInPlaceEqualsHillisSteelesModel) {
    const ChildResult r = checkScan({"--kernel", kernel("textbook_kogge_stone.cl"), "--wg", "16", "--type", "int",
                                     "--model", "hillis-steele"});
    const json j = report(r);
    EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
    EXPECT_TRUE(j.at("correct").get<bool>());
    EXPECT_TRUE(j.at("races").empty()) << j.at("races").dump(1);
    // The load and four steps: each step's reading interval holds its sums in registers and is no stage.
    ASSERT_EQ(j.at("stages").get<int>(), 5) << j.at("stage_facts").dump(1);
    EXPECT_TRUE(j.at("first_mismatch").is_null()) << j.at("first_mismatch").dump();
    // Step d: the work-items from d on write their cell.
    EXPECT_EQ(j.at("stage_facts")[1].at("active_items").get<int>(), 15) << j.at("stage_facts")[1].dump();
    EXPECT_EQ(j.at("stage_facts")[4].at("active_items").get<int>(), 8) << j.at("stage_facts")[4].dump();
}

TEST(CliCheckScan, TheExclusiveScanIsCheckedWhenAskedFor) {
    const ChildResult r = checkScan({"--kernel", kernel("plain_hillis_steele.cl"), "--wg", "16", "--exclusive",
                                     "--no-sim"});
    const json j = report(r);
    EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
    EXPECT_TRUE(j.at("correct").get<bool>());
    // The same kernel built without RL_EXCLUSIVE's branch is not an exclusive scan: forgets_total writes the
    // inclusive one whatever is asked, and its missing totals make it wrong past one tile besides.
    const ChildResult wrong = checkScan({"--kernel", kernel("forgets_total.cl"), "--wg", "16", "--exclusive",
                                         "--no-sim"});
    EXPECT_EQ(wrong.exitCode, 1) << wrong.out << wrong.err;
    const json w = report(wrong);
    ASSERT_FALSE(w.at("sizes").empty());
    EXPECT_FALSE(w.at("sizes")[0].at("correct").get<bool>()) << w.at("sizes")[0].dump();  // n = 1: in[0], not 0
}

TEST(CliCheckScan, AScanThatForgetsItsTileTotalIsRightForOneTileAndNamesTheFirstWrongElementPastIt) {
    const ChildResult r = checkScan({"--kernel", kernel("forgets_total.cl"), "--wg", "16", "--type", "int",
                                     "--no-sim"});
    const json j = report(r);
    EXPECT_EQ(r.exitCode, 1) << r.out << r.err;
    EXPECT_FALSE(j.at("correct").get<bool>());
    int wrong = 0;
    for (const json& s : j.at("sizes")) {
        const size_t n = s.at("n").get<size_t>();
        if (n <= 16) {
            EXPECT_TRUE(s.at("correct").get<bool>()) << s.dump();  // one tile: nothing to carry
            continue;
        }
        ++wrong;
        EXPECT_FALSE(s.at("correct").get<bool>()) << s.dump();
        // The first element of the second tile is the first that misses the tiles before it.
        EXPECT_NE(s.at("message").get<std::string>().find("element 16"), std::string::npos) << s.dump();
    }
    EXPECT_GE(wrong, 3);
}

// A min scan that takes 0 for the identity stays right once a prefix falls below 0: random values of both signs let
// it pass at some sizes (2 and 1000 at work-groups of 64, where the first value is negative). The check's case of
// values all above 0 fails it whatever the data; its sums are right.
TEST(CliCheckScan, AMinScanThatTakes0ForTheIdentityFailsOnValuesAllAbove0) {
    const ChildResult r = checkScan({"--kernel", kernel("zero_identity_blelloch.cl"), "--wg", "16", "--type", "int",
                                     "--op", "min"});
    const json j = report(r);
    EXPECT_NE(r.exitCode, 0) << r.out << r.err;
    EXPECT_FALSE(j.at("correct").get<bool>());
    bool seen = false;
    for (const json& s : j.at("sizes")) {
        const std::string why = s.at("why").get<std::string>();
        if (why.rfind("every value above 0 for a min", 0) != 0) continue;
        seen = true;
        EXPECT_EQ(s.at("n").get<size_t>(), 5u * 16 + 8 + 1);
        EXPECT_FALSE(s.at("correct").get<bool>()) << s.dump();
    }
    EXPECT_TRUE(seen) << j.at("sizes").dump(1);
    const json sums = report(checkScan({"--kernel", kernel("zero_identity_blelloch.cl"), "--wg", "16", "--type", "int",
                                         "--op", "sum"}));
    size_t sumSizes = 0;
    for (const json& s : sums.at("sizes")) {
        const std::string why = s.at("why").get<std::string>();
        if (why.find("(min ") != std::string::npos || why.find("(max ") != std::string::npos) continue;
        ++sumSizes;  // the sum's own sizes (other ops carry theirs in brackets)
        EXPECT_TRUE(s.at("correct").get<bool>()) << s.dump();
    }
    EXPECT_GE(sumSizes, 9u);
}

TEST(CliCheckScan, AnInPlaceHillisSteeleIsARaceOnTheLineOfItsStep) {
    const ChildResult r = checkScan({"--kernel", kernel("in_place_race.cl"), "--wg", "16", "--type", "int"});
    const json j = report(r);
    EXPECT_EQ(r.exitCode, 1) << r.out << r.err;
    ASSERT_FALSE(j.at("races").empty()) << r.out;
    bool onStep = false;
    for (const json& f : j.at("races")) onStep = onStep || f.at("line").get<int>() == 10;
    EXPECT_TRUE(onStep) << j.at("races").dump(1);
    EXPECT_GE(j.at("races")[0].at("stage").get<int>(), 1);  // a step, not the load
    // Traced on Oclgrind, which runs one work-item after another: the trace leaves Hillis-Steele's at its first step.
    const ChildResult m = checkScan({"--kernel", kernel("in_place_race.cl"), "--wg", "16", "--type", "int",
                                     "--model", "hillis-steele"});
    const json mj = report(m);
    ASSERT_FALSE(mj.at("first_mismatch").is_null()) << m.out;
    EXPECT_EQ(mj.at("first_mismatch").at("stage").get<int>(), 1) << mj.at("first_mismatch").dump();
}

TEST(CliCheckScan, ArgumentsInAnotherOrderAreMatchedAndTheReportSaysHow) {
    const ChildResult r = checkScan({"--kernel", kernel("reordered_names.cl"), "--wg", "16", "--no-sim"});
    const json j = report(r);
    EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
    EXPECT_EQ(j.at("type").get<std::string>(), "int");  // written for int: the type follows
    std::string notes;
    for (const json& n : j.at("notes")) notes += n.get<std::string>() + "\n";
    EXPECT_NE(notes.find("'__global int *block_sums' is the tile totals"), std::string::npos) << notes;
}

TEST(CliCheckScan, AReductionKernelCheckedAsAScanIsRefusedWithTheScanContract) {
    const ChildResult r = checkScan({"--kernel", std::string(RL_WORKBENCH_KERNELS) + "/plain_sequential.cl"});
    EXPECT_EQ(r.exitCode, 2) << r.out << r.err;
    const json j = report(r);
    const std::string contract = j.at("contract").get<std::string>();
    EXPECT_NE(contract.find("__global T *sums"), std::string::npos) << contract;
    // A reduction's model for a scan kernel: said before anything runs.
    const ChildResult model = rl::process::runProgram(
        {RL_REDUCELAB_BIN, "check", "--pattern", "scan", "--kernel", kernel("plain_hillis_steele.cl"), "--model",
         "sequential"},
        120);
    EXPECT_EQ(model.exitCode, 2) << model.out << model.err;
    EXPECT_NE(model.err.find("'sequential' is a reduce kernel"), std::string::npos) << model.err;
}

}  // namespace
