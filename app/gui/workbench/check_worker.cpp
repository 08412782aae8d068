// The check thread: one `reducelab check` child at a time, its JSON read back into a CheckReport.
#include "app/gui/workbench/check_worker.h"

#include <cstdio>
#include <nlohmann/json.hpp>

#include "core/exercise/check_command.h"

namespace rl::gui::workbench {
namespace {

std::string lastLines(const std::string& text, size_t maxChars) {
    if (text.size() <= maxChars) return text;
    const size_t nl = text.find('\n', text.size() - maxChars);
    return text.substr(nl == std::string::npos ? text.size() - maxChars : nl + 1);
}

}  // namespace

std::vector<std::string> checkCommand(const std::string& self, const CheckRequest& r) {
    std::vector<std::string> argv = {self, "check", "--kernel", r.file, "--json", "--op", r.op, "--type", r.type,
                                     "--wg", std::to_string(r.wg), "--device", std::to_string(r.device),
                                     "--data", r.data};
    if (!r.entry.empty()) argv.insert(argv.end(), {"--entry", r.entry});
    if (!r.model.empty()) argv.insert(argv.end(), {"--model", r.model});
    if (r.pattern != "reduce") argv.insert(argv.end(), {"--pattern", r.pattern});
    if (r.exclusive) argv.push_back("--exclusive");
    char timeout[32];
    std::snprintf(timeout, sizeof timeout, "%g", r.stepTimeoutSeconds);
    argv.insert(argv.end(), {"--timeout", timeout});
    return argv;
}

CheckWorker::CheckWorker(std::function<void()> wake, std::string self) : wake_(std::move(wake)), self_(std::move(self)) {
    thread_ = std::thread([this] { loop(); });
}

CheckWorker::~CheckWorker() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        stop_ = true;
        pending_.reset();
    }
    cancel_ = true;  // a running child is killed: the window closes now, not when the kernel ends
    cv_.notify_all();
    thread_.join();
}

void CheckWorker::submit(const CheckRequest& request) {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        pending_ = request;
        busy_ = true;
    }
    cv_.notify_all();
}

void CheckWorker::cancel() {
    std::lock_guard<std::mutex> lock(mutex_);
    pending_.reset();
    cancel_ = true;
}

std::optional<CheckOutcome> CheckWorker::take() {
    std::lock_guard<std::mutex> lock(mutex_);
    auto out = std::move(outcome_);
    outcome_.reset();
    return out;
}

double CheckWorker::elapsed() const {
    std::lock_guard<std::mutex> lock(mutex_);
    if (running_.empty()) return 0;
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
}

std::string CheckWorker::running() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return running_;
}

void CheckWorker::loop() {
    for (;;) {
        CheckRequest request;
        {
            std::unique_lock<std::mutex> lock(mutex_);
            cv_.wait(lock, [this] { return stop_ || pending_.has_value(); });
            if (stop_) return;
            request = *pending_;
            pending_.reset();
            running_ = request.file;
            started_ = std::chrono::steady_clock::now();
            cancel_ = false;
        }
        CheckOutcome outcome = run(request);
        {
            std::lock_guard<std::mutex> lock(mutex_);
            outcome_ = std::move(outcome);
            running_.clear();
            busy_ = pending_.has_value();
        }
        if (wake_) wake_();
    }
}

CheckOutcome CheckWorker::run(const CheckRequest& request) {
    using End = rl::process::ChildResult::End;
    CheckOutcome out;
    out.id = request.id;
    if (!request.exercise.empty()) {  // grading: the exercise's own child reads back into a grade
        rl::exercise::CheckCommand c;
        c.reducelab = self_;
        c.exerciseId = request.exercise;
        c.kernelPath = request.file;
        c.exercisesDir = request.exercisesDir;
        c.device = std::to_string(request.device);
        const rl::process::ChildResult child =
            rl::process::runProgram(rl::exercise::checkArgv(c), request.exerciseTimeLimit, &cancel_);
        out.seconds = child.seconds;
        out.stderrText = lastLines(child.err, 4000);
        out.exitCode = child.exited() ? child.exitCode : -1;
        out.cancelled = child.end == End::Cancelled;
        out.grade = rl::exercise::gradeFromChild(child, request.exercise);
        out.report = out.grade->report;
        if (!out.report) out.problem = out.grade->error.empty() ? "the grade has no report" : out.grade->error;
        return out;
    }
    // The child stops a step that runs past --timeout itself and says so in its report; this limit only catches a
    // child that hangs outside any step.
    const double limit = request.stepTimeoutSeconds * 6 + 60;
    const rl::process::ChildResult child = rl::process::runProgram(checkCommand(self_, request), limit, &cancel_);
    out.seconds = child.seconds;
    out.stderrText = lastLines(child.err, 4000);
    out.exitCode = child.exited() ? child.exitCode : -1;
    switch (child.end) {
        case End::Cancelled:
            out.cancelled = true;
            out.problem = "Cancelled: the check was stopped";
            return out;
        case End::TimedOut:
            out.problem = "The check took longer than " + std::to_string(int(limit)) + " s and was stopped";
            return out;
        case End::FailedToStart:
            out.problem = "Could not start `reducelab check` (" + self_ + "): " + child.describe();
            return out;
        case End::Signalled:
            out.problem = "The check " + child.describe() + ": your text is safe, the kernel crashed the checker";
            break;  // it may still have printed a report
        case End::Exited:
            break;
    }
    const size_t brace = child.out.find('{');
    if (brace == std::string::npos) {
        if (out.problem.empty())
            out.problem = "`reducelab check` " + child.describe() + " without a report" +
                          (out.stderrText.empty() ? std::string() : ": " + lastLines(out.stderrText, 600));
        return out;
    }
    try {
        out.report = rl::workbench::checkReportFromJson(nlohmann::json::parse(child.out.substr(brace)));
    } catch (const std::exception& e) {
        out.problem = std::string("The check's report could not be read: ") + e.what();
    }
    return out;
}

}  // namespace rl::gui::workbench
