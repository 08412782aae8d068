// The bench's printed output: one table (rows = methods, columns = sizes; GB/s, ratio to the best peer, share of
// the copy ceiling) and the targets checked against it.
#pragma once
#include <ostream>
#include <string>
#include <vector>

#include "bench/measure.h"
#include "bench/options.h"
#include "bench/peers.h"
#include "core/device_info.h"

namespace rl::bench {

struct TargetCheck {
    std::string what;   // e.g. "best-cpu vs best OpenCL peer at 2^24"
    double ratio = 0;   // measured
    double target = 0;  // required
    bool met = false;
    std::string detail;
};

// The fastest correct ReduceLab row at n against the fastest row of `role` there (skipped and wrong rows left out):
// "WHAT at N", their GB/s ratio, met where it reaches `goal`. `noun` names ReduceLab's rows in the detail when none
// was measured ("scan", "histogram").
TargetCheck bestAgainst(const std::vector<Measurement>& all, size_t n, const std::string& what, Role role,
                        double goal, const std::string& noun);

void printTable(std::ostream& out, const std::vector<Measurement>& all, const std::vector<size_t>& sizes);

// The issues' targets for `best` (the device's best variant row label) on a CPU or a GPU device: on a GPU, >= 1.0x
// cupy.<op> and torch.<op> at every size, >= 95% of the copy ceiling at 2^28; on a CPU device,
// >= 2x the best OpenCL peer and >= 1.0x host std::reduce.
std::vector<TargetCheck> checkTargets(const std::vector<Measurement>& all, const std::vector<size_t>& sizes,
                                      const std::string& best, bool cpuDevice, const std::string& op = "sum");
void printTargets(std::ostream& out, const std::vector<TargetCheck>& checks);

// The run's "wg": --wg when given, else a word saying that each variant ran at its own (each note names it).
nlohmann::json wgJson(const BenchOptions& o);

// A copy of a run's JSON (`j`, with its "data_type", "op" and "pattern") where the explorer's Timings view reads the
// peers it draws beside the ladder (app/view/timing/peer_figures.h): $XDG_DATA_HOME/reducelab/bench/, one file per
// device, type, operation and pattern. Returns the file, or "" when there is no such directory or it cannot be
// written.
std::string keepForTheExplorer(const nlohmann::json& j, const std::string& device);

std::string sizeLabel(size_t n);  // "2^24" for powers of two, else the number

std::string now();  // "2026-12-06 18:49:02 UTC": when a run was taken

// The warm-up the summary's first line names: "after >= W warm-up runs and >= 200 ms", each method's or (--warm-once)
// each size's first.
std::string warmUpWords(const BenchOptions& o);

// What every bench's JSON opens with: when, on which device and driver, timed how, over which data and operation,
// warm-ups, repeats, seed, work-group and cache; each pattern's bench adds its own fields, then writeRun its rows.
nlohmann::json runHeader(const BenchOptions& o, const DeviceInfo& dev, Timing timing, const std::string& mode,
                         const std::string& typeName, const std::string& op);
// The run's rows and targets into `j`, then to --json FILE and a copy for the explorer's Timings view.
void writeRun(nlohmann::json& j, const std::vector<Measurement>& all, const std::vector<TargetCheck>& targets,
              const BenchOptions& o, const std::string& device);

// A Python peer's job from the options: its script (bench/peer_NAME.py), interpreters, data files, warm-ups,
// repeats, timing, --calls, --cold-l2, type and device; the caller sets what its pattern adds (op, bins, ...).
PythonJob pythonJob(const BenchOptions& o, const std::string& peer, const std::vector<std::pair<size_t, std::string>>& files,
                    const std::string& mode, const DeviceInfo& dev);
// Runs it (saying so on stderr, with why it did not where it did not); where it could not run, a skipped row per size
// under `fallback`, in `role`.
std::vector<Measurement> runPython(const PythonJob& job, const std::vector<size_t>& sizes, const std::string& fallback,
                                   Role role, const std::string& what = "");

}  // namespace rl::bench
