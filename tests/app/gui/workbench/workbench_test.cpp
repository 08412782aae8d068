// The workbench in the real binary under Xvfb: a student's kernel file is opened, broken (a typo), checked (the
// diagnostic marked on its line, in the editor's gutter and as a tinted line, the last good trace kept), fixed and
// checked again (its trace in the tree); the New template passes every check; the buffer survives a crash and a
// restart; a save from another editor is reloaded and checked, or asked about when the buffer has unsaved edits;
// the lecture text size enlarges the editor without cutting it off. The checks run `reducelab check` for real.
#include <gtest/gtest.h>

#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <string>

#include "tests/support/app_run.h"
#include "tests/support/screenshot_checks.h"
#include "tests/app/gui/workbench/workbench_fixture.h"

namespace rl::apptest {
namespace {

TEST(Workbench, OpensAKernelSeesATypoOnItsLineFixesItAndSeesTheTrace) {
    const std::string d = tempDir("workbench");
    const std::string k = d + "/mine.cl";
    std::ofstream(k) << kernelFile("plain_sequential.cl");
    // Line 11 is `    if (lid == 0) out[get_group_id(0)] = scratch[0];`: misspelt, then put right.
    const AppRun r = runApp(
        d,
        "--config-dir " + d + "/cfg --no-save --size 1920x1080 --n 64 --wg 16 --type int --data iota "
        "--script \"wait-trace;kernel-open:" + k + ";kernel-check;settle;frames:3;shot:" + d + "/good.png;"
        "kernel-edit-line:11:    if (lid == 0) out[get_group_id(0)] = scrach[0]\\;;kernel-check;kernel-hover:11;frames:4;"
        "shot:" + d + "/broken.png;kernel-replace:scrach=>scratch;kernel-check;settle;frames:3;shot:" + d + "/fixed.png;quit\"",
        env(d));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    Shot good, broken, fixed;
    ASSERT_TRUE(loadShot(d + "/good.png", &good) && loadShot(d + "/broken.png", &broken) &&
                loadShot(d + "/fixed.png", &fixed));

    // Opened and checked: every check passes, the trace is the kernel's, recorded on Oclgrind.
    const auto& g = good.geometry["workbench"];
    ASSERT_TRUE(g["open"].get<bool>()) << good.geometry.dump();
    EXPECT_TRUE(g["passed"].get<bool>()) << g["problems"].dump() << g["status"];
    EXPECT_EQ(g["verdict"].get<std::string>().rfind("Every check passes (", 0), 0u) << g["verdict"];
    EXPECT_TRUE(g["showingTrace"].get<bool>());
    EXPECT_EQ(good.geometry["shownDevice"], "Oclgrind");
    EXPECT_NE(g["deviceLine"].get<std::string>().find("stages recorded on Oclgrind, result and time from"),
              std::string::npos)
        << g["deviceLine"];
    ASSERT_EQ(good.geometry["trees"].size(), 1u);
    EXPECT_EQ(good.geometry["trees"][0]["layout"]["cells"], 16);
    EXPECT_GE(g["checks"].size(), 5u);  // the sizes and Oclgrind's checks, each drawn
    for (const auto& c : g["checks"]) EXPECT_TRUE(c["ok"].get<bool>()) << c.dump();

    // Broken: the diagnostic names line 11, in the list and in the editor (gutter shape, tinted line); the text is
    // saved as typed and the last good trace stays.
    const auto& b = broken.geometry["workbench"];
    EXPECT_FALSE(b["builds"].get<bool>());
    const nlohmann::json* problem = findRow(b["problems"], 11, "error");
    ASSERT_NE(problem, nullptr) << b["problems"].dump();
    EXPECT_NE((*problem)["text"].get<std::string>().find("scrach"), std::string::npos);
    EXPECT_GT(rectOf((*problem)["rect"]).h, 5);
    const nlohmann::json* mark = findRow(b["marks"], 11, "error");
    ASSERT_NE(mark, nullptr) << b["marks"].dump();
    const view::Rect gutter = toPixels(broken, rectOf((*mark)["gutter"]));
    ASSERT_GT(gutter.w * gutter.h, 50);
    EXPECT_GT(countNear(broken.image, gutter, pal().bad, 40), 15);  // the red shape and line number
    const auto lineTops = b["lineTops"].get<std::vector<float>>();  // long lines wrap: a line may take two rows
    const float lineH = b["lineHeight"];
    ASSERT_GE(lineTops.size(), 11u);
    const view::Rect field = rectOf(b["textRect"]);
    const view::Rgba editorBg = view::mix(pal().panel, pal().background, 0.55f);
    const view::Rect line11 = toPixels(broken, {field.x + 2, lineTops[10] + 1, field.w - 20, lineH - 2});
    const view::Rect line10 = toPixels(broken, {field.x + 2, lineTops[9] + 1, field.w - 20, lineH - 2});
    const view::Rgba tint = view::mix(editorBg, pal().bad, 40.0f / 255.0f);
    EXPECT_GT(fractionNear(broken.image, line11, tint, 6), 0.4);
    EXPECT_LT(fractionNear(broken.image, line10, tint, 6), 0.05);
    EXPECT_NE(b["text"].get<std::string>().find("scrach[0];"), std::string::npos);
    // Pointing at the line opens its message.
    EXPECT_EQ(broken.geometry["tooltip"].get<std::string>().rfind("Line 11: error: use of undeclared identifier 'scrach'", 0),
              0u)
        << broken.geometry["tooltip"];
    const view::Rect tip = toPixels(broken, rectOf(broken.geometry["tooltipRect"]));
    EXPECT_GT(countNear(broken.image, tip, pal().bad, 40), 30);  // its red title
    EXPECT_TRUE(b["showingTrace"].get<bool>());
    EXPECT_EQ(broken.geometry["trees"].size(), 1u);
    EXPECT_NE(b["deviceLine"].get<std::string>().find("last good trace"), std::string::npos) << b["deviceLine"];

    // Fixed: builds, passes, no mark left, the tree shows the kernel's stages and the right sum (0 + ... + 63).
    const auto& f = fixed.geometry["workbench"];
    EXPECT_TRUE(f["builds"].get<bool>());
    EXPECT_TRUE(f["passed"].get<bool>()) << f["problems"].dump();
    EXPECT_EQ(f["marks"].size(), 0u);
    EXPECT_EQ(f["problems"].size(), 0u);
    EXPECT_EQ(f["checksDone"], 3);
    ASSERT_EQ(fixed.geometry["trees"].size(), 1u);
    EXPECT_EQ(fixed.geometry["trees"][0]["layout"]["stages"], 5);  // load, s = 8, 4, 2, 1
    EXPECT_NE(fixed.geometry["resultText"].get<std::string>().find("correct"), std::string::npos);
    // Each check saved the text first: the file holds the fixed kernel.
    EXPECT_EQ(readFile(k), f["text"].get<std::string>());
    EXPECT_EQ(readFile(k).find("scrach"), std::string::npos);
}

TEST(Workbench, AProblemClickedGoesToItsLineAndACheckThatNeverEndsIsCancelled) {
    const std::string d = tempDir("workbench");
    const std::string typo = d + "/typo.cl", loop = d + "/never_ends.cl";
    std::ofstream(typo) << kernelFile("typo.cl");        // a misspelt name on line 6
    std::ofstream(loop) << kernelFile("never_ends.cl");  // a loop that never ends
    const auto start = std::chrono::steady_clock::now();
    const AppRun r = runApp(
        d,
        "--config-dir " + d + "/cfg --no-save --size 1600x1000 --wg 16 --type int --script \"wait-trace;kernel-open:" +
            typo + ";kernel-check;frames:2;kernel-point-problem:0;frames:2;click;frames:3;shot:" + d +
            "/jumped.png;kernel-open:" + loop + ";key:ctrl+enter;frames:2;sleep:1.5;shot:" + d +
            "/running.png;kernel-cancel;wait-check;frames:3;shot:" + d + "/cancelled.png;quit\"",
        env(d));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    Shot jumped, running, cancelled;
    ASSERT_TRUE(loadShot(d + "/jumped.png", &jumped) && loadShot(d + "/running.png", &running) &&
                loadShot(d + "/cancelled.png", &cancelled));
    // A click on the problem puts the editor's cursor on its line.
    const auto& j = jumped.geometry["workbench"];
    ASSERT_NE(findRow(j["problems"], 6, "error"), nullptr) << j["problems"].dump();
    EXPECT_TRUE(j["focused"].get<bool>());
    EXPECT_EQ(j["cursorLine"], 6);
    // The window kept drawing while the check ran (a frame 1.5 s into it), and Cancel stopped it at once, long before
    // its time limit, with the text untouched.
    EXPECT_TRUE(running.geometry["workbench"]["checking"].get<bool>());
    const auto& c = cancelled.geometry["workbench"];
    EXPECT_FALSE(c["checking"].get<bool>());
    EXPECT_NE(c["status"].get<std::string>().find("Cancelled"), std::string::npos) << c["status"];
    EXPECT_EQ(c["text"], kernelFile("never_ends.cl"));
    EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 25.0);
}

TEST(Workbench, AMissingBarrierIsARaceMarkedOnItsLineAndOnTheTree) {
    const std::string d = tempDir("workbench");
    const std::string k = d + "/missing_barrier.cl";
    std::ofstream(k) << kernelFile("missing_barrier.cl");  // the barrier inside the loop (line 9's add) forgotten
    const AppRun r = runApp(d,
                            "--config-dir " + d + "/cfg --no-save --size 1920x1080 --wg 16 --type int --script "
                            "\"wait-trace;kernel-open:" + k + ";kernel-check;settle;frames:3;shot:" + d + "/race.png;"
                            "key:right;key:right;frames:3;shot:" + d + "/stepped.png;quit\"",
                            env(d));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    Shot s;
    ASSERT_TRUE(loadShot(d + "/race.png", &s));
    const auto& w = s.geometry["workbench"];
    EXPECT_TRUE(w["builds"].get<bool>());
    EXPECT_FALSE(w["passed"].get<bool>());
    EXPECT_NE(findRow(w["problems"], 9, "data race"), nullptr) << w["problems"].dump();
    EXPECT_NE(findRow(w["marks"], 9, "finding"), nullptr) << w["marks"].dump();
    bool wrongSize = false;  // the result is wrong on some size, in the check list
    for (const auto& c : w["checks"]) wrongSize = wrongSize || (c["kind"] == "size" && !c["ok"].get<bool>());
    EXPECT_TRUE(wrongSize) << w["checks"].dump();
    // On the tree: the racing cell ringed in the stage it happens in.
    ASSERT_GE(w["treeMarks"].size(), 1u) << w.dump();
    const auto& m = w["treeMarks"][0];
    EXPECT_EQ(m["kind"], "race");
    EXPECT_GE(m["stage"].get<int>(), 1);
    const view::Rect ring = toPixels(s, rectOf(m["rect"]));
    EXPECT_GT(countNear(s.image, ring, pal().bad, 30), 40);
    // The kernel's own stage names are longer than a built-in's: the toolbar's caption is whole.
    Shot stepped;
    ASSERT_TRUE(loadShot(d + "/stepped.png", &stepped));
    EXPECT_EQ(stepped.geometry["stepCaption"], "step 3 / 10  \xc2\xb7  s = 4, no barrier");
    EXPECT_FALSE(stepped.geometry["stepCaptionCut"].get<bool>());
}

// The model chosen in the workbench ("compare with") is the check's --model: a sequential kernel written without
// macros agrees with the sequential model stage by stage, and parts from interleaved-divergent's in the first stage
// (interleaved addressing pairs neighbours, sequential addressing pairs cells half a group apart).
TEST(Workbench, TheComparedModelIsChosenInTheWorkbenchAndItsFirstDifferenceListed) {
    const std::string d = tempDir("workbench");
    const std::string k = d + "/mine.cl";
    std::ofstream(k) << kernelFile("plain_sequential.cl");
    const AppRun r = runApp(d,
                            "--config-dir " + d + "/cfg --no-save --size 1920x1080 --n 64 --wg 16 --type int --script "
                            "\"wait-trace;kernel-open:" + k + ";kernel-model:sequential;kernel-check;settle;frames:3;"
                            "shot:" + d + "/same.png;kernel-model:interleaved-divergent;wait-check;settle;frames:3;shot:" + d +
                            "/differs.png;quit\"",
                            env(d));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    Shot same, differs;
    ASSERT_TRUE(loadShot(d + "/same.png", &same) && loadShot(d + "/differs.png", &differs));
    const auto& a = same.geometry["workbench"];
    EXPECT_TRUE(a["passed"].get<bool>()) << a["problems"].dump();
    for (const auto& p : a["problems"]) EXPECT_NE(p["kind"], "model") << p;
    const auto& b = differs.geometry["workbench"];
    EXPECT_FALSE(b["passed"].get<bool>());
    const nlohmann::json* model = nullptr;
    for (const auto& p : b["problems"])
        if (p["kind"] == "model") model = &p;
    ASSERT_NE(model, nullptr) << b["problems"].dump();
    EXPECT_NE((*model)["text"].get<std::string>().find("differs from interleaved-divergent: pass 0, stage 1"),
              std::string::npos)
        << *model;
    // The result panel says the same: the chosen model, not "no CPU model".
    EXPECT_NE(same.geometry["resultNote"].get<std::string>().find("matches sequential's CPU model"), std::string::npos)
        << same.geometry["resultNote"];
    EXPECT_NE(differs.geometry["resultNote"].get<std::string>().find("(model: interleaved-divergent)"),
              std::string::npos)
        << differs.geometry["resultNote"];

    const AppRun bad = runApp(d, "--config-dir " + d + "/cfg --no-save --script \"kernel-new;kernel-model:work-group-reduce;quit\"",
                              env(d));
    EXPECT_NE(bad.exitCode, 0);
    EXPECT_NE(bad.err.find("not a variant with a CPU model"), std::string::npos) << bad.err;
}

TEST(Workbench, TheNewTemplatePassesEveryCheckAndScalesWithTheLectureTextSize) {
    const std::string d = tempDir("workbench");
    const AppRun r = runApp(d,
                            "--config-dir " + d + "/cfg --no-save --size 1920x1080 --n 64 --wg 32 --type float "
                            "--script \"wait-trace;kernel-new;kernel-check;settle;frames:3;shot:" + d + "/new.png;"
                            "classroom:font=1.5;frames:4;shot:" + d + "/large.png;quit\"",
                            env(d));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    Shot normal, large;
    ASSERT_TRUE(loadShot(d + "/new.png", &normal) && loadShot(d + "/large.png", &large));
    const auto& n = normal.geometry["workbench"];
    EXPECT_TRUE(n["passed"].get<bool>()) << n["problems"].dump() << n["status"];
    EXPECT_EQ(n["file"], d + "/data/reducelab/workbench/mine.cl");
    EXPECT_EQ(readFile(d + "/data/reducelab/workbench/mine.cl"), n["text"].get<std::string>());
    // 1.5 times the text: the editor's lines are 1.5 times as tall, and the editor, every problem and check row
    // stay inside the window.
    const auto& l = large.geometry["workbench"];
    EXPECT_NEAR(l["lineHeight"].get<float>() / n["lineHeight"].get<float>(), 1.5, 0.12);
    const float w = large.geometry["width"].get<float>() / large.geometry["pixelScale"].get<float>();
    const float h = large.geometry["height"].get<float>() / large.geometry["pixelScale"].get<float>();
    const view::Rect editor = rectOf(l["editor"]);
    EXPECT_GE(editor.x, 0);
    EXPECT_LE(editor.right(), w);
    EXPECT_LE(editor.bottom(), h);
    EXPECT_GT(editor.h, 10 * l["lineHeight"].get<float>());
    for (const auto& c : l["checks"]) EXPECT_LE(rectOf(c["rect"]).right(), w + 1) << c.dump();
}

TEST(Workbench, UnsavedEditsSurviveACrashAndARestart) {
    const char* display = std::getenv("DISPLAY");
    if (!display || !*display) GTEST_SKIP() << "needs a display to kill the app itself (run under xvfb-run)";
    const std::string d = tempDir("workbench");
    const std::string k = d + "/mine.cl";
    const std::string original = kernelFile("plain_sequential.cl");
    std::ofstream(k) << original;
    // Typed, never saved, then the process is killed (SIGKILL: no clean exit, only the autosave).
    AppRun r = runApp(d,
                      "--config-dir " + d + "/cfg --no-save --size 1400x900 --script \"wait-trace;kernel-open:" + k +
                          ";kernel-edit-line:1:// my unsaved thought;sleep:1.5;frames:2;sleep:60\"",
                      env(d) + " timeout -s KILL 15");
    EXPECT_NE(r.exitCode, 0);  // killed
    EXPECT_EQ(readFile(k), original);
    EXPECT_NE(readFile(d + "/data/reducelab/workbench/autosave.cl").find("// my unsaved thought"), std::string::npos);
    sleep(1);  // Xvfb resets once its last client is gone; a client connecting meanwhile is refused

    r = runApp(d, "--config-dir " + d + "/cfg --no-save --size 1400x900 --script \"wait-trace;frames:3;shot:" + d +
                      "/restored.png;quit\"",
               env(d));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    Shot s;
    ASSERT_TRUE(loadShot(d + "/restored.png", &s));
    const auto& w = s.geometry["workbench"];
    EXPECT_TRUE(w["open"].get<bool>());
    EXPECT_EQ(w["file"], k);
    EXPECT_TRUE(w["modified"].get<bool>());
    EXPECT_EQ(w["text"].get<std::string>().rfind("// my unsaved thought\n", 0), 0u) << w["text"];
    bool told = false;
    for (const auto& m : s.geometry["messages"])
        told = told || m.get<std::string>().find("restored your unsaved edits") != std::string::npos;
    EXPECT_TRUE(told) << s.geometry["messages"].dump();
}

// Rewrites `file` with `text` as another editor would, once `marker` exists (the app's first screenshot).
void writeWhenMarked(const std::string& marker, const std::string& file, const std::string& text) {
    std::ofstream(file + ".next") << text;
    const std::string cmd = "(for i in $(seq 1 300); do [ -f '" + marker + "' ] && break; sleep 0.1; done; sleep 0.3; "
                            "mv '" + file + ".next' '" + file + "') >/dev/null 2>&1 &";
    ASSERT_EQ(std::system(cmd.c_str()), 0);
}

TEST(Workbench, ASaveInAnotherEditorIsReloadedAndCheckedOrAskedAbout) {
    const std::string d = tempDir("workbench");
    const std::string k = d + "/mine.cl", typo = kernelFile("typo.cl");
    std::ofstream(k) << kernelFile("plain_sequential.cl");
    writeWhenMarked(d + "/opened.png", k, typo);
    AppRun r = runApp(d,
                      "--config-dir " + d + "/cfg --no-save --size 1400x900 --script \"wait-trace;kernel-open:" + k +
                          ";frames:2;shot:" + d + "/opened.png;sleep:2.5;wait-check;frames:3;shot:" + d +
                          "/reloaded.png;quit\"",
                      env(d));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    Shot reloaded;
    ASSERT_TRUE(loadShot(d + "/reloaded.png", &reloaded));
    const auto& w = reloaded.geometry["workbench"];
    EXPECT_EQ(w["text"], typo);
    EXPECT_FALSE(w["modified"].get<bool>());
    EXPECT_EQ(w["checksDone"], 1);  // the reload was checked: typo.cl's misspelt name on line 6
    EXPECT_NE(findRow(w["problems"], 6, "error"), nullptr) << w["problems"].dump();

    // With unsaved edits, the same save asks instead of replacing them.
    const std::string k2 = d + "/second.cl";
    std::ofstream(k2) << kernelFile("plain_sequential.cl");
    writeWhenMarked(d + "/edited.png", k2, typo);
    r = runApp(d,
               "--config-dir " + d + "/cfg --no-save --size 1400x900 --script \"wait-trace;kernel-open:" + k2 +
                   ";kernel-edit-line:1:// mine;frames:2;shot:" + d + "/edited.png;sleep:2.5;frames:3;shot:" + d +
                   "/asked.png;quit\"",
               env(d));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    Shot asked;
    ASSERT_TRUE(loadShot(d + "/asked.png", &asked));
    const auto& a = asked.geometry["workbench"];
    EXPECT_TRUE(a["askReload"].get<bool>());
    EXPECT_TRUE(a["modified"].get<bool>());
    EXPECT_EQ(a["text"].get<std::string>().rfind("// mine\n", 0), 0u);
}

TEST(Workbench, ScriptVerbsAreCheckedBeforeTheWindowOpens) {
    const std::string d = tempDir("workbench");
    AppRun r = runApp(d, "--script \"kernel-open\"", env(d));
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("kernel-open needs an argument"), std::string::npos) << r.err;
    r = runApp(d, "--help");
    for (const char* verb : {"kernel-new", "kernel-edit", "kernel-open:PATH", "kernel-edit-line:N:TEXT",
                             "kernel-replace:OLD=>NEW", "kernel-check", "wait-check", "kernel-find:TEXT"})
        EXPECT_NE(r.out.find(verb), std::string::npos) << verb;
}

// A student's kernel on the data the app starts with (no --data given): the small integers of the presets (0-9), so
// every value of the tree fits its cell, as the presets' trees do: the sum of 64 such elements is at most 576 (random
// data of up to four digits, the old default, sums to tens of thousands), and no stage hides a value.
TEST(Workbench, AStudentsKernelStartsOnDigitsThatFitTheirCells) {
    const std::string d = tempDir("workbench-digits");
    const std::string k = d + "/mine.cl";
    std::ofstream(k) << kernelFile("plain_sequential.cl");
    const AppRun r = runApp(d,
                            "--config-dir " + d + "/cfg --no-save --size 1920x1080 --n 64 --wg 16 --type int "
                            "--script \"wait-trace;kernel-open:" + k + ";kernel-check;settle;frames:3;shot:" + d +
                                "/mine.png;quit\"",
                            env(d));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    Shot shot;
    ASSERT_TRUE(loadShot(d + "/mine.png", &shot));
    const auto& g = shot.geometry["workbench"];
    ASSERT_TRUE(g["showingTrace"].get<bool>()) << g.dump();
    ASSERT_EQ(shot.geometry["trees"].size(), 1u);
    EXPECT_EQ(shot.geometry["trees"][0]["hiddenValues"], 0) << "a value too long for its cell";
    const std::string result = shot.geometry["resultText"];
    ASSERT_NE(result.find("correct"), std::string::npos) << result;
    const long sum = std::stol(result);
    EXPECT_GE(sum, 64 / 10) << result;  // not all zeros
    EXPECT_LE(sum, 9 * 64) << result << ": not the digits 0-9";
}

}  // namespace
}  // namespace rl::apptest
