// The simulator: a local-tree launch on Oclgrind, pass by pass, with the stage recorder and Oclgrind's checks on.
#include "core/sim/simulator.h"
#include "core/pattern.h"

#include <cstdlib>
#include <cstring>
#include <memory>

#include <Context.h>
#include <Kernel.h>
#include <KernelInvocation.h>
#include <Memory.h>
#include <Program.h>
#include <llvm/IR/Function.h>

#include "core/catalogue/build_options.h"
#include "core/types.h"
#include "core/catalogue/kernel_source.h"
#include "core/catalogue/pass_plan.h"
#include "core/sim/read_counter.h"
#include "core/input.h"
#include "core/sim/trace_plugin.h"

namespace rl::sim {
namespace {

constexpr uint32_t kPoison = 0x7FBADBADu;  // a float NaN, and an int (2142952365) no preset input holds

// Oclgrind's error and warning messages, tagged with the pass they came from.
class MessagePlugin : public oclgrind::Plugin {
public:
    explicit MessagePlugin(const oclgrind::Context* context) : oclgrind::Plugin(context) {}
    void log(oclgrind::MessageType type, const char* message) override {
        if (type == oclgrind::ERROR || type == oclgrind::WARNING) messages.push_back({pass, message});
    }
    bool isThreadSafe() const override { return false; }
    int pass = 0;
    std::vector<std::pair<int, std::string>> messages;
};

// Oclgrind reads its settings from the environment when a Context is made: the checks a student's kernel needs,
// one worker thread (the recorder follows one work-group at a time) and no log on stderr (the messages come back
// through MessagePlugin).
void configureOclgrind(bool uninitialised) {
    setenv("OCLGRIND_DATA_RACES", "1", 1);
    setenv("OCLGRIND_UNINITIALIZED", uninitialised ? "1" : "0", 1);
    setenv("OCLGRIND_NUM_THREADS", "1", 1);
    setenv("OCLGRIND_LOG", "/dev/null", 1);
    unsetenv("OCLGRIND_INTERACTIVE");
    unsetenv("OCLGRIND_PLUGINS");
}

oclgrind::TypedValue pointerArg(const size_t& address) {
    return {sizeof(size_t), 1, reinterpret_cast<unsigned char*>(const_cast<size_t*>(&address))};
}

double readValue(const oclgrind::Memory* memory, size_t address, ElemType type) {
    unsigned char bytes[8] = {};
    memory->load(bytes, address, elemSize(type));
    return valueFromBytes(bytes, type);
}

// A tiled scan's uniform adds (kernels/scan/scan-add.cl, ReduceLab's own kernel), on Oclgrind too: from the level below
// the top down to the input's, every tile of level p combines level p + 1's scan of the totals before it.
void addOffsets(oclgrind::Context& context, const RunConfig& config,
                const std::vector<PassPlan>& plan, const std::vector<size_t>& scanned) {
    if (plan.size() < 2) return;
    VariantInfo add;
    add.pattern = Pattern::Scan;
    add.id = "scan-add";
    add.kernelName = "scan_add";
    add.kernelFile = "kernels/scan/scan-add.cl";
    oclgrind::Program program(&context, programSource(add.kernelFile));
    if (!program.build(oclgrind::Program::BUILD, buildOptions(add, config, false, DeviceInfo{}).c_str()))
        throw Error(ErrorKind::BuildFailed, "the uniform add does not build on Oclgrind: " + program.getBuildLog());
    std::unique_ptr<oclgrind::Kernel> kernel(program.createKernel(add.kernelName));
    for (size_t p = plan.size() - 1; p-- > 0;) {
        const cl_uint n = cl_uint(plan[p].n), perItem = cl_uint(std::max(1, plan[p].elemsPerItem));
        kernel->setArgument(0, pointerArg(scanned[p]));
        kernel->setArgument(1, pointerArg(scanned[p + 1]));
        kernel->setArgument(2, {sizeof n, 1, reinterpret_cast<unsigned char*>(const_cast<cl_uint*>(&n))});
        kernel->setArgument(3, {sizeof perItem, 1, reinterpret_cast<unsigned char*>(const_cast<cl_uint*>(&perItem))});
        oclgrind::KernelInvocation::run(&context, kernel.get(), 1, oclgrind::Size3(0, 0, 0),
                                        oclgrind::Size3(plan[p].global, 1, 1), oclgrind::Size3(plan[p].local, 1, 1));
    }
}

}  // namespace

bool available() { return true; }
std::string unavailableReason() { return {}; }

SimRun simulate(const VariantInfo& variant, const RunConfig& requested, const HostArray& input,
                const TraceSelection& selection, const std::string& file, bool uninitialised) {
    const bool scan = variant.kind == VariantKind::ScanTiles;
    const bool counts = variant.kind == VariantKind::Histogram;  // into bins the host zeroed, through local counters
    if (variant.kind != VariantKind::LocalTree && !scan && !counts)
        throw Error(ErrorKind::Unsupported, "the simulator runs local-tree kernels (one partial per work-group per "
                                            "launch), tiled scans and one-launch histograms; '" + variant.id +
                                            "' launches another way");
    const PatternInfo& info = patternInfo(variant.pattern);
    RunConfig config = info.completeConfig ? info.completeConfig(requested, input) : requested;
    config.variant = variant.id;
    config.n = input.size();
    const auto plan = planPasses(variant, config);

    configureOclgrind(uninitialised);
    oclgrind::Context context;
    MessagePlugin messages(&context);
    context.registerPlugin(&messages);

    SimRun run;
    const std::string source = programSourceOf(variant);
    oclgrind::Program program(&context, source);
    const std::string options = buildOptions(variant, config, false, DeviceInfo{});
    run.built = program.build(oclgrind::Program::BUILD, options.c_str());
    run.buildLog = program.getBuildLog();
    if (!run.built) return run;
    std::unique_ptr<oclgrind::Kernel> kernel(program.createKernel(variant.kernelName));
    if (!kernel)
        throw Error(ErrorKind::BadInput, "the program has no kernel named '" + variant.kernelName + "'");
    const KernelArgs& args = variant.args;
    if (int(kernel->getNumArguments()) < args.traceAt)
        throw Error(ErrorKind::BadInput, "'" + variant.kernelName + "' takes " +
                                             std::to_string(kernel->getNumArguments()) + " arguments; the launch "
                                             "sets " + std::to_string(args.traceAt) + " (docs/kernels.md)");
    const llvm::Value* scratchArg = kernel->getFunction()->getArg(unsigned(args.scratch));

    // A kernel without a count reads whole work-groups: its buffers are padded with the identity, written by the
    // host (so Oclgrind counts them as initialised).
    const size_t e = elemSize(config.type);
    oclgrind::Memory* global = context.getGlobalMemory();
    auto hostBuffer = [&](size_t elements, const HostArray* from) {
        const HostArray filled = paddedWithIdentity(from, elements, config.type, config.op);
        const size_t address = global->allocateBuffer(std::max<size_t>(elements, 1) * e);
        global->store(static_cast<const unsigned char*>(filled.data()), address, filled.bytes());
        return address;
    };
    size_t current = 0;
    std::vector<size_t> scanned;  // a scan: each level's output (its tiles scanned), for the uniform adds
    if (args.padded()) {
        current = hostBuffer(plan[0].global, &input);
    } else {
        // Written by a store outside any kernel: Oclgrind sees a host write, so the input counts as initialised.
        current = global->allocateBuffer(input.bytes(), CL_MEM_READ_ONLY);
        global->store(static_cast<const unsigned char*>(input.data()), current, input.bytes());
    }
    for (size_t p = 0; p < plan.size(); ++p) {
        const PassPlan& pass = plan[p];
        // A reduction's partials; a scan's tile totals (its scanned tiles go to a buffer of n elements).
        const size_t outCells = counts ? config.bins : pass.groups;
        const size_t out = args.padded()
                               ? hostBuffer(p + 1 < plan.size() ? std::max(pass.groups, plan[p + 1].global) : pass.groups,
                                            nullptr)
                               : global->allocateBuffer(std::max<size_t>(1, outCells) * e);
        if (counts) {  // the bins, zeroed by the host (so Oclgrind counts them as initialised)
            const std::vector<uint32_t> zeros(config.bins, 0);
            global->store(reinterpret_cast<const unsigned char*>(zeros.data()), out, zeros.size() * sizeof(uint32_t));
        }
        const cl_uint n = cl_uint(pass.n);
        const cl_ulong wideN = pass.n;
        // The counters' bytes where the pattern says how many (a histogram's nbins), else the scratch's elements.
        const size_t scratchSize =
            info.localBytes ? std::max<size_t>(4, info.localBytes(variant, config, true))
                            : scratchElems(variant, pass.local) * e;
        const size_t cells = info.localBytes ? scratchSize / sizeof(uint32_t) : scratchElems(variant, pass.local);
        std::vector<unsigned char> scratchBytes(scratchSize);
        kernel->setArgument(unsigned(args.in), pointerArg(current));
        if (scan) {
            scanned.push_back(global->allocateBuffer(std::max<size_t>(pass.n, 1) * e));
            kernel->setArgument(unsigned(args.out), pointerArg(scanned.back()));
            kernel->setArgument(unsigned(args.sums), pointerArg(out));
        } else {
            kernel->setArgument(unsigned(args.out), pointerArg(out));
        }
        const cl_uint bins = cl_uint(config.bins);
        if (args.nbins >= 0)
            kernel->setArgument(unsigned(args.nbins),
                                {sizeof bins, 1, reinterpret_cast<unsigned char*>(const_cast<cl_uint*>(&bins))});
        if (args.count >= 0) {
            if (args.countBytes == 8)
                kernel->setArgument(unsigned(args.count),
                                    {sizeof wideN, 1, reinterpret_cast<unsigned char*>(const_cast<cl_ulong*>(&wideN))});
            else
                kernel->setArgument(unsigned(args.count),
                                    {sizeof n, 1, reinterpret_cast<unsigned char*>(const_cast<cl_uint*>(&n))});
        }
        kernel->setArgument(unsigned(args.scratch), {unsigned(scratchBytes.size()), 1, scratchBytes.data()});

        size_t first = 0, count = 0;
        chooseTracedGroups(pass.groups, p, selection, &first, &count);
        TracePlugin recorder(&context, scratchArg, counts ? ElemType::Int : config.type, cells, first, count, kPoison,
                             file, scan, counts);
        context.registerPlugin(&recorder);
        std::unique_ptr<ReadCounter> reads;  // the first pass only: the student's input
        if (p == 0) {
            reads = std::make_unique<ReadCounter>(&context, current, pass.n, elemSize(config.type), pass.groups, file);
            context.registerPlugin(reads.get());
        }
        messages.pass = int(p);
        oclgrind::KernelInvocation::run(&context, kernel.get(), 1, oclgrind::Size3(0, 0, 0),
                                        oclgrind::Size3(pass.global, 1, 1), oclgrind::Size3(pass.local, 1, 1));
        context.unregisterPlugin(&recorder);
        if (reads) {
            context.unregisterPlugin(reads.get());
            run.inputReads = reads->summary();
        }

        PassTrace pt = passTraceOf(pass, p);
        pt.traced = recorder.takeGroups();
        if (scan) foldScanHalves(pt.traced, pass.local);
        run.passes.push_back(std::move(pt));
        current = out;
    }
    context.unregisterPlugin(&messages);  // the findings are the kernel's, not the uniform adds'
    if (scan) {
        addOffsets(context, config, plan, scanned);
        run.output.resize(plan[0].n);
        for (size_t i = 0; i < plan[0].n; ++i) run.output[i] = readValue(global, scanned[0] + i * e, config.type);
        run.result = run.output.empty() ? 0 : run.output.back();
    } else if (counts) {
        run.output.resize(config.bins);
        run.result = 0;
        for (size_t b = 0; b < config.bins; ++b) {
            run.output[b] = double(uint32_t(int32_t(readValue(global, current + b * sizeof(uint32_t), ElemType::Int))));
            run.result += run.output[b];
        }
    } else {
        const size_t partials = plan.back().groups;
        double acc = identity(config.op, config.type);
        for (size_t i = 0; i < partials; ++i)
            acc = apply(config.op, config.type, acc, readValue(global, current + i * e, config.type));
        run.result = partials == 1 ? readValue(global, current, config.type) : acc;
    }

    for (const auto& [pass, text] : messages.messages) {
        workbench::Finding f = workbench::readOclgrindMessage(text, file);
        f.pass = pass;
        run.findings.push_back(std::move(f));
    }
    run.findings = workbench::mergeFindings(std::move(run.findings));
    return run;
}

}  // namespace rl::sim
