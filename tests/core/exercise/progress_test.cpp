// The progress store: a round trip through its file, hints revealed one at a time, solved kept, reset, a corrupt
// file set aside, and the XDG location.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "core/exercise/progress.h"

namespace {

namespace fs = std::filesystem;
using rl::exercise::ProgressStore;

fs::path scratchDir() {
    const fs::path d = fs::temp_directory_path() / ("reducelab-progress-test-" + std::to_string(::getpid()));
    fs::remove_all(d);
    return d;
}

TEST(Progress, SurvivesARestart) {
    const fs::path dir = scratchDir();
    const std::string path = (dir / "exercises" / "progress.json").string();
    {
        ProgressStore s(path);
        EXPECT_TRUE(s.warning().empty());
        s.recordAttempt("first-reduce", "kernel one", "fail", 2, 5);
        s.recordAttempt("first-reduce", "kernel two", "pass", 5, 5);
        s.recordAttempt("first-reduce", "kernel three", "fail", 4, 5);
        EXPECT_EQ(s.revealHint("first-reduce", 2), 0);
        EXPECT_EQ(s.revealHint("first-reduce", 2), 1);
        EXPECT_EQ(s.revealHint("first-reduce", 2), -1);  // both shown
        s.markSolutionShown("bank-conflicts");
        std::string error;
        ASSERT_TRUE(s.save(&error)) << error;
    }
    const ProgressStore again(path);
    const auto p = again.get("first-reduce");
    EXPECT_EQ(p.attempts, 3);
    EXPECT_TRUE(p.solved);  // solved once, solved for good
    EXPECT_EQ(p.hintsRevealed, 2);
    EXPECT_EQ(p.lastAttempt, "kernel three");
    EXPECT_EQ(p.lastStatus, "fail");
    EXPECT_DOUBLE_EQ(p.lastScore, 4);
    EXPECT_TRUE(again.get("bank-conflicts").solutionShown);
    EXPECT_EQ(again.get("never-seen").attempts, 0);
    fs::remove_all(dir);
}

TEST(Progress, ResetForgets) {
    const fs::path dir = scratchDir();
    const std::string path = (dir / "progress.json").string();
    ProgressStore s(path);
    s.recordAttempt("a", "x", "pass", 1, 1);
    s.recordAttempt("b", "y", "fail", 0, 1);
    s.reset("a");
    ASSERT_TRUE(s.save());
    ProgressStore t(path);
    EXPECT_EQ(t.get("a").attempts, 0);
    EXPECT_EQ(t.get("b").attempts, 1);
    t.resetAll();
    ASSERT_TRUE(t.save());
    EXPECT_TRUE(ProgressStore(path).all().empty());
    fs::remove_all(dir);
}

TEST(Progress, TwoStoresOnOneFileKeepEachOthersAttempts) {
    // The explorer holds a store open while `reducelab exercise check --record` writes the same file.
    const fs::path dir = scratchDir();
    const std::string path = (dir / "progress.json").string();
    ProgressStore gui(path);
    gui.recordAttempt("first-reduce", "gui's kernel", "fail", 1, 5);
    ASSERT_TRUE(gui.save());
    {
        ProgressStore cli(path);
        cli.recordAttempt("any-n", "cli's kernel", "pass", 3, 3);
        cli.recordAttempt("first-reduce", "cli's kernel", "pass", 5, 5);
        ASSERT_TRUE(cli.save());
    }
    EXPECT_EQ(gui.revealHint("bank-conflicts", 3), 0);  // the explorer goes on with the store it read before
    ASSERT_TRUE(gui.save());
    const ProgressStore after(path);
    EXPECT_EQ(after.get("any-n").attempts, 1);          // the other process's exercise is kept
    EXPECT_EQ(after.get("first-reduce").attempts, 2);   // and its attempt on one the explorer did not change since
    EXPECT_TRUE(after.get("first-reduce").solved);
    EXPECT_EQ(after.get("bank-conflicts").hintsRevealed, 1);
    EXPECT_EQ(gui.get("any-n").attempts, 1);            // the saving store now holds the merged file
    fs::remove_all(dir);
}

TEST(Progress, NegativeCountsInAHandEditedFileReadAsNone) {
    const fs::path dir = scratchDir();
    fs::create_directories(dir);
    const std::string path = (dir / "progress.json").string();
    std::ofstream(path) << R"({"version": 1, "exercises": {"a": {"attempts": -4, "hints_revealed": -2}}})";
    ProgressStore s(path);
    EXPECT_TRUE(s.warning().empty()) << s.warning();
    EXPECT_EQ(s.get("a").attempts, 0);
    EXPECT_EQ(s.revealHint("a", 2), 0);  // the first hint, not a negative index
    fs::remove_all(dir);
}

TEST(Progress, ACorruptFileStartsAfreshAndIsKeptAside) {
    const fs::path dir = scratchDir();
    fs::create_directories(dir);
    const std::string path = (dir / "progress.json").string();
    std::ofstream(path) << "{\"version\": 1, \"exercises\": {\"a\": ";
    ProgressStore s(path);
    EXPECT_NE(s.warning().find("corrupt"), std::string::npos) << s.warning();
    EXPECT_TRUE(s.all().empty());
    s.recordAttempt("a", "x", "fail", 0, 1);
    ASSERT_TRUE(s.save());
    EXPECT_TRUE(fs::exists(path + ".bad"));
    EXPECT_EQ(ProgressStore(path).get("a").attempts, 1);
    ASSERT_TRUE(s.save());  // a second save keeps the set-aside file as it was
    std::ifstream bad(path + ".bad");
    std::string text((std::istreambuf_iterator<char>(bad)), std::istreambuf_iterator<char>());
    EXPECT_NE(text.find("\"a\": "), std::string::npos);
    fs::remove_all(dir);
}

TEST(Progress, LivesInTheXdgDataDirectory) {
    const char* old = std::getenv("XDG_DATA_HOME");
    const std::string saved = old ? old : "";
    setenv("XDG_DATA_HOME", "/tmp/xdg-test", 1);
    EXPECT_EQ(ProgressStore::defaultPath(), "/tmp/xdg-test/reducelab/exercises/progress.json");
    unsetenv("XDG_DATA_HOME");
    const char* home = std::getenv("HOME");
    if (home && *home)
        EXPECT_EQ(ProgressStore::defaultPath(), std::string(home) + "/.local/share/reducelab/exercises/progress.json");
    if (old) setenv("XDG_DATA_HOME", saved.c_str(), 1);
}

}  // namespace
