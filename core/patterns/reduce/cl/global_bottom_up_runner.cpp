// Runner for global-bottom-up: log2(n) launches over a scratch copy of the input, one timed event per launch.
// Its trace is one PassTrace with one GroupTrace (the whole array): the load, then one stage per launch.
#include "core/cl/engine.h"
#include "core/cl/global_trace_buffers.h"
#include "core/cl/runners.h"

namespace rl {
namespace {

class GlobalBottomUpRunner : public KindRunner {
public:
    double runOnce(Engine& engine, const VariantInfo& variant, const RunConfig& config, const std::vector<PassPlan>& plan,
                   const cl::Buffer& input, std::vector<cl::Event>* events, double* hostFinalMs) override {
        cl::Kernel kernel = engine.programs().kernel(variant, config, false);
        cl::Buffer arr = scratchCopy(engine, input, config.n, config.type);
        for (size_t p = 0; p < plan.size(); ++p) {
            setArgs(kernel, arr, config.n, p);
            cl::Event e;
            engine.queue().enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(plan[p].global),
                                                cl::NDRange(plan[p].local), nullptr, events ? &e : nullptr);
            if (events) events->push_back(e);
        }
        if (hostFinalMs) *hostFinalMs = 0;  // the last launch leaves one value: nothing for the host to finish
        return readFirst(engine, arr, config.type);
    }

    void trace(Engine& engine, const VariantInfo& variant, const RunConfig& config, const std::vector<PassPlan>& plan,
               const cl::Buffer& input, const TraceSelection&, TraceRun& run) override {
        checkGlobalTraceSize(variant, config.n);
        cl::Kernel kernel = engine.programs().kernel(variant, config, true);
        cl::Buffer arr = scratchCopy(engine, input, config.n, config.type);
        const size_t items = plan.empty() ? 0 : plan.front().global;  // the widest launch: step 2
        GlobalTraceBuffers tb(engine, config.n, items, plan.size() + 1, config.type);
        tb.recordLoad(engine, arr);
        for (size_t p = 0; p < plan.size(); ++p) {
            setArgs(kernel, arr, config.n, p);
            tb.setArgs(kernel, 3, p + 1);
            engine.queue().enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(plan[p].global),
                                                cl::NDRange(plan[p].local));
            tb.snapshot(engine, arr, p + 1);  // in-order queue: runs once the launch is done
        }
        PassTrace pt;
        pt.pass = 0;
        pt.n = config.n;
        pt.groups = plan.empty() ? 0 : plan.front().groups;
        pt.global = items;
        pt.local = config.wg;
        pt.traced.push_back(tb.read(engine, config.type, variant.kind));
        run.passes.push_back(std::move(pt));
        run.result = readFirst(engine, arr, config.type);
    }

private:
    static void setArgs(cl::Kernel& kernel, const cl::Buffer& arr, size_t n, size_t launch) {
        kernel.setArg(0, arr);
        kernel.setArg(1, cl_uint(n));
        kernel.setArg(2, cl_ulong(2) << launch);  // step = 2, 4, 8, ...
    }
};

}  // namespace

std::unique_ptr<KindRunner> makeGlobalBottomUpRunner() { return std::make_unique<GlobalBottomUpRunner>(); }

}  // namespace rl
