// reducelab_bench: ReduceLab's kernels against CLBlast, Boost.Compute, pyopencl, host std::reduce (TBB) and, on an
// NVIDIA GPU, torch.sum, on the same device and the same data, with a copy kernel as the ceiling. Prints one
// table (rows = methods, columns = sizes) and the targets checked against it; --json writes every figure.
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>

#include "bench/busy_device.h"
#include "bench/histogram_bench.h"
#include "bench/options.h"
#include "bench/peers.h"
#include "bench/probe.h"
#include "bench/reducelab_methods.h"
#include "bench/report.h"
#include "bench/scan_bench.h"
#include "bench/sweep.h"
#include "core/catalogue/best_variant.h"
#include "core/cl/engine.h"
#include "core/pattern.h"

namespace rl::bench {
namespace {

bool wanted(const std::vector<std::string>& list, const std::string& name) {
    return std::find(list.begin(), list.end(), name) != list.end();
}

std::string loadAverage() {
    std::ifstream f("/proc/loadavg");
    std::string a, b, c;
    f >> a >> b >> c;
    return a + " " + b + " " + c;
}

// The host's NUMA nodes and their CPUs ("node0": "0-15,32-47"), so that --calls' CPUs can be told apart by node.
nlohmann::json numaNodes() {
    nlohmann::json nodes = nlohmann::json::object();
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator("/sys/devices/system/node", ec)) {
        const std::string name = e.path().filename().string();
        if (name.rfind("node", 0) != 0 || name.size() == 4 || !std::isdigit(static_cast<unsigned char>(name[4])))
            continue;
        std::ifstream f(e.path() / "cpulist");
        std::string cpus;
        if (std::getline(f, cpus)) nodes[name] = cpus;
    }
    return nodes;
}

void progress(const Measurement& m) {
    std::cerr << "  " << m.method << " @ " << sizeLabel(m.n) << ": ";
    if (m.skipped)
        std::cerr << "skipped (" << m.verdict << ")\n";
    else
        std::cerr << m.gbps() << " GB/s, median " << m.medianMs << " ms (" << toString(m.timing) << ")"
                  << (m.checked ? (m.correct ? ", correct" : ", WRONG: " + m.verdict) : "") << "\n";
}

int run(const BenchOptions& o) {
    Engine engine(selectDevice(o.device));
    const DeviceInfo& dev = engine.device();
    const bool cpu = dev.type == "CPU";
    // The timing mode by name: "device" (each call queued behind a busy device), "device-idle" or "wall".
    const std::string mode = o.timing != "auto" ? o.timing : cpu ? "wall" : "device";
    const Timing timing = mode == "wall" ? Timing::Wall : Timing::Device;
    std::vector<size_t> sizes = o.sizes;
    if (sizes.empty())
        for (int k = cpu ? 22 : 16; k <= (cpu ? 26 : 28); k += cpu ? 2 : 1) sizes.push_back(size_t(1) << k);
    const std::string best = "ReduceLab " + bestVariantFor(dev).id;
    std::cerr << "reducelab_bench on " << dev.platform << " / " << dev.name << " (" << dev.type << ", "
              << dev.computeUnits << " compute units), " << mode << " timing, median of " << o.repeats << " after "
              << o.warmup << " warm-up; load average " << loadAverage() << "\n";
    std::unique_ptr<BusyDevice> busy;
    if (mode == "device" || o.anatomy) {
        std::ifstream f(o.scriptDir + "/busy_spin.cl");
        const std::string spin((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
        if (spin.empty())
            throw Error(ErrorKind::BadInput, "cannot read " + o.scriptDir + "/busy_spin.cl: give --scripts");
        busy = std::make_unique<BusyDevice>(engine.context(), engine.clDevice(), engine.queue(), spin);
        std::cerr << "device timing: each call queued behind a " << busy->spinMicros() << " us spin\n";
    }
    if (o.coldL2) {
        if (mode != "device" || !busy)
            throw Error(ErrorKind::BadInput, "--cold-l2 clears the cache before each call of device timing: give "
                                             "--timing device with it");
        const size_t cache = engine.clDevice().getInfo<CL_DEVICE_GLOBAL_MEM_CACHE_SIZE>();
        busy->clearCacheFirst(engine.context(), 4 * std::max<size_t>(cache, size_t(64) << 20));
        std::cerr << "cold cache: " << (busy->clearBytes() >> 20) << " MiB written before each call (four times the "
                  << "larger of the device's " << (cache >> 10) << " KiB cache and 64 MiB)\n";
    }
    // The patterns with a bench of their own (the reduction's is the rest of this function), by name.
    using PatternBench = int (*)(Engine&, std::vector<size_t>, const BenchOptions&, Timing, const std::string&,
                                 const TimingContext&);
    static const std::map<std::string, PatternBench> patternBenches = {{"scan", runScanBench},
                                                                       {"histogram", runHistogramBench}};
    if (const auto own = patternBenches.find(patternInfo(o.pattern).name); own != patternBenches.end()) {
        TimingContext context;
        context.op = o.op;
        context.type = o.type;
        context.busy = busy.get();
        context.block = o.block;
        context.warmFloorOnce = o.warmOnce;
        return own->second(engine, sizes, o, timing, mode, context);
    }
    if (!o.trials.empty() && !o.anatomy)
        throw Error(ErrorKind::BadInput, "--trials: a reduction's trials are edits of best-gpu.cl, timed by --anatomy "
                                         "(give it); a scan's or a histogram's, with --pattern and --variants");
    if (o.sweep) return runSweep(engine, sizes, o);
    if (o.probe) return runProbe(engine, sizes, o);
    if (o.floor) {
        std::ifstream f(o.scriptDir + "/floor.cl");
        const std::string source((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
        return runFloor(engine, sizes, o, source);
    }
    if (o.layouts || o.anatomy) {
        std::ifstream f(o.scriptDir + "/gpu_layouts.cl");
        const std::string source((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
        return o.anatomy ? runAnatomy(engine, sizes, o, source, busy.get()) : runLayouts(engine, sizes, o, source);
    }

    std::ifstream copyFile(o.scriptDir + "/copy_chunks.cl"), layoutsFile(o.scriptDir + "/gpu_layouts.cl");
    const std::string copySource((std::istreambuf_iterator<char>(copyFile)), std::istreambuf_iterator<char>());
    const std::string layoutsSource((std::istreambuf_iterator<char>(layoutsFile)), std::istreambuf_iterator<char>());
    if (copySource.empty() || layoutsSource.empty())
        throw Error(ErrorKind::BadInput,
                    "cannot read " + o.scriptDir + "/copy_chunks.cl and gpu_layouts.cl: give --scripts");
    const std::string typeName(toString(o.type)), opName(toString(o.op));
    TimingContext context;
    context.op = o.op;
    context.type = o.type;
    context.busy = busy.get();
    context.block = o.block;
    context.warmFloorOnce = o.warmOnce;
    // Wall timing: the calls on a queue without profiling, as a program's own calls would be (Engine::profileCommands)
    engine.profileCommands(timing == Timing::Device);
    const bool interleave = o.interleave;
    // Wall timing on a GPU defaults to three passes, where every size's input fits in half the device's memory
    size_t inputBytes = 0;
    for (size_t n : sizes) inputBytes += n * 4;
    const int passes = wallPasses(o, timing == Timing::Wall, cpu, inputBytes, dev.globalMemBytes, true);
    std::vector<Measurement> all;
    std::map<size_t, Reference> refs;
    std::vector<std::pair<size_t, std::string>> files;
    const bool python = wanted(o.peers, "pyopencl") || wanted(o.peers, "torch");
    auto keep = [&](Measurement m) {
        progress(m);
        all.push_back(std::move(m));
    };
    // One size's data and the methods timed on it, alive until its round-robin has run (with --interleave, until
    // the rounds over every size have).
    struct SizeRun {
        HostArray input;
        std::unique_ptr<void, decltype(&std::free)> hostCopy{nullptr, &std::free};
        cl::Buffer buffer;
        std::unique_ptr<DeviceData> data;
        std::vector<Method> methods;
    };
    std::vector<std::unique_ptr<SizeRun>> pending;
    for (size_t n : sizes) {
        std::cerr << sizeLabel(n) << " " << typeName << "s, " << opName << ":\n";
        auto setup = std::make_unique<SizeRun>();
        setup->input = makeInput(o.type, DataPattern::Random, n, o.seed);
        const HostArray& input = setup->input;
        const Reference& ref = refs[n] = computeReference(input, o.op);
        if (python) files.emplace_back(n, writeDataFile(o.tmpDir, o.seed, input));
        // The host peers read their own page-aligned copy of the input (a std::vector's 16-byte alignment would
        // split 64-byte vector loads across cache lines). The OpenCL buffer is a copy made by the driver: PoCL
        // ran slower on a CL_MEM_USE_HOST_PTR buffer over the host array (8-11 against 23-27 GB/s at 2^24).
        if (cpu) {
            setup->hostCopy.reset(std::aligned_alloc(4096, (input.bytes() + 4095) / 4096 * 4096));
            if (!setup->hostCopy)
                throw Error(ErrorKind::DeviceFailure, "out of host memory for " + sizeLabel(n) + " elements");
            std::memcpy(setup->hostCopy.get(), input.data(), input.bytes());
        }
        const void* hostData = cpu ? setup->hostCopy.get() : input.data();
        setup->buffer = engine.upload(input);
        setup->data = std::make_unique<DeviceData>(DeviceData{input, ref, setup->buffer, o.op});
        const DeviceData& data = *setup->data;
        const OpenClHandles h{engine.context()(), engine.queue()(), engine.clDevice()(), setup->buffer()};
        // The copy kernel alone first: the lines it writes, still dirty in the cache, would slow whichever
        // method followed it in the round-robin (3-10 us from 2^22 up on the H200).
        std::vector<Method> copyAlone;
        copyAlone.push_back(makeCopyKernel(engine, n, o.type));
        for (auto& m : timeMethods(copyAlone, timing, o.warmup, o.repeats, ref, cpu, context)) keep(std::move(m));
        std::vector<Method>& methods = setup->methods;
        if (cpu) {
            methods.push_back(makeChunkedCopy(engine, copySource, n));
        } else {
            // The read-only ceilings: past the copy's where the input fits in the L2 cache.
            const size_t units = size_t(std::max(1, dev.computeUnits));
            const size_t tiles = std::max<size_t>(1, (n + o.wg * 16 - 1) / (o.wg * 16));
            methods.push_back(
                makeReadOnlyCeiling(engine, layoutsSource, data, tiles, o.wg, 4, "read-only kernel, 16 per work-item"));
            methods.push_back(makeReadOnlyCeiling(engine, layoutsSource, data, std::min(tiles, 8 * units), o.wg, 4,
                                                  "read-only kernel, 8 groups per unit"));
        }
        for (const auto& id : o.variants)
            methods.push_back(makeVariant(engine, id, variantShape(o, id, cpu), data));
        if (wanted(o.peers, "clblast")) methods.push_back(makeClblast(h, n, o.type, o.op));
        if (wanted(o.peers, "boost")) methods.push_back(makeBoostCompute(h, n, o.type, o.op));
        if (wanted(o.peers, "tbb")) {
            methods.push_back(makeHostReduce(hostData, n, o.type, o.op));
            methods.push_back(makeHostCopy(hostData, n, o.type));
        }
        if (interleave || passes > 1) {
            for (Method& m : methods) m.ref = &ref;
            pending.push_back(std::move(setup));
            continue;
        }
        for (auto& m : timeMethods(methods, timing, o.warmup, o.repeats, ref, cpu, context)) keep(std::move(m));
        engine.queue().finish();
    }
    if (!pending.empty()) {
        // Every size's methods at once: in passes over the sizes, or in rounds over every size (--interleave).
        std::cerr << (interleave ? "timing every size in one round-robin (--interleave)\n"
                                 : "timing the sizes in " + std::to_string(passes) + " passes (--passes)\n");
        std::vector<std::vector<Method>*> sizesMethods;
        for (auto& setup : pending) sizesMethods.push_back(&setup->methods);
        const auto timed = interleave ? timeSizesInRounds(sizesMethods, o.warmup, o.repeats, cpu, context)
                                      : timeSizesInPasses(sizesMethods, passes, o.warmup, o.repeats, cpu, context);
        engine.queue().finish();
        for (const auto& size : timed)
            for (const Measurement& m : size) keep(m);
    }
    pending.clear();
    for (const std::string peer : {"pyopencl", "torch"}) {
        if (!wanted(o.peers, peer)) continue;
        PythonJob job = pythonJob(o, peer, files, mode, dev);
        job.interleave = interleave;
        job.passes = passes;
        job.op = o.op;
        auto got = runPython(job, sizes, peer == "torch" ? "torch." + opName : "pyopencl ReductionKernel",
                             peer == "torch" ? Role::FrameworkPeer : Role::OpenClPeer);
        for (auto& m : got) {
            if (!m.skipped && m.checked) {
                auto it = refs.find(m.n);
                m.correct = it != refs.end() && acceptResult(it->second, o.op, o.type, m.result, &m.verdict);
            }
            progress(m);
            all.push_back(std::move(m));
        }
    }
    for (const auto& f : files) std::remove(f.second.c_str());

    const auto checks = checkTargets(all, sizes, best, cpu, opName);
    {  // every figure as JSON: to --json FILE, and kept for the explorer's Timings view (its peers overlay)
        nlohmann::json j = runHeader(o, dev, timing, mode, typeName, opName);  // every method reduces the same data
        j.update({
            {"platform_version", dev.platformVersion},
            {"timing_definition", mode == "device"        ? "each call queued behind a busy device: OpenCL "
                                                            "profiling events; CUDA events for torch and cupy"
                                  : mode == "device-idle" ? "device idle before each call: OpenCL "
                                                            "profiling events; CUPTI kernel span for "
                                                            "torch and cupy"
                                                          : "host clock around the call and the read "
                                                            "of its result; the OpenCL calls on a queue "
                                                            "without profiling"},
            {"interleaved", interleave},
            {"passes", passes},
            {"load_average", loadAverage()},
            {"numa_nodes", numaNodes()},
            {"best_variant", bestVariantFor(dev).id}});
        writeRun(j, all, checks, o, dev.name);
    }
    std::cout << "\n"
              << dev.platform << " / " << dev.name << " (" << dev.type << "), " << now() << "; " << mode
              << (mode == "wall"     ? " timing (host clock around each call and the read of its result; the OpenCL "
                                       "calls on a queue without profiling)"
                  : mode == "device" ? " timing (the device's own clock, first command's start to last one's end, each "
                                       "call queued behind a busy device; CUDA events likewise for torch and cupy)"
                                     : " timing (the device's own clock, first kernel's start to last one's end, the "
                                       "device idle before each call; CUPTI's kernel span for torch and cupy)")
              << ", median of " << o.repeats << " round-robin runs"
              << (interleave   ? " (each round over every size)"
                  : passes > 1 ? " (the sizes swept " + std::to_string(passes) + " times, the calls pooled)"
                               : "")
              << " " << warmUpWords(o) << ", random " << typeName
              << "s, " << opName << ", seed " << o.seed
              << "\nEach cell: GB/s (bytes read once / median time; copies: read + written), x the fastest correct "
                 "peer in the column, % of the faster copy kernel.\n\n";
    printTable(std::cout, all, sizes);
    std::cout << "\nBest variant for this device: " << bestVariantFor(dev).id << ". " << bestVariantReason(dev)
              << "\n\nTargets:\n";
    printTargets(std::cout, checks);
    bool wrong = false;
    for (const auto& m : all) wrong |= m.checked && !m.correct && !m.skipped;
    return wrong ? 1 : 0;
}

}  // namespace
}  // namespace rl::bench

int main(int argc, char** argv) {
    try {
        rl::bench::BenchOptions o;
        std::string error;
        if (!rl::bench::parseOptions(argc, argv, o, &error)) {
            std::cerr << "reducelab_bench: " << error << "\n";
            return 2;
        }
        if (o.help) {
            std::cout << rl::bench::usage();
            return 0;
        }
        return rl::bench::run(o);
    } catch (const rl::Error& e) {
        std::cerr << "reducelab_bench: " << e.what() << "\n";
        return e.kind() == rl::ErrorKind::BadInput ? 2 : 1;
    } catch (const std::exception& e) {
        std::cerr << "reducelab_bench: " << e.what() << "\n";
        return 1;
    }
}
