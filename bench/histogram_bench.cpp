// The histogram bench: per size, the copy kernel alone, then ReduceLab's histograms, the read-only ceiling and the
// host's histograms in one round-robin; the CUDA peers after, over the same data written to a file.
#include "bench/histogram_bench.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <iostream>
#include <memory>

#include "bench/histogram_input.h"
#include "bench/peers.h"
#include "bench/reducelab_methods.h"
#include "bench/report.h"
#include "core/catalogue/variant_support.h"
#include "core/patterns/histogram/binning.h"

namespace rl::bench {
namespace {

// "1.23 s" since `t0`: the log says where a run's time went (the data, the OpenCL rows, the Python peers).
std::string secondsSince(std::chrono::steady_clock::time_point t0) {
    char text[32];
    std::snprintf(text, sizeof text, "%.2f s",
                  std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    return text;
}

// The variants a histogram bench times by default: each device's best and the rungs nearest it, and on a GPU the
// two ways against contention that teach most (the lanes of a sub-group agreeing, where the device has them; the
// tile sorted first). The rest of the ladder, global-atomics and the wrong local-nonatomic included, take --variants.
std::vector<std::string> defaultVariants(const DeviceInfo& device) {
    if (device.type == "CPU") return {"per-work-item", "coarsened-contiguous", "aggregated"};
    std::vector<std::string> ids = {"coarsened-vector", "coarsened", "replicated", "two-pass", "aggregated"};
    if (unavailableReason(*findVariant("sub-group"), device).empty()) ids.push_back("sub-group");
    ids.push_back("sort-then-count");
    return ids;
}

}  // namespace

int runHistogramBench(Engine& engine, std::vector<size_t> sizes, const BenchOptions& o, Timing timing,
                      const std::string& mode, const TimingContext& context) {
    const DeviceInfo& dev = engine.device();
    const bool cpu = dev.type == "CPU";
    engine.profileCommands(timing == Timing::Device);
    if (o.sizes.empty()) {
        sizes.clear();
        for (int k = cpu ? 22 : 16; k <= (cpu ? 26 : 28); k += cpu ? 2 : 4) sizes.push_back(size_t(1) << k);
    }
    if (o.op != Op::Sum) throw Error(ErrorKind::BadInput, "--op: a histogram counts; leave --op out");
    const std::vector<std::string> variants = o.variantsGiven ? o.variants : defaultVariants(dev);
    for (const auto& id : variants)
        if (const VariantInfo* v = findVariant(id); !v || v->pattern != o.pattern)
            throw Error(ErrorKind::BadInput, "--variants: '" + id + "' is not a histogram (`reducelab variants "
                                             "--pattern histogram` lists them)");
        else if (const std::string why = unavailableReason(*v, dev); !why.empty())
            throw Error(ErrorKind::Unsupported, "--variants: " + why);
    checkTrials(o, variants);
    std::ifstream copyFile(o.scriptDir + "/copy_chunks.cl"), layoutsFile(o.scriptDir + "/gpu_layouts.cl");
    const std::string copySource((std::istreambuf_iterator<char>(copyFile)), std::istreambuf_iterator<char>());
    const std::string layoutsSource((std::istreambuf_iterator<char>(layoutsFile)), std::istreambuf_iterator<char>());
    if (copySource.empty() || layoutsSource.empty())
        throw Error(ErrorKind::BadInput,
                    "cannot read " + o.scriptDir + "/copy_chunks.cl and gpu_layouts.cl: give --scripts");
    auto wanted = [&](const char* peer) { return std::find(o.peers.begin(), o.peers.end(), peer) != o.peers.end(); };
    const std::string typeName(toString(o.type));
    const bool python = !cpu && wanted("torch");
    std::vector<std::pair<size_t, std::string>> files;
    std::vector<Measurement> all;
    auto keep = [&](Measurement m) {
        std::cerr << "  " << m.method << " @ " << sizeLabel(m.n) << ": "
                  << (m.skipped ? "skipped (" + m.verdict + ")"
                                : std::to_string(m.gbps()) + " GB/s, median " + std::to_string(m.medianMs) + " ms" +
                                      (m.checked ? (m.correct ? ", correct" : ", WRONG: " + m.verdict) : ""))
                  << "\n";
        all.push_back(std::move(m));
    };
    // Wall timing sweeps the sizes in passes (--passes P), each timing its share of every method's calls, as the
    // reduction's bench does: a slow stretch of the host then lands in one pass's share, not in a whole size's calls.
    // On a GPU three by default, where every size's input fits in half the device's memory.
    size_t inputBytes = 0;
    for (size_t n : sizes) inputBytes += n * 4;
    const int passes = wallPasses(o, timing == Timing::Wall, cpu, inputBytes, dev.globalMemBytes, false);
    // One size's data and the methods timed on it, alive until its calls are timed (with passes, until the last).
    struct SizeRun {
        HostArray input;
        HistogramSpec spec;
        Reference ref;
        std::unique_ptr<void, decltype(&std::free)> hostCopy{nullptr, &std::free};
        cl::Buffer buffer;
        std::unique_ptr<DeviceData> data, sumData;
        std::vector<Method> methods;
    };
    std::vector<std::unique_ptr<SizeRun>> pending;
    for (size_t n : sizes) {
        std::cerr << sizeLabel(n) << " " << typeName << "s, " << o.distribution << ", " << o.bins << " bins:\n";
        const auto prepared = std::chrono::steady_clock::now();
        auto setup = std::make_unique<SizeRun>();
        setup->input = histogramInput(o.type, o.distribution, n, o.bins, o.seed);
        const HostArray& input = setup->input;
        HistogramSpec& spec = setup->spec;
        spec.bins = o.bins;
        spec.lo = 0;
        spec.hi = double(o.bins);
        spec.distribution = o.distribution;
        {
            RunConfig c;
            c.type = o.type;
            c.bins = o.bins;
            c.rangeSet = true;
            c.rangeLo = spec.lo;
            c.rangeHi = spec.hi;
            spec.counts = histogramOf(input, binningOf(c, input));
        }
        // What the read-only kernel's sum is checked against.
        const Reference& ref = setup->ref = computeReference(input, Op::Sum);
        if (python) files.emplace_back(n, writeDataFile(o.tmpDir, o.seed, input));
        if (wanted("tbb")) {  // the host histograms read a page-aligned copy of their own
            setup->hostCopy.reset(std::aligned_alloc(4096, (input.bytes() + 4095) / 4096 * 4096));
            if (!setup->hostCopy)
                throw Error(ErrorKind::DeviceFailure, "out of host memory for " + sizeLabel(n) + " elements");
            std::memcpy(setup->hostCopy.get(), input.data(), input.bytes());
        }
        setup->buffer = engine.upload(input);
        std::cerr << "  " << sizeLabel(n) << ": data made, counted on the host" << (python ? ", written" : "")
                  << " and uploaded in " << secondsSince(prepared) << "\n";
        const auto timed = std::chrono::steady_clock::now();
        setup->data = std::make_unique<DeviceData>(DeviceData{input, ref, setup->buffer, Op::Sum, nullptr, &spec});
        setup->sumData = std::make_unique<DeviceData>(DeviceData{input, ref, setup->buffer, Op::Sum});
        const DeviceData& data = *setup->data;
        std::vector<Method> copyAlone;
        copyAlone.push_back(makeCopyKernel(engine, n, o.type));
        for (auto& m : timeMethods(copyAlone, timing, o.warmup, o.repeats, ref, cpu, context)) keep(std::move(m));
        std::vector<Method>& methods = setup->methods;
        if (cpu) {
            methods.push_back(makeChunkedCopy(engine, copySource, n));
        } else {
            const size_t tiles = std::max<size_t>(1, (n + o.wg * 16 - 1) / (o.wg * 16));
            methods.push_back(makeReadOnlyCeiling(engine, layoutsSource, *setup->sumData, tiles, o.wg, 4,
                                                  "read-only kernel, 16 per work-item"));
        }
        for (const auto& id : variants)
            methods.push_back(makeVariant(engine, id, variantShape(o, id, cpu), data));
        for (const auto& path : o.trials)  // edited copies of the first variant's kernel
            methods.push_back(
                makeTrial(engine, variants.front(), path, variantShape(o, variants.front(), cpu), data));
        if (wanted("tbb")) {
            methods.push_back(makeHostHistogram(setup->hostCopy.get(), n, o.type, spec, true));
            methods.push_back(makeHostHistogram(setup->hostCopy.get(), n, o.type, spec, false));
        }
        if (passes > 1) {
            for (Method& m : methods) m.ref = &setup->ref;
            pending.push_back(std::move(setup));
            continue;
        }
        for (auto& m : timeMethods(methods, timing, o.warmup, o.repeats, ref, cpu, context)) keep(std::move(m));
        engine.queue().finish();
        std::cerr << "  " << sizeLabel(n) << ": the OpenCL rows built and timed in " << secondsSince(timed) << "\n";
    }
    if (!pending.empty()) {
        const auto timed = std::chrono::steady_clock::now();
        std::vector<std::vector<Method>*> sizesMethods;
        for (auto& setup : pending) sizesMethods.push_back(&setup->methods);
        for (const auto& size : timeSizesInPasses(sizesMethods, passes, o.warmup, o.repeats, cpu, context))
            for (const Measurement& m : size) keep(m);
        engine.queue().finish();
        std::cerr << "  every size's OpenCL rows timed in " << passes << " passes in " << secondsSince(timed) << "\n";
    }
    pending.clear();
    if (python) {
        const auto peers = std::chrono::steady_clock::now();
        PythonJob job = pythonJob(o, "torch", files, mode, dev);
        job.op = Op::Sum;
        job.pattern = Pattern::Histogram;
        job.bins = o.bins;
        job.passes = passes;
        for (auto& m : runPython(job, sizes, "cupy.histogram", Role::FrameworkPeer, "--pattern histogram"))
            keep(std::move(m));  // checked by the peer, bin by bin
        std::cerr << "  the CUDA peers (one Python process, every size) took " << secondsSince(peers) << "\n";
    }
    for (const auto& f : files) std::remove(f.second.c_str());

    // The targets: the best ReduceLab histogram against the fastest host histogram (CPU devices), or the fastest
    // CUDA peer at every size and the faster ceiling at 2^28 (GPUs).
    std::vector<TargetCheck> targets;
    for (size_t n : sizes) {
        auto target = [&](const std::string& what, Role role, double goal) {
            targets.push_back(bestAgainst(all, n, what, role, goal, "histogram"));
        };
        if (cpu) {
            target("best histogram / host histogram", Role::HostPeer, 1.0);
        } else {
            if (python) target("best histogram / fastest CUDA histogram", Role::FrameworkPeer, 1.0);
            if (n >= (size_t(1) << 28)) target("best histogram / fastest ceiling", Role::Ceiling, 0.70);
        }
    }
    nlohmann::json j = runHeader(o, dev, timing, mode, typeName, "count");
    j.update({{"pattern", "histogram"},
              {"bins", o.bins},
              {"distribution", o.distribution},
              {"range", {0, o.bins}},
              {"opencl_queue", engine.profilesCommands() ? "profiling" : "plain (no profiling)"},
              {"passes", passes}});
    writeRun(j, all, targets, o, dev.name);
    std::cout << "\n" << dev.platform << " / " << dev.name << " (" << dev.type << "), " << now() << "; " << mode
              << (timing == Timing::Wall ? " timing (the OpenCL calls on a queue without profiling)" : " timing")
              << ", median of " << o.repeats << " round-robin runs " << warmUpWords(o)
              << (passes > 1 ? " (the sizes swept " + std::to_string(passes) + " times, the calls pooled)" : "") << ", "
              << o.distribution << " " << typeName << "s in [0, " << o.bins << "), " << o.bins << " bins, seed "
              << o.seed
              << "\nEach cell: GB/s (bytes read / median time; copies: read + written), x the fastest correct peer "
                 "in the column, % of the faster copy kernel. Every method's bins checked one by one.\n\n";
    printTable(std::cout, all, sizes);
    std::cout << "\nTargets:\n";
    printTargets(std::cout, targets);
    bool wrong = false;
    for (const auto& m : all) wrong |= m.checked && !m.correct && !m.skipped;
    return wrong ? 1 : 0;
}

}  // namespace rl::bench
