// `reducelab exercise autograder` (the real binary): the zip read back with libzip, its scripts executable, and
// run_autograder run as Gradescope runs it (its root moved to a temporary folder, the built reducelab on PATH) on
// the exercise's solution, on a wrong attempt, and on submissions with no kernel or several. results.json: full
// marks for the solution, less for the wrong one, a message for every test, nothing of what a hidden check saw.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <zip.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/process/child_process.h"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using rl::process::ChildResult;

// A test's own temporary folder, removed with the folder of this process's tests when the test ends.
struct Scratch {
    fs::path dir;
    explicit Scratch(const std::string& name)
        : dir(fs::temp_directory_path() / ("reducelab-autograder-" + std::to_string(::getpid())) / name) {
        fs::remove_all(dir);
        fs::create_directories(dir);
    }
    ~Scratch() {
        std::error_code ec;
        fs::remove_all(dir, ec);
        fs::remove(dir.parent_path(), ec);  // only once empty
    }
};

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

ChildResult autograder(std::vector<std::string> args) {
    args.insert(args.begin(), {RL_REDUCELAB_BIN, "exercise", "autograder"});
    return rl::process::runProgram(args, 120);
}

struct Unzipped {
    std::map<std::string, std::string> files;  // name -> contents
    std::map<std::string, unsigned> modes;     // name -> Unix mode from the external attributes
};

// Reads every entry of the zip with libzip and writes it under `dest` with its mode.
Unzipped unzipTo(const fs::path& zipPath, const fs::path& dest) {
    Unzipped u;
    int code = 0;
    zip_t* za = zip_open(zipPath.c_str(), ZIP_RDONLY, &code);
    if (!za) {
        ADD_FAILURE() << zipPath << " does not open as a zip (libzip error " << code << ")";
        return u;
    }
    const zip_int64_t n = zip_get_num_entries(za, 0);
    for (zip_int64_t i = 0; i < n; ++i) {
        zip_stat_t st;
        zip_stat_init(&st);
        if (zip_stat_index(za, zip_uint64_t(i), 0, &st) != 0) continue;
        std::string data(size_t(st.size), '\0');
        zip_file_t* f = zip_fopen_index(za, zip_uint64_t(i), 0);
        EXPECT_NE(f, nullptr) << st.name;
        if (!f) continue;
        EXPECT_EQ(zip_fread(f, data.data(), st.size), zip_int64_t(st.size)) << st.name;
        zip_fclose(f);
        zip_uint8_t opsys = 0;
        zip_uint32_t attributes = 0;
        zip_file_get_external_attributes(za, zip_uint64_t(i), 0, &opsys, &attributes);
        const unsigned mode = opsys == ZIP_OPSYS_UNIX ? (attributes >> 16) & 07777 : 0;
        u.files[st.name] = data;
        u.modes[st.name] = mode;
        const fs::path out = dest / st.name;
        fs::create_directories(out.parent_path());
        std::ofstream(out, std::ios::binary) << data;
        fs::permissions(out, fs::perms(mode ? mode : 0644));
    }
    zip_close(za);
    return u;
}

// An environment variable set for the child processes of one test, restored after it.
struct ScopedEnv {
    std::string name, old;
    bool had = false;
    ScopedEnv(const std::string& n, const std::string& value) : name(n) {
        if (const char* v = std::getenv(n.c_str())) had = true, old = v;
        setenv(n.c_str(), value.c_str(), 1);
    }
    ~ScopedEnv() {
        if (had) setenv(name.c_str(), old.c_str(), 1);
        else unsetenv(name.c_str());
    }
};

// A stand-in for a command: a script that appends its name and arguments (and `env`, some variables) to `log`.
void stub(const fs::path& dir, const std::string& tool, const fs::path& log, const std::string& more = "") {
    std::ofstream(dir / tool) << "#!/bin/sh\necho \"" << tool << " $*\" >> \"" << log.string() << "\"\n" << more;
    fs::permissions(dir / tool, fs::perms(0755));
}

// A Gradescope root: source/ (the zip unpacked), submission/ (the given files), results/.
struct Graded {
    ChildResult child;
    json results;
};

Graded runAutograder(const fs::path& root, const std::map<std::string, std::string>& submission) {
    fs::remove_all(root / "submission");
    fs::remove_all(root / "results");
    fs::create_directories(root / "submission");
    for (const auto& [name, text] : submission) std::ofstream(root / "submission" / name) << text;
    const std::string bin = fs::path(RL_REDUCELAB_BIN).parent_path().string();
    const ScopedEnv rootEnv("AUTOGRADER_ROOT", root.string());
    const ScopedEnv path("PATH", bin + ":" + std::getenv("PATH"));
    Graded r;
    r.child = rl::process::runProgram({(root / "source" / "run_autograder").string()}, 600);
    EXPECT_TRUE(r.child.exited()) << r.child.describe() << r.child.err;
    EXPECT_EQ(r.child.exitCode, 0) << r.child.out << r.child.err;
    r.results = json::parse(slurp(root / "results" / "results.json"), nullptr, false);
    EXPECT_FALSE(r.results.is_discarded()) << "results.json is not JSON:\n" << slurp(root / "results" / "results.json");
    return r;
}

// A course of one exercise: exercise 1 with its `correct` check hidden.
fs::path courseWithAHiddenCheck(const fs::path& dir) {
    const fs::path ex = dir / "01-first-reduce";
    fs::create_directories(ex);
    fs::copy(std::string(RL_EXERCISES) + "/01-first-reduce", ex, fs::copy_options::recursive);
    json spec = json::parse(slurp(ex / "exercise.json"));
    bool hidden = false;
    for (json& c : spec.at("checks"))
        if (c.at("kind") == "correct") c["hidden"] = hidden = true;
    EXPECT_TRUE(hidden) << "exercise 1 has no correct check";
    std::ofstream(ex / "exercise.json") << spec.dump(2);
    return dir;
}

TEST(ExerciseAutograder, GradesTheSolutionFullAndAWrongAttemptLowerWithoutShowingHiddenChecks) {
    const Scratch scratch("grades");
    const fs::path& dir = scratch.dir;
    const fs::path course = courseWithAHiddenCheck(dir / "course");
    const fs::path zip = dir / "grader.zip";
    const ChildResult made = autograder({"first-reduce", "--exercises", course.string(), "--out", zip.string(),
                                         "--source", "https://example.org/reducelab.git"});
    ASSERT_EQ(made.exitCode, 0) << made.out << made.err;
    const fs::path root = dir / "autograder";
    const Unzipped u = unzipTo(zip, root / "source");
    for (const char* script : {"setup.sh", "run_autograder"}) {
        ASSERT_TRUE(u.files.count(script)) << script << " is not in the zip";
        EXPECT_EQ(u.modes.at(script) & 0111, 0111u) << script << " is not executable in the zip: " << std::oct
                                                    << u.modes.at(script);
        EXPECT_EQ(u.files.at(script).rfind("#!", 0), 0u) << script;
    }
    EXPECT_TRUE(u.files.count("README.md"));
    // The exercise travels with the zip, as it is in the course (its hidden check included).
    EXPECT_EQ(u.files.at("exercises/01-first-reduce/exercise.json"), slurp(course / "01-first-reduce/exercise.json"));
    EXPECT_EQ(u.files.at("exercises/01-first-reduce/solution.cl"), slurp(course / "01-first-reduce/solution.cl"));
    const json spec = json::parse(slurp(course / "01-first-reduce/exercise.json"));
    const size_t checks = spec.at("checks").size();

    const Graded right = runAutograder(root, {{"reduce.cl", slurp(course / "01-first-reduce/solution.cl")}});
    ASSERT_EQ(right.results.at("tests").size(), checks) << right.results.dump(1);
    double max = 0;
    for (const json& t : right.results.at("tests")) {
        max += t.at("max_score").get<double>();
        EXPECT_EQ(t.at("output").get<std::string>().rfind("passed", 0), 0u) << t;
    }
    EXPECT_EQ(max, double(checks));  // one point each
    EXPECT_EQ(right.results.at("score").get<double>(), max) << right.results.dump(1);

    // The wrong attempt fails the hidden check (its first line says where: "// expect correct: wg 256").
    const std::string attemptFile = std::string(RL_EXERCISE_ATTEMPTS) + "/01-hard-coded-wg.cl";
    const std::string attempt = slurp(attemptFile);
    const std::string seen = attempt.substr(attempt.find(": ") + 2, attempt.find('\n') - attempt.find(": ") - 2);
    ASSERT_EQ(seen, "wg 256");
    const Graded wrong = runAutograder(root, {{"attempt.cl", attempt}});
    EXPECT_LT(wrong.results.at("score").get<double>(), max) << wrong.results.dump(1);
    ASSERT_EQ(wrong.results.at("tests").size(), checks);
    std::string hiddenName, hiddenOutput;
    for (const json& t : wrong.results.at("tests")) {
        EXPECT_FALSE(t.at("output").get<std::string>().empty()) << t;
        if (t.at("visibility") == "after_published") {
            hiddenName = t.at("name").get<std::string>();
            hiddenOutput = t.at("output").get<std::string>();
            EXPECT_EQ(t.at("score").get<double>(), 0) << t;
        } else {
            EXPECT_EQ(t.at("visibility"), "visible") << t;
        }
    }
    ASSERT_FALSE(hiddenName.empty()) << "no hidden test in " << wrong.results.dump(1);
    EXPECT_EQ(hiddenOutput.rfind("failed", 0), 0u) << hiddenOutput;
    // No size, value, work-group or line of what the check saw: not one digit.
    EXPECT_EQ(hiddenOutput.find_first_of("0123456789"), std::string::npos) << "the hidden check shows: " << hiddenOutput;
    // What it saw is in the autograder's output, for the instructor (Gradescope shows stdout to instructors only):
    // the line under the check's verdict.
    const std::string verdict = "FAIL  " + hiddenName + "\n";
    const size_t at = wrong.child.out.find(verdict);
    ASSERT_NE(at, std::string::npos) << wrong.child.out;
    const size_t from = at + verdict.size();
    std::string saw = wrong.child.out.substr(from, wrong.child.out.find('\n', from) - from);
    saw.erase(0, saw.find_first_not_of(' '));
    EXPECT_NE(saw.find(seen), std::string::npos) << wrong.child.out;
    EXPECT_EQ(hiddenOutput.find(saw), std::string::npos) << hiddenOutput;
}

TEST(ExerciseAutograder, ASubmissionOfNoKernelOrOfSeveralScoresZeroAndSaysSo) {
    const Scratch scratch("count");
    const fs::path& dir = scratch.dir;
    const fs::path zip = dir / "grader.zip";
    const ChildResult made =
        autograder({"1", "--out", zip.string(), "--source", "https://example.org/reducelab.git#v0.1"});
    ASSERT_EQ(made.exitCode, 0) << made.out << made.err;
    const fs::path root = dir / "autograder";
    const Unzipped u = unzipTo(zip, root / "source");
    EXPECT_EQ(u.files.count("exercises/01-first-reduce/exercise.json"), 0u);  // built in: the binary has it

    const Graded none = runAutograder(root, {{"notes.txt", "my kernel is in my head"}});
    EXPECT_EQ(none.results.at("score"), 0);
    EXPECT_TRUE(none.results.at("tests").empty());
    const std::string noneSays = none.results.at("output").get<std::string>();
    EXPECT_NE(noneSays.find("No .cl file"), std::string::npos) << noneSays;
    EXPECT_NE(noneSays.find("notes.txt"), std::string::npos) << noneSays;

    const std::string solution = slurp(std::string(RL_EXERCISES) + "/01-first-reduce/solution.cl");
    const Graded several = runAutograder(root, {{"a.cl", solution}, {"b \"two\".cl", solution}});
    EXPECT_EQ(several.results.at("score"), 0);
    const std::string severalSays = several.results.at("output").get<std::string>();
    EXPECT_NE(severalSays.find("2 .cl files"), std::string::npos) << severalSays;
    EXPECT_NE(severalSays.find("a.cl"), std::string::npos) << severalSays;
    EXPECT_NE(severalSays.find("b \"two\".cl"), std::string::npos) << severalSays;
}

TEST(ExerciseAutograder, BundlesAPackageThatSetupInstallsWithApt) {
    const Scratch scratch("package");
    const fs::path& dir = scratch.dir;
    // A real (tiny) Debian package, made by dpkg-deb.
    fs::create_directories(dir / "pkg" / "DEBIAN");
    std::ofstream(dir / "pkg" / "DEBIAN" / "control") << "Package: reducelab\nVersion: 0.1\nArchitecture: all\n"
                                                         "Maintainer: Test <test@example.org>\nDescription: test\n";
    const fs::path deb = dir / "reducelab_0.1_all.deb";
    const ChildResult built =
        rl::process::runProgram({"/usr/bin/dpkg-deb", "--build", (dir / "pkg").string(), deb.string()}, 60);
    if (!built.exited() || built.exitCode != 0) GTEST_SKIP() << "dpkg-deb cannot build a package here: " << built.err;
    const fs::path zip = dir / "grader.zip";
    const ChildResult made = autograder({"first-reduce", "--out", zip.string(), "--package", deb.string()});
    ASSERT_EQ(made.exitCode, 0) << made.out << made.err;
    const fs::path source = dir / "source";
    const Unzipped u = unzipTo(zip, source);
    ASSERT_TRUE(u.files.count("reducelab_0.1_all.deb"));
    EXPECT_EQ(u.files.at("reducelab_0.1_all.deb"), slurp(deb));
    for (const char* script : {"setup.sh", "run_autograder"}) {
        const ChildResult syntax = rl::process::runProgram({"/bin/bash", "-n", (source / script).string()}, 30);
        EXPECT_EQ(syntax.exitCode, 0) << script << ": " << syntax.err;
    }
    // setup.sh run with apt-get and reducelab standing in as recorders: it installs the bundled file and PoCL.
    const fs::path stubs = dir / "stubs";
    fs::create_directories(stubs);
    for (const char* tool : {"apt-get", "reducelab"}) stub(stubs, tool, dir / "calls");
    const ScopedEnv path("PATH", stubs.string() + ":" + std::getenv("PATH"));
    const ChildResult setup = rl::process::runProgram({(source / "setup.sh").string()}, 60);
    EXPECT_EQ(setup.exitCode, 0) << setup.out << setup.err;
    const std::string calls = slurp(dir / "calls");
    EXPECT_NE(calls.find("apt-get install"), std::string::npos) << calls;
    EXPECT_NE(calls.find((source / "reducelab_0.1_all.deb").string() + " pocl-opencl-icd"), std::string::npos)
        << calls;
    EXPECT_NE(calls.find("reducelab devices"), std::string::npos) << calls;
}

TEST(ExerciseAutograder, SetupBuildsASourceWithoutTheGui) {
    const Scratch scratch("source");
    const fs::path& dir = scratch.dir;
    const fs::path zip = dir / "grader.zip";
    const ChildResult made =
        autograder({"first-reduce", "--out", zip.string(), "--source", "https://example.org/reducelab.git#v0.1"});
    ASSERT_EQ(made.exitCode, 0) << made.out << made.err;
    const fs::path source = dir / "source";
    unzipTo(zip, source);
    // git "clones" a tree whose scripts record how they were run; apt-get, cmake and reducelab record their calls.
    const fs::path stubs = dir / "stubs", calls = dir / "calls";
    fs::create_directories(stubs);
    const std::string script = "#!/bin/sh\necho \"$(basename \"$0\") GUI=$REDUCELAB_GUI BUILD=$REDUCELAB_BUILD_DIR "
                               "ARGS=$REDUCELAB_CMAKE_ARGS\" >> \"" + calls.string() + "\"\n";
    stub(stubs, "git", calls,
         "for a; do dest=$a; done\nmkdir -p \"$dest/scripts\"\nfor s in install-deps build; do printf '%s' '" +
             script + "' > \"$dest/scripts/$s\"; chmod +x \"$dest/scripts/$s\"; done\n");
    for (const char* tool : {"apt-get", "cmake", "reducelab"}) stub(stubs, tool, calls);
    const ScopedEnv path("PATH", stubs.string() + ":" + std::getenv("PATH"));
    const ChildResult setup = rl::process::runProgram({(source / "setup.sh").string()}, 60);
    EXPECT_EQ(setup.exitCode, 0) << setup.out << setup.err;
    const std::string log = slurp(calls);
    const std::string src = (source / "reducelab-src").string();
    EXPECT_NE(log.find("git clone --depth 1 --branch v0.1 https://example.org/reducelab.git " + src), std::string::npos)
        << log;
    EXPECT_NE(log.find("install-deps GUI=OFF"), std::string::npos) << log;
    EXPECT_NE(log.find("build GUI=OFF BUILD=" + src + "/build ARGS=-DREDUCELAB_TESTS=OFF"), std::string::npos) << log;
    EXPECT_NE(log.find("cmake --install " + src + "/build"), std::string::npos) << log;
    EXPECT_NE(log.find("pocl-opencl-icd"), std::string::npos) << log;
}

TEST(ExerciseAutograder, RefusesBadInputInOneLine) {
    const Scratch scratch("refusals");
    const fs::path& dir = scratch.dir;
    const std::string zip = (dir / "grader.zip").string();
    auto refused = [&](const std::vector<std::string>& args, const std::string& words) {
        const ChildResult r = autograder(args);
        EXPECT_EQ(r.exitCode, 2) << r.out << r.err;
        EXPECT_NE(r.err.find(words), std::string::npos) << r.err;
        EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
        EXPECT_FALSE(fs::exists(zip)) << "a refused command wrote " << zip;
    };
    const std::string src = "https://example.org/reducelab.git";
    refused({"no-such-exercise", "--out", zip, "--source", src}, "no exercise 'no-such-exercise'");
    refused({"first-reduce", "--out", zip}, "--package FILE.deb");
    refused({"first-reduce", "--out", zip}, "--source URL");
    refused({"first-reduce", "--source", src}, "needs --out");
    refused({"first-reduce", "--out", (dir / "no-such-folder" / "grader.zip").string(), "--source", src},
            "cannot write --out");
    refused({"first-reduce", "--out", zip, "--package", std::string(RL_EXERCISES) + "/01-first-reduce/starter.cl"},
            "not a .deb");
    std::ofstream(dir / "fake.deb") << "not a package";
    refused({"first-reduce", "--out", zip, "--package", (dir / "fake.deb").string()}, "not a Debian package");
    refused({"first-reduce", "--out", zip, "--package", (dir / "fake.deb").string(), "--source", src},
            "takes one of");
    refused({"first-reduce", "--out", zip, "--source", "https://example.org/a b.git"}, "without spaces");

    const ChildResult help = rl::process::runProgram({RL_REDUCELAB_BIN, "exercise", "--help"}, 30);
    EXPECT_EQ(help.exitCode, 0);
    EXPECT_NE(help.out.find("reducelab exercise autograder ID --out FILE.zip"), std::string::npos) << help.out;
}

}  // namespace
