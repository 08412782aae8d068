// The progress store: one JSON file per user, read leniently and written atomically.
#include "core/exercise/progress.h"

#include "core/files/user_dirs.h"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

namespace rl::exercise {
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// The exercises of a progress file; throws (json or runtime errors) when it cannot be read or is not one.
std::map<std::string, ExerciseProgress> readProgressFile(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot be read");
    std::ostringstream text;
    text << in.rdbuf();
    const json j = json::parse(text.str());
    if (j.value("version", 0) != 1) throw std::runtime_error("is not a version 1 progress file");
    std::map<std::string, ExerciseProgress> progress;
    for (const auto& [id, e] : j.at("exercises").items()) {
        ExerciseProgress p;
        p.attempts = std::max(0, e.value("attempts", 0));  // counts: a hand-edited negative one reads as none
        p.hintsRevealed = std::max(0, e.value("hints_revealed", 0));
        p.solved = e.value("solved", false);
        p.solutionShown = e.value("solution_shown", false);
        p.lastAttempt = e.value("last_attempt", "");
        p.lastStatus = e.value("last_status", "");
        p.lastScore = e.value("last_score", 0.0);
        p.lastMaxScore = e.value("last_max_score", 0.0);
        progress[id] = p;
    }
    return progress;
}

}  // namespace

ProgressStore::ProgressStore(std::string path) : path_(std::move(path)) {
    std::error_code ec;
    if (path_.empty() || !fs::exists(path_, ec)) return;
    try {
        progress_ = readProgressFile(path_);
    } catch (const std::exception& e) {
        progress_.clear();
        keepBad_ = true;
        warning_ = "the exercise progress in " + path_ + " " +
                   (dynamic_cast<const json::exception*>(&e) ? std::string("is corrupt (") + e.what() + ")"
                                                             : std::string(e.what())) +
                   "; starting afresh (the old file is kept as " + path_ + ".bad)";
    }
}

std::string ProgressStore::defaultPath() {
    const std::string dir = userDataDir("exercises");
    return dir.empty() ? "" : dir + "/progress.json";
}

ExerciseProgress ProgressStore::get(const std::string& id) const {
    const auto it = progress_.find(id);
    return it == progress_.end() ? ExerciseProgress{} : it->second;
}

void ProgressStore::recordAttempt(const std::string& id, const std::string& text, const std::string& status,
                                  double score, double maxScore) {
    touched_.insert(id);
    ExerciseProgress& p = progress_[id];
    ++p.attempts;
    p.lastAttempt = text;
    p.lastStatus = status;
    p.lastScore = score;
    p.lastMaxScore = maxScore;
    p.solved = p.solved || status == "pass";
}

int ProgressStore::revealHint(const std::string& id, int hintCount) {
    touched_.insert(id);
    ExerciseProgress& p = progress_[id];
    if (p.hintsRevealed >= hintCount) return -1;
    return p.hintsRevealed++;
}

void ProgressStore::markSolutionShown(const std::string& id) {
    touched_.insert(id);
    progress_[id].solutionShown = true;
}
void ProgressStore::reset(const std::string& id) {
    touched_.insert(id);
    progress_.erase(id);
}
void ProgressStore::resetAll() {
    progress_.clear();
    touched_.clear();
    replaceAll_ = true;
}

bool ProgressStore::save(std::string* error) {
    if (path_.empty()) return true;
    try {
        const fs::path file(path_);
        if (file.has_parent_path()) fs::create_directories(file.parent_path());
        if (keepBad_ && fs::exists(file)) fs::rename(file, path_ + ".bad");
        // Another process (`reducelab exercise check --record` beside the explorer) may have written the file
        // since it was read: its exercises are taken from the file, and only those changed here are replaced.
        std::error_code ec;
        if (!keepBad_ && !replaceAll_ && fs::exists(file, ec)) {
            try {
                std::map<std::string, ExerciseProgress> merged = readProgressFile(path_);
                for (const std::string& id : touched_) {
                    const auto it = progress_.find(id);
                    if (it == progress_.end()) merged.erase(id);
                    else merged[id] = it->second;
                }
                progress_ = std::move(merged);
            } catch (const std::exception&) {  // unreadable now: what this store holds is written
            }
        }
        keepBad_ = false;
        json exercises = json::object();
        for (const auto& [id, p] : progress_)
            exercises[id] = {{"attempts", p.attempts},       {"hints_revealed", p.hintsRevealed},
                             {"solved", p.solved},           {"solution_shown", p.solutionShown},
                             {"last_attempt", p.lastAttempt}, {"last_status", p.lastStatus},
                             {"last_score", p.lastScore},     {"last_max_score", p.lastMaxScore}};
        const std::string tmp = path_ + ".tmp." + std::to_string(getpid());
        {
            std::ofstream out(tmp, std::ios::trunc);
            out << json{{"version", 1}, {"exercises", exercises}}.dump(2) << "\n";
            if (!out.flush()) throw std::runtime_error("cannot write " + tmp);
        }
        fs::rename(tmp, file);
        touched_.clear();
        replaceAll_ = false;
        return true;
    } catch (const std::exception& e) {
        if (error) *error = "the exercise progress could not be saved to " + path_ + ": " + e.what();
        return false;
    }
}

}  // namespace rl::exercise
