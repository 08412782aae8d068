// Runner for the single-pass scan (decoupled-look-back): one launch; a status word per tile and one ticket counter,
// made once per grid and reused: the words carry the launch's epoch, so they need no clearing, and the tile that
// draws the last ticket sets the counter back to 0.
#include "core/cl/engine.h"
#include "core/cl/runners.h"
#include "core/cl/trace_buffers.h"

namespace rl {
namespace {

class ScanLookBackRunner : public KindRunner {
public:
    double runOnce(Engine& engine, const VariantInfo& variant, const RunConfig& config, const std::vector<PassPlan>& plan,
                   const cl::Buffer& input, std::vector<cl::Event>* events, double*) override {
        cl::Kernel kernel = engine.programs().kernel(variant, config, false);
        const PassPlan& pass = plan.front();
        prepare(engine, pass, config.type);
        setArgs(kernel, input, pass, config);
        cl::Event e;
        engine.queue().enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(pass.global), cl::NDRange(pass.local),
                                            nullptr, events ? &e : nullptr);
        if (events) events->push_back(e);
        std::vector<char> raw(elemSize(config.type));
        engine.queue().enqueueReadBuffer(out_, CL_TRUE, (pass.n - 1) * raw.size(), raw.size(), raw.data());
        return valueAt(raw.data(), 0, config.type);
    }

    void trace(Engine& engine, const VariantInfo& variant, const RunConfig& config, const std::vector<PassPlan>& plan,
               const cl::Buffer& input, const TraceSelection& selection, TraceRun& run) override {
        cl::Kernel kernel = engine.programs().kernel(variant, config, true);
        const PassPlan& pass = plan.front();
        prepare(engine, pass, config.type);
        size_t first = 0, count = 0;
        chooseTracedGroups(pass.groups, 0, selection, &first, &count);
        TraceBuffers tb(engine, config.type, first, count, 2 * maxStagesFor(pass.local), pass.local);
        setArgs(kernel, input, pass, config);
        tb.setArgs(kernel, cl_uint(variant.args.traceAt));
        engine.queue().enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(pass.global), cl::NDRange(pass.local));
        PassTrace pt = passTraceOf(pass, 0);
        pt.traced = tb.read(engine, config.type);
        run.passes.push_back(std::move(pt));
        run.exclusive = config.exclusive;
        readOutput(engine, config, &run.output);
        run.result = run.output.empty() ? 0 : run.output.back();
    }

    bool readOutput(Engine& engine, const RunConfig& config, std::vector<double>* out) override {
        *out = readElements(engine, out_, n_, config.type);
        return true;
    }

private:
    cl::Buffer out_, status_, ticket_;
    size_t n_ = 0, tiles_ = 0;
    ElemType type_ = ElemType::Float;
    cl_uint epoch_ = 0;

    void prepare(Engine& engine, const PassPlan& pass, ElemType type) {
        if (pass.n == n_ && pass.groups == tiles_ && type == type_) return;
        std::vector<cl_ulong> words(std::max<size_t>(1, pass.groups), 0);
        const cl_uint zero = 0;
        out_ = cl::Buffer(engine.context(), CL_MEM_READ_WRITE, std::max<size_t>(1, pass.n) * elemSize(type));
        status_ = cl::Buffer(engine.context(), CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                             words.size() * sizeof(cl_ulong), words.data());
        ticket_ = cl::Buffer(engine.context(), CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof zero,
                             const_cast<cl_uint*>(&zero));
        n_ = pass.n;
        tiles_ = pass.groups;
        type_ = type;
        epoch_ = 0;
    }

    void setArgs(cl::Kernel& kernel, const cl::Buffer& in, const PassPlan& pass, const RunConfig& config) {
        if (++epoch_ >= (cl_uint(1) << 31)) epoch_ = 1;  // a new tag every launch (31 bits: the P flag is the 32nd)
        kernel.setArg(0, in);
        kernel.setArg(1, out_);
        kernel.setArg(2, cl_uint(pass.n));
        kernel.setArg(3, cl::Local(2 * pass.local * elemSize(config.type)));
        kernel.setArg(4, status_);
        kernel.setArg(5, ticket_);
        kernel.setArg(6, epoch_);
        kernel.setArg(7, cl_uint(pass.groups));
    }
};

}  // namespace

std::unique_ptr<KindRunner> makeScanLookBackRunner() { return std::make_unique<ScanLookBackRunner>(); }

}  // namespace rl
