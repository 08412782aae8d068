// Running untrusted work where it cannot hurt: in a child process with a time limit, so a kernel that never ends,
// or crashes the OpenCL driver, costs the child and not the app, the CLI or the student's text. POSIX only.
#pragma once
#include <atomic>
#include <functional>
#include <string>
#include <vector>

namespace rl::process {

struct ChildResult {
    enum class End { Exited, Signalled, TimedOut, Cancelled, FailedToStart };
    End end = End::FailedToStart;
    int exitCode = -1;      // when Exited
    int signal = 0;         // when Signalled
    std::string out;        // everything the child wrote to stdout
    std::string err;        // and to stderr (the last 64 KiB)
    double seconds = 0;

    bool exited() const { return end == End::Exited; }
    std::string describe() const;  // "exited with status 1", "killed by signal 11 (Segmentation fault)", ...
};

// Runs `fn` in a forked child; its stdout (what it prints as it goes, then what it returns) is the result's `out`. The caller must not have started threads
// (fork copies only the calling thread): the CLI forks before any OpenCL or Oclgrind call. The child is killed
// (with its process group) after `timeoutSeconds`, or as soon as `cancel` becomes true.
ChildResult runForked(const std::function<std::string()>& fn, double timeoutSeconds,
                      const std::atomic<bool>* cancel = nullptr);

// Runs the program argv[0] (a path) with argv[1...] as a child process, stdout and stderr captured, under the same
// time limit and cancel flag. Safe from a threaded program (posix_spawn): the app runs `reducelab check` this way.
ChildResult runProgram(const std::vector<std::string>& argv, double timeoutSeconds,
                       const std::atomic<bool>* cancel = nullptr);

// The path of the running executable (/proc/self/exe), for running ReduceLab's own CLI as a child.
std::string selfExecutable();

}  // namespace rl::process
