// The workbench's own thread: it runs `reducelab check --kernel FILE --json ...` as a child process (the binary
// itself, core/process/child_process.h), so a kernel that never ends or crashes the OpenCL driver costs the child
// and not the window or the student's text. One check at a time; Cancel kills the child; the UI never waits.
#pragma once
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "core/exercise/grade_result.h"
#include "core/workbench/check_report.h"
#include "core/process/child_process.h"

namespace rl::gui::workbench {

// What to check: the saved file and the explorer's problem.
struct CheckRequest {
    uint64_t id = 0;
    std::string file, entry;
    std::string op = "sum", type = "int";
    std::string pattern = "reduce";  // the contract the kernel keeps: the explorer's pattern ("reduce" or "scan")
    bool exclusive = false;          // a scan: check the exclusive scan
    size_t wg = 64;
    std::string data = "digits";    // `--data` of the traced run: the explorer's choice (small integers by default)
    int device = 0;
    std::string model;              // a built-in variant's model to compare with (empty: none)
    double stepTimeoutSeconds = 20;  // `--timeout`: one step of the check (a kernel that never ends)
    // An exercise's attempt: graded by `reducelab exercise check ID --kernel FILE --json` instead (every run the
    // exercise asks for, hidden sizes and a fresh seed), stopped after exerciseTimeLimit seconds.
    std::string exercise, exercisesDir;
    double exerciseTimeLimit = 300;
};

struct CheckOutcome {
    uint64_t id = 0;
    std::optional<rl::workbench::CheckReport> report;  // the child's JSON, when it printed one
    std::optional<rl::exercise::GradeResult> grade;    // an exercise's grade (its report is the first run's)
    int exitCode = -1;        // 0 all checks pass, 1 some fail, 2 usage or build failure (when it exited)
    bool cancelled = false;
    std::string problem;      // why there is no report: timed out, crashed, cancelled, unreadable output
    std::string stderrText;   // what the child wrote to stderr (the last part)
    double seconds = 0;
};

// The child's command line: SELF check --kernel FILE --json --op OP --type TYPE --wg WG --device D [--entry E]
// [--model M] [--pattern scan [--exclusive]] --timeout S.
std::vector<std::string> checkCommand(const std::string& self, const CheckRequest& request);

class CheckWorker {
public:
    // `wake` is called from the thread when a result is ready (thread-safe). `self`: the binary to run.
    CheckWorker(std::function<void()> wake, std::string self);
    ~CheckWorker();

    void submit(const CheckRequest& request);  // replaces one not started; the running one goes on (or Cancel)
    void cancel();                             // kills the running child, drops the waiting request
    std::optional<CheckOutcome> take();        // the newest finished outcome
    bool busy() const { return busy_.load(); }
    double elapsed() const;                    // seconds the running check has taken
    std::string running() const;               // the file being checked ("" when idle)

private:
    void loop();
    CheckOutcome run(const CheckRequest& request);

    std::function<void()> wake_;
    std::string self_;
    mutable std::mutex mutex_;
    std::condition_variable cv_;
    std::optional<CheckRequest> pending_;
    std::optional<CheckOutcome> outcome_;
    std::string running_;
    std::chrono::steady_clock::time_point started_;
    std::atomic<bool> cancel_{false};
    std::atomic<bool> busy_{false};
    bool stop_ = false;
    std::thread thread_;
};

}  // namespace rl::gui::workbench
