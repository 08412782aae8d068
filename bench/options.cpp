// Parsing of reducelab_bench's options; every bad value gets one line saying what is wrong.
#include "bench/options.h"

#include <algorithm>
#include <cstdlib>
#include <iterator>
#include <sstream>
#include <utility>

#include "core/pattern.h"
#include "core/catalogue/pass_plan.h"
#include "core/files/run_settings.h"

namespace rl::bench {
namespace {

std::vector<std::string> split(const std::string& s) {
    std::vector<std::string> out;
    std::stringstream ss(s);
    std::string item;
    while (std::getline(ss, item, ','))
        if (!item.empty()) out.push_back(item);
    return out;
}

bool parseInt(const std::string& s, long lo, long hi, long* out) {
    char* end = nullptr;
    const long v = std::strtol(s.c_str(), &end, 10);
    if (s.empty() || *end || v < lo || v > hi) return false;
    *out = v;
    return true;
}

}  // namespace

// A run setting's line of the usage, from core/files/run_settings.h, with what the bench adds.
static std::string setting(const char* name, const std::string& more) {
    const RunSettingSpec& s = *findRunSetting(name);
    std::string line = "  --" + std::string(s.name) + " " + std::string(s.value);
    line.resize(std::max<size_t>(line.size() + 1, 20), ' ');
    std::string help(s.help);
    if (!s.zero.empty()) help += " (0: " + std::string(s.zero) + ")";
    return line + help + (more.empty() ? "" : "; " + more) + "\n";
}

// "chunked-look-back: 32, ...": the variants timed at a work-group size of their own on a CPU.
static std::string ownCpuWorkGroups() {
    std::string s;
    for (const PatternInfo& p : allPatterns())
        for (const VariantInfo& v : p.variants())
            if (v.timedWorkGroupOnCpu > 0)
                s += (s.empty() ? "" : ", ") + v.id + ": " + std::to_string(v.timedWorkGroupOnCpu);
    return s.empty() ? "none" : s;
}

size_t variantWorkGroup(const BenchOptions& o, const std::string& id, bool cpuDevice) {
    if (o.wgGiven) return o.wg;
    const VariantInfo* v = findVariant(id);
    return v ? timedWorkGroup(*v, cpuDevice) : o.wg;
}

LaunchShape variantShape(const BenchOptions& o, const std::string& id, bool cpuDevice) {
    return {variantWorkGroup(o, id, cpuDevice), o.groups, o.epi};
}

std::string usage() {
    return "usage: reducelab_bench [options]\n"
           "  --device D        OpenCL device: index or part of its name (default: REDUCELAB_DEVICE or 0)\n"
           "  --sizes LIST      e.g. 2^22,2^24,2^26 (default: those on CPU devices, 2^20..2^28 on GPUs)\n"
           "  --warmup W        at least W untimed runs, and at least 200 ms of them, first (default 3)\n"
           "  --repeats R       timed runs, median reported (default 15, at least 10 for reported figures)\n" +
           setting("wg", "when given, every variant's; default: each variant's\n                    own, 256 (on a CPU, " +
                             ownCpuWorkGroups() + "); the copy kernels' 256") +
           setting("groups", "") +
           setting("epi", "of every variant that takes it, and of its trials") +
           "  --variants LIST   ReduceLab variants (default best-gpu,grid-stride,best-cpu,multi-element; with\n"
           "                    --pattern scan: chunked,chunked-look-back,reduce-then-scan,decoupled-look-back)\n"
           "  --pattern P       reduce (default) or scan: the scans against the host's std::inclusive_scan\n"
           "                    (par_unseq over TBB, and serial) and Boost.Compute's inclusive_scan, every element\n"
           "                    of every method checked; GB/s counts the bytes read and written\n"
           "  --pattern histogram: the histograms against the host's (TBB, per-thread bins; and serial) and, on\n"
           "                    an NVIDIA GPU, cupy.histogram (CUB and not), cupy.bincount, torch.bincount and\n"
           "                    torch.histc, every bin of every method checked; GB/s counts the bytes read\n" +
           setting("bins", "histograms: default 256") +
           "  --data D          histograms: uniform (default), zipf or constant values in [0, bins)\n"
           "  --peers LIST      of clblast,boost,pyopencl,tbb,torch, or none (default all; missing ones skipped)\n" +
           setting("type", "int or float: what every method reduces; default float") + setting("op", "default sum") +
           "  --timing T        auto (device on GPUs, wall on CPU devices), device, device-idle or wall. device: each\n"
           "                    call queued behind a busy device (OpenCL events; CUDA events for torch and cupy);\n"
           "                    device-idle: the device idle before each call (OpenCL events; CUPTI's kernel span)\n"
           "  --python PATH     interpreter for the Python peers (repeatable; default python3, /usr/bin/python3)\n"
           "  --tmp DIR         where the Python peers' data files go (default /tmp)\n" +
           setting("seed", "default 1") +
           "  --json FILE       write every measurement and target check as JSON\n"
           "  --sweep           time the variants over work-group sizes and grids instead (tuning)\n"
           "  --probe           where a small reduction's time goes: each pass, the gap between launches\n"
           "  --layouts         grid-stride's load layout experiments (bench/gpu_layouts.cl)\n"
           "  --anatomy         best-gpu per size: grid, floats per item, last-group cost, copy and\n"
           "                    read-only ceilings\n"
           "  --block K         each turn of the round-robin times K calls of one method in a row (default 1)\n"
           "  --passes P        wall timing sweeps the sizes P times, each pass timing its share of the calls\n"
           "                    of every method at every size, and pools them, so that a slow spell of a few\n"
           "                    milliseconds covers at most one pass's calls of a size (default 3 for wall\n"
           "                    timing on a GPU where every size's input fits in half its memory, else 1;\n"
           "                    the reduction and the histogram)\n"
           "  --interleave      wall timing in rounds over every size instead, one call of every method at every size\n"
           "                    per round (the reduction)\n"
           "  --warm-once       the warm-up's 200 ms floor once per size, its first method's; the other methods\n"
           "                    warm up with their --warmup calls only: quicker, but on a GPU their medians can\n"
           "                    move by a third (bench/results/README.md, warm-once.json), so it is off by default\n"
           "  --calls           the JSON keeps every timed call: its start on the monotonic clock (s), its time and\n"
           "                    the CPU it returned on\n"
           "  --cold-l2         device timing: before each call, write four times the device's cache (at least\n"
           "                    256 MiB; the CUDA peers too), so that no call finds what the last one left there\n"
           "  --in-place        scans: also time each scan that can write over its input so, each call over the\n"
           "                    last one's output (on with the CUDA peers, whose CUB call scans in place)\n"
           "  --trials FILES    with --anatomy: edited copies of kernels/reduce/best-gpu.cl (comma-separated .cl\n"
           "                    files), each built and launched like the shipped kernel on its default grid,\n"
           "                    in the same round-robin; with --pattern scan or histogram: edited copies of the\n"
           "                    first --variants kernel, each built with its options, launched by its runner at\n"
           "                    its shape and checked like it, beside it (rows \"trial FILE\", role trial)\n"
           "  --floor           NVIDIA: where the OpenCL event interval lies around a kernel's work (%globaltimer)\n";
}

int wallPasses(const BenchOptions& o, bool wallTiming, bool cpuDevice, uint64_t inputBytes, uint64_t deviceMemBytes,
               bool withRounds) {
    if (o.interleave && !withRounds)
        throw Error(ErrorKind::BadInput, "--interleave: this pattern's bench has no rounds over every size; "
                                         "give --passes P to spread wall timing's calls over the run");
    const bool fits = !deviceMemBytes || inputBytes <= deviceMemBytes / 2;
    const int passes = o.passes > 0                                        ? o.passes
                       : wallTiming && !cpuDevice && !o.interleave && fits ? std::min(3, o.repeats)
                                                                           : 1;
    // What was asked for, in the refusals' words
    const std::string asked = o.interleave ? "--interleave" : "--passes";
    if ((o.interleave || passes > 1) && !wallTiming)
        throw Error(ErrorKind::BadInput, asked +
                                             " is for wall timing: device timing queues each call behind a busy "
                                             "device, size by size; give --timing wall, or leave " +
                                             asked + " out");
    if (passes > o.repeats)
        throw Error(ErrorKind::BadInput, "--passes " + std::to_string(passes) + " is more than --repeats " +
                                             std::to_string(o.repeats) + ": every pass needs at least one call");
    if (o.interleave && passes > 1)
        throw Error(ErrorKind::BadInput, "--interleave already spreads every size's calls over the run: give "
                                         "--passes 1 with it, or leave --interleave out");
    if ((o.interleave || passes > 1) && !fits)  // every size's input stays on the device until its last call
        throw Error(ErrorKind::BadInput, asked + " keeps every size's input on the device at once (" +
                                             std::to_string(inputBytes >> 20) + " MiB, more than half of its " +
                                             std::to_string(deviceMemBytes >> 20) + " MiB): give fewer or smaller "
                                             "--sizes, or " + (o.interleave ? "leave --interleave out" : "--passes 1"));
    return passes;
}

bool parseOptions(int argc, char** argv, BenchOptions& o, std::string* error) {
    bool pythonsGiven = false;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        // The switches, which take no value.
        static const std::pair<const char*, bool BenchOptions::*> switches[] = {
            {"--help", &BenchOptions::help},
            {"-h", &BenchOptions::help},
            {"--sweep", &BenchOptions::sweep},
            {"--probe", &BenchOptions::probe},
            {"--layouts", &BenchOptions::layouts},
            {"--anatomy", &BenchOptions::anatomy},
            {"--floor", &BenchOptions::floor},
            {"--interleave", &BenchOptions::interleave},
            {"--warm-once", &BenchOptions::warmOnce},
            {"--calls", &BenchOptions::calls},
            {"--cold-l2", &BenchOptions::coldL2},
            {"--in-place", &BenchOptions::inPlace}};
        const auto hit =
            std::find_if(std::begin(switches), std::end(switches), [&](const auto& sw) { return a == sw.first; });
        if (hit != std::end(switches)) {
            o.*(hit->second) = true;
            continue;
        }
        if (i + 1 >= argc) {
            *error = "unknown option or missing value: " + a + " (--help lists the options)";
            return false;
        }
        const std::string v = argv[++i];
        long x = 0;
        if (a == "--device") {
            o.device = v;
        } else if (a == "--sizes") {
            o.sizes.clear();
            try {
                o.sizes = parseSizeList("--sizes", v);  // the run settings' rule for sizes (core/files/run_settings.h)
            } catch (const Error& e) {
                *error = e.what();
                return false;
            }
            for (size_t n : o.sizes)
                if (n > 0xFFFFFFFFull) {
                    *error = "--sizes: " + std::to_string(n) + " is past 2^32 - 1, the kernels' index range";
                    return false;
                }
        } else if (a == "--warmup" && parseInt(v, 0, 1000, &x)) {
            o.warmup = int(x);
        } else if (a == "--repeats" && parseInt(v, 1, 100000, &x)) {
            o.repeats = int(x);
        } else if (a == "--passes" && parseInt(v, 1, 100, &x)) {
            o.passes = int(x);
        } else if (a == "--block" && parseInt(v, 1, 1000, &x)) {
            o.block = int(x);
        } else if (a == "--data" && (v == "uniform" || v == "zipf" || v == "constant")) {
            o.distribution = v;
        } else if (a == "--wg" || a == "--groups" || a == "--seed" || a == "--op" || a == "--type" || a == "--bins" ||
                   a == "--epi") {
            RunConfig c;  // the run settings' rules and ranges (core/files/run_settings.h)
            try {
                setRunSetting(c, a.substr(2), v, a);
            } catch (const Error& e) {
                *error = e.what();
                return false;
            }
            if (a == "--type" && c.type != ElemType::Int && c.type != ElemType::Float) {
                *error = "--type: the bench measures int and float; " + v + " is not one of them";
                return false;
            }
            if (a == "--wg") {
                o.wg = c.wg;
                o.wgGiven = true;
            }
            if (a == "--groups") o.groups = c.groups;
            if (a == "--epi") o.epi = c.elemsPerItem;
            if (a == "--bins") o.bins = c.bins;
            if (a == "--seed") o.seed = c.seed;
            if (a == "--op") o.op = c.op;
            if (a == "--type") o.type = c.type;
        } else if (a == "--trials") {
            o.trials = split(v);
        } else if (a == "--variants") {
            o.variants = split(v);
            o.variantsGiven = true;
        } else if (a == "--pattern" && findPattern(v)) {
            o.pattern = findPattern(v)->id;
        } else if (a == "--peers") {
            o.peers = v == "none" ? std::vector<std::string>{} : split(v);
            for (const auto& p : o.peers)
                if (p != "clblast" && p != "boost" && p != "pyopencl" && p != "tbb" && p != "torch") {
                    *error = "unknown peer '" + p + "': choose from clblast,boost,pyopencl,tbb,torch";
                    return false;
                }
        } else if (a == "--timing" && (v == "auto" || v == "device" || v == "device-idle" || v == "wall")) {
            o.timing = v;
        } else if (a == "--python") {
            if (!pythonsGiven) o.pythons.clear();
            pythonsGiven = true;
            o.pythons.push_back(v);
        } else if (a == "--tmp") {
            o.tmpDir = v;
        } else if (a == "--json") {
            o.jsonPath = v;
        } else if (a == "--scripts") {
            o.scriptDir = v;
        } else {
            *error = "bad option or value: " + a + " " + v + " (--help lists the options)";
            return false;
        }
    }
    if (o.scriptDir.empty()) {
#ifdef REDUCELAB_BENCH_SCRIPTS
        o.scriptDir = REDUCELAB_BENCH_SCRIPTS;
#else
        o.scriptDir = "bench";
#endif
    }
    return true;
}

}  // namespace rl::bench
