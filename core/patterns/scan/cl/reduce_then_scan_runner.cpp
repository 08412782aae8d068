// Runner for reduce-then-scan and chunked: two launches over one fixed grid, the chunks' totals (the kernel
// NAME_totals) and the chunks' scans (NAME), with the totals and the output made once per shape and reused. The
// totals buffer holds one value per work-item (chunked's chunks); reduce-then-scan uses one per group of it.
#include "core/cl/engine.h"
#include "core/cl/runners.h"
#include "core/cl/trace_buffers.h"

#include <algorithm>

namespace rl {
namespace {

constexpr cl_uint kTotalsTraceAt = 5;  // NAME_totals(in, totals, n, scratch, chunk RL_TRACE_PARAMS)

class ReduceThenScanRunner : public KindRunner {
public:
    double runOnce(Engine& engine, const VariantInfo& variant, const RunConfig& config, const std::vector<PassPlan>& plan,
                   const cl::Buffer& input, std::vector<cl::Event>* events, double*) override {
        prepare(engine, plan.front(), config.type);
        cl::Kernel totals = engine.programs().kernel(variant, config, false, variant.kernelName + "_totals");
        cl::Kernel scan = engine.programs().kernel(variant, config, false);
        setArgs(totals, scan, input, plan.front(), config);
        enqueue(engine, totals, plan[0], events);
        enqueue(engine, scan, plan[1], events);
        std::vector<char> raw(elemSize(config.type));
        engine.queue().enqueueReadBuffer(out_, CL_TRUE, (n_ - 1) * raw.size(), raw.size(), raw.data());
        return valueAt(raw.data(), 0, config.type);
    }

    void trace(Engine& engine, const VariantInfo& variant, const RunConfig& config, const std::vector<PassPlan>& plan,
               const cl::Buffer& input, const TraceSelection& selection, TraceRun& run) override {
        prepare(engine, plan.front(), config.type);
        cl::Kernel totals = engine.programs().kernel(variant, config, true, variant.kernelName + "_totals");
        cl::Kernel scan = engine.programs().kernel(variant, config, true);
        setArgs(totals, scan, input, plan.front(), config);
        for (size_t p = 0; p < 2; ++p) {
            size_t first = 0, count = 0;
            chooseTracedGroups(plan[p].groups, 0, selection, &first, &count);
            TraceBuffers tb(engine, config.type, first, count, 2 * maxStagesFor(plan[p].local), plan[p].local);
            cl::Kernel& k = p == 0 ? totals : scan;
            tb.setArgs(k, p == 0 ? kTotalsTraceAt : cl_uint(variant.args.traceAt));
            enqueue(engine, k, plan[p], nullptr);
            PassTrace pt = passTraceOf(plan[p], p);
            pt.traced = tb.read(engine, config.type);
            run.passes.push_back(std::move(pt));
        }
        run.exclusive = config.exclusive;
        readOutput(engine, config, &run.output);
        run.result = run.output.empty() ? 0 : run.output.back();
    }

    bool readOutputPiece(Engine& engine, const RunConfig& config, size_t first, size_t count,
                         std::vector<double>* out) override {
        *out = readPiece(engine, out_, n_, first, count, config.type);
        return true;
    }

private:
    cl::Buffer out_, totals_;
    size_t n_ = 0, global_ = 0;
    ElemType type_ = ElemType::Float;

    void prepare(Engine& engine, const PassPlan& pass, ElemType type) {
        if (pass.n == n_ && pass.global == global_ && type == type_) return;  // global: groups x wg totals
        out_ = cl::Buffer(engine.context(), CL_MEM_READ_WRITE, std::max<size_t>(1, pass.n) * elemSize(type));
        totals_ = cl::Buffer(engine.context(), CL_MEM_READ_WRITE, std::max<size_t>(1, pass.global) * elemSize(type));
        n_ = pass.n;
        global_ = pass.global;
        type_ = type;
    }

    void setArgs(cl::Kernel& totals, cl::Kernel& scan, const cl::Buffer& in, const PassPlan& pass,
                 const RunConfig& config) {
        const cl_uint chunk = cl_uint(scanChunk(pass));
        const size_t e = elemSize(config.type);
        totals.setArg(0, in);
        totals.setArg(1, totals_);
        totals.setArg(2, cl_uint(pass.n));
        totals.setArg(3, cl::Local(pass.local * e));
        totals.setArg(4, chunk);
        scan.setArg(0, in);
        scan.setArg(1, out_);
        scan.setArg(2, cl_uint(pass.n));
        scan.setArg(3, cl::Local(2 * pass.local * e));
        scan.setArg(4, chunk);
        scan.setArg(5, totals_);
    }

    static void enqueue(Engine& engine, cl::Kernel& kernel, const PassPlan& pass, std::vector<cl::Event>* events) {
        cl::Event e;
        engine.queue().enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(pass.global), cl::NDRange(pass.local),
                                            nullptr, events ? &e : nullptr);
        if (events) events->push_back(e);
    }
};

}  // namespace

std::unique_ptr<KindRunner> makeReduceThenScanRunner() { return std::make_unique<ReduceThenScanRunner>(); }

}  // namespace rl
