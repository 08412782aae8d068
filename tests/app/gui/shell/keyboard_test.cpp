// The explorer by keyboard alone, under Xvfb: Tab enters navigation with a focus ring on the control in focus; the
// arrows move, Space presses; F6 and Shift+F6 go from panel to panel; Esc gives the arrows back to the stages. The
// script reaches a variant in the list, a toolbar button and a bottom tab without the pointer, and each does what a
// click does.
#include <gtest/gtest.h>

#include <string>

#include "tests/support/app_run.h"
#include "tests/support/screenshot_checks.h"

namespace rl::apptest {
namespace {

const view::Rgba kRing{255, 214, 10, 255};

TEST(ExplorerKeyboard, TabArrowsSpaceAndF6ReachTheMainControls) {
    const std::string d = tempDir("keyboard");
    const auto shot = [&](const char* name) { return "frames:3;shot:" + d + "/" + name + ".png;"; };
    const AppRun r = runApp(
        d, "--config-dir " + d + "/cfg --size 1280x800 --variant sequential --n 32 --wg 32 --script \"wait-trace;settle;"
           // Into the controls, down to the variant list, into it, one row down, chosen.
           "key:tab;" + shot("entered") + "key:down;frames:2;key:down;frames:2;key:down;frames:2;key:space;frames:2;"
           "key:down;frames:2;" + shot("row") + "key:space;frames:2;wait-trace;settle;" + shot("chosen") +
           // Esc: the arrows step the stages again.
           "key:escape;frames:2;key:right;settle;" + shot("left") +
           // Back in; F6 to the tree and the bottom panel, Shift+F6 back past them to the toolbar.
           "key:tab;frames:2;key:f6;" + shot("tree") + "key:f6;" + shot("bottom") +
           // In the bottom panel: the next tab, pressed.
           "key:right;frames:2;key:space;" + shot("heatmap") +
           "key:shift+f6;frames:2;key:shift+f6;frames:2;key:shift+f6;" + shot("toolbar") +
           // The toolbar's fourth button (first, previous, play, next) steps one stage on.
           "key:right;frames:2;key:right;frames:2;key:right;frames:2;key:space;settle;" + shot("next") + "quit\"");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    Shot entered, row, chosen, left, tree, bottom, heatmap, toolbar, next;
    for (auto [name, s] : {std::pair{"entered", &entered}, {"row", &row}, {"chosen", &chosen}, {"left", &left},
                           {"tree", &tree}, {"bottom", &bottom}, {"heatmap", &heatmap}, {"toolbar", &toolbar},
                           {"next", &next}})
        ASSERT_TRUE(loadShot(d + "/" + name + ".png", s)) << name;

    // Tab: navigation on, in the controls, a control in focus with its ring drawn around it.
    const auto& k = entered.geometry["keyboard"];
    EXPECT_TRUE(k["on"].get<bool>());
    EXPECT_EQ(k["panel"], "##controls");
    const view::Rect focus = rectOf(k["focus"]);
    ASSERT_GT(focus.w, 10);
    const view::Rect ring{focus.x - 8, focus.y - 8, focus.w + 16, focus.h + 16};
    EXPECT_GT(countNear(entered.image, toPixels(entered, ring), kRing, 30), int(focus.w));
    EXPECT_EQ(countNear(left.image, toPixels(left, ring), kRing, 30), 0);  // no ring once navigation is left

    // In the list the focus is on a row (inside the list's box), and Space chose it, as a click would.
    const view::Rect list = rectOf(row.geometry["variantList"]), rowFocus = rectOf(row.geometry["keyboard"]["focus"]);
    EXPECT_GE(rowFocus.y, list.y - 1);
    EXPECT_LE(rowFocus.bottom(), list.bottom() + 1);
    EXPECT_EQ(row.geometry["variant"], "sequential");
    EXPECT_EQ(chosen.geometry["variant"], "interleaved-strided");

    // Esc: off, and the right arrow steps the stage again.
    EXPECT_FALSE(left.geometry["keyboard"]["on"].get<bool>());
    EXPECT_EQ(left.geometry["step"], 1);

    EXPECT_EQ(tree.geometry["keyboard"]["panel"], "##tree");
    EXPECT_EQ(bottom.geometry["keyboard"]["panel"], "##bottom");
    EXPECT_EQ(bottom.geometry["bottomTab"], "warps");
    EXPECT_EQ(heatmap.geometry["bottomTab"], "heatmap");
    EXPECT_EQ(toolbar.geometry["keyboard"]["panel"], "##toolbar");
    // While navigating, the arrows moved the focus, not the stage; the button pressed stepped it.
    EXPECT_EQ(toolbar.geometry["step"], 1);
    EXPECT_EQ(next.geometry["step"], 2);
}

}  // namespace
}  // namespace rl::apptest
