// The peers ReduceLab's kernels are measured against, each on the same device (or host) and the same data.
// A peer whose library was not found at configure time reports itself skipped with the package to install.
#pragma once
#include <CL/cl.h>

#include <string>
#include <vector>

#include "bench/measure.h"
#include "core/model/scan_reference.h"

namespace rl::bench {

// Raw handles of the engine's context, profiling queue, device and the input buffer (n elements).
struct OpenClHandles {
    cl_context context = nullptr;
    cl_command_queue queue = nullptr;
    cl_device_id device = nullptr;
    cl_mem x = nullptr;
};

// CLBlast's Xsum (libclblast-dev); a call includes the read of the result. Float sums only: CLBlast has no integer
// routines and no min/max of values (its iXmax returns an index); other types and operations are skipped.
Method makeClblast(const OpenClHandles& h, size_t n, ElemType type, Op op);

// Boost.Compute's reduce with plus, min or max (libboost-dev); a call includes the read of the result.
Method makeBoostCompute(const OpenClHandles& h, size_t n, ElemType type, Op op);

// std::reduce(std::execution::par_unseq) on the host (libstdc++'s parallel algorithms over TBB), n elements of
// type (int or float) at data.
Method makeHostReduce(const void* data, size_t n, ElemType type, Op op);

// The host's scans of n elements of type (int or float) at data into an output of their own, each checked element by
// element against `ref` (its bound for the host's order): std::inclusive_scan(std::execution::par_unseq) over TBB,
// and the serial loop (std::inclusive_scan without a policy).
Method makeHostScan(const void* data, size_t n, ElemType type, Op op, bool parallel, const ScanSpec& spec);

// Boost.Compute's inclusive_scan (libboost-dev) of the buffer's n elements into a device buffer of its own, checked
// element by element against `ref` after the runs.
Method makeBoostComputeScan(const OpenClHandles& h, size_t n, ElemType type, Op op, const ScanSpec& spec);

// The host's histograms of n elements of type (int or float) at data into spec.bins equal bins over spec's range
// (numpy's rule, computed as the kernels compute it), every bin checked after the runs. parallel: oneTBB's
// parallel_for over blocks of the input, each thread counting into bins of its own (enumerable_thread_specific),
// merged after; else the serial loop into one array of bins.
Method makeHostHistogram(const void* data, size_t n, ElemType type, const HistogramSpec& spec, bool parallel);

// std::copy(std::execution::par_unseq) on the host: what the host's memory gives, bytes read + written.
Method makeHostCopy(const void* data, size_t n, ElemType type);

// A Python peer (bench/peer_pyopencl.py, bench/peer_torch.py): run once over every size's data file; each JSON
// line it prints becomes a measurement (results not yet checked: the caller checks them against its references).
struct PythonJob {
    std::string script;
    std::vector<std::string> pythons;  // interpreters to try in order; the first that can import the peer runs it
    std::vector<std::pair<size_t, std::string>> files;  // n and the raw file (float32 or int32) of that size's data
    int warmup = 3, repeats = 15;
    std::string timing = "wall";  // wall, device (queued behind a busy GPU) or device-idle
    bool interleave = false;      // wall timing: each round over every size, as the bench's own (--interleave)
    int passes = 1;               // wall timing: the sizes swept this many times, the calls pooled (--passes)
    bool calls = false;           // every timed call's start and time back in Measurement::calls (--calls)
    bool warmOnce = false;        // the warm-up's floor once per size, its first method's (--warm-once)
    bool coldL2 = false;          // device timing: the GPU's L2 written over before each call (--cold-l2)
    ElemType type = ElemType::Float;
    Op op = Op::Sum;
    Pattern pattern = Pattern::Reduce;  // Scan: the peer's inclusive scans, each output checked by the peer itself;
                                        // Histogram: its histograms of values in [0, bins), checked bin by bin there
    size_t bins = 256;
    std::string platform, device;       // for pyopencl: the OpenCL device to use
};
std::vector<Measurement> runPythonPeer(const PythonJob& job, std::string* why);

// The raw file (float32 or int32) a Python peer reads a size's data from: DIR/reducelab_bench_N_SEED.f32 or .i32.
std::string writeDataFile(const std::string& dir, uint64_t seed, const HostArray& input);

}  // namespace rl::bench
