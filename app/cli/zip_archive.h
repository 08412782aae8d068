// A zip archive written with libzip: text held in memory and files on disk, each with its Unix mode, so that a
// script unpacks executable (the external attributes, as `zip` stores them and `unzip` restores them).
#pragma once
#include <string>
#include <vector>

namespace rl::cli {

struct ZipEntry {
    std::string name;      // the path inside the archive: "setup.sh", "exercises/01-first-reduce/starter.cl"
    std::string text;      // its contents, unless `file` is given
    std::string file;      // a file on disk to store instead of `text` (read when the archive is written)
    unsigned mode = 0644;  // Unix permission bits
};

// Writes `entries` to `path` (replacing what is there). Returns "" when written, else why not (libzip's words): the
// folder does not exist or cannot be written, a file cannot be read.
std::string writeZip(const std::string& path, const std::vector<ZipEntry>& entries);

}  // namespace rl::cli
