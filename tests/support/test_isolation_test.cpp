// Every test program runs with config and data folders of its own (tests/support/isolated.sh), empty when it starts,
// and ReduceLab's cache in the build tree: nothing a user did with the app before (settings, an autosaved kernel,
// progress, kernel binaries) reaches a test.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>

namespace {

TEST(TestIsolation, EachTestProgramHasEmptyFoldersOfItsOwn) {
    for (const char* var : {"XDG_CONFIG_HOME", "XDG_DATA_HOME"}) {
        SCOPED_TRACE(var);
        const char* dir = std::getenv(var);
        ASSERT_NE(dir, nullptr) << "the test runs without its own " << var;
        EXPECT_NE(std::string(dir).find("reducelab-test-XDG-"), std::string::npos) << dir;
        const char* home = std::getenv("HOME");
        if (home && *home) EXPECT_NE(std::string(dir).rfind(home, 0), 0u) << dir << " is under HOME";
        ASSERT_TRUE(std::filesystem::is_directory(dir)) << dir;
        EXPECT_TRUE(std::filesystem::is_empty(dir)) << dir << " is not empty at the start";
    }
}

TEST(TestIsolation, ReduceLabsOwnCacheIsTheBuildTrees) {
    const char* programs = std::getenv("REDUCELAB_CACHE_DIR");
    ASSERT_NE(programs, nullptr) << "tests/CMakeLists.txt puts the kernel binaries in the build tree";
    EXPECT_NE(std::string(programs).find("/test-cache/programs"), std::string::npos) << programs;
}

}  // namespace
