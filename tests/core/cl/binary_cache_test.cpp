// The on-disk program cache: a second Engine loads what the first built, damaged and refused entries are rebuilt
// silently, keys follow device, source and options, an unwritable directory costs nothing but the cache.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <string>

#include "core/catalogue/build_options.h"
#include "core/cl/binary_cache.h"
#include "core/cl/engine.h"
#include "core/input.h"
#include "core/catalogue/kernel_source.h"

namespace rl {
namespace {

namespace fs = std::filesystem;

// A fresh directory under the system's temporary one, removed afterwards (never the user's cache).
class TempDir {
public:
    TempDir() {
        static int serial = 0;
        path_ = fs::temp_directory_path() /
                ("reducelab-binary-cache-test-" + std::to_string(::getpid()) + "-" + std::to_string(serial++));
        fs::remove_all(path_);
        fs::create_directories(path_);
    }
    ~TempDir() {
        std::error_code ec;
        fs::remove_all(path_, ec);
    }
    std::string str() const { return path_.string(); }

private:
    fs::path path_;
};

RunConfig smallConfig() {
    RunConfig c;
    c.variant = "sequential";
    c.n = 256;
    c.wg = 64;
    c.type = ElemType::Int;
    return c;
}

// An Engine on the default device whose disk cache is `dir`.
std::unique_ptr<Engine> engineWithCache(const std::string& dir) {
    auto e = std::make_unique<Engine>(selectDevice(""));
    e->programs().setDiskCache(BinaryCache(dir));
    return e;
}

void expectCorrectTrace(Engine& e) {
    const RunConfig c = smallConfig();
    const TraceRun run = e.trace(c, makeInput(c));
    EXPECT_TRUE(run.correct) << run.verdict;
}

std::vector<fs::path> binFiles(const std::string& dir) {
    std::vector<fs::path> out;
    for (const auto& entry : fs::directory_iterator(dir))
        if (entry.path().extension() == ".bin") out.push_back(entry.path());
    return out;
}

// Sets an environment variable for one scope, then puts the old value back.
class ScopedEnv {
public:
    ScopedEnv(const char* name, const char* value) : name_(name) {
        if (const char* old = std::getenv(name)) old_ = old;
        if (value)
            setenv(name, value, 1);
        else
            unsetenv(name);
    }
    ~ScopedEnv() {
        if (old_)
            setenv(name_, old_->c_str(), 1);
        else
            unsetenv(name_);
    }

private:
    const char* name_;
    std::optional<std::string> old_;
};

TEST(BinaryCache, SecondEngineLoadsTheBinaryTheFirstBuilt) {
    TempDir dir;
    auto first = engineWithCache(dir.str());
    expectCorrectTrace(*first);
    EXPECT_EQ(first->programs().diskCache().stats().hits, 0);
    EXPECT_GE(first->programs().diskCache().stats().misses, 1);
    EXPECT_GE(first->programs().diskCache().stats().stored, 1);
    EXPECT_FALSE(binFiles(dir.str()).empty());

    auto second = engineWithCache(dir.str());
    expectCorrectTrace(*second);
    const BinaryCacheStats& s = second->programs().diskCache().stats();
    EXPECT_GE(s.hits, 1);
    EXPECT_EQ(s.misses, 0);
    EXPECT_EQ(s.stored, 0);
    EXPECT_EQ(s.damaged + s.stale, 0);
}

TEST(BinaryCache, TruncatedOrGarbledEntryIsRebuiltSilently) {
    TempDir dir;
    expectCorrectTrace(*engineWithCache(dir.str()));
    auto files = binFiles(dir.str());
    ASSERT_FALSE(files.empty());
    for (size_t i = 0; i < files.size(); ++i) {
        if (i % 2 == 0) {
            fs::resize_file(files[i], fs::file_size(files[i]) / 2);  // truncated
        } else {
            std::ofstream(files[i], std::ios::binary | std::ios::trunc) << "not a program binary";  // garbage
        }
    }
    auto rebuilt = engineWithCache(dir.str());
    expectCorrectTrace(*rebuilt);
    EXPECT_EQ(rebuilt->programs().diskCache().stats().damaged, int(files.size()));
    EXPECT_EQ(rebuilt->programs().diskCache().stats().stored, int(files.size()));  // overwritten

    auto again = engineWithCache(dir.str());  // and whole again
    expectCorrectTrace(*again);
    EXPECT_EQ(again->programs().diskCache().stats().hits, int(files.size()));
}

TEST(BinaryCache, BinaryTheDriverRefusesIsRebuiltSilently) {
    TempDir dir;
    auto probe = engineWithCache(dir.str());
    const RunConfig c = smallConfig();
    const VariantInfo& v = probe->validate(c);
    const std::string key = BinaryCache::key(probe->programs().deviceIdentity(), programSource(v.kernelFile),
                                             buildOptions(v, c, true, probe->device()));
    BinaryCache cache(dir.str());
    ASSERT_TRUE(cache.store(key, std::vector<unsigned char>(4096, 0x5a)));  // a whole file of nonsense

    auto e = engineWithCache(dir.str());
    expectCorrectTrace(*e);
    EXPECT_EQ(e->programs().diskCache().stats().stale, 1);
    EXPECT_GE(e->programs().diskCache().stats().stored, 1);
    auto again = engineWithCache(dir.str());
    expectCorrectTrace(*again);
    EXPECT_GE(again->programs().diskCache().stats().hits, 1);
    EXPECT_EQ(again->programs().diskCache().stats().stale, 0);
}

TEST(BinaryCache, UnwritableDirectoryDoesNotFailARun) {
    TempDir dir;
    const std::string blocker = dir.str() + "/a-file";
    std::ofstream(blocker) << "x";  // a directory cannot be made under a file, even as root
    auto e = engineWithCache(blocker + "/programs");
    expectCorrectTrace(*e);
    EXPECT_GE(e->programs().diskCache().stats().writeFailures, 1);
    EXPECT_EQ(e->programs().diskCache().stats().stored, 0);
}

TEST(BinaryCache, DisabledCacheBuildsAndWritesNothing) {
    auto e = std::make_unique<Engine>(selectDevice(""));
    e->programs().setDiskCache(BinaryCache());
    expectCorrectTrace(*e);
    const BinaryCacheStats& s = e->programs().diskCache().stats();
    EXPECT_EQ(s.hits + s.misses + s.stored + s.writeFailures, 0);
}

TEST(BinaryCache, KeyFollowsDeviceSourceAndOptions) {
    const std::string k = BinaryCache::key("PoCL\ncpu", "kernel void f() {}", "-D RL_TYPE_INT");
    EXPECT_EQ(k.size(), 32u);
    EXPECT_EQ(k.find_first_not_of("0123456789abcdef"), std::string::npos);
    EXPECT_EQ(k, BinaryCache::key("PoCL\ncpu", "kernel void f() {}", "-D RL_TYPE_INT"));
    EXPECT_NE(k, BinaryCache::key("PoCL\ncpu", "kernel void g() {}", "-D RL_TYPE_INT"));
    EXPECT_NE(k, BinaryCache::key("PoCL\ncpu", "kernel void f() {}", "-D RL_TYPE_FLOAT"));
    EXPECT_NE(k, BinaryCache::key("PoCL 6\ncpu", "kernel void f() {}", "-D RL_TYPE_INT"));
    // Fields are length-prefixed: moving text from one field to the next changes the key.
    EXPECT_NE(BinaryCache::key("a", "bc", ""), BinaryCache::key("ab", "c", ""));
    // The same bytes give the same key in every build and on every machine (XXH3 is specified; std::hash is not):
    // a change here orphans every user's cache, so it goes with a new BinaryCache::kFormatVersion.
    EXPECT_EQ(k, "dd9735d082b65ec83180313d661ccae2");
    EXPECT_EQ(BinaryCache::key("", "", ""), "6413541132820b78cb26a96a14d1a047");
}

TEST(BinaryCache, KeysOfTheEngineDifferByOptions) {
    auto e = std::make_unique<Engine>(selectDevice(""));
    RunConfig c = smallConfig();
    const VariantInfo& v = e->validate(c);
    const std::string id = e->programs().deviceIdentity();
    const std::string src = programSource(v.kernelFile);
    EXPECT_NE(BinaryCache::key(id, src, buildOptions(v, c, true, e->device())),
              BinaryCache::key(id, src, buildOptions(v, c, false, e->device())));
    RunConfig f = c;
    f.type = ElemType::Float;
    EXPECT_NE(BinaryCache::key(id, src, buildOptions(v, c, true, e->device())),
              BinaryCache::key(id, src, buildOptions(v, f, true, e->device())));
    EXPECT_NE(BinaryCache::key(id, src, buildOptions(v, c, true, e->device())),
              BinaryCache::key(id, programSource(findVariant("interleaved-strided")->kernelFile), buildOptions(v, c, true, e->device())));
}

TEST(BinaryCache, OldestFilesGoPastTheBound) {
    TempDir dir;
    BinaryCache cache(dir.str(), 10000);
    const std::vector<unsigned char> payload(3000, 7);
    const std::string a = BinaryCache::key("", "a", ""), b = BinaryCache::key("", "b", ""),
                      c = BinaryCache::key("", "c", ""), d = BinaryCache::key("", "d", "");
    ASSERT_TRUE(cache.store(a, payload));
    ASSERT_TRUE(cache.store(b, payload));
    ASSERT_TRUE(cache.store(c, payload));
    const auto old = fs::file_time_type::clock::now() - std::chrono::hours(1);
    fs::last_write_time(cache.pathOf(a), old);
    fs::last_write_time(cache.pathOf(b), old - std::chrono::hours(1));  // b is the oldest
    ASSERT_TRUE(cache.store(d, payload));                               // 4 x 3048 bytes > 10000: the oldest go
    EXPECT_FALSE(fs::exists(cache.pathOf(b)));
    EXPECT_TRUE(fs::exists(cache.pathOf(d)));
    uint64_t total = 0;
    for (const auto& f : binFiles(dir.str())) total += fs::file_size(f);
    EXPECT_LE(total, 10000u);
    EXPECT_TRUE(cache.load(d).has_value());
    EXPECT_FALSE(cache.load(b).has_value());
}

TEST(BinaryCache, DirectoryFromTheEnvironment) {
    ScopedEnv off("REDUCELAB_NO_BINARY_CACHE", nullptr), dir("REDUCELAB_CACHE_DIR", nullptr);
    {
        ScopedEnv xdg("XDG_CACHE_HOME", "/tmp/xdg-cache");
        EXPECT_EQ(BinaryCache::fromEnvironment().dir(), "/tmp/xdg-cache/reducelab/programs");
    }
    {
        ScopedEnv xdg("XDG_CACHE_HOME", nullptr), home("HOME", "/home/someone");
        EXPECT_EQ(BinaryCache::fromEnvironment().dir(), "/home/someone/.cache/reducelab/programs");
    }
    {
        ScopedEnv chosen("REDUCELAB_CACHE_DIR", "/tmp/chosen");
        EXPECT_EQ(BinaryCache::fromEnvironment().dir(), "/tmp/chosen");
        ScopedEnv disabled("REDUCELAB_NO_BINARY_CACHE", "1");
        EXPECT_FALSE(BinaryCache::fromEnvironment().enabled());
    }
}

}  // namespace
}  // namespace rl
