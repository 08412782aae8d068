// The ladder warmer: it builds every variant of the registry in the background into the disk cache, so that a later
// engine loads each of them instead of compiling; a held warmer starts nothing; stopping it mid-ladder is prompt.
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <thread>

#include "core/cl/engine.h"
#include "core/cl/ladder_warmer.h"
#include "core/catalogue/variant.h"

namespace rl {
namespace {

namespace fs = std::filesystem;

std::string freshDir(const std::string& name) {
    const fs::path p = fs::temp_directory_path() / ("reducelab-" + name + "-" + std::to_string(::getpid()));
    fs::remove_all(p);
    return p.string();
}

RunConfig warmConfig() {
    RunConfig c;
    c.n = 512;
    c.wg = 64;
    c.type = ElemType::Int;
    return c;
}

LadderWarmerProgress waitFinished(const LadderWarmer& w) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(5);
    while (!w.progress().finished && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    return w.progress();
}

TEST(LadderWarmerCache, LaterEngineLoadsEveryWarmedVariant) {
    const std::string dir = freshDir("warmer-cache");
    // More variants than the warmer's engine keeps programs of: the disk cache has them all, its memory a few.
    const std::vector<std::string> ids = {"interleaved-divergent", "interleaved-strided", "sequential", "first-add",
                                          "complete-unroll", "best-cpu"};
    static_assert(LadderWarmer::kMaxPrograms < 6);
    {
        LadderWarmer warmer(selectDevice(""), warmConfig(), ids, BinaryCache(dir));
        const LadderWarmerProgress p = waitFinished(warmer);
        ASSERT_TRUE(p.finished);
        EXPECT_EQ(p.done, int(ids.size()));
        EXPECT_EQ(p.total, int(ids.size()));
        EXPECT_GE(p.disk.stored + p.disk.hits, int(ids.size()));
        EXPECT_GE(p.programs, 1u);
        EXPECT_LE(p.programs, LadderWarmer::kMaxPrograms);
    }
    Engine e(selectDevice(""));
    e.programs().setDiskCache(BinaryCache(dir));
    for (const auto& id : ids) {
        RunConfig c = warmConfig();
        c.variant = id;
        e.validate(c, Engine::Purpose::Trace);  // builds (here: loads) the traced kernel
    }
    EXPECT_EQ(e.programs().diskCache().stats().hits, int(ids.size()));
    EXPECT_EQ(e.programs().diskCache().stats().misses, 0);
    fs::remove_all(dir);
}

TEST(LadderWarmerCache, HeldWarmerStartsNothingAndStopsPromptly) {
    const std::string dir = freshDir("warmer-held");
    std::vector<std::string> ids;
    for (const auto& v : reduceVariants()) ids.push_back(v.id);
    {
        LadderWarmer warmer(selectDevice(""), warmConfig(), ids, BinaryCache(dir));
        warmer.hold(true);  // may already be on its first variant: that one finishes
        std::this_thread::sleep_for(std::chrono::seconds(3));
        const int done = warmer.progress().done;
        EXPECT_LE(done, 1);
        std::this_thread::sleep_for(std::chrono::milliseconds(500));
        EXPECT_EQ(warmer.progress().done, done);  // nothing new while held
        EXPECT_FALSE(warmer.progress().finished);
    }  // destroyed while held: stops without building the rest
    fs::remove_all(dir);
}

TEST(LadderWarmerCache, AWarmerStoppedBeforeItsStartBuildsNothing) {
    const std::string dir = freshDir("warmer-delayed");
    const auto begun = std::chrono::steady_clock::now();
    {
        LadderWarmer warmer(selectDevice(""), warmConfig(), {"sequential", "first-add"}, BinaryCache(dir),
                            std::chrono::minutes(10));
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        EXPECT_EQ(warmer.progress().done, 0);  // still waiting for its start
        EXPECT_FALSE(warmer.progress().finished);
        warmer.stop();  // the setting changed again
        const LadderWarmerProgress p = waitFinished(warmer);
        EXPECT_TRUE(p.finished);
        EXPECT_EQ(p.done, 0);
        EXPECT_EQ(p.disk.stored, 0);
    }
    EXPECT_LT(std::chrono::steady_clock::now() - begun, std::chrono::minutes(1));  // the stop cut the wait short
    EXPECT_TRUE(!fs::exists(dir) || fs::is_empty(dir));                          // nothing built, nothing stored
    fs::remove_all(dir);
}

TEST(LadderWarmerCache, UnsupportedVariantsCountAsDone) {
    const std::string dir = freshDir("warmer-unsupported");
    RunConfig c = warmConfig();
    c.wg = 3;  // not a power of two: most of the ladder refuses it
    LadderWarmer warmer(selectDevice(""), c, {"sequential", "interleaved-divergent", "no-such-variant"},
                        BinaryCache(dir));
    const LadderWarmerProgress p = waitFinished(warmer);
    EXPECT_TRUE(p.finished);
    EXPECT_EQ(p.done, 3);
    fs::remove_all(dir);
}

TEST(LadderWarmerCache, ConfigKeyIgnoresTheVariantButNotTheBuild) {
    RunConfig a = warmConfig(), b = warmConfig();
    b.variant = "first-add";
    EXPECT_EQ(LadderWarmer::configKey(a), LadderWarmer::configKey(b));
    b.type = ElemType::Float;
    EXPECT_NE(LadderWarmer::configKey(a), LadderWarmer::configKey(b));
    b = a;
    b.wg = 128;
    EXPECT_NE(LadderWarmer::configKey(a), LadderWarmer::configKey(b));
}

}  // namespace
}  // namespace rl
