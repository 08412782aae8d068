// The explorer binary under Xvfb: it starts, loads a variant, steps through stages by key presses, renders, takes
// screenshots whose content is checked (active cells where the layout puts them, in the palette's colour; stages
// that differ; the result text drawn), and exits cleanly. (Its life outside the picture: explorer_life_test.cpp.)
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include "app/view/tree/tree_layout.h"
#include "core/catalogue/variant.h"
#include "tests/support/app_run.h"
#include "tests/support/screenshot_checks.h"

namespace rl::apptest {
namespace {

const view::Palette& pal() { return view::darkPalette(); }

// The cell's inside, away from its rounded corners and outline.
view::Rect inner(const view::Rect& r) { return r.inset(std::min(4.0f, r.w * 0.25f)); }

// Fraction of the cell painted in the colour of results written in the current stage.
double writtenFraction(const Shot& s, const view::TreeLayout& L, int stage, int cell) {
    return fractionNear(s.image, toPixels(s, inner(L.cell(stage, cell))), pal().cellWritten, 12);
}

TEST(Explorer, StepsThroughStagesByKeysAndDrawsTheActiveCells) {
    const std::string d = tempDir("explorer");
    const AppRun r = runApp(d,
                            "--config-dir " + d + "/cfg --size 1400x900 --variant sequential --n 32 --wg 32 "
                            "--type int --data iota --op sum --script \"wait-trace;settle;shot:" + d + "/s0.png;"
                            "key:right;settle;shot:" + d + "/s1.png;key:right;settle;shot:" + d + "/s2.png;"
                            "hover:1,0;frames:4;shot:" + d + "/hover.png;key:end;settle;shot:" + d + "/end.png;"
                            "key:home;settle;shot:" + d + "/home.png;quit\"");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    Shot s0, s1, s2, hover, end, home;
    ASSERT_TRUE(loadShot(d + "/s0.png", &s0) && loadShot(d + "/s1.png", &s1) && loadShot(d + "/s2.png", &s2) &&
                loadShot(d + "/hover.png", &hover) && loadShot(d + "/end.png", &end) &&
                loadShot(d + "/home.png", &home));
    EXPECT_EQ(s0.image.width, 1400);
    EXPECT_EQ(s0.image.height, 900);

    // The keys moved playback: Right, Right, End, Home.
    EXPECT_EQ(s0.geometry["step"], 0);
    EXPECT_EQ(s1.geometry["step"], 1);
    EXPECT_EQ(s2.geometry["step"], 2);
    EXPECT_EQ(end.geometry["steps"], 6);  // load + s = 16, 8, 4, 2, 1
    EXPECT_EQ(end.geometry["step"], 5);
    EXPECT_EQ(home.geometry["step"], 0);

    // At stage k of sequential addressing, work-items 0 .. 32/2^k - 1 write cells 0 .. 32/2^k - 1: exactly those
    // cells of row k are in the written colour, where the layout the app reports puts them.
    for (const Shot* s : {&s1, &s2}) {
        ASSERT_EQ(s->geometry["trees"].size(), 1u);
        const auto& tree = s->geometry["trees"][0];
        const int k = tree["stage"];
        const view::TreeLayout L(layoutOf(tree));
        ASSERT_EQ(L.params().cells, 32);
        for (int c = 0; c < 32; ++c) {
            const double f = writtenFraction(*s, L, k, c);
            if (c < (32 >> k))
                EXPECT_GT(f, 0.45) << "stage " << k << " cell " << c;
            else
                EXPECT_LT(f, 0.02) << "stage " << k << " cell " << c;
            EXPECT_LT(writtenFraction(*s, L, k + 1, c), 0.02) << "stage not reached yet " << k + 1;
        }
    }
    // Two stages look different in the tree; going Home gives back the first picture.
    const view::TreeLayout L0(layoutOf(s0.geometry["trees"][0]));
    const view::Rect canvas = toPixels(s0, L0.params().canvas);
    EXPECT_GT(countDiffering(s0.image, s1.image, canvas), int(canvas.w * canvas.h * 0.01));
    EXPECT_LT(countDiffering(s0.image, home.image, canvas), int(canvas.w * canvas.h * 0.002));

    // Pointing at cell 0 of stage 1 outlines the cells that flow into it (cone colour) and opens a tooltip.
    EXPECT_GT(countNear(hover.image, canvas, pal().cone, 16), 60);
    EXPECT_LT(countNear(s2.image, canvas, pal().cone, 16), 10);

    // The result: 0 + 1 + ... + 31 = 496, drawn in the "correct" colour in the result region.
    EXPECT_EQ(end.geometry["resultText"], "496 correct");
    const view::Rect result = toPixels(end, rectOf(end.geometry["result"]));
    EXPECT_GT(result.w * result.h, 1000);
    EXPECT_GT(countNear(end.image, result, pal().good, 40), 150);
    EXPECT_GT(distinctColours(end.image, result), 8);  // text, not a flat box
}

TEST(Explorer, CompareDrawsBothVariantsSteppingTogether) {
    const std::string d = tempDir("explorer");
    const AppRun r = runApp(d, "--config-dir " + d + "/cfg --size 1800x1000 --variant sequential "
                               "--compare interleaved-strided --n 32 --wg 32 --type int --data ones "
                               "--script \"wait-trace;settle;key:right;settle;shot:" + d + "/c.png;quit\"");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    Shot s;
    ASSERT_TRUE(loadShot(d + "/c.png", &s));
    ASSERT_EQ(s.geometry["trees"].size(), 2u);
    const auto& a = s.geometry["trees"][0];
    const auto& b = s.geometry["trees"][1];
    EXPECT_EQ(a["side"], 0);
    EXPECT_EQ(b["side"], 1);
    EXPECT_EQ(a["stage"], 1);
    EXPECT_EQ(b["stage"], 1);
    const view::TreeLayout La(layoutOf(a)), Lb(layoutOf(b));
    EXPECT_LE(La.params().canvas.right(), Lb.params().canvas.x);  // side by side
    // Stage 1. Sequential (s = 16): cells 0..15 are written. Interleaved strided (s = 1): work-item i writes cell
    // 2i, so the even cells are written and the odd ones are not: the picture of the two lessons.
    for (int c = 0; c < 32; ++c) {
        const double fa = writtenFraction(s, La, 1, c), fb = writtenFraction(s, Lb, 1, c);
        if (c < 16) EXPECT_GT(fa, 0.4) << "sequential cell " << c;
        else EXPECT_LT(fa, 0.02) << "sequential cell " << c;
        if (c % 2 == 0) EXPECT_GT(fb, 0.4) << "interleaved cell " << c;
        else EXPECT_LT(fb, 0.02) << "interleaved cell " << c;
    }
}

TEST(Explorer, CompareShowsTheStageFactsOfBothVariantsTitledByVariant) {
    // Stage 1 of 32 work-items, SIMD groups of 8. Sequential addressing: work-items 0..15 add, so SIMD groups 0 and 1
    // are fully active, 2 and 3 idle, none divergent. Interleaved divergent (tid % 2 == 0): also 16 work-items, but
    // every other lane of every group, so all 4 groups are divergent.
    const std::string d = tempDir("explorer");
    const AppRun r = runApp(d, "--config-dir " + d + "/cfg --no-save --size 1800x1100 --variant sequential "
                               "--compare interleaved-divergent --n 32 --wg 32 --type int --data ones --simd 8 "
                               "--banks 32 --script \"wait-trace;settle;key:right;settle;shot:" + d + "/f.png;"
                               "compare:off;wait-trace;settle;shot:" + d + "/one.png;quit\"");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    Shot s, one;
    ASSERT_TRUE(loadShot(d + "/f.png", &s) && loadShot(d + "/one.png", &one));
    const auto& facts = s.geometry["stageFacts"];
    ASSERT_EQ(facts.size(), 2u) << s.geometry.dump();
    const auto& a = facts[0];
    const auto& b = facts[1];
    EXPECT_EQ(a["side"], 0);
    EXPECT_EQ(b["side"], 1);
    EXPECT_EQ(a["variant"], "sequential");
    EXPECT_EQ(b["variant"], "interleaved-divergent");
    EXPECT_EQ(a["title"], "Left: " + findVariant("sequential")->title);
    EXPECT_EQ(b["title"], "Right: " + findVariant("interleaved-divergent")->title);
    for (const auto* f : {&a, &b}) {
        EXPECT_EQ((*f)["activeItems"], 16);
        EXPECT_EQ((*f)["items"], 32);
        EXPECT_FALSE((*f)["label"].get<std::string>().empty());
    }
    EXPECT_EQ(a["activeWarps"], 2);
    EXPECT_EQ(a["idleWarps"], 2);
    EXPECT_EQ(a["divergentWarps"], 0);
    EXPECT_EQ(b["activeWarps"], 0);
    EXPECT_EQ(b["idleWarps"], 0);
    EXPECT_EQ(b["divergentWarps"], 4);
    // Both columns are drawn side by side, each with text in it (the right one's divergent count in the divergent
    // colour), on screen.
    const view::Rect ra = toPixels(s, rectOf(a["rect"])), rb = toPixels(s, rectOf(b["rect"]));
    ASSERT_GT(ra.w * ra.h, 5000);
    ASSERT_GT(rb.w * rb.h, 5000);
    EXPECT_LE(ra.right(), rb.x);
    EXPECT_LE(rb.bottom(), float(s.image.height));
    EXPECT_GT(distinctColours(s.image, ra), 8);
    EXPECT_GT(countNear(s.image, ra, pal().accent, 30), 40);  // the title
    EXPECT_GT(countNear(s.image, rb, pal().accent, 30), 40);
    EXPECT_GT(countNear(s.image, rb, pal().warpDivergent, 30), 10);
    // Without comparison, one box and no side title.
    ASSERT_EQ(one.geometry["stageFacts"].size(), 1u);
    EXPECT_EQ(one.geometry["stageFacts"][0]["title"], "");
}

TEST(Explorer, ASavedSessionStaysOnScreenUntilTheUserReTraces) {
    // Record a session here, then make it one recorded elsewhere (another device's name), as a lecturer's would be.
    const std::string d = tempDir("explorer");
    AppRun r = runApp(d, "--config-dir " + d + "/cfg --no-save --size 1400x900 --variant sequential --n 32 --wg 32 "
                         "--type int --data iota --op sum --script \"wait-trace;classroom:save=" + d +
                         "/rec.json;quit\"");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    std::string text = readFile(d + "/rec.json");
    const std::smatch name = [&] {
        std::smatch m;
        std::regex_search(text, m, std::regex("\"name\":\"([^\"]+)\""));
        return m;
    }();
    ASSERT_FALSE(name.empty()) << text.substr(0, 400);
    // A long name, as some drivers report theirs: the banner cuts it rather than growing over the tree.
    const std::string recordedOn = name[1],
                      elsewhere = "Lecture hall GPU, Intel(R) Xeon(R) Platinum 8480+ as its driver names it";
    for (size_t at = text.find(recordedOn); at != std::string::npos; at = text.find(recordedOn, at))
        text.replace(at, recordedOn.size(), elsewhere);
    std::ofstream(d + "/lecture.json") << text;

    // Open it as the very first action (before the device list is ready), let the devices arrive, change a control,
    // then re-trace.
    r = runApp(d, "--config-dir " + d + "/cfg --no-save --size 1400x900 --variant interleaved-divergent --n 64 "
                  "--wg 16 --data ones --script \"classroom:open=" + d + "/lecture.json;wait-trace;sleep:1;frames:3;"
                  "shot:" + d + "/opened.png;set:n=128;sleep:1.5;frames:3;shot:" + d + "/changed.png;retrace;"
                  "wait-trace;settle;shot:" + d + "/retraced.png;quit\"");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    Shot opened, changed, retraced;
    ASSERT_TRUE(loadShot(d + "/opened.png", &opened) && loadShot(d + "/changed.png", &changed) &&
                loadShot(d + "/retraced.png", &retraced));

    // The session's trace, not this machine's: its device, its 32 cells and its sum of 0..31.
    EXPECT_EQ(opened.geometry["shownDevice"], elsewhere);
    EXPECT_EQ(opened.geometry["resultText"], "496 correct");
    EXPECT_EQ(opened.geometry["trees"][0]["layout"]["cells"], 32);
    const std::string banner = opened.geometry["sessionBannerText"];
    EXPECT_NE(banner.find("Showing saved session lecture.json (recorded on " + elsewhere + ")"), std::string::npos)
        << banner;
    // Two rows (the file beside its button, where it was recorded), however long the device's name.
    EXPECT_LT(rectOf(opened.geometry["sessionBanner"]).h, 4.5 * opened.geometry["fonts"]["body"].get<double>());
    const view::Rect bannerRect = toPixels(opened, rectOf(opened.geometry["sessionBanner"]));
    ASSERT_GT(bannerRect.w * bannerRect.h, 3000);
    EXPECT_GT(countNear(opened.image, bannerRect, view::mix(pal().panel, pal().accent, 0.14f), 6),
              int(bannerRect.w * bannerRect.h * 0.4));
    EXPECT_GT(distinctColours(opened.image, bannerRect), 6);  // its text and button
    // The tree sits below the banner.
    EXPECT_GE(layoutOf(opened.geometry["trees"][0]).canvas.y, rectOf(opened.geometry["sessionBanner"]).bottom());

    // A control changed: still the session's trace, and the banner and Messages say so.
    EXPECT_EQ(changed.geometry["shownDevice"], elsewhere);
    EXPECT_EQ(changed.geometry["resultText"], "496 correct");
    EXPECT_EQ(changed.geometry["trees"][0]["layout"]["cells"], 32);
    const std::string changedBanner = changed.geometry["sessionBannerText"];
    EXPECT_NE(changedBanner.find("The controls changed"), std::string::npos) << changedBanner;
    bool announced = false;
    for (const auto& m : changed.geometry["messages"])
        announced = announced || (m.get<std::string>().find("controls changed while the saved session") !=
                                  std::string::npos);
    EXPECT_TRUE(announced) << changed.geometry["messages"].dump();
    const view::Rect changedRect = toPixels(changed, rectOf(changed.geometry["sessionBanner"]));
    EXPECT_GT(countNear(changed.image, changedRect, pal().warn, 40), 40);

    // Re-traced: this machine's device, the session's problem with n = 128 (0 + 1 + ... + 127), no banner.
    EXPECT_EQ(retraced.geometry["shownDevice"], recordedOn);
    EXPECT_EQ(retraced.geometry["resultText"], "8128 correct");
    EXPECT_EQ(retraced.geometry["sessionBannerText"], "");
}

TEST(Explorer, AGreyedOutToggleExplainsWhyInItsTooltip) {
    // On Harris's first kernel, find a toggle whose flipped combination has no kernel, with the engine's reason.
    const VariantInfo* first = findVariant("interleaved-divergent");
    ASSERT_NE(first, nullptr);
    struct Candidate {
        const char* label;
        bool VariantToggles::*field;
    };
    const Candidate candidates[] = {{"first add during load", &VariantToggles::firstAddDuringLoad},
                                    {"unrolled last warp", &VariantToggles::unrollLastWarp},
                                    {"complete unroll", &VariantToggles::completeUnroll},
                                    {"several elements per work-item", &VariantToggles::multiElement},
                                    {"vector loads (float4 / int4)", &VariantToggles::vectorLoads}};
    std::string label, why;
    for (const auto& c : candidates) {
        VariantToggles next = first->toggles;
        next.*c.field = !(next.*c.field);
        std::string reason;
        if (!variantForToggles(next, &reason)) {
            label = c.label;
            why = reason;
            break;
        }
    }
    if (label.empty()) GTEST_SKIP() << "every toggle of interleaved-divergent has a kernel";
    ASSERT_FALSE(why.empty());

    const std::string d = tempDir("explorer");
    const AppRun r = runApp(d, "--config-dir " + d + "/cfg --no-save --size 1400x1300 --variant interleaved-divergent "
                               "--n 64 --wg 64 --script \"wait-trace;settle;frames:2;hover-toggle:" + label +
                               ";frames:6;shot:" + d + "/tip.png;quit\"");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    Shot s;
    ASSERT_TRUE(loadShot(d + "/tip.png", &s));
    bool found = false;
    for (const auto& t : s.geometry["toggles"])
        if (t["label"] == label) {
            found = true;
            EXPECT_FALSE(t["enabled"].get<bool>()) << label << " should be greyed out";
        }
    EXPECT_TRUE(found) << s.geometry["toggles"].dump();
    EXPECT_EQ(s.geometry["tooltip"], "No kernel: " + why);
    // The tooltip is drawn: a box with the reason's text in the warning colour.
    const view::Rect tip = toPixels(s, rectOf(s.geometry["tooltipRect"]));
    ASSERT_GT(tip.w * tip.h, 2000);
    EXPECT_GT(countNear(s.image, tip, pal().warn, 40), 60);
}

TEST(Explorer, AVariantsLessonOpensOnHoverWithItsMarkdownSetNotShownAsMarks) {
    // global-atomics' banner writes `constant` as code: the tooltip sets it so, as the presenter's notes do
    const VariantInfo* v = findVariant("global-atomics");
    ASSERT_NE(v, nullptr);
    ASSERT_NE(v->lesson.find("`constant`"), std::string::npos) << "the lesson no longer marks code: " << v->lesson;
    const std::string d = tempDir("explorer");
    const AppRun r = runApp(d, "--config-dir " + d + "/cfg --no-save --size 1600x900 --pattern histogram "
                               "--variant global-atomics --script \"wait-trace;settle;hover-variant:global-atomics;"
                               "frames:6;shot:" + d + "/tip.png;quit\"");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    Shot s;
    ASSERT_TRUE(loadShot(d + "/tip.png", &s));
    const std::string tip = s.geometry["tooltip"];
    EXPECT_NE(tip.find("on constant data every one of them queues"), std::string::npos) << tip;
    EXPECT_EQ(tip.find('`'), std::string::npos) << tip;
    // Drawn as a box of several wrapped lines, no wider than the tooltip's measure (30 ems and its padding)
    const view::Rect box = rectOf(s.geometry["tooltipRect"]);
    EXPECT_GT(box.h, 5 * s.geometry["fonts"]["body"].get<float>()) << s.geometry["tooltipRect"].dump();
    EXPECT_LT(box.w, 32 * s.geometry["fonts"]["body"].get<float>()) << s.geometry["tooltipRect"].dump();
    // An unknown id is refused with the ids there are
    const AppRun bad = runApp(d, "--config-dir " + d + "/cfg --no-save --size 1600x900 --pattern histogram "
                                 "--script \"wait-trace;settle;hover-variant:no-such;quit\"");
    EXPECT_NE(bad.exitCode, 0);
    EXPECT_NE(bad.err.find("no variant 'no-such' on screen (global-atomics"), std::string::npos) << bad.err;
}

TEST(Explorer, TheWheelZoomsAWideGroupAroundThePointer) {
    const std::string d = tempDir("explorer");
    const AppRun r = runApp(d, "--config-dir " + d + "/cfg --no-save --size 1400x900 --variant sequential --n 512 "
                               "--wg 512 --type int --data iota --script \"wait-trace;settle;shot:" + d + "/wide.png;"
                               "hover:0,100;wheel:6;frames:3;shot:" + d + "/zoomed.png;quit\"");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    Shot wide, zoomed;
    ASSERT_TRUE(loadShot(d + "/wide.png", &wide) && loadShot(d + "/zoomed.png", &zoomed));
    const auto before = layoutOf(wide.geometry["trees"][0]), after = layoutOf(zoomed.geometry["trees"][0]);
    EXPECT_EQ(before.visibleCells, 512);
    // Six notches of 0.8: about a quarter of the cells, still around cell 100.
    EXPECT_LT(after.visibleCells, 512 / 3);
    EXPECT_GT(after.visibleCells, 8);
    EXPECT_LE(after.firstCell, 100);
    EXPECT_GT(after.firstCell + after.visibleCells, 100);
    const view::TreeLayout L(after);
    EXPECT_GT(L.pitch(), 3 * view::TreeLayout(before).pitch());
}

TEST(Explorer, AGroupOfALargeInputIsTracedOnDemand) {
    // 2^20 elements in groups of 64: far too many groups to record them all, so only the chosen one is traced.
    const std::string d = tempDir("explorer");
    const AppRun r = runApp(d, "--config-dir " + d + "/cfg --no-save --size 1400x900 --variant sequential --n 1M "
                               "--wg 64 --type int --data ones --script \"wait-trace;shot:" + d + "/g0.png;group:777;"
                               "wait-trace;shot:" + d + "/g777.png;quit\"");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    Shot g0, g777;
    ASSERT_TRUE(loadShot(d + "/g0.png", &g0) && loadShot(d + "/g777.png", &g777));
    EXPECT_EQ(g0.geometry["trees"][0]["groupId"], 0);
    EXPECT_EQ(g777.geometry["trees"][0]["groupId"], 777);
    EXPECT_EQ(g777.geometry["trees"][0]["pass"], 0);
    EXPECT_EQ(g777.geometry["resultText"], "1048576 correct");  // every element is 1
}

// The grid of a fixed-grid variant is the student's to set (the controls' "work-groups", or --groups): best-gpu on
// 20 groups of 16 finishes in two levels, so its last step is the third pass (the blocks' finisher), where the
// variant's own grid (4 groups) ends in the second; the sum is right either way, and the grid is kept with the
// problem between runs.
TEST(Explorer, BestGpuPastWgGroupsShowsItsTwoLevelFinish) {
    const std::string d = tempDir("explorer");
    // The last step of best-gpu over 4096 ones on `groups` work-groups of 16 (extra: more options).
    auto lastStep = [&](const std::string& groups, const std::string& extra, Shot* shot) {
        const std::string png = d + "/groups" + groups + ".png";
        const AppRun r = runApp(d, "--config-dir " + d + "/cfg --size 1400x900 --variant best-gpu --n 4096 --wg 16 "
                                   "--type int --data ones --groups " + groups + " " + extra +
                                   " --script \"wait-trace;key:end;settle;shot:" + png + ";quit\"");
        ASSERT_EQ(r.exitCode, 0) << r.err;
        ASSERT_TRUE(loadShot(png, shot));
        ASSERT_FALSE(shot->geometry["trees"].empty());
    };
    Shot two;
    ASSERT_NO_FATAL_FAILURE(lastStep("20", "", &two));
    EXPECT_EQ(two.geometry["trees"][0]["pass"], 2);
    EXPECT_EQ(two.geometry["resultText"], "4096 correct");
    EXPECT_NE(readFile(d + "/cfg/settings.json").find("\"groups\": \"20\""), std::string::npos);

    Shot one;
    ASSERT_NO_FATAL_FAILURE(lastStep("0", "--no-save", &one));
    EXPECT_EQ(one.geometry["trees"][0]["pass"], 1);
    EXPECT_EQ(one.geometry["resultText"], "4096 correct");
}

TEST(Explorer, HeatMapAndKernelSourceTabsDraw) {
    const std::string d = tempDir("explorer");
    const AppRun r = runApp(d, "--config-dir " + d + "/cfg --size 1400x900 --variant sequential --n 256 --wg 256 "
                               "--type int --data iota --script \"wait-trace;key:end;settle;tab:heatmap;frames:3;"
                               "shot:" + d + "/h.png;tab:source;frames:3;shot:" + d + "/k.png;quit\"");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    Shot h, k;
    ASSERT_TRUE(loadShot(d + "/h.png", &h) && loadShot(d + "/k.png", &k));
    EXPECT_EQ(h.geometry["bottomTab"], "heatmap");
    EXPECT_EQ(k.geometry["bottomTab"], "source");
    // The load row holds 0..255: the shader paints the whole ramp, its dark and its light ends included.
    const view::Rect bottom = toPixels(h, rectOf(h.geometry["bottom"]));
    EXPECT_GT(countNear(h.image, bottom, view::heatColor(0.02f), 14), 40);
    EXPECT_GT(countNear(h.image, bottom, view::heatColor(0.98f), 14), 40);
    EXPECT_GT(distinctColours(h.image, bottom), 60);
    // The kernel source highlights the current stage's lines (the written colour over the panel).
    const view::Rect code = toPixels(k, rectOf(k.geometry["bottom"]));
    const view::Rgba band = view::mix(pal().panel, pal().cellWritten, 38.0f / 255.0f);
    EXPECT_GT(countNear(k.image, code, band, 6), 2000);
    EXPECT_GT(countNear(k.image, code, pal().cellWritten, 12), 30);  // the gutter bar and line numbers
}

// A laptop's or a projector's 1280 x 720: the bottom tabs take their shortest names, each drawn whole, and the Warps
// tab's rows (group, lanes, conflict) stay inside the panel; a larger window keeps the whole names.
TEST(Explorer, AtALaptopsSizeTheBottomTabsAndTheWarpRowsAreWhole) {
    const std::string d = tempDir("explorer");
    for (const char* size : {"1280x720", "1600x1000"}) {
        SCOPED_TRACE(size);
        const std::string shot = d + "/" + size + ".png";
        const AppRun r = runApp(d, "--config-dir " + d + "/cfg --no-save --size " + size +
                                       " --variant sequential --n 16 --wg 16 --type int --screenshot " + shot);
        ASSERT_EQ(r.exitCode, 0) << r.err;
        Shot s;
        ASSERT_TRUE(loadShot(shot, &s));
        ASSERT_EQ(s.geometry["bottomTab"], "warps");
        EXPECT_TRUE(s.geometry["bottomTabsFit"].get<bool>());
        const std::vector<std::string> names = s.geometry["bottomTabs"].get<std::vector<std::string>>();
        const std::vector<std::string> shortest = {"Warps", "Heat", "Source", "Messages", "Words", "Tiles"};
        const std::vector<std::string> whole = {"Warps & banks", "Heat map", "Kernel source",
                                                "Messages",      "Words",    "Tiles"};
        EXPECT_EQ(names, std::string(size) == "1280x720" ? shortest : whole);
        const view::Rect bottom = rectOf(s.geometry["bottom"]);
        const float right = s.geometry["warpsRight"].get<float>();
        EXPECT_GT(right, bottom.x + bottom.w * 0.5f) << "the rows were not drawn";
        EXPECT_LE(right, bottom.x + bottom.w + 0.5f) << "a row runs past the panel's edge";
    }
}

TEST(Explorer, WrongByDesignIsExplainedInRed) {
    const VariantInfo* wrong = nullptr;
    for (const auto& v : reduceVariants())
        if (!v.correctByDesign && v.kind == VariantKind::LocalTree) wrong = &v;
    if (!wrong) GTEST_SKIP() << "no wrong-by-design local-tree variant registered";
    const std::string d = tempDir("explorer");
    const AppRun r = runApp(d, "--config-dir " + d + "/cfg --size 1500x950 --variant " + wrong->id +
                                   " --n 256 --wg 64 --type int --data random --stage -1 --screenshot " + d + "/w.png");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    Shot s;
    ASSERT_TRUE(loadShot(d + "/w.png", &s));
    const view::Rect box = toPixels(s, rectOf(s.geometry["wrongBox"]));
    ASSERT_GT(box.w * box.h, 2000) << "no wrong-by-design box drawn";
    EXPECT_GT(fractionNear(s.image, box, view::mix(pal().panel, pal().bad, 0.12f), 6), 0.5);
    EXPECT_GT(countNear(s.image, box, pal().bad, 40), 100);  // the red heading and explanation
}

// --type long: values past int's range traced and written exactly (the readout of the last stage holds the exact
// sum); best-gpu refuses long in the message panel, without a crash.
TEST(Explorer, LongValuesAreTracedAndShownExactly) {
    const std::string d = tempDir("explorer");
    const std::string data = d + "/longs.txt";
    { std::ofstream(data) << "3000000000 4000000000 -5 9007190000000000 1 2 3 4\n"; }
    AppRun r = runApp(d, "--config-dir " + d + "/cfg --no-save --size 1400x900 --variant sequential --wg 8 "
                         "--type long --data file:" + data + " --op sum --script \"wait-trace;key:end;settle;shot:" + d +
                         "/long.png;quit\"");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    Shot s;
    ASSERT_TRUE(loadShot(d + "/long.png", &s));
    ASSERT_EQ(s.geometry["trees"].size(), 1u);
    const std::string readout = s.geometry["trees"][0]["readout"].dump();
    EXPECT_NE(readout.find("9007197000000005"), std::string::npos) << readout;

    r = runApp(d, "--config-dir " + d + "/cfg --no-save --size 1400x900 --variant best-gpu --n 64 --wg 64 "
                  "--type long --script \"wait-trace;frames:4;shot:" + d + "/refused.png;quit\"");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    ASSERT_TRUE(loadShot(d + "/refused.png", &s));
    bool said = false;
    for (const auto& m : s.geometry["messages"]) said = said || m.dump().find("cannot reduce long") != std::string::npos;
    EXPECT_TRUE(said) << s.geometry["messages"].dump();
}

}  // namespace
}  // namespace rl::apptest
