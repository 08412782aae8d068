// Runner for the LastGroup kind (best-gpu): the whole reduction in one launch. The plan's later passes, when there
// are any, are the finishing trees inside that launch (run by the last work-group to start, or by the last of each
// block of groups and then the last of the blocks): they get no launch (and no event) of their own.
#include <algorithm>

#include "core/cl/engine.h"
#include "core/cl/runners.h"
#include "core/cl/trace_buffers.h"

namespace rl {
namespace {

class LastGroupRunner : public KindRunner {
public:
    double runOnce(Engine& engine, const VariantInfo& variant, const RunConfig& config, const std::vector<PassPlan>& plan,
                   const cl::Buffer& input, std::vector<cl::Event>* events, double* hostFinalMs) override {
        cl::Kernel kernel = engine.programs().kernel(variant, config, false);
        const PassPlan& pass = plan.front();
        prepare(engine, pass.groups, pass.local, config.type);
        setArgs(kernel, input, pass, config, finishesOnDevice(plan));
        cl::Event e;
        engine.queue().enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(pass.global), cl::NDRange(pass.local),
                                            nullptr, events ? &e : nullptr);
        if (events) events->push_back(e);
        return finish(engine, config, plan, hostFinalMs);
    }

    void trace(Engine& engine, const VariantInfo& variant, const RunConfig& config, const std::vector<PassPlan>& plan,
               const cl::Buffer& input, const TraceSelection& selection, TraceRun& run) override {
        cl::Kernel kernel = engine.programs().kernel(variant, config, true);
        const PassPlan& pass = plan.front();
        const bool inLaunch = finishesOnDevice(plan);
        prepare(engine, pass.groups, pass.local, config.type);
        size_t first = 0, count = 0;
        chooseTracedGroups(pass.groups, 0, selection, &first, &count);
        size_t finishing = 0;  // the trees run after the groups' own, each recorded in a slot of its own
        for (size_t p = 1; p < plan.size(); ++p) finishing += plan[p].groups;
        TraceBuffers tb(engine, config.type, first, count, maxStagesFor(pass.local), pass.local, finishing);
        setArgs(kernel, input, pass, config, inLaunch);
        tb.setArgs(kernel, 8);
        engine.queue().enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(pass.global), cl::NDRange(pass.local));
        std::vector<GroupTrace> groups = tb.read(engine, config.type);
        // Slots: the traced groups, then each finishing pass's groups in order (a block's tree per block, the top).
        size_t next = 0;
        for (size_t p = 0; p < plan.size(); ++p) {
            PassTrace pt = passTraceOf(plan[p], p);
            const size_t take = p == 0 ? count : plan[p].groups;
            pt.traced.assign(groups.begin() + std::ptrdiff_t(next), groups.begin() + std::ptrdiff_t(next + take));
            if (p > 0)
                for (size_t g = 0; g < take; ++g) pt.traced[g].group = int(g);
            next += take;
            run.passes.push_back(std::move(pt));
        }
        run.result = finish(engine, config, plan, nullptr);
    }

private:
    cl::Buffer out_, partials_, ticket_;
    size_t groups_ = 0, wg_ = 0;
    cl_uint epoch_ = 0;

    static bool finishesOnDevice(const std::vector<PassPlan>& plan) {
        return plan.size() > 1 && plan[1].inPreviousLaunch;
    }

    // The buffers for this grid, made once and reused while the grid stays the same: a partial word per group and
    // per block of wg groups (when there are more groups than wg), all starting at 0 (epoch 0, which no launch
    // uses), and the counters (the top one, then one per block) at 0; each launch leaves every counter at 0 again.
    void prepare(Engine& engine, size_t groups, size_t wg, ElemType type) {
        if (groups == groups_ && wg == wg_) return;
        const size_t blocks = groups > wg ? (groups + wg - 1) / wg : 0;
        std::vector<cl_ulong> words(groups + blocks, 0);
        std::vector<cl_uint> counters(1 + blocks, 0);
        out_ = cl::Buffer(engine.context(), CL_MEM_READ_WRITE, groups * elemSize(type));
        partials_ = cl::Buffer(engine.context(), CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                               words.size() * sizeof(cl_ulong), words.data());
        ticket_ = cl::Buffer(engine.context(), CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                             counters.size() * sizeof(cl_uint), counters.data());
        groups_ = groups;
        wg_ = wg;
        epoch_ = 0;
    }

    void setArgs(cl::Kernel& kernel, const cl::Buffer& in, const PassPlan& pass, const RunConfig& config,
                 bool finishHere) {
        if (++epoch_ == 0) epoch_ = 1;  // a new tag for every launch; 0 is the words' initial value
        kernel.setArg(0, in);
        kernel.setArg(1, out_);
        kernel.setArg(2, cl_uint(pass.n));
        kernel.setArg(3, cl::Local(pass.local * elemSize(config.type)));
        kernel.setArg(4, partials_);
        kernel.setArg(5, ticket_);
        kernel.setArg(6, epoch_);
        kernel.setArg(7, cl_uint(finishHere ? 1 : 0));
    }

    // The result: out[0] when the kernel finished on the device, else the groups' partials reduced on the host.
    double finish(Engine& engine, const RunConfig& config, const std::vector<PassPlan>& plan, double* hostFinalMs) {
        return readResult(engine, config, out_, finishesOnDevice(plan) ? 1 : plan.front().groups, hostFinalMs);
    }
};

}  // namespace

std::unique_ptr<KindRunner> makeLastGroupRunner() { return std::make_unique<LastGroupRunner>(); }

}  // namespace rl
