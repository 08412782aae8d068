// Command line of reducelab_bench.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/catalogue/variant.h"
#include "core/run_config.h"
#include "core/types.h"

namespace rl::bench {

struct BenchOptions {
    std::string device;         // index or name substring, as reducelab's --device
    std::vector<size_t> sizes;  // empty: 2^22, 2^24, 2^26 on CPU devices; 2^20 .. 2^28 on GPUs
    int warmup = 3, repeats = 15;
    int block = 1;  // calls of one method in a row per turn of the round-robin
    // Wall timing's order. passes > 1: the sizes swept that many times, each pass timing repeats / passes calls of
    // every method at every size (one round-robin per size, as with one pass), the calls pooled; 0: 3 for wall
    // timing on a GPU, where a size's 30 calls last only milliseconds in all, else 1. interleave: instead, rounds
    // over every size, one call of every method at every size per round (it changes what the calls find in the
    // caches: BENCHMARKS.md).
    int passes = 0;
    bool interleave = false;
    bool calls = false;       // every timed call's start and time in the JSON
    bool warmOnce = false;    // the warm-up's 200 ms floor once per size (its first method), not per method
    bool coldL2 = false;      // device timing: the device's cache written over before each call (--cold-l2)
    bool inPlace = false;     // a scan bench also times the scans that can write over their input so (--in-place)
    size_t wg = 256;          // --wg: of the bench's own kernels (copies, ceilings) and, when given, of every variant
    bool wgGiven = false;     // without --wg each variant runs at its own timed size (variantWorkGroup)
    size_t groups = 0;  // fixed-grid variants' work-groups (0: the variant's default for the device)
    int epi = 0;        // --epi: elements per work-item of the variants that take it (0: each its own timed count)
    uint64_t seed = 1;
    std::vector<std::string> variants = {"best-gpu", "grid-stride", "best-cpu", "multi-element"};
    bool variantsGiven = false;  // --variants was given (a scan bench has its own default list)
    Pattern pattern = Pattern::Reduce;  // --pattern scan: the scans against the host's and Boost.Compute's
    std::vector<std::string> peers = {"clblast", "boost", "pyopencl", "tbb", "torch"};
    ElemType type = ElemType::Float;  // int or float: what every method reduces
    // --pattern histogram: the bins, and how the values spread over them (uniform, zipf or constant); the values lie
    // in [0, bins) and the range is [0, bins], so that every method, ours and the peers', agrees on every bin.
    size_t bins = 256;
    std::string distribution = "uniform";
    Op op = Op::Sum;
    // auto | device | device-idle | wall. device: each call queued behind a busy device (bench/busy_device.h), CUDA
    // peers by CUDA events around the call behind a spinning kernel; device-idle: the device idle before each call,
    // CUDA peers by CUPTI's kernel span (the bench's earlier device timing, kept for comparison).
    std::string timing = "auto";
    std::string jsonPath;
    std::vector<std::string> pythons = {"python3", "/usr/bin/python3"};
    std::string tmpDir = "/tmp";
    std::string scriptDir;
    bool sweep = false;
    bool probe = false;
    bool layouts = false;
    bool anatomy = false;
    std::vector<std::string> trials;  // edited copies of a kernel timed beside the shipped one: best-gpu.cl with
                                      // --anatomy, the first --variants kernel with --pattern scan or histogram
    bool floor = false;               // where OpenCL's event interval lies around a kernel's work (NVIDIA)
    bool help = false;
};

// The work-group size a variant is timed at: --wg when given, else the variant's own for the device
// (timedWorkGroup in core/catalogue/pass_plan.h: 256, or chunked-look-back's 32 on a CPU).
size_t variantWorkGroup(const BenchOptions& o, const std::string& id, bool cpuDevice);

// How a variant is launched in the bench: work-group size, work-groups of a fixed grid and elements per work-item
// (0: the variant's default for the device, as RunConfig's).
struct LaunchShape {
    size_t wg = 256;
    size_t groups = 0;
    int epi = 0;
    void applyTo(RunConfig& c) const {
        c.wg = wg;
        c.groups = groups;
        c.elemsPerItem = epi;
    }
};

// The shape the options give variant `id`: variantWorkGroup's size, --groups and --epi.
LaunchShape variantShape(const BenchOptions& o, const std::string& id, bool cpuDevice);

// How many passes wall timing sweeps the sizes in (1: each size's calls at once): --passes, else three in wall
// timing on a GPU where every size's input (inputBytes in all) fits in half the device's memory, else one. Throws
// a BadInput Error naming the fix for passes or --interleave in device timing, more passes than repeats, --passes
// with --interleave, inputs that cannot all stay on the device, and --interleave where the bench has no rounds
// over every size (withRounds false).
int wallPasses(const BenchOptions& o, bool wallTiming, bool cpuDevice, uint64_t inputBytes, uint64_t deviceMemBytes,
               bool withRounds);

bool parseOptions(int argc, char** argv, BenchOptions& o, std::string* error);
std::string usage();

}  // namespace rl::bench
