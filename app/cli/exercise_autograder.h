// `reducelab exercise autograder ID --out FILE.zip`: a Gradescope autograder for one exercise. The zip holds
// setup.sh (installs ReduceLab's command line and PoCL on Gradescope's Ubuntu image, from a bundled .deb or a git
// clone built from source), run_autograder (grades the one .cl file of the submission into results.json with
// `exercise check --gradescope --require-all`), a README for the instructor and, for an exercise of --exercises DIR,
// the exercise's directory (the built-in course is inside the binary setup.sh installs).
#pragma once
#include <string>
#include <vector>

#include "app/cli/zip_archive.h"
#include "core/exercise/exercise.h"

namespace rl::cli {

struct AutograderRequest {
    std::string out;           // --out: the zip to write
    std::string package;       // --package FILE.deb: bundled and installed with apt (or "")
    std::string source;        // --source URL[#REF]: cloned and built by setup.sh (or "")
    std::string exerciseDir;   // the exercise's directory when it comes from --exercises DIR ("" : built in)
};

// The archive's entries (the scripts filled in). Throws UsageError (exit status 2) when neither --package nor
// --source is given, or both, when the package is not a readable .deb, or the URL is not one.
std::vector<ZipEntry> autograderEntries(const exercise::Exercise& e, const AutograderRequest& r);

// Writes the zip and says what it holds; returns the exit status (0). Throws UsageError when it cannot be written.
int writeAutograder(const exercise::Exercise& e, const AutograderRequest& r);

}  // namespace rl::cli
