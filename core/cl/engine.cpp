// Engine: validation, timed runs with event profiling, traced runs, and the copy ceiling.
#include "core/cl/engine.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <utility>

#include "core/pattern.h"
#include "core/files/run_settings.h"
#include "core/model/analysis.h"
#include "core/cl/host_pages.h"
#include "core/cl/timed_run.h"
#include "core/catalogue/build_options.h"
#include "core/catalogue/kernel_source.h"
#include "core/model/reference.h"
#include "core/catalogue/variant_support.h"

namespace rl {

RunConfig withDeviceDefaults(const VariantInfo& v, const RunConfig& requested, const DeviceInfo& device) {
    RunConfig c = requested;
    c.variant = v.id;
    if (v.groupsPerComputeUnit > 0 && c.groups == 0) c.groups = timedGrid(v, c.n, c.wg, device.computeUnits);
    if (v.elementsPerItemSettable && c.elemsPerItem == 0) {
        // On a GPU the tile fills local memory; on a CPU "local" memory is the cache and a run of 24 measured faster
        // (PoCL, 2^20-2^22: 4.9 ms against 7.7 with 48); a CPU scan's runs fill its tile (cpuTimedElementsPerItem).
        const bool gpu = device.type == "GPU";
        const int fits = gpu ? timedElementsPerItem(v, c.wg, elemSize(c.type), device.localMemBytes) : 0;
        int fixed = gpu ? v.timedElementsPerItem : cpuTimedElementsPerItem(v, c.wg, streamsOutput(v, c, device));
        if (gpu && v.timedMinGroupsPerComputeUnit > 0 && fixed > 0) {
            const size_t groups = size_t(v.timedMinGroupsPerComputeUnit) * size_t(std::max(1, device.computeUnits));
            const size_t perItem = c.n / std::max<size_t>(1, groups * c.wg);
            fixed = std::max(std::max(1, v.defaultElementsPerItem), int(std::min<size_t>(perItem, size_t(fixed))));
        }
        if (fits > 0) c.elemsPerItem = fits;
        else if (fixed > 0) c.elemsPerItem = fixed;
    }
    return c;
}

RunConfig withDataDefaults(const VariantInfo& v, const RunConfig& config, const HostArray& input) {
    const auto complete = patternInfo(v.pattern).completeConfig;
    return complete ? complete(config, input) : config;
}

namespace {

bool isPow2(size_t v) { return v && !(v & (v - 1)); }

std::string mib(size_t bytes) { return std::to_string(bytes / (1024 * 1024)) + " MiB"; }

const VariantInfo& lookUp(const std::string& id) {
    const VariantInfo* v = findVariant(id);
    if (!v) throw Error(ErrorKind::BadInput, "unknown variant '" + id + "': `reducelab variants` lists them");
    return *v;
}

// Profiling on for a scope (a timed run reads its events' times), then as it was.
class ProfilingOn {
public:
    explicit ProfilingOn(Engine& engine) : engine_(engine), was_(engine.profilesCommands()) {
        engine_.profileCommands(true);
    }
    ~ProfilingOn() {
        try {
            engine_.profileCommands(was_);
        } catch (const cl::Error&) {  // the device failed: the next command on it reports that
        }
    }
    ProfilingOn(const ProfilingOn&) = delete;
    ProfilingOn& operator=(const ProfilingOn&) = delete;

private:
    Engine& engine_;
    bool was_;
};

}  // namespace

double eventMs(const cl::Event& event) {
    const auto start = event.getProfilingInfo<CL_PROFILING_COMMAND_START>();
    const auto end = event.getProfilingInfo<CL_PROFILING_COMMAND_END>();
    return double(end - start) * 1e-6;
}

Engine::Engine(const DeviceInfo& device)
    : device_(device),
      clDevice_(openDevice(device)),
      context_(clDevice_),
      queue_(context_, clDevice_, CL_QUEUE_PROFILING_ENABLE),
      programs_(context_, clDevice_, device) {}

void Engine::profileCommands(bool on) {
    if (on == profiling_) return;
    queue().finish();
    if (!on && !plainQueue_()) plainQueue_ = cl::CommandQueue(context_, clDevice_, cl::QueueProperties::None);
    profiling_ = on;
}

void Engine::fits(size_t n, ElemType type) const {
    const auto& d = device_;
    if (n == 0) throw Error(ErrorKind::BadInput, "the input size N must be at least 1");
    if (n > 0xFFFFFFFFull)
        throw Error(ErrorKind::BadInput, "N = " + std::to_string(n) + " is past 2^32 - 1, the kernels' index range");
    const size_t bytes = n * elemSize(type);
    if (bytes > d.maxAllocBytes)
        throw Error(ErrorKind::BadInput,
                    "N = " + std::to_string(n) + " needs " + mib(bytes) + " in one buffer, but " + d.name +
                        " allows at most " + mib(d.maxAllocBytes) + " (CL_DEVICE_MAX_MEM_ALLOC_SIZE): choose N <= " +
                        std::to_string(d.maxAllocBytes / elemSize(type)));
    if (bytes * 2 > d.globalMemBytes)
        throw Error(ErrorKind::BadInput, "N = " + std::to_string(n) + " needs about " + mib(bytes * 2) +
                                             " of device memory, but " + d.name + " has " + mib(d.globalMemBytes));
}

void Engine::validate(const VariantInfo& v, const RunConfig& c, Purpose purpose) {
    const auto& d = device_;
    fits(c.n, c.type);
    // The settings' own ranges, by the table's rule and in its words (a config built field by field, not parsed).
    for (const auto& [name, value] :
         {std::pair<const char*, long long>{"wg", (long long)std::min<size_t>(c.wg, size_t(1) << 62)},
          {"epi", c.elemsPerItem}, {"groups", (long long)std::min<size_t>(c.groups, size_t(1) << 62)},
          {"simd", c.simdWidth}, {"banks", c.banks}, {"bank-width", c.bankWidthBytes}})
        checkedSetting(name, value, "--" + std::string(name));
    if (c.wg > d.maxWorkGroup)
        throw Error(ErrorKind::BadInput, "work-group size " + std::to_string(c.wg) + " is past " + d.name +
                                             "'s limit of " + std::to_string(d.maxWorkGroup) +
                                             " (CL_DEVICE_MAX_WORK_GROUP_SIZE): choose a smaller one");
    if (v.needsPow2WorkGroup && !isPow2(c.wg))
        throw Error(ErrorKind::BadInput, "variant '" + v.id + "' needs a power-of-two work-group size, not " +
                                             std::to_string(c.wg) + " (try 64, 128, 256)");
    if (int(c.wg) < v.minWorkGroup)
        throw Error(ErrorKind::BadInput, "variant '" + v.id + "' needs a work-group size of at least " +
                                             std::to_string(v.minWorkGroup) + " (" + v.requirements + ")");
    const auto patternLocal = patternInfo(v.pattern).localBytes;
    size_t localBytes = scratchElems(v, c.wg) * elemSize(c.type);
    if (patternLocal)  // the larger of the builds the purpose needs
        localBytes = std::max(purpose == Purpose::Trace ? 0 : patternLocal(v, c, false),
                              purpose == Purpose::Run ? 0 : patternLocal(v, c, true));
    const int epi = effectiveElemsPerItem(v, c);
    if (v.tileInLocal) localBytes += c.wg * size_t(epi + 1) * elemSize(c.type);
    if (localBytes > d.localMemBytes)
        throw Error(ErrorKind::BadInput,
                    "work-group size " + std::to_string(c.wg) +
                        (v.tileInLocal ? " with " + std::to_string(epi) + " elements per work-item" : std::string()) +
                        " needs " + std::to_string(localBytes) + " bytes of local memory; " + d.name + " has " +
                        std::to_string(d.localMemBytes) + ": choose a smaller one" +
                        (patternLocal ? std::string(" (or fewer bins)") : std::string()));
    if (const std::string why = unavailableReason(v, d); !why.empty())
        throw Error(ErrorKind::Unsupported, why + ": choose another variant or device");
    if (const std::string why = typeUnsupportedReason(v, c.type, &d); !why.empty())
        throw Error(ErrorKind::Unsupported, why);
    for (bool traced : {false, true}) {
        if ((traced && purpose == Purpose::Run) || (!traced && purpose == Purpose::Trace)) continue;
        cl::Kernel k = programs_.kernel(v, c, traced);
        const size_t kernelMax = k.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(clDevice_);
        if (c.wg > kernelMax)
            throw Error(ErrorKind::BadInput, "the " + std::string(traced ? "traced" : "timed") + " build of '" + v.id +
                                                 "' accepts work-groups of at most " + std::to_string(kernelMax) +
                                                 " on " + d.name + " (CL_KERNEL_WORK_GROUP_SIZE): choose a smaller one");
    }
}

const VariantInfo& Engine::validate(const RunConfig& config, Purpose purpose) {
    const VariantInfo& v = lookUp(config.variant);
    validate(v, config, purpose);
    return v;
}

void Engine::checkInput(const RunConfig& config, const HostArray& input) const {
    if (input.size() != config.n || input.type != config.type)
        throw Error(ErrorKind::BadInput, "the input does not match the config's N and type");
}

cl::Buffer Engine::upload(const HostArray& input) {
    try {
        // A CPU device reads host memory: a large input goes on huge pages (host_pages.h says why).
        if (device_.type == "CPU" && input.bytes() >= kHugePageInputBytes && hugePagesWanted())
            if (cl::Buffer b = hugePageBuffer(context_, input.data(), input.bytes()); b()) return b;
        return cl::Buffer(context_, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, input.bytes(),
                          const_cast<void*>(input.data()));
    } catch (const cl::Error& e) {
        throw Error(ErrorKind::DeviceFailure, std::string("OpenCL call ") + e.what() + " failed with error " +
                                                  std::to_string(e.err()) + " while uploading the input");
    }
}

cl::Buffer Engine::uploadGuarded(const VariantInfo& variant, const HostArray& input, const RunConfig& config) {
    if (inputGuard_ == 0) return upload(input);
    const auto own = patternInfo(variant.pattern).guardValue;
    return upload(own ? withGuardTail(input, inputGuard_, own(config)) : withGuardTail(input, inputGuard_, config.op));
}

RunResult Engine::run(const RunConfig& requested, const HostArray& input, int warmup, int repeats) {
    return run(lookUp(requested.variant), requested, input, warmup, repeats);
}

RunResult Engine::run(const VariantInfo& variant, const RunConfig& requested, const HostArray& input, int warmup,
                      int repeats) {
    checkInput(requested, input);
    const RunConfig complete = withDataDefaults(variant, requested, input);
    const RunConfig config = withDeviceDefaults(variant, complete, device_);
    validate(variant, config, Purpose::Run);  // before the input is uploaded
    const ProfilingOn profiling(*this);
    TimedRun timed(*this, variant, complete, input, uploadGuarded(variant, input, config),
                         computeReference(input, requested.op));
    timed.warmup(warmup);
    for (int i = 0; i < std::max(1, repeats); ++i) timed.timeOnce();
    return timed.result();
}

TraceRun Engine::trace(const RunConfig& config, const HostArray& input, const TraceSelection& selection,
                       std::vector<PassPlan>* planned) {
    return trace(lookUp(config.variant), config, input, selection, planned);
}

TraceRun Engine::trace(const VariantInfo& variant, const RunConfig& requested, const HostArray& input,
                       const TraceSelection& selection, std::vector<PassPlan>* planned) {
    checkInput(requested, input);
    RunConfig config = withDataDefaults(variant, requested, input);
    config.variant = variant.id;
    const VariantInfo* v = &variant;
    if (!variant.recordsStages)
        throw Error(ErrorKind::BadInput, "'" + variant.kernelName + "' records no stages: it uses none of the "
                                         "recording macros (RL_TRACE_PARAMS, RL_RECORD: docs/kernels.md), so the device "
                                         "cannot record them: `reducelab trace|check --kernel` record them on "
                                         "Oclgrind, the simulator");
    validate(variant, config, Purpose::Trace);
    const auto plan = planPasses(*v, config);
    TraceRun run;
    run.variant = v->id;
    run.pattern = v->pattern;
    run.device = device_.name;
    run.n = config.n;
    run.wg = config.wg;
    run.op = config.op;
    run.type = config.type;
    run.simdWidth = config.simdWidth > 0 ? config.simdWidth : device_.simdWidth;
    run.banks = config.banks;
    run.bankWidthBytes = config.bankWidthBytes;
    try {
        cl::Buffer buffer = uploadGuarded(variant, input, config);
        makeRunner(v->kind)->trace(*this, *v, config, plan, buffer, selection, run);
    } catch (const cl::Error& e) {
        throw Error(ErrorKind::DeviceFailure, std::string("OpenCL call ") + e.what() + " failed with error " +
                                                  std::to_string(e.err()) + " while tracing '" + v->id + "'");
    }
    run.subGroupSize = subGroupWidth(*v, config);
    analyzeTrace(run);
    patternInfo(v->pattern).judgeTrace(*v, config, input, run);
    run.verdict += byDesign(*v, run.correct);
    if (planned) *planned = plan;
    return run;
}

int Engine::subGroupWidth(const VariantInfo& v, const RunConfig& c) {
    if (!v.needsSubGroups) return 0;
    if (usesPtxSubGroups(v, device_)) return 32;  // a warp, which its inline PTX takes
    // What the device says of this kernel at this work-group size: every sub-group of a 1-D work-group has this
    // width but the last, which may be cut short. Implementations differ (a CPU may make a work-group one sub-group).
    try {
        const size_t width = programs_.kernel(v, c, true).getSubGroupInfo<CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE>(
            clDevice_, cl::NDRange(c.wg));
        if (width > 0) return int(width);
    } catch (const cl::Error&) {
    }
    return device_.simdWidth;  // the device would not say: its SIMD width, as GPUs make their sub-groups
}

CopyCeiling Engine::copyCeiling(size_t n, ElemType type, int warmup, int repeats) {
    const ProfilingOn profiling(*this);
    TimedCopy copy(*this, n, type);
    copy.warmup(warmup);
    for (int i = 0; i < std::max(1, repeats); ++i) copy.timeOnce();
    return copy.result();
}

}  // namespace rl
