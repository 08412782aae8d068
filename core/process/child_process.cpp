// Child processes with a time limit: fork for the CLI (single-threaded when it forks), posix_spawn for the app.
#include "core/process/child_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstring>

extern char** environ;

namespace rl::process {
namespace {

constexpr size_t kMaxErrBytes = 64 * 1024;
constexpr size_t kMaxOutBytes = 256 * 1024 * 1024;  // a trace in JSON is a few MiB at most

using Clock = std::chrono::steady_clock;

// Reads the child's two pipes until both close, the time runs out or cancel is set; then reaps the child.
ChildResult collect(pid_t pid, int outFd, int errFd, double timeoutSeconds, const std::atomic<bool>* cancel,
                    Clock::time_point start) {
    ChildResult r;
    struct pollfd fds[2] = {{outFd, POLLIN, 0}, {errFd, POLLIN, 0}};
    int open = 2;
    bool killed = false;
    char buf[65536];
    while (open > 0) {
        const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
        if (cancel && cancel->load()) {
            r.end = ChildResult::End::Cancelled;
            killed = true;
            break;
        }
        if (elapsed >= timeoutSeconds) {
            r.end = ChildResult::End::TimedOut;
            killed = true;
            break;
        }
        const int ms = int(std::min(100.0, (timeoutSeconds - elapsed) * 1000.0)) + 1;
        const int ready = poll(fds, 2, ms);
        if (ready < 0 && errno != EINTR) break;
        for (int i = 0; i < 2; ++i) {
            if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
            const ssize_t got = read(fds[i].fd, buf, sizeof buf);
            if (got <= 0) {
                close(fds[i].fd);
                fds[i].fd = -1;
                --open;
                continue;
            }
            std::string& into = i == 0 ? r.out : r.err;
            into.append(buf, size_t(got));
            if (i == 1 && into.size() > kMaxErrBytes) into.erase(0, into.size() - kMaxErrBytes);
            if (i == 0 && into.size() > kMaxOutBytes) {
                r.end = ChildResult::End::Signalled;
                killed = true;
                open = 0;
            }
        }
    }
    if (killed) {
        kill(-pid, SIGKILL);  // its process group: whatever it started goes too
        kill(pid, SIGKILL);
    }
    for (struct pollfd& f : fds)
        if (f.fd >= 0) close(f.fd);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    r.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    if (killed) {
        if (r.end == ChildResult::End::Signalled) r.signal = SIGKILL;
        return r;
    }
    if (WIFEXITED(status)) {
        r.end = ChildResult::End::Exited;
        r.exitCode = WEXITSTATUS(status);
    } else if (WIFSIGNALED(status)) {
        r.end = ChildResult::End::Signalled;
        r.signal = WTERMSIG(status);
    }
    return r;
}

bool writeAll(int fd, const std::string& text) {
    size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = write(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        done += size_t(n);
    }
    return true;
}

}  // namespace

std::string ChildResult::describe() const {
    switch (end) {
        case End::Exited: return "exited with status " + std::to_string(exitCode);
        case End::Signalled:
            return "was killed by signal " + std::to_string(signal) + " (" + strsignal(signal) + ")";
        case End::TimedOut: return "did not finish within the time limit and was stopped";
        case End::Cancelled: return "was cancelled";
        case End::FailedToStart: break;
    }
    return "could not be started";
}

ChildResult runForked(const std::function<std::string()>& fn, double timeoutSeconds,
                      const std::atomic<bool>* cancel) {
    int out[2], err[2];
    if (pipe2(out, O_CLOEXEC) != 0) return {};
    if (pipe2(err, O_CLOEXEC) != 0) {
        close(out[0]);
        close(out[1]);
        return {};
    }
    const auto start = Clock::now();
    const pid_t parent = getpid();
    const pid_t pid = fork();
    if (pid < 0) {
        for (int fd : {out[0], out[1], err[0], err[1]}) close(fd);
        return {};
    }
    if (pid == 0) {
        setpgid(0, 0);
        // The step goes when the process that started it goes (killed by a Cancel, say): a kernel that never ends
        // would otherwise run on, orphaned, in a process group of its own that no one signals.
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != parent) _exit(5);  // the parent died before the line above
        close(out[0]);
        close(err[0]);
        dup2(out[1], STDOUT_FILENO);  // what fn prints as it goes arrives even if it never returns
        dup2(err[1], STDERR_FILENO);
        int code = 0;
        try {
            const std::string last = fn();
            std::fflush(stdout);
            code = writeAll(out[1], last) ? 0 : 3;
        } catch (const std::exception& e) {
            writeAll(err[1], std::string(e.what()) + "\n");
            code = 4;
        } catch (...) {
            code = 4;
        }
        _exit(code);  // no atexit handlers, no static destructors: the parent's state is not the child's to close
    }
    setpgid(pid, pid);
    close(out[1]);
    close(err[1]);
    return collect(pid, out[0], err[0], timeoutSeconds, cancel, start);
}

ChildResult runProgram(const std::vector<std::string>& argv, double timeoutSeconds, const std::atomic<bool>* cancel) {
    if (argv.empty()) return {};
    int out[2], err[2];
    if (pipe2(out, O_CLOEXEC) != 0) return {};
    if (pipe2(err, O_CLOEXEC) != 0) {
        close(out[0]);
        close(out[1]);
        return {};
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, err[1], STDERR_FILENO);
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
    posix_spawnattr_setpgroup(&attr, 0);
    std::vector<char*> args;
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    const auto start = Clock::now();
    pid_t pid = -1;
    const int rc = posix_spawn(&pid, argv[0].c_str(), &actions, &attr, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
    close(out[1]);
    close(err[1]);
    if (rc != 0) {
        close(out[0]);
        close(err[0]);
        ChildResult r;
        r.err = std::string("cannot start ") + argv[0] + ": " + strerror(rc);
        return r;
    }
    return collect(pid, out[0], err[0], timeoutSeconds, cancel, start);
}

std::string selfExecutable() {
    char path[4096];
    const ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
    if (n <= 0) return {};
    path[n] = '\0';
    return path;
}

}  // namespace rl::process
