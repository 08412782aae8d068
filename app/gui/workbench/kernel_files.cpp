// Autosave, kernel files, the New template and the file watcher.
#include "app/gui/workbench/kernel_files.h"
#include "app/view/value_format.h"
#include "core/files/user_dirs.h"

#include <sys/stat.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/pattern.h"
#include "core/types.h"
#include "core/catalogue/kernel_source.h"
#include "core/workbench/student_kernel.h"

namespace rl::gui::workbench {
namespace fs = std::filesystem;
namespace {

// Writes `text` to path.tmp and renames it over `path`.
void writeAtomically(const std::string& path, const std::string& text) {
    const std::string tmp = path + ".tmp";
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        if (!out) throw std::runtime_error("cannot write " + tmp);
        out << text;
        out.flush();
        if (!out) throw std::runtime_error("cannot write " + tmp + " (is the disk full?)");
    }
    fs::rename(tmp, path);
}

std::string readWhole(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}


}  // namespace

std::string defaultWorkbenchDir() {
    return userDataDir("workbench");
}

bool writeAutosave(const std::string& dir, const Autosave& a, std::string* error) {
    if (dir.empty()) return true;
    try {
        fs::create_directories(dir);
        writeAtomically(dir + "/autosave.cl", a.text);
        const nlohmann::json j = {{"path", a.path},         {"modified", a.modified}, {"open", a.open},
                                  {"entry", a.entry},       {"savedAt", view::localTimeText("%Y-%m-%d %H:%M:%S")}, {"bytes", a.text.size()}};
        writeAtomically(dir + "/autosave.json", j.dump(2) + "\n");
    } catch (const std::exception& e) {
        if (error) *error = std::string("the editor's autosave failed: ") + e.what();
        return false;
    }
    return true;
}

std::optional<Autosave> readAutosave(const std::string& dir, std::string* warning) {
    if (dir.empty() || !fs::exists(dir + "/autosave.json")) return std::nullopt;
    try {
        const nlohmann::json j = nlohmann::json::parse(readWhole(dir + "/autosave.json"));
        Autosave a;
        a.path = j.value("path", "");
        a.modified = j.value("modified", false);
        a.open = j.value("open", false);
        a.entry = j.value("entry", "");
        a.savedAt = j.value("savedAt", "");
        a.text = readWhole(dir + "/autosave.cl");
        if (a.text.size() != j.value("bytes", a.text.size()))  // the text and its record are from different saves
            throw std::runtime_error("autosave.cl does not match autosave.json");
        return a;
    } catch (const std::exception& e) {
        if (warning) *warning = "the editor's autosave in " + dir + " could not be read (" + e.what() + ")";
        return std::nullopt;
    }
}

std::string readKernelText(const std::string& path) {
    std::error_code ec;
    if (fs::is_regular_file(path, ec) && fs::file_size(path, ec) == 0) return "";
    std::string text = rl::workbench::readKernelFile(path);  // unreadable, binary, too large: core's messages
    return text;
}

std::string saveKernelText(const std::string& path, const std::string& text) {
    try {
        const fs::path parent = fs::path(path).parent_path();
        if (!parent.empty()) fs::create_directories(parent);
        writeAtomically(path, text);
    } catch (const std::exception& e) {
        return "could not save " + path + ": " + e.what();
    }
    return "";
}

std::string freshKernelPath(const std::string& dir, const std::string& stem) {
    for (int i = 1;; ++i) {
        const std::string path = dir + "/" + stem + (i == 1 ? "" : "-" + std::to_string(i)) + ".cl";
        if (!fs::exists(path)) return path;
    }
}

std::string newKernelTemplate(const std::string& fileName, Pattern pattern) {
    // The pattern's starter (kernels/<pattern>/starter.cl), its first line naming the new file.
    std::string text = kernelFileText(patternInfo(pattern).starterFile);
    const std::string named = "// starter.cl";
    if (text.rfind(named, 0) == 0) text.replace(0, named.size(), "// " + fileName);
    return text;
}

std::vector<std::string> listKernelDir(const std::string& dir, std::string* error) {
    std::vector<std::string> dirs, files;
    std::error_code ec;
    for (fs::directory_iterator it(dir.empty() ? "." : dir, fs::directory_options::skip_permission_denied, ec), end;
         !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (name.empty() || name[0] == '.') continue;
        std::error_code e2;
        if (it->is_directory(e2)) dirs.push_back(name + "/");
        else if (it->path().extension() == ".cl") files.push_back(name);
    }
    if (ec && error) *error = "cannot list " + dir + ": " + ec.message();
    std::sort(dirs.begin(), dirs.end());
    std::sort(files.begin(), files.end());
    dirs.insert(dirs.end(), files.begin(), files.end());
    return dirs;
}

FileWatcher::FileWatcher(std::function<void()> wake, double intervalSeconds)
    : wake_(std::move(wake)), interval_(intervalSeconds) {
    thread_ = std::thread([this] { loop(); });
}

FileWatcher::~FileWatcher() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        stop_ = true;
    }
    cv_.notify_all();
    thread_.join();
}

FileWatcher::Stamp FileWatcher::stampOf(const std::string& path) {
    struct stat st {};
    if (path.empty() || ::stat(path.c_str(), &st) != 0) return {};
    return {(long long)st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec, (long long)st.st_size};
}

void FileWatcher::watch(const std::string& path) {
    std::lock_guard<std::mutex> lock(mutex_);
    path_ = path;
    known_ = stampOf(path);
    changed_ = false;
}

void FileWatcher::acknowledge() {
    std::lock_guard<std::mutex> lock(mutex_);
    known_ = stampOf(path_);
    changed_ = false;
}

bool FileWatcher::takeChange() {
    std::lock_guard<std::mutex> lock(mutex_);
    const bool changed = changed_;
    changed_ = false;
    return changed;
}

void FileWatcher::loop() {
    std::unique_lock<std::mutex> lock(mutex_);
    while (!stop_) {
        cv_.wait_for(lock, std::chrono::duration<double>(interval_), [this] { return stop_; });
        if (stop_ || path_.empty()) continue;
        const Stamp now = stampOf(path_);
        if (now.size < 0 || !(now != known_)) continue;  // gone (an editor's save in progress) or unchanged
        known_ = now;
        changed_ = true;
        lock.unlock();
        if (wake_) wake_();
        lock.lock();
    }
}

}  // namespace rl::gui::workbench
