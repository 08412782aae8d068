// The on-disk program cache: keys (XXH3-128), the file format (header + checksum), atomic writes and the size bound.
#include "core/cl/binary_cache.h"

#include <unistd.h>
#include <xxhash.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <system_error>

namespace rl {
namespace {

namespace fs = std::filesystem;

// A file: magic, format version, the key's 16 bytes, the payload's size and XXH3-64 checksum, then the payload.
constexpr char kMagic[8] = {'R', 'L', 'P', 'R', 'O', 'G', '\n', '\0'};
struct Header {
    char magic[8];
    uint32_t version;
    uint32_t reserved;
    unsigned char key[16];
    uint64_t size;
    uint64_t checksum;
};
static_assert(sizeof(Header) == 48, "the header is written as is");

const char* env(const char* name) {
    const char* v = std::getenv(name);
    return v && *v ? v : nullptr;
}

void addField(XXH3_state_t* state, const std::string& text) {
    const uint64_t size = text.size();
    XXH3_128bits_update(state, &size, sizeof size);
    XXH3_128bits_update(state, text.data(), text.size());
}

// The 16 bytes a 32-hex-digit key spells; false when it is not one.
bool keyBytes(const std::string& key, unsigned char out[16]) {
    if (key.size() != 32) return false;
    for (size_t i = 0; i < 16; ++i) {
        unsigned v = 0;
        for (size_t j = 0; j < 2; ++j) {
            const char c = key[2 * i + j];
            const int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
            if (d < 0) return false;
            v = v * 16 + unsigned(d);
        }
        out[i] = static_cast<unsigned char>(v);
    }
    return true;
}

}  // namespace

BinaryCache::BinaryCache(std::string dir, uint64_t maxBytes) : dir_(std::move(dir)), maxBytes_(maxBytes) {}

BinaryCache BinaryCache::fromEnvironment() {
    if (const char* off = env("REDUCELAB_NO_BINARY_CACHE"); off && std::strcmp(off, "0") != 0) return {};
    if (const char* dir = env("REDUCELAB_CACHE_DIR")) return BinaryCache(dir);
    if (const char* xdg = env("XDG_CACHE_HOME")) return BinaryCache(std::string(xdg) + "/reducelab/programs");
    if (const char* home = env("HOME")) return BinaryCache(std::string(home) + "/.cache/reducelab/programs");
    return {};
}

std::string BinaryCache::key(const std::string& deviceIdentity, const std::string& source, const std::string& options) {
    XXH3_state_t* state = XXH3_createState();
    XXH3_128bits_reset(state);
    const uint32_t version = kFormatVersion;
    XXH3_128bits_update(state, &version, sizeof version);
    addField(state, deviceIdentity);
    addField(state, source);
    addField(state, options);
    XXH128_canonical_t canonical;
    XXH128_canonicalFromHash(&canonical, XXH3_128bits_digest(state));
    XXH3_freeState(state);
    static const char* hex = "0123456789abcdef";
    std::string out;
    for (unsigned char b : canonical.digest) {
        out += hex[b >> 4];
        out += hex[b & 15];
    }
    return out;
}

std::string BinaryCache::pathOf(const std::string& key) const {
    return dir_ + "/" + key + ".bin";
}

std::optional<std::vector<unsigned char>> BinaryCache::load(const std::string& key) {
    unsigned char expectedKey[16];
    if (!enabled() || !keyBytes(key, expectedKey)) return std::nullopt;
    const std::string path = pathOf(key);
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        ++stats_.misses;
        return std::nullopt;
    }
    Header h{};
    std::vector<unsigned char> payload;
    const bool headerOk = in.read(reinterpret_cast<char*>(&h), sizeof h) &&
                          std::memcmp(h.magic, kMagic, sizeof kMagic) == 0 && h.version == kFormatVersion &&
                          std::memcmp(h.key, expectedKey, sizeof expectedKey) == 0 && h.size > 0 && h.size <= maxBytes_;
    if (headerOk) {
        payload.resize(h.size);
        in.read(reinterpret_cast<char*>(payload.data()), std::streamsize(h.size));
    }
    // Whole means: exactly the stated size (no more, no less) with the stated checksum.
    if (!headerOk || !in || in.peek() != std::char_traits<char>::eof() ||
        XXH3_64bits(payload.data(), payload.size()) != h.checksum) {
        ++stats_.damaged;
        return std::nullopt;
    }
    std::error_code ec;
    fs::last_write_time(path, fs::file_time_type::clock::now(), ec);  // used: kept longest by prune()
    return payload;
}

bool BinaryCache::store(const std::string& key, const std::vector<unsigned char>& binary) {
    Header h{};
    if (!enabled() || binary.empty() || binary.size() > maxBytes_ || !keyBytes(key, h.key)) return false;
    std::memcpy(h.magic, kMagic, sizeof kMagic);
    h.version = kFormatVersion;
    h.size = binary.size();
    h.checksum = XXH3_64bits(binary.data(), binary.size());

    static std::atomic<unsigned> serial{0};  // one temporary name per writer, also across threads
    const std::string path = pathOf(key);
    const std::string temp = path + ".tmp" + std::to_string(::getpid()) + "." + std::to_string(serial++);
    std::error_code ec;
    fs::create_directories(dir_, ec);
    bool ok = false;
    {
        std::ofstream out(temp, std::ios::binary | std::ios::trunc);
        if (out) {
            out.write(reinterpret_cast<const char*>(&h), sizeof h);
            out.write(reinterpret_cast<const char*>(binary.data()), std::streamsize(binary.size()));
            out.close();
            ok = bool(out);
        }
    }
    if (ok) {
        fs::rename(temp, path, ec);
        ok = !ec;
    }
    if (!ok) {
        fs::remove(temp, ec);
        ++stats_.writeFailures;
        return false;
    }
    ++stats_.stored;
    prune();
    return true;
}

void BinaryCache::prune() {
    struct Entry {
        fs::file_time_type time;
        uint64_t size;
        fs::path path;
    };
    std::vector<Entry> entries;
    uint64_t total = 0;
    std::error_code ec;
    for (fs::directory_iterator it(dir_, ec), end; !ec && it != end; it.increment(ec)) {
        std::error_code e2;
        if (!it->is_regular_file(e2)) continue;
        const uint64_t size = it->file_size(e2);
        const auto time = it->last_write_time(e2);
        if (e2) continue;
        if (it->path().extension() != ".bin") {  // a writer's temporary file, left by a crash an hour ago
            if (it->path().filename().string().find(".bin.tmp") != std::string::npos &&
                fs::file_time_type::clock::now() - time > std::chrono::hours(1))
                fs::remove(it->path(), e2);
            continue;
        }
        entries.push_back({time, size, it->path()});
        total += size;
    }
    if (total <= maxBytes_) return;
    std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) { return a.time < b.time; });
    // Down to three quarters of the bound, so that the next stores do not prune again at once.
    for (const Entry& e : entries) {
        if (total <= maxBytes_ / 4 * 3) break;
        if (fs::remove(e.path, ec)) total -= e.size;
    }
}

}  // namespace rl
