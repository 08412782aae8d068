// Grading a directory of submissions, each in a child process.
#include "app/cli/exercise_grade_all.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "app/cli/options.h"
#include "app/cli/table.h"
#include "core/exercise/check_command.h"
#include "core/process/child_process.h"

namespace rl::cli {
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// A CSV field, quoted when it must be. A field a spreadsheet would take for a formula (a submission named
// "=HYPERLINK(...).cl") starts with an apostrophe, which spreadsheets show as text.
std::string csvField(const std::string& text) {
    const std::string s = !text.empty() && std::string("=+-@\t").find(text[0]) != std::string::npos ? "'" + text : text;
    if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
    std::string q = "\"";
    for (char c : s) q += c == '"' ? std::string("\"\"") : c == '\n' || c == '\r' ? std::string(" ") : std::string(1, c);
    return q + "\"";
}

GradeRow gradeOne(const GradeAllRequest& r, const fs::path& file) {
    GradeRow row;
    row.file = file.filename().string();
    row.maxScore = r.maxScore;
    exercise::CheckCommand command;
    command.reducelab = process::selfExecutable();
    command.exerciseId = r.exercise;
    command.kernelPath = file.string();
    command.exercisesDir = r.exercisesDir;
    command.device = r.device;
    command.seed = r.seed;
    command.reveal = true;
    command.requireAll = r.requireAll;
    std::vector<std::string> argv = exercise::checkArgv(command);
    argv.insert(argv.end(), {"--timeout", std::to_string(int(r.timeoutSeconds))});
    const double limit = exercise::checkTimeLimit(r.runs, r.timeoutSeconds);
    const process::ChildResult child = process::runProgram(argv, limit);
    row.seconds = child.seconds;
    const exercise::GradeResult g = exercise::gradeFromChild(child, r.exercise);
    row.status = g.status;
    row.score = g.score();
    row.maxScore = g.maxScore() > 0 ? g.maxScore() : r.maxScore;
    row.checks = g.checks;
    row.message = g.error;
    for (const auto& c : g.checks)
        if (c.graded && !c.passed && row.message.empty()) row.message = c.name + ": " + c.message;
    if (child.end == process::ChildResult::End::TimedOut && g.checks.empty())
        row.message = "grading did not finish within " + std::to_string(int(limit)) + " s";
    return row;
}

}  // namespace

std::string csvOf(const std::vector<GradeRow>& rows) {
    std::vector<std::string> names;
    for (const GradeRow& row : rows)
        for (const auto& c : row.checks)
            if (std::find(names.begin(), names.end(), c.name) == names.end()) names.push_back(c.name);
    std::string out = "file,status,score,max_score,seconds";
    for (const auto& n : names) out += "," + csvField(n);
    out += ",message\n";
    for (const GradeRow& row : rows) {
        out += csvField(row.file) + "," + row.status + "," + number(row.score) + "," + number(row.maxScore) + "," +
               fixed(row.seconds, 1);
        for (const auto& n : names) {
            std::string cell;
            for (const auto& c : row.checks)
                if (c.name == n) cell = number(c.score);
            out += "," + cell;
        }
        out += "," + csvField(row.message) + "\n";
    }
    return out;
}

int gradeAll(const GradeAllRequest& r) {
    std::error_code ec;
    if (!fs::is_directory(r.dir, ec)) throw UsageError(r.dir + ": not a directory of submissions (.cl files)");
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(r.dir, ec))
        if (entry.path().extension() == ".cl" && entry.is_regular_file(ec)) files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    if (files.empty()) throw UsageError(r.dir + " holds no .cl file to grade");
    std::vector<GradeRow> rows;
    for (const fs::path& f : files) {
        if (!r.json) std::cerr << "grading " << f.filename().string() << " ...\n";
        rows.push_back(gradeOne(r, f));
    }
    if (!r.csv.empty()) {
        std::ofstream out(r.csv, std::ios::trunc);
        out << csvOf(rows);
        if (!out.flush()) throw UsageError("cannot write the CSV to " + r.csv);
    }
    size_t passed = 0;
    for (const auto& row : rows) passed += row.status == "pass" ? 1 : 0;
    if (r.json) {
        json list = json::array();
        for (const auto& row : rows)
            list.push_back({{"file", row.file}, {"status", row.status}, {"score", row.score},
                            {"max_score", row.maxScore}, {"seconds", row.seconds}, {"message", row.message}});
        std::cout << json{{"exercise", r.exercise}, {"seed", r.seed}, {"rows", list}}.dump(2) << "\n";
        return 0;
    }
    Table t({"file", "status", "score", "s", "first problem"});
    for (const auto& row : rows) {
        std::string m = row.message;
        if (m.size() > 90) m = m.substr(0, 87) + "...";
        t.add({row.file, row.status, number(row.score) + "/" + number(row.maxScore), fixed(row.seconds, 1), m});
    }
    t.print(std::cout);
    std::cout << passed << " of " << rows.size() << " passed every check; seed " << r.seed
              << " (the same hidden inputs for every submission)"
              << (r.csv.empty() ? "" : "; CSV in " + r.csv) << "\n";
    return 0;
}

}  // namespace rl::cli
