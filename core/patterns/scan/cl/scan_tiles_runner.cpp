// Runner for the tiled scans (hillis-steele, blelloch, ...): level 0 scans the input's tiles and writes each
// tile's total; level k scans level k-1's totals with the same kernel, until one tile holds them all; then, from the
// level below the top down to the input's, kernels/scan/scan-add.cl combines into every tile the prefix of the tiles
// before it. planPasses gives the levels (the local tree's passes: n, ceil(n / wg), ...).
#include "core/cl/engine.h"
#include "core/cl/runners.h"
#include "core/cl/trace_buffers.h"
#include "core/catalogue/kernel_source.h"

#include <algorithm>

namespace rl {
namespace {

// The uniform add as a variant of its own, so that the program cache builds it with the scan's type, operation and
// inclusive or exclusive form.
VariantInfo scanAdd() {
    VariantInfo v;
    v.pattern = Pattern::Scan;
    v.id = "scan-add";
    v.kernelName = "scan_add";
    v.kernelFile = "kernels/scan/scan-add.cl";
    return v;
}

class ScanTilesRunner : public KindRunner {
public:
    double runOnce(Engine& engine, const VariantInfo& variant, const RunConfig& config, const std::vector<PassPlan>& plan,
                   const cl::Buffer& input, std::vector<cl::Event>* events, double*) override {
        prepare(engine, config, plan);
        cl::Kernel kernel = engine.programs().kernel(variant, config, false);
        for (size_t p = 0; p < plan.size(); ++p) {
            setArgs(kernel, variant, config, plan[p], p == 0 ? input : sums_[p - 1], p);
            enqueue(engine, kernel, plan[p], events);
        }
        addOffsets(engine, config, plan, events);
        return lastElement(engine, config, plan);
    }

    void trace(Engine& engine, const VariantInfo& variant, const RunConfig& config, const std::vector<PassPlan>& plan,
               const cl::Buffer& input, const TraceSelection& selection, TraceRun& run) override {
        prepare(engine, config, plan);
        cl::Kernel kernel = engine.programs().kernel(variant, config, true);
        for (size_t p = 0; p < plan.size(); ++p) {
            const PassPlan& pass = plan[p];
            size_t first = 0, count = 0;
            chooseTracedGroups(pass.groups, p, selection, &first, &count);
            // Blelloch records the load, two sweeps, the cleared root and the inclusive step: twice a tree's room.
            TraceBuffers tb(engine, config.type, first, count, 2 * maxStagesFor(pass.local), pass.local);
            setArgs(kernel, variant, config, pass, p == 0 ? input : sums_[p - 1], p);
            tb.setArgs(kernel, cl_uint(variant.args.traceAt));
            enqueue(engine, kernel, pass, nullptr);
            PassTrace pt = passTraceOf(pass, p);
            pt.traced = tb.read(engine, config.type);
            run.passes.push_back(std::move(pt));
        }
        addOffsets(engine, config, plan, nullptr);
        run.exclusive = config.exclusive;
        readOutput(engine, config, &run.output);
        run.result = run.output.empty() ? 0 : run.output.back();
    }

    bool readOutputPiece(Engine& engine, const RunConfig& config, size_t first, size_t count,
                         std::vector<double>* out) override {
        *out = readPiece(engine, outs_.front(), shape_.empty() ? 0 : shape_.front(), first, count, config.type);
        return true;
    }

    std::vector<std::pair<PassPlan, std::string>> extraLaunches(const std::vector<PassPlan>& plan) const override {
        std::vector<std::pair<PassPlan, std::string>> adds;
        for (size_t p = plan.size() >= 2 ? plan.size() - 1 : 0; p-- > 0;) adds.push_back({plan[p], "uniform add"});
        return adds;
    }

private:
    std::vector<cl::Buffer> outs_, sums_;  // per level: its scan (n elements) and its tiles' totals
    std::vector<size_t> shape_;            // the levels' sizes the buffers were made for

    void prepare(Engine& engine, const RunConfig& config, const std::vector<PassPlan>& plan) {
        std::vector<size_t> shape;
        for (const auto& p : plan) shape.push_back(p.n);
        if (shape == shape_) return;  // the same levels: the buffers are reused, no allocation between launches
        outs_.clear();
        sums_.clear();
        const size_t e = elemSize(config.type);
        for (const auto& p : plan) {
            outs_.emplace_back(engine.context(), CL_MEM_READ_WRITE, std::max<size_t>(1, p.n) * e);
            sums_.emplace_back(engine.context(), CL_MEM_READ_WRITE, std::max<size_t>(1, p.groups) * e);
        }
        shape_ = shape;
    }

    void setArgs(cl::Kernel& kernel, const VariantInfo& variant, const RunConfig& config, const PassPlan& pass,
                 const cl::Buffer& in, size_t level) {
        const KernelArgs& a = variant.args;
        kernel.setArg(cl_uint(a.in), in);
        kernel.setArg(cl_uint(a.out), outs_[level]);
        kernel.setArg(cl_uint(a.sums), sums_[level]);
        kernel.setArg(cl_uint(a.count), cl_uint(pass.n));
        kernel.setArg(cl_uint(a.scratch), cl::Local(scratchElems(variant, pass.local) * elemSize(config.type)));
    }

    static void enqueue(Engine& engine, cl::Kernel& kernel, const PassPlan& pass, std::vector<cl::Event>* events) {
        cl::Event e;
        engine.queue().enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(pass.global), cl::NDRange(pass.local),
                                            nullptr, events ? &e : nullptr);
        if (events) events->push_back(e);
    }

    // From the level below the top down to level 0: tile g of level p takes level p + 1's scan at g - 1 (inclusive)
    // or g (exclusive).
    void addOffsets(Engine& engine, const RunConfig& config, const std::vector<PassPlan>& plan,
                    std::vector<cl::Event>* events) {
        if (plan.size() < 2) return;
        static const VariantInfo add = scanAdd();
        cl::Kernel kernel = engine.programs().kernel(add, config, false);
        for (size_t p = plan.size() - 1; p-- > 0;) {
            kernel.setArg(0, outs_[p]);
            kernel.setArg(1, outs_[p + 1]);
            kernel.setArg(2, cl_uint(plan[p].n));
            kernel.setArg(3, cl_uint(std::max(1, plan[p].elemsPerItem)));  // the tile: wg x elemsPerItem elements
            enqueue(engine, kernel, plan[p], events);
        }
    }

    double lastElement(Engine& engine, const RunConfig& config, const std::vector<PassPlan>& plan) {
        std::vector<char> raw(elemSize(config.type));
        const size_t n = plan.front().n;
        engine.queue().enqueueReadBuffer(outs_.front(), CL_TRUE, (n - 1) * raw.size(), raw.size(), raw.data());
        return valueAt(raw.data(), 0, config.type);
    }
};

}  // namespace

std::unique_ptr<KindRunner> makeScanTilesRunner() { return std::make_unique<ScanTilesRunner>(); }

}  // namespace rl
