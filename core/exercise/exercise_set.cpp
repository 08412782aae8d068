// Reading the course from the embedded files or from a directory.
#include "core/exercise/exercise_set.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string_view>

namespace rl::embedded_exercises {
const std::vector<std::pair<std::string_view, std::string_view>>& files();
}

namespace rl::exercise {
namespace fs = std::filesystem;

namespace {

constexpr size_t kMaxFileBytes = 1 << 20;

void sortCourse(std::vector<Exercise>& list) {
    std::sort(list.begin(), list.end(), [](const Exercise& a, const Exercise& b) {
        return a.order != b.order ? a.order < b.order : a.dirName < b.dirName;
    });
}

}  // namespace

ExerciseFiles readExerciseFiles(const std::string& path) {
    std::error_code ec;
    if (!fs::is_directory(path, ec))
        throw Error(ErrorKind::BadInput, path + ": not a directory (an exercise is a directory NN-id holding "
                                                "exercise.json, statement.md, starter.cl, solution.cl, hints.md)");
    ExerciseFiles files;
    for (const auto& entry : fs::directory_iterator(path, ec)) {
        if (!entry.is_regular_file(ec)) continue;
        const std::string name = entry.path().filename().string();
        if (entry.file_size(ec) > kMaxFileBytes)
            throw Error(ErrorKind::BadInput, path + "/" + name + " is larger than 1 MiB: not an exercise file");
        std::ifstream in(entry.path(), std::ios::binary);
        if (!in) throw Error(ErrorKind::BadInput, "cannot read " + path + "/" + name);
        std::ostringstream text;
        text << in.rdbuf();
        const std::string s = text.str();
        if (s.find('\0') != std::string::npos)
            throw Error(ErrorKind::BadInput, path + "/" + name + " holds NUL bytes: not a text file");
        files[name] = s;
    }
    if (ec) throw Error(ErrorKind::BadInput, "cannot read the directory " + path + ": " + ec.message());
    return files;
}

Exercise readExerciseDir(const std::string& path) {
    std::string clean = path;
    while (clean.size() > 1 && clean.back() == '/') clean.pop_back();
    const std::string name = fs::path(clean).filename().string();
    return parseExercise(name, readExerciseFiles(clean), clean);
}

const Exercise* ExerciseSet::find(const std::string& key) const {
    for (const Exercise& e : exercises)
        if (e.id == key || e.dirName == key) return &e;
    bool digits = !key.empty() && key.size() < 7;
    for (char c : key) digits = digits && std::isdigit(static_cast<unsigned char>(c));
    if (digits)
        for (const Exercise& e : exercises)
            if (e.order == std::stoi(key)) return &e;
    return nullptr;
}

ExerciseSet builtInExercises() {
#ifdef REDUCELAB_SOURCE_DIR
    return exercisesIn(std::string(REDUCELAB_SOURCE_DIR) + "/assets/exercises");
#else
    std::map<std::string, ExerciseFiles> dirs;
    const std::string prefix = "assets/exercises/";
    for (const auto& [path, text] : embedded_exercises::files()) {
        std::string p(path);
        if (p.rfind(prefix, 0) != 0) continue;
        p = p.substr(prefix.size());
        const size_t slash = p.find('/');
        if (slash == std::string::npos) continue;
        dirs[p.substr(0, slash)][p.substr(slash + 1)] = std::string(text);
    }
    ExerciseSet set;
    for (const auto& [name, files] : dirs) {
        try {
            set.exercises.push_back(parseExercise(name, files, "built-in"));
        } catch (const Error& e) {
            set.problems.push_back(e.what());
        }
    }
    sortCourse(set.exercises);
    return set;
#endif
}

ExerciseSet exercisesIn(const std::string& dir) {
    std::error_code ec;
    if (!fs::is_directory(dir, ec))
        throw Error(ErrorKind::BadInput, "--exercises " + dir + ": not a directory of exercises (NN-id directories)");
    ExerciseSet set;
    std::vector<fs::path> subdirs;
    for (const auto& entry : fs::directory_iterator(dir, ec))
        if (entry.is_directory(ec)) subdirs.push_back(entry.path());
    for (const fs::path& p : subdirs) {
        int order = 0;
        std::string id;
        if (!splitDirName(p.filename().string(), &order, &id)) continue;  // not an exercise (e.g. .git)
        try {
            set.exercises.push_back(readExerciseDir(p.string()));
        } catch (const Error& e) {
            set.problems.push_back(e.what());
        }
    }
    sortCourse(set.exercises);
    return set;
}

ExerciseSet loadExercises(const std::string& dir) { return dir.empty() ? builtInExercises() : exercisesIn(dir); }

}  // namespace rl::exercise
