// A Gradescope autograder zip from the templates in assets/autograder (embedded at build time).
#include "app/cli/exercise_autograder.h"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <string_view>

#include "app/cli/options.h"
#include "core/exercise/exercise_set.h"

namespace rl::cli::embedded_autograder {
const std::vector<std::pair<std::string_view, std::string_view>>& files();
}

namespace rl::cli {
namespace fs = std::filesystem;

namespace {

std::string asset(const std::string& name) {
    for (const auto& [path, text] : embedded_autograder::files())
        if (path == "assets/autograder/" + name) return std::string(text);
    throw std::logic_error("assets/autograder/" + name + " is not embedded");
}

// One word for bash, whatever it holds: 'text' with each ' written '\''.
std::string shellQuoted(const std::string& text) {
    std::string q = "'";
    for (char c : text) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

std::string filledIn(std::string text, const std::vector<std::pair<std::string, std::string>>& values) {
    for (const auto& [key, value] : values) {
        const std::string mark = "@" + key + "@";
        for (size_t at = text.find(mark); at != std::string::npos; at = text.find(mark, at + value.size()))
            text.replace(at, mark.size(), value);
    }
    return text;
}

// A .deb is an ar archive whose first member is debian-binary.
void checkPackage(const std::string& path) {
    std::error_code ec;
    if (!fs::is_regular_file(path, ec))
        throw UsageError("--package " + path + ": no such file (cpack -G DEB in a build directory makes the .deb)");
    if (fs::path(path).extension() != ".deb")
        throw UsageError("--package " + path + ": not a .deb file name (apt installs a file only by a name ending in "
                         ".deb)");
    std::ifstream in(path, std::ios::binary);
    std::string head(21, '\0');
    if (!in.read(head.data(), std::streamsize(head.size())) || head != "!<arch>\ndebian-binary")
        throw UsageError("--package " + path + " is not a Debian package (cpack -G DEB in a build directory makes "
                         "one)");
}

// "URL#REF" into the URL and the branch or tag.
std::pair<std::string, std::string> splitSource(const std::string& source) {
    for (char c : source)
        if (static_cast<unsigned char>(c) < 0x21 || c == 0x7f)
            throw UsageError("--source takes a git repository's URL (with #REF for a branch or tag), without spaces");
    const size_t hash = source.find('#');
    const std::string url = source.substr(0, hash);
    const std::string ref = hash == std::string::npos ? "" : source.substr(hash + 1);
    if (url.empty() || (hash != std::string::npos && ref.empty()))
        throw UsageError("--source takes a git repository's URL, optionally with #REF: --source "
                         "https://example.org/reducelab.git#v0.1");
    return {url, ref};
}

}  // namespace

std::vector<ZipEntry> autograderEntries(const exercise::Exercise& e, const AutograderRequest& r) {
    if (r.package.empty() == r.source.empty())
        throw UsageError(std::string("exercise autograder ") + (r.package.empty() ? "needs" : "takes one of") +
                         " --package FILE.deb (ReduceLab's package, made by cpack -G DEB in a build directory for "
                         "Gradescope's Ubuntu image; setup.sh installs it with apt) or --source URL[#REF] (a git "
                         "repository of ReduceLab that setup.sh clones and builds with REDUCELAB_GUI=OFF "
                         "scripts/build)");
    std::string install, packageName, url, ref;
    if (!r.package.empty()) {
        checkPackage(r.package);
        packageName = fs::path(r.package).filename().string();
        install = "the bundled " + packageName + ", installed with apt";
    } else {
        std::tie(url, ref) = splitSource(r.source);
        install = "built from " + url + (ref.empty() ? "" : " (" + ref + ")") +
                  " with REDUCELAB_GUI=OFF scripts/build";
    }
    std::vector<ZipEntry> entries;
    std::string courseNote;
    std::vector<ZipEntry> course;
    if (!r.exerciseDir.empty()) {
        // The exercise as it is now, so that grading does not depend on the directory it came from.
        const std::string dir = "exercises/" + e.dirName;
        for (const auto& [name, text] : exercise::readExerciseFiles(r.exerciseDir))
            course.push_back({dir + "/" + name, text, "", 0644});
        courseNote = "- `" + dir + "/` is the exercise as it was when the zip was made (from `--exercises`): the "
                     "grading reads it, not the course built into reducelab.\n";
    }
    const std::vector<std::pair<std::string, std::string>> values = {
        {"EXERCISE", shellQuoted(e.id)},
        {"COURSE", shellQuoted(r.exerciseDir.empty() ? "" : "exercises")},
        {"PACKAGE", shellQuoted(packageName)},
        {"SOURCE_URL", shellQuoted(url)},
        {"SOURCE_REF", shellQuoted(ref)}};
    entries.push_back({"setup.sh", filledIn(asset("setup.sh"), values), "", 0755});
    entries.push_back({"run_autograder", filledIn(asset("run_autograder"), values), "", 0755});
    entries.push_back({"README.md",
                       filledIn(asset("README.md"),
                                {{"EXERCISE", e.id}, {"TITLE", e.title}, {"INSTALL", install},
                                 {"COURSE_NOTE", courseNote}}),
                       "", 0644});
    if (!packageName.empty()) entries.push_back({packageName, "", r.package, 0644});
    entries.insert(entries.end(), course.begin(), course.end());
    return entries;
}

int writeAutograder(const exercise::Exercise& e, const AutograderRequest& r) {
    const std::vector<ZipEntry> entries = autograderEntries(e, r);
#ifdef REDUCELAB_WITH_ZIP
    const std::string error = writeZip(r.out, entries);
#else
    const std::string error = "this build has no zip writer (libzip-dev was missing when it was configured): run "
                              "scripts/install-deps and build again";
#endif
    if (!error.empty()) throw UsageError("cannot write --out " + r.out + ": " + error);
    std::cout << "wrote " << r.out << ": ";
    for (size_t i = 0; i < entries.size(); ++i) std::cout << (i ? ", " : "") << entries[i].name;
    std::cout << "\nUpload it as the assignment's autograder on Gradescope (an Ubuntu base image); README.md inside "
                 "says how to try it here first.\n";
    return 0;
}

}  // namespace rl::cli
