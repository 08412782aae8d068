// The session loader's checks, one hostile change at a time to a valid session recorded on PoCL
// (corpus/valid_sequential_int16.json): each is refused with a message naming the problem.
#include <gtest/gtest.h>

#include <functional>

#include "core/files/json_io.h"
#include "core/session/session.h"
#include "tests/support/session_test_util.h"

namespace rl {
namespace {

using Json = nlohmann::json;

Json validJson() { return Json::parse(test::readFile(test::corpusPath("valid_sequential_int16.json"))); }

// Parses `text` expecting a refusal whose message contains `expected`.
void expectRefused(const std::string& text, const std::string& expected) {
    try {
        parseSession(text);
        ADD_FAILURE() << "accepted; expected a refusal mentioning \"" << expected << "\"";
    } catch (const Error& e) {
        EXPECT_EQ(e.kind(), ErrorKind::BadInput);
        EXPECT_NE(std::string(e.what()).find(expected), std::string::npos) << e.what();
    }
}

void expectRefused(const std::function<void(Json&)>& change, const std::string& expected) {
    Json j = validJson();
    change(j);
    expectRefused(j.dump(), expected);
}

Json& firstStage(Json& j, int stage = 0) { return j["trace"]["passes"][0]["groups"][0]["stages"][stage]; }

TEST(SessionParse, ValidSessionIsAccepted) {
    const Session s = parseSession(validJson().dump());
    EXPECT_EQ(s.config.variant, "sequential");
    EXPECT_EQ(s.config.n, 16u);
    EXPECT_EQ(s.trace.type, ElemType::Int);
    ASSERT_EQ(s.trace.passes.size(), 1u);
    // The load and one stage per halving of 16 work-items: s = 8, 4, 2, 1.
    ASSERT_EQ(s.trace.passes[0].traced[0].stages.size(), 5u);
    EXPECT_EQ(s.trace.passes[0].traced[0].stages[1].label, "s = 8");
    EXPECT_EQ(s.trace.passes[0].traced[0].stages[1].analysis.activeItems, 8);
    ASSERT_TRUE(s.timings.has_value());
    EXPECT_EQ(s.timings->config.seed, s.config.seed);
}

TEST(SessionParse, TheDataChoiceRoundTripsAndOldSessionsStillLoad) {
    // A session with the new patterns and a data file keeps them through save and load.
    for (const char* data : {"0-9", "0-99", "floats", "ones", "iota", "random"}) {
        Json j = validJson();
        j["config"]["data"] = data;
        j["timings"]["data"] = data;
        const Session s = parseSession(j.dump());
        EXPECT_EQ(toString(s.config.data), data);
        const Session again = parseSession(serializeSession(s));
        EXPECT_EQ(again.config.data, s.config.data);
    }
    Json j = validJson();
    j["config"]["data"] = "file";
    j["config"]["data_file"] = "/home/lecturer/marks.txt";
    j["timings"]["data"] = "file";
    j["timings"]["data_file"] = "/home/lecturer/marks.txt";
    const Session s = parseSession(j.dump());
    EXPECT_EQ(s.config.data, DataPattern::File);
    EXPECT_EQ(s.config.dataFile, "/home/lecturer/marks.txt");
    const Session again = parseSession(serializeSession(s));
    EXPECT_EQ(again.config.dataFile, "/home/lecturer/marks.txt");
    EXPECT_EQ(again.timings->config.dataFile, "/home/lecturer/marks.txt");
    // A file pattern without its file is refused; an unknown pattern too.
    expectRefused([](Json& k) { k["config"]["data"] = "file"; }, "data_file");
    expectRefused([](Json& k) { k["config"]["data"] = "0-999"; }, "field 'data': '0-999' is not a pattern; give 0-9");
    // A session written before the data choice was saved (no "data" at all) loads as the random data it had.
    Json old = validJson();
    old["config"].erase("data");
    old["timings"].erase("data");
    const Session o = parseSession(old.dump());
    EXPECT_EQ(o.config.data, DataPattern::Random);
    EXPECT_EQ(o.trace.result, 1091);
}

TEST(SessionParse, TheGroupsSettingRoundTripsAndOldSessionsLoadWithTheVariantsOwn) {
    Json j = validJson();
    EXPECT_FALSE(j["config"].contains("groups"));  // written before sessions kept it
    EXPECT_EQ(parseSession(j.dump()).config.groups, 0u);  // 0: the variant's own grid
    j["config"]["groups"] = 12;
    const Session s = parseSession(j.dump());
    EXPECT_EQ(s.config.groups, 12u);
    EXPECT_EQ(parseSession(serializeSession(s)).config.groups, 12u);
    expectRefused([](Json& k) { k["config"]["groups"] = -1; }, "groups");
    // n takes the run settings' range (up to 2^40), not 32 bits.
    Json config = j["config"];
    config["n"] = 1ull << 33;
    EXPECT_EQ(json::readConfig(config).n, size_t(1) << 33);
    config["n"] = (1ull << 40) + 1;
    EXPECT_THROW(json::readConfig(config), Error);
}

TEST(SessionParse, WhatIsNotJsonIsRefused) {
    const std::string text = validJson().dump();
    expectRefused("", "empty");
    expectRefused(text.substr(0, text.size() / 2), "not valid JSON");
    expectRefused(text + "garbage", "not valid JSON");
    expectRefused("[1, 2, 3]", "does not hold a JSON object");
    expectRefused(std::string(100000, '['), "nested deeper");
    expectRefused("{\"format\": \"reducelab-session\", \"saved_by\": \"\xff\xfe\"}", "not valid JSON");
    expectRefused(std::string(kMaxSessionBytes + 1, ' '), "larger than");
}

TEST(SessionParse, FormatAndVersionAreChecked) {
    expectRefused([](Json& j) { j.erase("format"); }, "'format'");
    expectRefused([](Json& j) { j["format"] = "reducelab-trace"; }, "'format'");
    expectRefused([](Json& j) { j["version"] = 2; }, "newer ReduceLab");
    expectRefused([](Json& j) { j["version"] = "1"; }, "'version'");
    expectRefused([](Json& j) { j["version"] = 0; }, "'version'");
    expectRefused([](Json& j) { j.erase("trace"); }, "missing field 'trace'");
}

TEST(SessionParse, FieldsOfTheWrongTypeOrRangeAreRefused) {
    expectRefused([](Json& j) { j["config"]["n"] = "16"; }, "in 'config': malformed data: field 'n' is not a number");
    expectRefused([](Json& j) { j["config"]["wg"] = 16.5; }, "field 'wg' is not a whole number");
    expectRefused([](Json& j) { j["config"]["n"] = 1e300; }, "field 'n' is out of range");
    expectRefused([](Json& j) { j["config"]["seed"] = -1; },
                  "field 'seed': -1 is out of range; give a number between 0 and 9007199254740992");
    expectRefused([](Json& j) { j["config"]["op"] = "product"; },
                  "field 'op': 'product' is not an operation; give sum, min or max");
    expectRefused([](Json& j) { j["device"]["sub_groups"] = 1; }, "in 'device'");
    expectRefused([](Json& j) { j["trace"]["passes"] = Json::object(); }, "'passes' is not an array");
    expectRefused([](Json& j) { j["timings"]["time_ms"] = -3; }, "in 'timings'");
}

TEST(SessionParse, AnInconsistentTraceIsRefused) {
    expectRefused([](Json& j) { firstStage(j)["values"][0] = 1.5; }, "not of type int");
    expectRefused([](Json& j) { firstStage(j)["values"][0] = 3e9; }, "not of type int");
    expectRefused([](Json& j) { firstStage(j, 1)["reads"][0] = Json::array({-3, 0}); }, "operation is malformed");
    expectRefused([](Json& j) { firstStage(j, 1)["writes"][0] = 1LL << 40; }, "operation is malformed");
    expectRefused([](Json& j) { firstStage(j, 1)["active"].erase(0); }, "differ in length");
    expectRefused([](Json& j) { firstStage(j, 1)["active_items"] = 3; }, "do not match its operations");
    expectRefused([](Json& j) { firstStage(j, 1)["active"][15] = true; }, "do not match its operations");
    expectRefused([](Json& j) { firstStage(j, 1)["label"] = std::string(65, 's'); }, "longer than 64");
    expectRefused([](Json& j) { j["trace"]["passes"][0]["groups"][0]["group"] = 5; }, "work-group 5");
    expectRefused([](Json& j) { j["trace"]["passes"] = Json::array(); }, "no pass");
    expectRefused([](Json& j) { j["trace"]["n"] = 32; }, "differ from the parameters");
    expectRefused([](Json& j) { j["trace"]["result"] = 0.25; }, "result is not a value of type int");
}

TEST(SessionParse, ParametersMustNameAKnownVariantAndAgree) {
    expectRefused(
        [](Json& j) {
            j["config"]["variant"] = "no-such-kernel";
            j["variant"]["id"] = "no-such-kernel";
            j["trace"]["variant"] = "no-such-kernel";
        },
        "does not know");
    expectRefused([](Json& j) { j["variant"]["id"] = "first-add"; }, "different variants");
    expectRefused([](Json& j) { j["timings"]["seed"] = 99; }, "other parameters");
}

TEST(SessionParse, TimingsMayBeAbsent) {
    Json j = validJson();
    j["timings"] = nullptr;
    EXPECT_FALSE(parseSession(j.dump()).timings.has_value());
}

TEST(SessionParse, FilesThatCannotBeOpenedNameThePath) {
    try {
        loadSession("/nonexistent/session.json");
        FAIL();
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("cannot open the session '/nonexistent/session.json'"), std::string::npos);
    }
    EXPECT_THROW(loadSession(RL_SESSION_CORPUS), Error);  // a directory
}

}  // namespace
}  // namespace rl
