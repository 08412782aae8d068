// Runner for the histograms. The host zeroes the bins, then one launch counts every work-group's tile into them
// (Histogram); or (HistogramTwoPass) every work-group writes its bins to a row of its own, and a second launch
// (two_pass_sum in the same file) adds the rows bin by bin. A trace records each work-group's local bins after every
// stage (kernels/common.cl's RL_RECORD_BINS): rows of max(wg, words) cells, of which the first `words` are the
// counters and the first wg the work-items' operations.
#include "core/cl/engine.h"
#include "core/cl/runners.h"
#include "core/cl/trace_buffers.h"
#include "core/pattern.h"
#include "core/patterns/histogram/model_histogram.h"

#include <algorithm>

namespace rl {
namespace {

class HistogramRunner : public KindRunner {
public:
    double runOnce(Engine& engine, const VariantInfo& variant, const RunConfig& config, const std::vector<PassPlan>& plan,
                   const cl::Buffer& input, std::vector<cl::Event>* events, double*) override {
        prepare(engine, variant, config, plan.front());
        cl::Kernel kernel = engine.programs().kernel(variant, config, false);
        setArgs(kernel, variant, config, plan.front(), input, false);
        launch(engine, variant, config, plan.front(), kernel, events);
        cl_uint first = 0;
        engine.queue().enqueueReadBuffer(bins_, CL_TRUE, 0, sizeof first, &first);
        return double(first);
    }

    void trace(Engine& engine, const VariantInfo& variant, const RunConfig& config, const std::vector<PassPlan>& plan,
               const cl::Buffer& input, const TraceSelection& selection, TraceRun& run) override {
        const PassPlan& pass = plan.front();
        prepare(engine, variant, config, pass);
        cl::Kernel kernel = engine.programs().kernel(variant, config, true);
        size_t first = 0, count = 0;
        chooseTracedGroups(pass.groups, 0, selection, &first, &count);
        const size_t words = localWords(variant, config, true);
        // The clear, a stage per element of a work-item, then at most flushed, copies summed and merged; or the load,
        // the steps of a sort of the tile's keys and the runs counted.
        const size_t stages = variant.sortsTileKeys ? model::bitonicSteps(pass.local) + 2
                                                    : size_t(std::max(1, pass.elemsPerItem)) + 4;
        TraceBuffers tb(engine, config.type, first, count, stages, std::max(pass.local, words));
        setArgs(kernel, variant, config, pass, input, true);
        tb.setArgs(kernel, cl_uint(variant.args.traceAt));
        launch(engine, variant, config, pass, kernel, nullptr);
        PassTrace pt = passTraceOf(pass, 0);
        pt.traced = tb.read(engine, config.type);
        for (GroupTrace& g : pt.traced)
            for (Stage& s : g.stages) {
                s.values.resize(words);  // the counters
                s.ops.resize(pass.local);  // the work-items
            }
        run.passes.push_back(std::move(pt));
        readOutput(engine, config, &run.output);
        run.result = 0;
        for (double c : run.output) run.result += c;
    }

    bool readOutputPiece(Engine& engine, const RunConfig&, size_t first, size_t count,
                         std::vector<double>* out) override {
        *out = readPiece(engine, bins_, nbins_, first, count, ElemType::Int);
        for (double& v : *out) v = double(uint32_t(int32_t(v)));  // the counters are uint
        return true;
    }

    std::vector<std::pair<PassPlan, std::string>> extraLaunches(const std::vector<PassPlan>& plan) const override {
        if (twoPass_) return {{plan.front(), "rows summed"}};
        return {{plan.front(), "bins zeroed"}};
    }

private:
    cl::Buffer bins_, rows_;
    std::vector<cl_uint> zeros_;  // what the bins are zeroed from before each launch
    size_t nbins_ = 0, rows_groups_ = 0;
    bool twoPass_ = false;

    static size_t localWords(const VariantInfo& variant, const RunConfig& config, bool traced) {
        const auto bytes = patternInfo(variant.pattern).localBytes;
        return bytes ? bytes(variant, config, traced) / sizeof(cl_uint) : config.bins;
    }

    void prepare(Engine& engine, const VariantInfo& variant, const RunConfig& config, const PassPlan& pass) {
        twoPass_ = variant.kind == VariantKind::HistogramTwoPass;
        if (nbins_ != config.bins) {
            bins_ = cl::Buffer(engine.context(), CL_MEM_READ_WRITE, config.bins * sizeof(cl_uint));
            zeros_.assign(config.bins, 0);
            nbins_ = config.bins;
            rows_groups_ = 0;
        }
        if (twoPass_ && rows_groups_ != pass.groups) {
            rows_ = cl::Buffer(engine.context(), CL_MEM_READ_WRITE, pass.groups * config.bins * sizeof(cl_uint));
            rows_groups_ = pass.groups;
        }
    }

    void setArgs(cl::Kernel& kernel, const VariantInfo& variant, const RunConfig& config, const PassPlan& pass,
                 const cl::Buffer& in, bool traced) {
        const KernelArgs& a = variant.args;
        kernel.setArg(cl_uint(a.in), in);
        kernel.setArg(cl_uint(a.out), twoPass_ ? rows_ : bins_);
        kernel.setArg(cl_uint(a.count), cl_uint(pass.n));
        kernel.setArg(cl_uint(a.nbins), cl_uint(config.bins));
        // A kernel that keeps no local bins still takes the argument: one word, as OpenCL allows no empty one.
        kernel.setArg(cl_uint(a.scratch),
                      cl::Local(std::max<size_t>(1, localWords(variant, config, traced)) * sizeof(cl_uint)));
    }

    // The kernel's launch with its event, then the second one's: the rows' sum, or the zeroing of the bins (enqueued
    // first, as it must run first, but its event listed after the kernel's, as extraLaunches says).
    void launch(Engine& engine, const VariantInfo& variant, const RunConfig& config, const PassPlan& pass,
                cl::Kernel& kernel, std::vector<cl::Event>* events) {
        auto& q = engine.queue();
        cl::Event zero, count, sum;
        // The zeros written from the host, not filled: Oclgrind's uninitialised-value check takes a filled buffer for
        // uninitialised (every count added to it would be reported).
        if (!twoPass_) q.enqueueWriteBuffer(bins_, CL_FALSE, 0, config.bins * sizeof(cl_uint), zeros_.data(), nullptr, &zero);
        q.enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(pass.global), cl::NDRange(pass.local), nullptr,
                               events ? &count : nullptr);
        if (twoPass_) {
            cl::Kernel sumKernel = engine.programs().kernel(variant, config, false, "two_pass_sum");
            sumKernel.setArg(0, rows_);
            sumKernel.setArg(1, bins_);
            sumKernel.setArg(2, cl_uint(pass.groups));
            sumKernel.setArg(3, cl_uint(config.bins));
            const size_t local = std::min<size_t>(pass.local, 256);
            q.enqueueNDRangeKernel(sumKernel, cl::NullRange, cl::NDRange((config.bins + local - 1) / local * local),
                                   cl::NDRange(local), nullptr, events ? &sum : nullptr);
        }
        if (events) {
            events->push_back(count);
            events->push_back(twoPass_ ? sum : zero);
        }
    }
};

}  // namespace

std::unique_ptr<KindRunner> makeHistogramRunner() { return std::make_unique<HistogramRunner>(); }

}  // namespace rl
