// The XDG base directories: the variable when it is an absolute path, else HOME's default, else nothing.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "core/files/user_dirs.h"

namespace rl {
namespace {

// Sets an environment variable for one test and puts the old value back.
struct EnvVar {
    std::string name, old;
    bool had = false;
    EnvVar(const char* n, const char* value) : name(n) {
        if (const char* v = std::getenv(n)) had = true, old = v;
        if (value) setenv(n, value, 1);
        else unsetenv(n);
    }
    ~EnvVar() {
        if (had) setenv(name.c_str(), old.c_str(), 1);
        else unsetenv(name.c_str());
    }
};

TEST(UserDirs, TheXdgVariableWinsWhenAbsolute) {
    EnvVar home("HOME", "/home/ada");
    EnvVar data("XDG_DATA_HOME", "/srv/data");
    EnvVar config("XDG_CONFIG_HOME", nullptr);
    EnvVar cache("XDG_CACHE_HOME", "relative/cache");  // not absolute: ignored, as the specification says
    EXPECT_EQ(userDataDir("exercises"), "/srv/data/reducelab/exercises");
    EXPECT_EQ(userConfigDir(), "/home/ada/.config/reducelab");
    EXPECT_EQ(userCacheDir("programs"), "/home/ada/.cache/reducelab/programs");
}

TEST(UserDirs, NothingWithoutHome) {
    EnvVar home("HOME", nullptr);
    EnvVar data("XDG_DATA_HOME", nullptr);
    EXPECT_EQ(userDataDir("bench"), "");
}

}  // namespace
}  // namespace rl
