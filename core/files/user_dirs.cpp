// The XDG base directories of a user's files.
#include "core/files/user_dirs.h"

#include <cstdlib>

namespace rl {
namespace {

// $variable (an absolute path; a relative one is ignored, as the XDG rules say), else $HOME/fallback.
std::string baseDir(const char* variable, const char* fallback, const std::string& sub) {
    std::string base;
    if (const char* v = std::getenv(variable); v && *v == '/') base = v;
    else if (const char* home = std::getenv("HOME"); home && *home) base = std::string(home) + "/" + fallback;
    if (base.empty()) return "";
    return base + "/reducelab" + (sub.empty() ? "" : "/" + sub);
}

}  // namespace

std::string userDataDir(const std::string& sub) { return baseDir("XDG_DATA_HOME", ".local/share", sub); }
std::string userConfigDir(const std::string& sub) { return baseDir("XDG_CONFIG_HOME", ".config", sub); }
std::string userCacheDir(const std::string& sub) { return baseDir("XDG_CACHE_HOME", ".cache", sub); }

}  // namespace rl
