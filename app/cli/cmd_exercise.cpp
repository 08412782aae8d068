// reducelab exercise: list and show the course, validate an exercise directory, grade one attempt (check) or every
// kernel of a directory (grade: each submission in a child process of its own, a table and a CSV), and write a
// Gradescope autograder for an exercise (autograder).
#include "app/cli/cmd_exercise.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

#include "app/cli/exercise_autograder.h"
#include "app/cli/exercise_grade_all.h"
#include "app/cli/options.h"
#include "app/cli/parser.h"
#include "app/cli/table.h"
#include "core/exercise/exercise_set.h"
#include "core/exercise/grade_exports.h"
#include "core/exercise/grade.h"
#include "core/exercise/progress.h"
#include "core/exercise/validate.h"
#include "core/files/run_settings.h"
#include "core/workbench/student_kernel.h"

namespace rl::cli {
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

const char* kHelp =
    "reducelab exercise list [--exercises DIR] [--json]\n"
    "reducelab exercise show ID [--starter] [--hint K] [--solution] [--lecturer] [--exercises DIR] [--json]\n"
    "reducelab exercise validate DIR|ID [--format-only] [--exercises DIR] [--device D] [--json]\n"
    "reducelab exercise check ID --kernel FILE [--seed S] [--record] [--reveal] [--exercises DIR] [--device D]\n"
    "                         [--timeout SECONDS] [--require-all] [--gradescope FILE] [--classroom FILE] [--json]\n"
    "reducelab exercise grade ID DIR [--csv FILE] [--seed S] [--exercises DIR] [--device D] [--timeout SECONDS]\n"
    "                         [--require-all] [--json]\n"
    "reducelab exercise autograder ID --out FILE.zip (--package FILE.deb | --source URL[#REF]) [--exercises DIR]\n"
    "  The course: exercises built in (assets/exercises), or those of --exercises DIR (docs/exercises.md is the\n"
    "  format). ID is an exercise's id, its directory name or its number.\n"
    "  list      the exercises in order, with their checks (and your progress, from the progress store)\n"
    "  show      the statement; --starter the kernel to start from; --hint K the K-th hint (in order: the\n"
    "            count is kept in your progress); --solution the reference solution, once an attempt is\n"
    "            recorded (check --record); --lecturer shows either with no progress kept or needed\n"
    "  validate  what is wrong with an exercise directory (or every NN-id directory under DIR): its files and\n"
    "            exercise.json, then its solution graded (it must pass every check) and its starter (it must\n"
    "            fail one); --format-only skips the grading\n"
    "  check     grades your kernel: every work-group size and op/type of the exercise, hidden sizes and random\n"
    "            inputs from a fresh seed (printed; --seed S runs the same again), local memory poisoned, on the\n"
    "            device and on Oclgrind; each check says what it saw and where. --record counts the attempt in\n"
    "            your progress ($XDG_DATA_HOME/reducelab/exercises/progress.json); --reveal shows what hidden\n"
    "            checks saw (for the lecturer).\n"
    "            --gradescope FILE writes Gradescope's results.json (hidden checks as the student sees them:\n"
    "            name, verdict and points, shown once the grades are published; what they saw only on the\n"
    "            terminal, with --reveal); --classroom FILE the JSON GitHub Classroom's command grader reports\n"
    "            (as the student sees it; with --reveal, everything). A missing or unbuildable attempt still gets\n"
    "            both files (score 0).\n"
    "            A check that cannot run here (Oclgrind missing) is `not graded here`, says why, and is left out\n"
    "            of the score; --require-all (for a course's grader) counts it as failed instead.\n"
    "            Exit status: 0 every graded check passed, 1 some failed, 2 bad arguments or the kernel does not\n"
    "            build.\n"
    "  grade     grades every .cl file of DIR (the lecturer's command): each in a process of its own, with one\n"
    "            seed for all, hidden checks revealed; prints a table, --csv FILE writes one row per file. Exit\n"
    "            status 0 when it ran.\n"
    "  autograder writes a Gradescope autograder zip for the exercise: setup.sh installs ReduceLab's command\n"
    "            line and PoCL on Gradescope's Ubuntu image, from --package FILE.deb (made by cpack -G DEB for\n"
    "            that image; bundled, installed with apt) or --source URL[#REF] (a git repository cloned and built\n"
    "            with REDUCELAB_GUI=OFF scripts/build); run_autograder grades the one .cl file submitted with\n"
    "            check --require-all into results.json; README.md says how to try it; an exercise of\n"
    "            --exercises DIR travels in the zip. Exit status 0 written, 2 bad arguments or --out unwritable.";

struct Args {
    bool help = false;
    std::string helpText;
    std::string verb;
    std::vector<std::string> positional;
    std::map<std::string, std::string> options;
    bool has(const std::string& k) const { return options.count(k) != 0; }
    std::string get(const std::string& k) const { return has(k) ? options.at(k) : ""; }
};

// The verb and its words (ID, DIR) are positional; options may come anywhere among them.
const CommandSpec& exerciseSpec() {
    static const CommandSpec spec{"exercise",
                                  "the course: list, show, check your attempt, validate, grade, autograder",
                                  kHelp,
                                  {"json!", "solution!", "starter!", "record!", "format-only!", "reveal!", "lecturer!", "require-all!",
                                   "exercises",
                                   "kernel", "seed", "device", "timeout", "csv", "hint", "gradescope", "classroom",
                                   "out", "package", "source"},
                                  16};  // a wrong count is refused by the verb, which says what it takes
    return spec;
}

Args parse(int argc, char** argv) {
    ParsedArgs parsed = parseArgs(exerciseSpec(), std::vector<std::string>(argv + std::min(argc, 2), argv + argc));
    Args a;
    a.help = parsed.help;
    a.helpText = std::move(parsed.helpText);
    a.options = std::move(parsed.raw);
    a.positional = std::move(parsed.positionals);
    if (!a.positional.empty()) {
        a.verb = a.positional.front();
        a.positional.erase(a.positional.begin());
    }
    return a;
}

void expectPositional(const Args& a, size_t count, const char* usage) {
    if (a.positional.size() != count)
        throw UsageError(std::string("exercise ") + a.verb + " takes " + usage + "; see reducelab exercise --help");
}

exercise::GradeOptions gradeOptions(const Args& a) {
    exercise::GradeOptions o;
    o.device = a.get("device");
    if (o.device.empty())
        if (const char* env = std::getenv("REDUCELAB_DEVICE")) o.device = env;
    if (a.has("seed")) o.seed = uint64_t(parseInteger("--seed", a.get("seed"), 1, (1ll << 53)));
    if (a.has("timeout")) o.timeoutSeconds = double(parseInteger("--timeout", a.get("timeout"), 1, 3600));
    o.requireAll = a.has("require-all");
    return o;
}

exercise::ExerciseSet course(const Args& a) {
    exercise::ExerciseSet set = exercise::loadExercises(a.get("exercises"));
    for (const std::string& p : set.problems) std::cerr << "reducelab: skipped " << p << "\n";
    return set;
}

const exercise::Exercise& find(const exercise::ExerciseSet& set, const std::string& key) {
    if (const exercise::Exercise* e = set.find(key)) return *e;
    std::string ids;
    for (const auto& e : set.exercises) ids += (ids.empty() ? "" : ", ") + e.id;
    throw UsageError("no exercise '" + key + "'" + (ids.empty() ? "" : "; the exercises are " + ids) +
                     " (reducelab exercise list)");
}

int cmdList(const Args& a) {
    expectPositional(a, 0, "no argument");
    const exercise::ExerciseSet set = course(a);
    const exercise::ProgressStore progress(exercise::ProgressStore::defaultPath());
    if (a.has("json")) {
        json list = json::array();
        for (const auto& e : set.exercises) {
            json checks = json::array();
            for (const auto& c : e.checks) checks.push_back(exercise::toJson(c));
            const auto p = progress.get(e.id);
            list.push_back({{"id", e.id}, {"order", e.order}, {"dir", e.dirName}, {"title", e.title},
                            {"summary", e.summary}, {"hints", e.hints.size()}, {"work_group_sizes", e.workGroupSizes},
                            {"checks", checks}, {"max_score", e.maxScore()}, {"attempts", p.attempts},
                            {"solved", p.solved}});
        }
        std::cout << json{{"exercises", list}, {"problems", set.problems}}.dump(2) << "\n";
        return set.problems.empty() ? 0 : 1;
    }
    Table t({"#", "id", "title", "checks", "hints", "progress"});
    for (const auto& e : set.exercises) {
        const auto p = progress.get(e.id);
        const std::string state = p.solved ? "solved" : p.attempts > 0 ? std::to_string(p.attempts) + " attempts" : "";
        t.add({std::to_string(e.order), e.id, e.title, std::to_string(e.checks.size()), std::to_string(e.hints.size()),
               state});
    }
    t.print(std::cout);
    return set.problems.empty() ? 0 : 1;
}

int cmdShow(const Args& a) {
    expectPositional(a, 1, "an exercise ID");
    const exercise::ExerciseSet set = course(a);
    const exercise::Exercise& e = find(set, a.positional[0]);
    // Hints come in order and the solution after an attempt, as in the explorer; both are kept in the student's
    // progress. --lecturer shows any of them without either.
    const bool lecturer = a.has("lecturer");
    if (a.has("hint")) {
        const long long k = parseInteger("--hint", a.get("hint"), 1, 1000);
        if (size_t(k) > e.hints.size())
            throw UsageError(e.id + " has " + std::to_string(e.hints.size()) + " hints; --hint takes 1 to " +
                             std::to_string(e.hints.size()));
        if (!lecturer) {
            exercise::ProgressStore progress(exercise::ProgressStore::defaultPath());
            const int shown = progress.get(e.id).hintsRevealed;
            if (k > shown + 1)
                throw UsageError("hints come one at a time: read hint " + std::to_string(shown + 1) + " first (" +
                                 "reducelab exercise show " + e.id + " --hint " + std::to_string(shown + 1) + ")");
            if (k == shown + 1) {
                progress.revealHint(e.id, int(e.hints.size()));
                std::string error;
                if (!progress.save(&error)) std::cerr << "reducelab: " << error << "\n";
            }
        }
        std::cout << "Hint " << k << " of " << e.hints.size() << ": " << e.hints[size_t(k - 1)] << "\n";
        return 0;
    }
    if (a.has("solution")) {
        if (!lecturer) {
            exercise::ProgressStore progress(exercise::ProgressStore::defaultPath());
            if (progress.get(e.id).attempts == 0)
                throw UsageError("the solution is shown after an attempt: grade yours first with `reducelab exercise "
                                 "check " + e.id + " --kernel mine.cl --record`");
            progress.markSolutionShown(e.id);
            std::string error;
            if (!progress.save(&error)) std::cerr << "reducelab: " << error << "\n";
        }
        std::cout << e.solution;
        return 0;
    }
    if (a.has("starter")) {
        std::cout << e.starter;
        return 0;
    }
    if (a.has("json")) {
        json checks = json::array();
        for (const auto& c : e.checks) checks.push_back(exercise::toJson(c));
        std::vector<std::string> ops, types;
        for (Op op : e.ops) ops.emplace_back(toString(op));
        for (ElemType t : e.types) types.emplace_back(toString(t));
        std::cout << json{{"id", e.id},         {"order", e.order},     {"title", e.title},
                          {"statement", e.statement}, {"starter", e.starter}, {"hints", e.hints.size()},
                          {"ops", ops},         {"types", types},       {"work_group_sizes", e.workGroupSizes},
                          {"model", e.model},   {"checks", checks}}.dump(2)
                  << "\n";
        return 0;
    }
    std::cout << e.statement << (e.statement.back() == '\n' ? "" : "\n") << "\nChecks:\n";
    for (const auto& c : e.checks) std::cout << "  - " << c.name << (c.hidden ? " (hidden)" : "") << "\n";
    std::cout << "\nStart from: reducelab exercise show " << e.id << " --starter > mine.cl\n"
              << "Hints: " << e.hints.size() << " (reducelab exercise show " << e.id << " --hint 1, then 2, ...)\n"
              << "Check: reducelab exercise check " << e.id << " --kernel mine.cl\n";
    return 0;
}

int cmdValidate(const Args& a) {
    expectPositional(a, 1, "an exercise directory (or a directory of them, or a built-in exercise's ID)");
    const std::string target = a.positional[0];
    const exercise::GradeOptions options = gradeOptions(a);
    const bool run = !a.has("format-only");
    std::vector<exercise::Validation> results;
    std::error_code ec;
    if (fs::is_directory(target, ec)) {
        if (fs::exists(fs::path(target) / "exercise.json", ec)) {
            results.push_back(exercise::validateExerciseDir(target, options, run));
        } else {
            std::vector<std::string> dirs;
            for (const auto& entry : fs::directory_iterator(target, ec)) {
                int order;
                std::string id;
                if (entry.is_directory(ec) && exercise::splitDirName(entry.path().filename().string(), &order, &id))
                    dirs.push_back(entry.path().string());
            }
            std::sort(dirs.begin(), dirs.end());
            if (dirs.empty())
                results.push_back(exercise::validateExerciseDir(target, options, run));  // says what is missing
            for (const auto& d : dirs) results.push_back(exercise::validateExerciseDir(d, options, run));
        }
    } else {
        const exercise::ExerciseSet set = course(a);
        const exercise::Exercise* e = set.find(target);
        if (!e) throw UsageError(target + ": neither a directory nor an exercise's ID");
        if (run) results.push_back(exercise::validateExercise(*e, options));
        else results.push_back({e->origin, e->id, {}, {}, {}});
    }
    bool ok = true;
    json out = json::array();
    for (const auto& v : results) {
        ok = ok && v.ok();
        if (a.has("json")) {
            out.push_back({{"dir", v.dir}, {"id", v.id}, {"ok", v.ok()}, {"problems", v.problems},
                           {"solution", v.solution ? exercise::toJson(*v.solution, false) : json(nullptr)},
                           {"starter", v.starter ? exercise::toJson(*v.starter, false) : json(nullptr)}});
            continue;
        }
        if (v.ok()) {
            std::cout << "ok    " << v.dir;
            if (v.solution && v.starter) {
                std::string failed;
                for (const auto& c : v.starter->checks)
                    if (c.graded && !c.passed) failed += (failed.empty() ? "" : ", ") + c.kind;
                std::cout << ": the solution passes " << v.solution->checks.size() << " checks ("
                          << int(v.solution->seconds + 0.5) << " s); the starter fails " << failed;
            }
            std::cout << "\n";
        } else {
            for (const auto& p : v.problems) std::cout << "FAIL  " << p << "\n";
        }
    }
    if (a.has("json")) std::cout << out.dump(2) << "\n";
    return ok ? 0 : 1;
}

// --gradescope FILE, --classroom FILE: the grade in the forms those platforms read.
void writePlatformFiles(const Args& a, const exercise::GradeResult& result) {
    for (const char* platform : {"gradescope", "classroom"}) {
        if (!a.has(platform)) continue;
        std::ofstream out(a.get(platform), std::ios::trunc);
        // Gradescope shows a hidden check's test to the student once the grades are published (visibility
        // after_published), so it gets the student's view: what the check saw is on the terminal (--reveal), which
        // Gradescope shows to instructors only. GitHub Classroom shows every test to the student: the student's
        // view too, unless the lecturer asks for --reveal.
        const bool reveal = a.has("reveal");
        out << (std::string(platform) == "gradescope"
                    ? exercise::toGradescope(exercise::studentView(result))
                    : exercise::toClassroom(reveal ? result : exercise::studentView(result)))
                   .dump(2)
            << "\n";
        if (!out.flush()) throw UsageError("cannot write --" + std::string(platform) + " " + a.get(platform));
    }
}

int cmdCheck(const Args& a) {
    expectPositional(a, 1, "an exercise ID and --kernel FILE");
    if (!a.has("kernel")) throw UsageError("exercise check needs --kernel FILE: your attempt");
    const exercise::ExerciseSet set = course(a);
    const exercise::Exercise& e = find(set, a.positional[0]);
    std::string text;
    exercise::GradeResult result;
    try {
        text = workbench::readKernelFile(a.get("kernel"));
        result = exercise::gradeAttempt(e, text, a.get("kernel"), gradeOptions(a));
    } catch (const Error& err) {
        // A platform still gets its file: score 0 and why (a submission under the wrong name, say).
        result.exercise = e.id;
        result.title = e.title;
        result.file = a.get("kernel");
        result.status = "error";
        result.error = err.what();
        writePlatformFiles(a, result);
        throw;
    }
    writePlatformFiles(a, result);
    if (a.has("record")) {
        exercise::ProgressStore progress(exercise::ProgressStore::defaultPath());
        progress.recordAttempt(e.id, text, result.status, result.score(), result.maxScore());
        std::string error;
        if (!progress.save(&error)) std::cerr << "reducelab: " << error << "\n";
    }
    const exercise::GradeResult shown = a.has("reveal") ? result : exercise::studentView(result);
    if (a.has("json"))
        std::cout << exercise::toJson(shown).dump(2) << "\n";
    else
        std::cout << exercise::formatGrade(shown);
    return exercise::exitStatus(result);
}

}  // namespace

int runExercise(int argc, char** argv) {
    try {
        const Args a = parse(argc, argv);
        if (a.help) {
            std::cout << a.helpText;
            return 0;
        }
        if (a.verb.empty()) {
            std::cout << kHelp << "\n";
            return 2;
        }
        if (a.verb == "list") return cmdList(a);
        if (a.verb == "show") return cmdShow(a);
        if (a.verb == "validate") return cmdValidate(a);
        if (a.verb == "check") return cmdCheck(a);
        if (a.verb == "grade") {
            expectPositional(a, 2, "an exercise ID and a directory of submissions");
            const exercise::ExerciseSet set = course(a);
            const exercise::Exercise& e = find(set, a.positional[0]);
            GradeAllRequest r;
            r.exercise = e.id;
            r.maxScore = e.maxScore();
            r.runs = std::max(e.workGroupSizes.size(), e.ops.size() * e.types.size());
            r.dir = a.positional[1];
            r.exercisesDir = a.get("exercises");
            r.csv = a.get("csv");
            r.json = a.has("json");
            const exercise::GradeOptions o = gradeOptions(a);
            r.device = o.device;
            r.seed = o.seed != 0 ? o.seed : exercise::freshSeed();
            r.timeoutSeconds = o.timeoutSeconds > 0 ? o.timeoutSeconds : e.timeoutSeconds;
            r.requireAll = o.requireAll;
            return gradeAll(r);
        }
        if (a.verb == "autograder") {
            expectPositional(a, 1, "an exercise ID, --out FILE.zip and --package FILE.deb or --source URL");
            if (!a.has("out")) throw UsageError("exercise autograder needs --out FILE.zip: the zip to write");
            const exercise::ExerciseSet set = course(a);
            const exercise::Exercise& e = find(set, a.positional[0]);
            return writeAutograder(e, {a.get("out"), a.get("package"), a.get("source"),
                                       a.has("exercises") ? e.origin : ""});
        }
        throw UsageError("unknown exercise command '" + a.verb +
                         "': list, show, validate, check, grade or autograder");
    } catch (const UsageError& e) {
        std::cerr << "reducelab: " << e.what() << "\n";
        return 2;
    } catch (const Error& e) {
        std::cerr << "reducelab: " << e.what() << "\n";
        return e.kind() == ErrorKind::BadInput ? 2 : 1;
    } catch (const std::exception& e) {
        std::cerr << "reducelab: " << e.what() << "\n";
        return 1;
    }
}

}  // namespace rl::cli
