// Runs the reducelab binary's explorer for a test (under its own xvfb-run when there is no display) and collects
// its exit code and output. Needs REDUCELAB_BINARY, the path of the binary, defined by the test's CMake target.
#pragma once
#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/wait.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

namespace rl::apptest {

struct AppRun {
    int exitCode = -1;
    std::string out, err;
};

// A report a script wrote (timings:report=, course:report=): parsed, or an empty object with a test failure.
inline nlohmann::json readJson(const std::string& path) {
    std::ifstream in(path);
    if (!in) {
        ADD_FAILURE() << "no report " << path;
        return nlohmann::json::object();
    }
    try {
        return nlohmann::json::parse(in);
    } catch (const std::exception& e) {
        ADD_FAILURE() << "bad report " << path << ": " << e.what();
        return nlohmann::json::object();
    }
}

inline std::string readFile(const std::string& path) {
    std::ifstream in(path);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// A fresh directory under the test's temporary directory, named after `what`.
inline std::string tempDir(const std::string& what) {
    std::string base = ::testing::TempDir() + "reducelab-" + what + "-XXXXXX";
    if (!mkdtemp(base.data())) return ::testing::TempDir();
    return base;
}

// Runs `reducelab gui ARGS` with `env` before the command; stdout and stderr land in DIR/out.txt and DIR/err.txt.
// `server`: Xvfb's arguments for an X server of the test's own (two screens, say), even where a display is set.
inline AppRun runApp(const std::string& dir, const std::string& args, const std::string& env = "",
                     const std::string& server = "") {
    const char* display = std::getenv("DISPLAY");
    const std::string prefix = !server.empty()             ? "xvfb-run -a -s '" + server + "' "
                               : (display && *display) ? ""
                                                       : "xvfb-run -a -s '-screen 0 1920x1080x24' ";
    const std::string cmd =
        env + " " + prefix + REDUCELAB_BINARY " gui " + args + " >" + dir + "/out.txt 2>" + dir + "/err.txt";
    const int status = std::system(cmd.c_str());
    AppRun r;
    r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.out = readFile(dir + "/out.txt");
    r.err = readFile(dir + "/err.txt");
    return r;
}

}  // namespace rl::apptest
