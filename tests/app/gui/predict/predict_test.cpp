// Predict mode in the real binary under Xvfb: the next stage hidden ("?" on its row) until a prediction is submitted,
// work-items picked by clicks on the tree, the score, and the differences drawn where the layout puts the cells (a
// cross on a work-item wrongly called active, a ring round one left out); playback held at the hidden stage; the
// lecture screen's question in lecture-sized text, the room's answer marked and revealed with the clicker's key;
// the workbench kernel's trace predicted as the views show it; odd input (traces of one and two stages, an empty
// set, a typed value that is not a number) refused with a message, never a crash.
#include <gtest/gtest.h>

#include <string>

#include "tests/support/app_run.h"
#include "tests/support/screenshot_checks.h"

namespace rl::apptest {
namespace {

const view::Palette& pal() { return view::darkPalette(); }

std::vector<int> cellsOf(const nlohmann::json& marks, const std::string& kind) {
    std::vector<int> out;
    for (const auto& m : marks)
        if (m["kind"] == kind) out.push_back(m["cell"].get<int>());
    return out;
}

const nlohmann::json* markOf(const nlohmann::json& marks, const std::string& kind, int cell) {
    for (const auto& m : marks)
        if (m["kind"] == kind && m["cell"] == cell) return &m;
    return nullptr;
}

TEST(Predict, AStagePredictedPartlyWrongIsScoredAndItsDifferencesDrawn) {
    const std::string d = tempDir("predict");
    // Interleaved addressing with the divergent branch, 16 work-items over 0..15: stage 1 (s = 1) is done by the
    // even work-items 0, 2, ..., 14 (tid % 2 == 0). The student clicks 0, 1, 2 and 4: 1 is wrong, 6..14 are missed.
    const AppRun r = runApp(
        d,
        "--config-dir " + d + "/cfg --no-save --size 1600x1000 --variant interleaved-divergent --n 16 --wg 16 "
        "--type int --data iota --op sum --script \"wait-trace;settle;predict:on;frames:3;shot:" + d + "/waiting.png;"
        "hover:1,0;click;hover:1,1;click;hover:1,2;click;hover:1,4;click;frames:3;shot:" + d + "/picked.png;"
        "predict:submit;settle;frames:3;shot:" + d + "/revealed.png;"
        // Stage 2 (s = 2): one SIMD group of 32 lanes holds the 16 work-items, 4 of them active: 1 diverges.
        "predict-kind:divergent;predict-count:1;key:enter;settle;frames:2;"
        "key:right;frames:3;shot:" + d + "/held.png;"
        // Stage 3 (s = 4): cell 0 holds 0 + 1 + ... + 7 = 28.
        "predict-kind:value;predict-cell:0;predict-value:28;frames:2;shot:" + d + "/typed.png;predict:submit;settle;"
        "frames:3;shot:" + d + "/value.png;quit\"");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    Shot waiting, picked, revealed, held, typed, value;
    ASSERT_TRUE(loadShot(d + "/waiting.png", &waiting) && loadShot(d + "/picked.png", &picked) &&
                loadShot(d + "/revealed.png", &revealed) && loadShot(d + "/held.png", &held) &&
                loadShot(d + "/typed.png", &typed) && loadShot(d + "/value.png", &value));

    // Waiting: still on the load, stage 1 hidden and marked.
    const auto& w = waiting.geometry["predict"];
    EXPECT_TRUE(w["on"].get<bool>());
    EXPECT_EQ(waiting.geometry["step"], 0);
    EXPECT_EQ(w["waitingStep"], 1);
    EXPECT_EQ(w["hiddenRow"], 1);
    EXPECT_EQ(w["tally"], "no stage predicted yet");
    ASSERT_EQ(waiting.geometry["trees"].size(), 1u);
    const view::TreeLayout L(layoutOf(waiting.geometry["trees"][0]));
    EXPECT_FALSE(cellsOf(w["marks"], "question").empty());
    EXPECT_GT(rectOf(w["panel"]).h, 100);  // the panel with its question is drawn

    // Picked by clicks on the hidden row: the four work-items, each lit in the accent colour on its lane.
    const auto& pk = picked.geometry["predict"];
    EXPECT_EQ(pk["picked"], nlohmann::json::array({0, 1, 2, 4})) << pk.dump();
    EXPECT_EQ(cellsOf(pk["marks"], "picked"), std::vector<int>({0, 1, 2, 4}));
    for (int c : {0, 1, 2, 4})
        EXPECT_GT(fractionNear(picked.image, toPixels(picked, L.lane(1, c).inset(1)), pal().accent, 30), 0.5) << c;
    EXPECT_LT(fractionNear(picked.image, toPixels(picked, L.lane(1, 3).inset(1)), pal().accent, 30), 0.1);

    // Revealed: stage 1 on screen, 0 of 1 right, work-item 1 crossed, 6, 8, 10, 12, 14 ringed, in their colours.
    const auto& rv = revealed.geometry["predict"];
    EXPECT_EQ(revealed.geometry["step"], 1);
    EXPECT_EQ(rv["tally"], "0 of 1 stage right");
    EXPECT_EQ(rv["shownStep"], 1);
    EXPECT_FALSE(rv["shownCorrect"].get<bool>());
    EXPECT_EQ(cellsOf(rv["marks"], "wrong"), std::vector<int>({1}));
    EXPECT_EQ(cellsOf(rv["marks"], "missed"), std::vector<int>({6, 8, 10, 12, 14}));
    ASSERT_EQ(rv["differences"].size(), 2u);
    EXPECT_EQ(rv["differences"][0], "work-item 1 was idle (you said active)");
    EXPECT_EQ(rv["differences"][1], "work-items 6, 8, 10, 12, 14 were active (you left them out)");
    EXPECT_GT(countNear(revealed.image, toPixels(revealed, L.cell(1, 1)), pal().bad, 40), 20);  // the cross
    EXPECT_LT(countNear(revealed.image, toPixels(revealed, L.cell(1, 3)), pal().bad, 40), 5);
    const view::Rect ring = toPixels(revealed, rectOf((*markOf(rv["marks"], "missed", 8))["rect"]));
    EXPECT_GT(countNear(revealed.image, ring, pal().accent, 30), 40);  // the ring, in the colour of a pick
    EXPECT_LT(countNear(revealed.image, toPixels(revealed, L.cell(1, 2)), pal().accent, 30), 5);

    // The count was right; Right at the hidden stage 3 did not show it.
    const auto& h = held.geometry["predict"];
    EXPECT_EQ(h["tally"], "1 of 2 stages right");
    EXPECT_EQ(held.geometry["step"], 2);
    EXPECT_EQ(h["waitingStep"], 3);

    // The typed value sits in the chosen cell of the hidden row; once revealed it is scored right.
    EXPECT_EQ(cellsOf(typed.geometry["predict"]["marks"], "chosen"), std::vector<int>({0}));
    const auto& v = value.geometry["predict"];
    EXPECT_EQ(v["tally"], "2 of 3 stages right");
    EXPECT_TRUE(v["shownCorrect"].get<bool>());
    EXPECT_EQ(cellsOf(v["marks"], "typed"), std::vector<int>({0}));
    EXPECT_EQ(value.geometry["step"], 3);
}

TEST(Predict, TheLectureScreenAsksInLargeTextAndRevealsWithTheClicker) {
    const std::string d = tempDir("predict-lecture");
    // Sequential addressing at 16: stage 1 (s = 8) is done by work-items 0..7. The room names 0..6 (7 is missed);
    // Page Down reveals and scores it. The next press asks about stage 2 (s = 4), the one after reveals it with no
    // answer marked: work-items 0..3.
    const AppRun r = runApp(
        d,
        "--config-dir " + d + "/cfg --no-save --size 1920x1080 --variant sequential --n 16 --wg 16 --type int "
        "--data iota --script \"wait-trace;settle;key:f5;frames:2;key:q;frames:3;shot:" + d + "/ask.png;"
        "predict-pick:0,1,2,3,4,5;hover:1,6;click;frames:2;key:pagedown;settle;frames:3;shot:" + d + "/scored.png;"
        "key:pagedown;frames:3;shot:" + d + "/ask2.png;key:pagedown;settle;frames:3;shot:" + d + "/answer.png;quit\"");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    Shot ask, scored, ask2, answer;
    ASSERT_TRUE(loadShot(d + "/ask.png", &ask) && loadShot(d + "/scored.png", &scored) &&
                loadShot(d + "/ask2.png", &ask2) && loadShot(d + "/answer.png", &answer));
    const auto& a = ask.geometry["predict"];
    EXPECT_TRUE(a["on"].get<bool>());
    EXPECT_EQ(a["waitingStep"], 1);
    EXPECT_EQ(a["prompt"], "Predict s = 8:  Which work-items will be active?");
    EXPECT_GE(a["promptSize"].get<float>(), 28.0f);  // lecture-sized text
    const view::Rect prompt = toPixels(ask, rectOf(a["promptRect"]));
    EXPECT_GT(prompt.h, 24);
    EXPECT_GT(countNear(ask.image, prompt, pal().accent, 40), 200);

    const auto& s = scored.geometry["predict"];
    EXPECT_EQ(scored.geometry["step"], 1);
    EXPECT_EQ(s["tally"], "0 of 1 stage right");
    EXPECT_EQ(cellsOf(s["marks"], "missed"), std::vector<int>({7}));
    EXPECT_TRUE(cellsOf(s["marks"], "wrong").empty());
    EXPECT_EQ(s["prompt"], "\xe2\x9c\x97 work-item 7 was active (you left it out)");
    EXPECT_TRUE(cellsOf(s["marks"], "question").empty());  // the next stage is not asked yet

    EXPECT_EQ(ask2.geometry["step"], 1);
    EXPECT_EQ(ask2.geometry["predict"]["prompt"], "Predict s = 4:  Which work-items will be active?");
    EXPECT_EQ(cellsOf(ask2.geometry["predict"]["marks"], "question"), std::vector<int>({-1}));

    const auto& n = answer.geometry["predict"];
    EXPECT_EQ(answer.geometry["step"], 2);
    EXPECT_EQ(n["prompt"], "Answer: work-items 0 to 3 are active (4)");
    EXPECT_EQ(n["tally"], "0 of 1 stage right");  // shown, not scored
}

TEST(Predict, TheStudentsKernelIsPredictedAsTheViewsShowIt) {
    const std::string d = tempDir("predict-kernel");
    // The workbench's New template, checked: side A shows its trace (stages recorded on Oclgrind). An empty set
    // predicted for its first tree stage misses exactly the work-items the trace has active there; checking the
    // kernel again brings a new trace, predicted from its load, and the score stays. Then the text is 1.5 times
    // larger (the lecture size in the explorer): the panel stays in the window.
    const AppRun r = runApp(
        d,
        "--config-dir " + d + "/cfg --no-save --size 1600x1000 --n 32 --wg 16 --type int --data iota "
        "--script \"wait-trace;kernel-new;kernel-check;settle;predict:on;predict:start-over;frames:2;predict:submit;"
        "settle;frames:3;shot:" + d + "/kernel.png;kernel-check;settle;frames:3;shot:" + d + "/again.png;"
        "classroom:font=1.5;frames:4;shot:" + d + "/large.png;quit\"",
        "XDG_DATA_HOME=" + d + "/data");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    Shot kernel, again, large;
    ASSERT_TRUE(loadShot(d + "/kernel.png", &kernel) && loadShot(d + "/again.png", &again) &&
                loadShot(d + "/large.png", &large));
    EXPECT_TRUE(kernel.geometry["workbench"]["showingTrace"].get<bool>());
    EXPECT_EQ(kernel.geometry["shownDevice"], "Oclgrind");
    const auto& k = kernel.geometry["predict"];
    EXPECT_EQ(kernel.geometry["step"], 1);
    EXPECT_EQ(k["shownStep"], 1);
    EXPECT_EQ(k["tally"], "0 of 1 stage right");
    ASSERT_EQ(kernel.geometry["stageFacts"].size(), 1u);
    const int active = kernel.geometry["stageFacts"][0]["activeItems"];
    EXPECT_GT(active, 0);
    EXPECT_EQ(int(cellsOf(k["marks"], "missed").size()), active);
    EXPECT_EQ(k["differences"].size(), 1u);

    EXPECT_EQ(again.geometry["step"], 0);
    EXPECT_EQ(again.geometry["predict"]["waitingStep"], 1);
    EXPECT_EQ(again.geometry["predict"]["tally"], "0 of 1 stage right");

    const view::Rect panel = rectOf(large.geometry["predict"]["panel"]);
    const float w = large.geometry["width"].get<float>() / large.geometry["pixelScale"].get<float>();
    EXPECT_GT(panel.h, rectOf(again.geometry["predict"]["panel"]).h * 1.2f);
    EXPECT_LE(panel.right(), w + 1);
}

TEST(Predict, OddInputIsRefusedWithAMessageNeverACrash) {
    const std::string d = tempDir("predict-odd");
    // Two elements, two work-items: the load and one stage. Turned on at the end, predict mode starts over; an
    // empty set is a prediction (wrong: work-item 0 adds); then nothing waits, and a submit says so.
    AppRun r = runApp(d,
                      "--config-dir " + d + "/cfg --no-save --size 1400x900 --variant sequential --n 2 --wg 2 "
                      "--type int --data iota --stage -1 --script \"wait-trace;settle;predict:on;frames:2;"
                      "shot:" + d + "/on.png;predict:submit;settle;frames:2;shot:" + d + "/end.png;"
                      "predict-kind:value;predict-value:abc;frames:2;predict:submit;quit\"");
    EXPECT_EQ(r.exitCode, 2) << r.err;
    EXPECT_NE(r.err.find("no stage is waiting for a prediction"), std::string::npos) << r.err;
    Shot on, end;
    ASSERT_TRUE(loadShot(d + "/on.png", &on) && loadShot(d + "/end.png", &end));
    EXPECT_EQ(on.geometry["step"], 0);
    EXPECT_EQ(on.geometry["predict"]["waitingStep"], 1);
    EXPECT_EQ(end.geometry["predict"]["tally"], "0 of 1 stage right");
    EXPECT_EQ(cellsOf(end.geometry["predict"]["marks"], "missed"), std::vector<int>({0}));
    EXPECT_EQ(end.geometry["predict"]["waitingStep"], -1);

    // A typed value that is not a number is not scored: the script stops with the panel's message.
    r = runApp(d,
               "--config-dir " + d + "/cfg --no-save --size 1400x900 --variant sequential --n 8 --wg 8 --type int "
               "--script \"wait-trace;settle;predict:on;predict-kind:value;predict-value:12abc;frames:2;"
               "predict:submit;quit\"");
    EXPECT_EQ(r.exitCode, 2) << r.err;
    EXPECT_NE(r.err.find("'12abc' is not a number"), std::string::npos) << r.err;

    // One element, one work-item: the load is the only stage, there is nothing to predict; Right and Skip do nothing.
    r = runApp(d,
               "--config-dir " + d + "/cfg --no-save --size 1400x900 --variant sequential --n 1 --wg 1 --type int "
               "--script \"wait-trace;settle;predict:on;key:right;frames:3;shot:" + d + "/one.png;predict:skip;quit\"");
    EXPECT_EQ(r.exitCode, 2) << r.err;
    EXPECT_NE(r.err.find("no stage is waiting for a prediction"), std::string::npos) << r.err;
    Shot one;
    ASSERT_TRUE(loadShot(d + "/one.png", &one));
    EXPECT_EQ(one.geometry["steps"], 1);
    EXPECT_EQ(one.geometry["step"], 0);
    EXPECT_TRUE(one.geometry["predict"]["on"].get<bool>());
    EXPECT_EQ(one.geometry["predict"]["waitingStep"], -1);
}

}  // namespace
}  // namespace rl::apptest
