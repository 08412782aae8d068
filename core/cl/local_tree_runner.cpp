// Runner for the local-memory tree variants: one launch per pass, one partial per work-group.
#include "core/cl/engine.h"
#include "core/cl/runners.h"
#include "core/cl/trace_buffers.h"

namespace rl {
namespace {

class LocalTreeRunner : public KindRunner {
public:
    double runOnce(Engine& engine, const VariantInfo& variant, const RunConfig& config, const std::vector<PassPlan>& plan,
                   const cl::Buffer& input, std::vector<cl::Event>* events, double* hostFinalMs) override {
        cl::Kernel kernel = engine.programs().kernel(variant, config, false);
        // The partial buffers are made once per plan and reused by later runs, so no allocation falls between two
        // passes of a timed run (on a GPU that gap is part of the reduction's time).
        std::vector<size_t> bytes;
        for (const auto& pass : plan) bytes.push_back(pass.groups * elemSize(config.type));
        if (bytes != outBytes_) {
            outs_.clear();
            for (size_t b : bytes) outs_.emplace_back(engine.context(), CL_MEM_READ_WRITE, b);
            outBytes_ = bytes;
        }
        cl::Buffer current = input;
        for (size_t p = 0; p < plan.size(); ++p) {
            const PassPlan& pass = plan[p];
            const cl::Buffer& out = outs_[p];
            setCommonArgs(kernel, current, out, pass, config);
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
        cl::Buffer current = input;
        for (size_t p = 0; p < plan.size(); ++p) {
            const PassPlan& pass = plan[p];
            cl::Buffer out(engine.context(), CL_MEM_READ_WRITE, pass.groups * elemSize(config.type));
            size_t first = 0, count = 0;
            chooseTracedGroups(pass.groups, p, selection, &first, &count);
            TraceBuffers tb(engine, config.type, first, count, maxStagesFor(pass.local), pass.local);
            setCommonArgs(kernel, current, out, pass, config);
            tb.setArgs(kernel, 4);
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

    static void setCommonArgs(cl::Kernel& kernel, const cl::Buffer& in, const cl::Buffer& out, const PassPlan& pass,
                              const RunConfig& config) {
        kernel.setArg(0, in);
        kernel.setArg(1, out);
        kernel.setArg(2, cl_uint(pass.n));
        kernel.setArg(3, cl::Local(pass.local * elemSize(config.type)));
    }
};

}  // namespace

std::unique_ptr<KindRunner> makeLocalTreeRunner() { return std::make_unique<LocalTreeRunner>(); }

}  // namespace rl
