// Runner for global-top-down: one launch over a scratch copy of the input; the kernel records all its stages.
#include "core/cl/engine.h"
#include "core/cl/global_trace_buffers.h"
#include "core/cl/runners.h"
#include "core/catalogue/kind_stages.h"

namespace rl {
namespace {

class GlobalTopDownRunner : public KindRunner {
public:
    double runOnce(Engine& engine, const VariantInfo& variant, const RunConfig& config, const std::vector<PassPlan>& plan,
                   const cl::Buffer& input, std::vector<cl::Event>* events, double* hostFinalMs) override {
        cl::Kernel kernel = engine.programs().kernel(variant, config, false);
        cl::Buffer arr = scratchCopy(engine, input, config.n, config.type);
        kernel.setArg(0, arr);
        kernel.setArg(1, cl_uint(config.n));
        cl::Event e;
        engine.queue().enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(plan.front().global),
                                            cl::NDRange(plan.front().local), nullptr, events ? &e : nullptr);
        if (events) events->push_back(e);
        if (hostFinalMs) *hostFinalMs = 0;
        return readFirst(engine, arr, config.type);
    }

    void trace(Engine& engine, const VariantInfo& variant, const RunConfig& config, const std::vector<PassPlan>& plan,
               const cl::Buffer& input, const TraceSelection&, TraceRun& run) override {
        checkGlobalTraceSize(variant, config.n);
        cl::Kernel kernel = engine.programs().kernel(variant, config, true);
        cl::Buffer arr = scratchCopy(engine, input, config.n, config.type);
        const PassPlan& pass = plan.front();
        GlobalTraceBuffers tb(engine, config.n, pass.global, size_t(topDownRounds(config.n)) + 1,
                              config.type);
        kernel.setArg(0, arr);
        kernel.setArg(1, cl_uint(config.n));
        tb.setArgs(kernel, 2, 0);
        engine.queue().enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(pass.global), cl::NDRange(pass.local));
        PassTrace pt = passTraceOf(pass, 0);
        pt.traced.push_back(tb.read(engine, config.type, variant.kind));
        run.passes.push_back(std::move(pt));
        run.result = readFirst(engine, arr, config.type);
    }
};

}  // namespace

std::unique_ptr<KindRunner> makeGlobalTopDownRunner() { return std::make_unique<GlobalTopDownRunner>(); }

}  // namespace rl
