// The presenter view under an X server of two screens (Xvfb with Xinerama): the projector's window shows the
// lecture screen alone (the tree and its caption, no controls, no key hints), the main window the console (the
// controls, now and next, the lesson and the stage's words, predict mode's answer, a clock); a key pressed over the
// projector steps both; B blanks the projector only; F7 gives one window back, and F7 again the projector.
#include <gtest/gtest.h>

#include <regex>
#include <string>

#include "tests/support/app_run.h"
#include "tests/support/screenshot_checks.h"

namespace rl::apptest {
namespace {

// Pixels of `r` that are not the background colour `bg`.
int drawnPixels(const Shot& s, const view::Rect& r, view::Rgba bg) {
    const view::Rect px = toPixels(s, r);
    return int(px.w) * int(px.h) - countNear(s.image, px, bg, 6);
}

TEST(PresenterView, TheProjectorShowsTheLectureScreenAndTheConsoleTheRestKeysFromEitherWindow) {
    const std::string d = tempDir("presenter");
    const auto both = [&](const char* name) {
        return "shot:" + d + "/" + name + "-console.png;classroom:projector-shot=" + d + "/" + name +
               "-projector.png;frames:2;";
    };
    const AppRun r = runApp(
        d,
        "--config-dir " + d + "/cfg --size 1500x900 --presenter --variant sequential --n 16 --wg 16 --type int "
        "--data iota --script \"wait-trace;settle;frames:3;" + both("first") +
            // A clicker aimed at the projector's window: the next stage, on both windows.
            "projector-key:right;settle;frames:2;" + both("second") +
            // Predict mode from the projector's keys: the console shows the question and its answer.
            "projector-key:q;frames:3;" + both("predict") +
            // B blanks the projector, not the console.
            "key:b;frames:2;" + both("blank") + "key:b;frames:2;"
            // F7: one window again, the explorer's panels back; a step there; F7 again: the projector, on that step.
            "key:f7;frames:4;shot:" + d + "/one.png;predict:off;key:right;settle;key:f7;frames:4;" + both("again") +
            "quit\"",
        "", "+xinerama -screen 0 1600x950x24 -screen 1 1280x720x24");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    Shot first, firstP, second, secondP, predictC, predictP, blankC, blankP, one, again, againP;
    for (auto [name, s] : {std::pair{"first-console", &first}, {"first-projector", &firstP},
                           {"second-console", &second}, {"second-projector", &secondP},
                           {"predict-console", &predictC}, {"predict-projector", &predictP},
                           {"blank-console", &blankC}, {"blank-projector", &blankP}, {"one", &one},
                           {"again-console", &again}, {"again-projector", &againP}})
        ASSERT_TRUE(loadShot(d + "/" + name + ".png", s)) << name;

    // The projector: a window of its own, the lecture screen's tree and caption, nothing to click.
    const auto& pg = firstP.geometry["presenter"];
    EXPECT_TRUE(pg["on"].get<bool>());
    EXPECT_TRUE(pg["projector"].get<bool>());
    EXPECT_EQ(firstP.image.width, 1280);
    EXPECT_EQ(firstP.image.height, 720);
    ASSERT_EQ(firstP.geometry["trees"].size(), 1u);
    EXPECT_EQ(firstP.geometry["trees"][0]["stage"], 0);
    EXPECT_TRUE(firstP.geometry["variantRows"].empty());  // no controls there
    const view::Rgba bg = view::darkPalette().background;
    const view::Rect canvas = layoutOf(firstP.geometry["trees"][0]).canvas;
    EXPECT_GT(drawnPixels(firstP, canvas, bg), 5000);  // the tree is drawn
    // No key hints along its bottom edge (the one-window lecture screen has them there).
    EXPECT_EQ(drawnPixels(firstP, {0, 700, 1280, 20}, bg), 0);

    // The console: the controls, now and next, notes and a clock.
    const auto& cg = first.geometry["presenter"];
    EXPECT_TRUE(cg["on"].get<bool>());
    EXPECT_FALSE(cg["projector"].get<bool>());
    EXPECT_EQ(cg["nowStep"], 0);
    EXPECT_EQ(cg["nextStep"], 1);
    EXPECT_TRUE(std::regex_match(cg["clock"].get<std::string>(), std::regex("[0-2][0-9]:[0-5][0-9]")));
    EXPECT_TRUE(std::regex_match(cg["elapsed"].get<std::string>(), std::regex("[0-9][0-9]:[0-5][0-9]")));
    EXPECT_NE(cg["lesson"].get<std::string>().find("halve it each stage"), std::string::npos) << cg["lesson"];
    EXPECT_EQ(cg["words"].get<std::string>().rfind("Stage 0, the load", 0), 0u) << cg["words"];
    EXPECT_FALSE(first.geometry["variantRows"].empty());  // the controls' variant list
    EXPECT_GT(rectOf(cg["controls"]).w, 200);
    EXPECT_GT(drawnPixels(first, rectOf(cg["now"]), bg), 3000);
    EXPECT_GT(drawnPixels(first, rectOf(cg["next"]), bg), 3000);
    EXPECT_NE(cg["placement"].get<std::string>(), "");

    // A key over the projector stepped both windows.
    EXPECT_EQ(second.geometry["step"], 1);
    EXPECT_EQ(second.geometry["presenter"]["nowStep"], 1);
    EXPECT_EQ(second.geometry["presenter"]["nextStep"], 2);
    ASSERT_EQ(secondP.geometry["trees"].size(), 1u);
    EXPECT_EQ(secondP.geometry["trees"][0]["stage"], 1);
    EXPECT_EQ(second.geometry["presenter"]["words"].get<std::string>().rfind("Stage 1 (s = 8)", 0), 0u);

    // Predict mode: the stage after s = 8 is s = 4, where work-items 0 to 3 add (sequential addressing).
    const auto& qg = predictC.geometry["presenter"];
    EXPECT_EQ(qg["question"], "Which work-items will be active?");
    EXPECT_EQ(qg["answer"], "work-items 0 to 3 are active (4)");
    EXPECT_TRUE(predictP.geometry["predict"]["on"].get<bool>());  // the room sees the question
    EXPECT_EQ(predictP.geometry["presenter"]["answer"], "");      // and never the answer

    // B: the projector black, the console as it was.
    EXPECT_EQ(countNear(blankP.image, {0, 0, 1280, 720}, {0, 0, 0, 255}, 2), 1280 * 720);
    EXPECT_EQ(blankC.geometry["presenter"]["blank"], "blank");
    EXPECT_GT(drawnPixels(blankC, rectOf(blankC.geometry["presenter"]["now"]), bg), 3000);

    // F7: one window, the explorer's own panels.
    EXPECT_FALSE(one.geometry["presenter"]["on"].get<bool>());
    EXPECT_FALSE(one.geometry["variantRows"].empty());
    EXPECT_EQ(rectOf(one.geometry["scrub"]).w > 0, true);

    // F7 again: the projector's window is back (kept hidden in between, with its context) and draws the stage the
    // console shows, stepped while it was closed.
    EXPECT_TRUE(again.geometry["presenter"]["on"].get<bool>());
    EXPECT_TRUE(againP.geometry["presenter"]["projector"].get<bool>());
    EXPECT_EQ(againP.image.width, 1280);
    EXPECT_EQ(againP.image.height, 720);
    ASSERT_EQ(againP.geometry["trees"].size(), 1u);
    EXPECT_EQ(againP.geometry["trees"][0]["stage"], again.geometry["step"]);
    EXPECT_NE(againP.geometry["trees"][0]["stage"], secondP.geometry["trees"][0]["stage"]);
    EXPECT_GT(drawnPixels(againP, layoutOf(againP.geometry["trees"][0]).canvas, bg), 5000);
}

// A histogram's question in predict mode, how many work-items of one SIMD group will hit one bin, is answered on the
// console as the explorer answers it: on constant data every work-item of the SIMD group counts into one bin.
TEST(PresenterView, OnALaptopsScreenTheHeaderAndThePatternButtonsStayWhole) {
    // One monitor of 1280x800, the lecturer's laptop before the projector is plugged in: the line saying where the
    // projector's window is gives way to the step (cut with an ellipsis, the whole of it on hovering) instead of
    // running under it, and the narrow column's pattern buttons (a scan's "exclusive" too) go on a second line.
    const std::string d = tempDir("presenter");
    const AppRun r = runApp(d, "--config-dir " + d + "/cfg --no-save --size 1280x800 --presenter --pattern scan "
                               "--script \"wait-trace;settle;frames:3;shot:" + d + "/laptop.png;quit\"");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    Shot s;
    ASSERT_TRUE(loadShot(d + "/laptop.png", &s));
    const auto& pg = s.geometry["presenter"];
    ASSERT_TRUE(pg["on"].get<bool>());
    const view::Rect placement = rectOf(pg["placementRect"]), step = rectOf(pg["stepRect"]);
    EXPECT_GT(placement.w, 100.0f);
    EXPECT_LE(placement.right(), step.x) << pg.dump();
    const std::string whole = "Projector: " + pg["placement"].get<std::string>(), shown = pg["placementShown"];
    if (shown != whole) {
        EXPECT_EQ(shown.substr(shown.size() - 3), "\xe2\x80\xa6") << shown;
        EXPECT_EQ(whole.rfind(shown.substr(0, shown.size() - 3), 0), 0u) << shown << " | " << whole;
    }
    EXPECT_TRUE(s.geometry["patternButtonsFit"].get<bool>());
}

TEST(PresenterView, TheConsoleAnswersAHistogramsContentionQuestion) {
    const std::string d = tempDir("presenter-contention");
    const AppRun r = runApp(d,
                            "--config-dir " + d + "/cfg --size 1500x900 --presenter --pattern histogram --variant "
                            "privatized --n 64 --wg 32 --simd 32 --bins 4 --data constant --script \"wait-trace;settle;"
                            "key:home;frames:3;projector-key:q;frames:3;predict-kind:contention;frames:3;shot:" +
                                d + "/c.png;quit\"",
                            "", "+xinerama -screen 0 1600x950x24 -screen 1 1280x720x24");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    Shot c;
    ASSERT_TRUE(loadShot(d + "/c.png", &c));
    EXPECT_EQ(c.geometry["predict"]["waitingStep"], 1);  // the counting step, after the clear
    EXPECT_EQ(c.geometry["presenter"]["question"], "How many work-items of one SIMD group will hit the same bin?");
    EXPECT_EQ(c.geometry["presenter"]["answer"], "32 work-items of one SIMD group hit one bin");
}

}  // namespace
}  // namespace rl::apptest
