// Kernel program binaries kept on disk between runs (the XDG cache dir), so that a second start loads programs
// instead of compiling them. Plain files: this header needs no OpenCL; ProgramCache does the loading and building.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rl {

// What one cache saw; tests read it to tell a loaded binary from a build (never a timing).
struct BinaryCacheStats {
    int hits = 0;           // a stored binary the driver accepted
    int misses = 0;         // no file for the key
    int damaged = 0;        // a file that was truncated or not ours (bad header, size or checksum): rebuilt
    int stale = 0;          // a whole file the driver refused (clCreateProgramWithBinary or its build): rebuilt
    int stored = 0;         // binaries written
    int writeFailures = 0;  // binaries that could not be written (an unwritable dir): the run goes on
};

class BinaryCache {
public:
    static constexpr uint32_t kFormatVersion = 1;               // part of every key and every file's header
    static constexpr uint64_t kDefaultMaxBytes = 128ull << 20;  // the oldest files go past this

    BinaryCache() = default;  // disabled: loads nothing, stores nothing
    explicit BinaryCache(std::string dir, uint64_t maxBytes = kDefaultMaxBytes);

    // The cache the environment asks for: none when REDUCELAB_NO_BINARY_CACHE is set (and not "0"); else the
    // directory REDUCELAB_CACHE_DIR names; else $XDG_CACHE_HOME/reducelab/programs; else
    // $HOME/.cache/reducelab/programs; none when neither is set.
    static BinaryCache fromEnvironment();

    bool enabled() const { return !dir_.empty(); }
    const std::string& dir() const { return dir_; }
    uint64_t maxBytes() const { return maxBytes_; }

    // 32 hex digits: XXH3-128 over the cache-format version, the device's identity (platform, device, driver and
    // device versions), the program source and the build options, each length-prefixed.
    static std::string key(const std::string& deviceIdentity, const std::string& source, const std::string& options);

    // The file a key is kept in.
    std::string pathOf(const std::string& key) const;

    // The binary stored under `key` when its file is whole (header, key, size and checksum agree); a missing file
    // counts as a miss, a damaged one as damaged. Never throws. A hit refreshes the file's time (kept longest).
    std::optional<std::vector<unsigned char>> load(const std::string& key);
    // Writes the binary under `key` atomically (a temporary file renamed over the old one), then removes the
    // oldest files while the directory holds more than maxBytes. Returns false when it could not; never throws.
    bool store(const std::string& key, const std::vector<unsigned char>& binary);

    // What ProgramCache tells after trying a loaded binary.
    void noteHit() { ++stats_.hits; }
    void noteStale() { ++stats_.stale; }
    const BinaryCacheStats& stats() const { return stats_; }

private:
    void prune();

    std::string dir_;
    uint64_t maxBytes_ = kDefaultMaxBytes;
    BinaryCacheStats stats_;
};

}  // namespace rl
