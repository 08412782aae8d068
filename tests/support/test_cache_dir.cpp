// Linked into every test binary of reducelab_test: tests never write kernel binaries into the user's cache. ctest
// sets REDUCELAB_CACHE_DIR to one in the build tree (tests/CMakeLists.txt); a test binary run by hand without it
// gets one under the system's temporary directory, and so do the processes it starts.
#include <cstdlib>
#include <filesystem>
#include <string>

namespace {

const bool kCacheDirChosen = [] {
    const char* dir = std::getenv("REDUCELAB_CACHE_DIR");
    if (dir && *dir) return false;
    std::error_code ec;
    const std::filesystem::path tmp = std::filesystem::temp_directory_path(ec);
    const std::string chosen = (ec ? std::filesystem::path("/tmp") : tmp) / "reducelab-test-programs";
    setenv("REDUCELAB_CACHE_DIR", chosen.c_str(), 1);
    return true;
}();

}  // namespace
