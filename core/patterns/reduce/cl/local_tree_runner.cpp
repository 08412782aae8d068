// Runner for the local-memory tree variants: one launch per pass, one partial per work-group. A kernel takes its
// arguments where its KernelArgs say; one without an element count runs on whole work-groups over buffers padded
// with the operation's identity (the input copied into a padded one, each partials buffer filled before its pass).
#include "core/cl/engine.h"
#include "core/cl/runners.h"
#include "core/cl/trace_buffers.h"

namespace rl {
namespace {

// A one-element array's bytes, for clEnqueueFillBuffer.
std::vector<unsigned char> bytesOf(const HostArray& one) {
    const auto* p = static_cast<const unsigned char*>(one.data());
    return std::vector<unsigned char>(p, p + one.bytes());
}

// The identity of the config's operation as one element's bytes.
std::vector<unsigned char> identityBytes(const RunConfig& config) {
    return bytesOf(paddedWithIdentity(nullptr, 1, config.type, config.op));
}

// The guard value of Engine::guardInputsPastN as one element's bytes.
std::vector<unsigned char> guardBytes(const RunConfig& config) {
    HostArray empty;
    empty.type = config.type;
    return bytesOf(withGuardTail(empty, 1, config.op));
}

// A buffer of `elements` filled with `pattern` (one element), with the first `copied` elements of `from` (when
// given) at its start.
cl::Buffer filledBuffer(Engine& engine, const RunConfig& config, size_t elements,
                        const std::vector<unsigned char>& pattern, const cl::Buffer* from, size_t copied) {
    const size_t bytes = std::max<size_t>(elements, 1) * elemSize(config.type);
    cl::Buffer b(engine.context(), CL_MEM_READ_WRITE, bytes);
    clEnqueueFillBuffer(engine.queue()(), b(), pattern.data(), pattern.size(), 0, bytes, 0, nullptr, nullptr);
    if (from && copied > 0) engine.queue().enqueueCopyBuffer(*from, b, 0, 0, copied * elemSize(config.type));
    return b;
}

// A buffer of `elements` holding the identity, with the first `copied` elements of `from` (when given) at its start.
cl::Buffer paddedBuffer(Engine& engine, const RunConfig& config, size_t elements, const cl::Buffer* from,
                        size_t copied) {
    return filledBuffer(engine, config, elements, identityBytes(config), from, copied);
}

// A partials buffer of `groups` elements, followed by the engine's guard cells (Engine::guardInputsPastN), if any.
cl::Buffer guardedPartials(Engine& engine, const RunConfig& config, size_t groups) {
    const size_t guard = engine.inputGuard();
    if (guard == 0) return cl::Buffer(engine.context(), CL_MEM_READ_WRITE, groups * elemSize(config.type));
    return filledBuffer(engine, config, groups + guard, guardBytes(config), nullptr, 0);
}

// Elements the pass after `p` reads (its whole work-groups), or the partials alone after the last pass.
size_t partialsRead(const std::vector<PassPlan>& plan, size_t p) {
    return p + 1 < plan.size() ? std::max(plan[p].groups, plan[p + 1].global) : plan[p].groups;
}

class LocalTreeRunner : public KindRunner {
public:
    double runOnce(Engine& engine, const VariantInfo& variant, const RunConfig& config, const std::vector<PassPlan>& plan,
                   const cl::Buffer& input, std::vector<cl::Event>* events, double* hostFinalMs) override {
        cl::Kernel kernel = engine.programs().kernel(variant, config, false);
        // The partial buffers are made once per plan and reused by later runs, so no allocation falls between two
        // passes of a timed run (on a GPU that gap is part of the reduction's time).
        const bool padded = variant.args.padded();
        // Under a check's guard each partials buffer has the guard cells after it too: a later pass that reads past
        // its n reads them, as the first pass reads those after the input.
        const size_t guard = padded ? 0 : engine.inputGuard();
        std::vector<size_t> bytes;
        for (size_t p = 0; p < plan.size(); ++p)
            bytes.push_back((padded ? partialsRead(plan, p) : plan[p].groups + guard) * elemSize(config.type));
        if (bytes != outBytes_) {
            outs_.clear();
            for (size_t b : bytes) outs_.emplace_back(engine.context(), CL_MEM_READ_WRITE, b);
            outBytes_ = bytes;
        }
        cl::Buffer current = input;
        if (padded) {  // the padded input is made once per input and plan, and kept for the next runs
            if (paddedFrom_() != input() || paddedSize_ != plan[0].global) {
                padded_ = paddedBuffer(engine, config, plan[0].global, &input, plan[0].n);
                paddedFrom_ = input;
                paddedSize_ = plan[0].global;
            }
            current = padded_;
        }
        for (size_t p = 0; p < plan.size(); ++p) {
            const PassPlan& pass = plan[p];
            const cl::Buffer& out = outs_[p];
            if (padded || guard > 0) {
                const auto pattern = padded ? identityBytes(config) : guardBytes(config);
                clEnqueueFillBuffer(engine.queue()(), out(), pattern.data(), pattern.size(), 0, bytes[p], 0, nullptr,
                                    nullptr);
            }
            setCommonArgs(kernel, variant.args, current, out, pass, config);
            cl::Event e;
            engine.queue().enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(pass.global),
                                                cl::NDRange(pass.local), nullptr, events ? &e : nullptr);
            if (events) events->push_back(e);
            current = out;
        }
        return readResult(engine, config, current, plan.back().groups, hostFinalMs);
    }

    void trace(Engine& engine, const VariantInfo& variant, const RunConfig& config, const std::vector<PassPlan>& plan,
               const cl::Buffer& input, const TraceSelection& selection, TraceRun& run) override {
        cl::Kernel kernel = engine.programs().kernel(variant, config, true);
        const bool padded = variant.args.padded();
        cl::Buffer current = padded ? paddedBuffer(engine, config, plan[0].global, &input, plan[0].n) : input;
        for (size_t p = 0; p < plan.size(); ++p) {
            const PassPlan& pass = plan[p];
            cl::Buffer out = padded ? paddedBuffer(engine, config, partialsRead(plan, p), nullptr, 0)
                                    : guardedPartials(engine, config, pass.groups);
            size_t first = 0, count = 0;
            chooseTracedGroups(pass.groups, p, selection, &first, &count);
            TraceBuffers tb(engine, config.type, first, count, maxStagesFor(pass.local), pass.local);
            setCommonArgs(kernel, variant.args, current, out, pass, config);
            tb.setArgs(kernel, cl_uint(variant.args.traceAt));
            engine.queue().enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(pass.global),
                                                cl::NDRange(pass.local));
            PassTrace pt = passTraceOf(pass, p);
            pt.traced = tb.read(engine, config.type);
            run.passes.push_back(std::move(pt));
            current = out;
        }
        run.result = readResult(engine, config, current, plan.back().groups, nullptr);
    }

private:
    std::vector<cl::Buffer> outs_;  // one partials buffer per pass, reused while the plan stays the same
    std::vector<size_t> outBytes_;
    cl::Buffer padded_, paddedFrom_;  // a kernel without a count: its padded input, and the input it was made from
    size_t paddedSize_ = 0;

    static void setCommonArgs(cl::Kernel& kernel, const KernelArgs& args, const cl::Buffer& in, const cl::Buffer& out,
                              const PassPlan& pass, const RunConfig& config) {
        kernel.setArg(cl_uint(args.in), in);
        kernel.setArg(cl_uint(args.out), out);
        if (args.count >= 0) {
            if (args.countBytes == 8)
                kernel.setArg(cl_uint(args.count), cl_ulong(pass.n));
            else
                kernel.setArg(cl_uint(args.count), cl_uint(pass.n));
        }
        kernel.setArg(cl_uint(args.scratch), cl::Local(pass.local * elemSize(config.type)));
    }
};

}  // namespace

std::unique_ptr<KindRunner> makeLocalTreeRunner() { return std::make_unique<LocalTreeRunner>(); }

}  // namespace rl
