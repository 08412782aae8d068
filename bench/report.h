// The bench's printed output: one table (rows = methods, columns = sizes; GB/s, ratio to the best peer, share of
// the copy ceiling) and the targets checked against it.
#pragma once
#include <ostream>
#include <string>
#include <vector>

#include "bench/measure.h"
#include "bench/options.h"

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

}  // namespace rl::bench
