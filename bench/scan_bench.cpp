// The scan bench: per size, the copy ceilings alone, then ReduceLab's scans and the peers in one round-robin.
#include "bench/scan_bench.h"

#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>

#include "bench/peers.h"
#include "bench/reducelab_methods.h"
#include "bench/report.h"
#include "core/model/scan_reference.h"

namespace rl::bench {
namespace {

// The depth the host's scans are checked with. libstdc++'s parallel scan over TBB adds each block serially from
// its offset, so an element's chain of roundings can be as long as its block, which TBB sizes at run time: the
// serial loop's bound (one rounding per element before it) covers both, capped where gamma(k) reaches 1.
int hostDepth(size_t n, ElemType type) {
    const double u = type == ElemType::Double ? 0x1p-53 : 0x1p-24;
    return int(std::min<double>(double(n), 0.5 / u));
}

}  // namespace

int runScanBench(Engine& engine, std::vector<size_t> sizes, const BenchOptions& o, Timing timing,
                 const std::string& mode, const TimingContext& context) {
    const DeviceInfo& dev = engine.device();
    const bool cpu = dev.type == "CPU";
    // Wall timing: the calls on a queue without profiling, as a program's own calls would be (Engine::profileCommands)
    engine.profileCommands(timing == Timing::Device);
    if (o.passes > 1 || o.interleave)
        throw Error(ErrorKind::BadInput, std::string(o.interleave ? "--interleave" : "--passes") +
                                             ": the scan's bench times each size's calls together, size by size; "
                                             "leave it out");
    if (o.sizes.empty()) {
        sizes.clear();
        for (int k = cpu ? 22 : 16; k <= (cpu ? 26 : 28); k += cpu ? 2 : 2) sizes.push_back(size_t(1) << k);
    }
    const std::vector<std::string> variants =
        o.variantsGiven ? o.variants : std::vector<std::string>{"chunked", "chunked-look-back", "reduce-then-scan", "decoupled-look-back"};
    for (const auto& id : variants)
        if (const VariantInfo* v = findVariant(id); !v || v->pattern != o.pattern)
            throw Error(ErrorKind::BadInput, "--variants: '" + id + "' is not a scan (`reducelab variants --pattern "
                                             "scan` lists them)");
    checkTrials(o, variants);
    std::ifstream copyFile(o.scriptDir + "/copy_chunks.cl");
    const std::string copySource((std::istreambuf_iterator<char>(copyFile)), std::istreambuf_iterator<char>());
    if (copySource.empty()) throw Error(ErrorKind::BadInput, "cannot read " + o.scriptDir + "/copy_chunks.cl: give --scripts");
    auto wanted = [&](const char* peer) { return std::find(o.peers.begin(), o.peers.end(), peer) != o.peers.end(); };
    const std::string typeName(toString(o.type)), opName(toString(o.op));
    // The CUDA peers (bench/peer_torch.py --pattern scan: torch's scan, cupy.cumsum, CUB's DeviceScan) on a GPU,
    // after the OpenCL methods, over the same data written to files; they check their outputs element by element.
    const bool python = !cpu && wanted("torch") && (o.type == ElemType::Float || o.type == ElemType::Int);
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
    for (size_t n : sizes) {
        std::cerr << sizeLabel(n) << " " << typeName << "s, inclusive " << opName << " scan:\n";
        const HostArray input = makeInput(o.type, DataPattern::Random, n, o.seed);
        const Reference ref = computeReference(input, o.op);  // the total: what the round-robin's loop is given
        if (python) files.emplace_back(n, writeDataFile(o.tmpDir, o.seed, input));
        // Every element: ReduceLab's scans within the bound of their own order (the deepest of the variants timed),
        // the host's within the serial loop's.
        int depth = 0;
        for (const auto& id : variants) {
            RunConfig c;
            c.variant = id;
            c.n = n;
            c.type = o.type;
            variantShape(o, id, cpu).applyTo(c);
            const VariantInfo& v = *findVariant(id);
            depth = std::max(depth, scanRoundingDepth(v, withDeviceDefaults(v, c, engine.device())));
        }
        const ScanSpec scanSpec{&input, o.op, depth};
        const ScanSpec hostSpec{&input, o.op, hostDepth(n, o.type)};
        // The host's scans read a page-aligned copy of the input, as the reduction bench's host peers do.
        std::unique_ptr<void, decltype(&std::free)> hostCopy(std::aligned_alloc(4096, (input.bytes() + 4095) / 4096 * 4096),
                                                             &std::free);
        if (!hostCopy) throw Error(ErrorKind::DeviceFailure, "out of host memory for " + sizeLabel(n) + " elements");
        std::memcpy(hostCopy.get(), input.data(), input.bytes());
        const cl::Buffer buffer = engine.upload(input);
        const DeviceData data{input, ref, buffer, o.op, &scanSpec};
        const OpenClHandles h{engine.context()(), engine.queue()(), engine.clDevice()(), buffer()};
        std::vector<Method> copyAlone;
        copyAlone.push_back(makeCopyKernel(engine, n, o.type));
        for (auto& m : timeMethods(copyAlone, timing, o.warmup, o.repeats, ref, cpu, context)) keep(std::move(m));
        std::vector<Method> methods;
        if (cpu) methods.push_back(makeChunkedCopy(engine, copySource, n));
        for (const auto& id : variants)
            methods.push_back(makeVariant(engine, id, variantShape(o, id, cpu), data));
        const std::string& tried = variants.front();  // --trials: edited copies of its kernel
        for (const auto& path : o.trials)
            methods.push_back(makeTrial(engine, tried, path, variantShape(o, tried, cpu), data));
        // Beside CUB's DeviceScan, which the CUDA peers call in place, the scans that can do the same, timed so.
        if (python || o.inPlace) {
            for (const auto& id : variants)
                if (findVariant(id)->scansInPlace)
                    methods.push_back(makeVariant(engine, id, variantShape(o, id, cpu), data, true));
            if (findVariant(tried)->scansInPlace)
                for (const auto& path : o.trials)
                    methods.push_back(
                        makeTrial(engine, tried, path, variantShape(o, tried, cpu), data, true));
        }
        if (wanted("boost")) methods.push_back(makeBoostComputeScan(h, n, o.type, o.op, scanSpec));
        if (wanted("tbb")) {
            methods.push_back(makeHostScan(hostCopy.get(), n, o.type, o.op, true, hostSpec));
            methods.push_back(makeHostScan(hostCopy.get(), n, o.type, o.op, false, hostSpec));
        }
        for (auto& m : timeMethods(methods, timing, o.warmup, o.repeats, ref, cpu, context)) keep(std::move(m));
        engine.queue().finish();
    }
    if (python) {
        PythonJob job = pythonJob(o, "torch", files, mode, dev);
        job.op = o.op;
        job.pattern = Pattern::Scan;
        for (auto& m : runPython(job, sizes, o.op == Op::Sum ? "torch.cumsum" : "torch.cum" + opName,
                                 Role::FrameworkPeer, "--pattern scan"))
            keep(std::move(m));  // checked by the peer, element by element
    }
    for (const auto& f : files) std::remove(f.second.c_str());

    // The targets: the best ReduceLab scan against the fastest host scan and the fastest OpenCL peer (CPU devices),
    // or the copy kernel (GPUs), at every size.
    std::vector<TargetCheck> targets;
    for (size_t n : sizes) {
        auto target = [&](const std::string& what, Role role, double goal) {
            targets.push_back(bestAgainst(all, n, what, role, goal, "scan"));
        };
        if (cpu) {
            target("best scan / host scan", Role::HostPeer, 1.0);
            target("best scan / Boost.Compute", Role::OpenClPeer, 2.0);
        } else {
            if (python) target("best scan / fastest CUDA scan", Role::FrameworkPeer, 1.0);
            if (n >= (size_t(1) << 28)) target("best scan / copy kernel", Role::Ceiling, 0.90);
        }
    }
    nlohmann::json j = runHeader(o, dev, timing, mode, typeName, opName);
    j.update({{"pattern", "scan"},
              {"scan", "inclusive"},
              {"in_place", python || o.inPlace},
              {"opencl_queue", engine.profilesCommands() ? "profiling" : "plain (no profiling)"}});
    writeRun(j, all, targets, o, dev.name);
    std::cout << "\n"
              << dev.platform << " / " << dev.name << " (" << dev.type << "), " << now() << "; " << mode
              << (timing == Timing::Wall ? " timing (the OpenCL calls on a queue without profiling)" : " timing")
              << ", median of " << o.repeats << " round-robin runs " << warmUpWords(o) << ", random " << typeName
              << "s, inclusive " << opName << " scan, seed " << o.seed
              << "\nEach cell: GB/s (bytes read + written / median time), x the fastest correct peer in the column, "
                 "% of the faster copy kernel. Every method's output checked element by element.\n\n";
    printTable(std::cout, all, sizes);
    std::cout << "\nTargets:\n";
    printTargets(std::cout, targets);
    bool wrong = false;
    for (const auto& m : all) wrong |= m.checked && !m.correct && !m.skipped;
    return wrong ? 1 : 0;
}

}  // namespace rl::bench
