// Runner for the single-pass scan (decoupled-look-back): one launch; a status word per tile and one ticket counter,
// made once per grid and reused: the words carry the launch's epoch, so they need no clearing, and the tile that
// draws the last ticket sets the counter back to 0.
#include "core/catalogue/build_options.h"
#include "core/cl/engine.h"
#include "core/cl/runners.h"
#include "core/cl/trace_buffers.h"

#include <algorithm>
#include <string>

namespace rl {
namespace {

constexpr cl_uint kTraceArgs = 6;  // TraceBuffers::setArgs's arguments; the log's follow them

// The look-back's log (kernels/scan/decoupled-look-back.cl's LB_TRACE_PARAMS): room for every tile's ticket, A and P and
// for every read the tiles can make. A tile reads each predecessor at most once, so that is at most t reads for tile
// t, plus the rest of its last window (32): where tiles run at once, as on a GPU, each may read most of its
// predecessors as A before any has its P (the traced launch's shared counter also slows the tiles down). Up to
// 4M entries (80 MB); a longer log is cut short and says so (TraceRun::lookBackDropped).
struct LookBackLog {
    cl::Buffer events, values, count;
    size_t room = 0;

    LookBackLog(Engine& engine, ElemType type, size_t tiles) {
        const size_t most = 3 * tiles + tiles * (tiles - std::min<size_t>(tiles, 1)) / 2 + 32 * tiles;
        room = std::max<size_t>(1, std::min<size_t>(most, size_t(1) << 22));
        const cl_uint zero = 0;
        events = cl::Buffer(engine.context(), CL_MEM_WRITE_ONLY, room * sizeof(cl_int4));
        values = cl::Buffer(engine.context(), CL_MEM_WRITE_ONLY, room * elemSize(type));
        count = cl::Buffer(engine.context(), CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof zero,
                           const_cast<cl_uint*>(&zero));
    }

    void setArgs(cl::Kernel& kernel, cl_uint index) const {
        kernel.setArg(index + 0, events);
        kernel.setArg(index + 1, values);
        kernel.setArg(index + 2, count);
        kernel.setArg(index + 3, cl_uint(room));
    }

    void read(Engine& engine, ElemType type, std::vector<LookBackEvent>* out, size_t* dropped) const {
        cl_uint drawn = 0;
        engine.queue().enqueueReadBuffer(count, CL_TRUE, 0, sizeof drawn, &drawn);
        const size_t kept = std::min<size_t>(drawn, room);
        *dropped = drawn - kept;
        out->clear();
        if (kept == 0) return;
        std::vector<cl_int4> raw(kept);
        engine.queue().enqueueReadBuffer(events, CL_TRUE, 0, kept * sizeof(cl_int4), raw.data());
        const std::vector<double> vals = readElements(engine, values, kept, type);
        for (size_t i = 0; i < kept; ++i) {
            if (raw[i].s[0] < LookBackEvent::Ticket || raw[i].s[0] > LookBackEvent::ReadPrefix) {
                ++*dropped;  // not an entry the kernel writes
                continue;
            }
            LookBackEvent e;
            e.what = LookBackEvent::What(raw[i].s[0]);
            e.tile = raw[i].s[1];
            e.other = raw[i].s[2];
            e.polls = raw[i].s[3];
            e.value = vals[i];
            out->push_back(e);
        }
    }
};

class ScanLookBackRunner : public KindRunner {
public:
    double runOnce(Engine& engine, const VariantInfo& variant, const RunConfig& config,
                   const std::vector<PassPlan>& plan, const cl::Buffer& input, std::vector<cl::Event>* events,
                   double*) override {
        if (given_() && given_() == input() && !variant.scansInPlace)
            throw Error(ErrorKind::BadInput, variant.id + " cannot scan in place: its kernel's in and out are restrict "
                                                          "pointers (give it an output buffer of its own)");
        cl::Kernel kernel = engine.programs().kernel(variant, config, false);
        const PassPlan& pass = plan.front();
        prepare(engine, pass, config.type, streamsOutput(variant, config, engine.device()));
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
        prepare(engine, pass, config.type, streamsOutput(variant, config, engine.device()));
        size_t first = 0, count = 0;
        chooseTracedGroups(pass.groups, 0, selection, &first, &count);
        TraceBuffers tb(engine, config.type, first, count, 2 * maxStagesFor(pass.local), pass.local);
        setArgs(kernel, input, pass, config);
        tb.setArgs(kernel, cl_uint(variant.args.traceAt));
        LookBackLog log(engine, config.type, pass.groups);
        log.setArgs(kernel, cl_uint(variant.args.traceAt + kTraceArgs));
        engine.queue().enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(pass.global), cl::NDRange(pass.local));
        PassTrace pt = passTraceOf(pass, 0);
        pt.traced = tb.read(engine, config.type);
        log.read(engine, config.type, &run.lookBack, &run.lookBackDropped);
        run.passes.push_back(std::move(pt));
        run.exclusive = config.exclusive;
        readOutput(engine, config, &run.output);
        run.result = run.output.empty() ? 0 : run.output.back();
    }

    bool readOutputPiece(Engine& engine, const RunConfig& config, size_t first, size_t count,
                         std::vector<double>* out) override {
        *out = readPiece(engine, out_, n_, first, count, config.type);
        return true;
    }

    bool scanInto(const cl::Buffer& output) override {
        given_ = output;
        n_ = 0;  // the next prepare takes it
        return true;
    }

private:
    cl::Buffer out_, status_, ticket_;
    cl::Buffer given_;  // the output scanInto gave; none: a buffer of the runner's own
    size_t n_ = 0, tiles_ = 0, words_ = 0;
    ElemType type_ = ElemType::Float;
    cl_uint epoch_ = 0;

    // streams: the build writes back (RL_STREAM, kernels/scan/chunked-look-back.cl), and a word follows the tiles' words for
    // each run, with the offset its tile publishes for the tile that writes it.
    void prepare(Engine& engine, const PassPlan& pass, ElemType type, bool streams) {
        // A status word per tile, two for a 64-bit element (its value's halves; kernels/common.cl).
        const size_t tiles = std::max<size_t>(1, pass.groups);
        const size_t wordCount = 2 * tiles * (streams ? 1 + pass.local : 1);
        if (pass.n == n_ && pass.groups == tiles_ && type == type_ && wordCount == words_) return;
        std::vector<cl_ulong> words(wordCount, 0);
        const cl_uint zero = 0;
        const size_t bytes = std::max<size_t>(1, pass.n) * elemSize(type);
        if (given_() && given_.getInfo<CL_MEM_SIZE>() < bytes)
            throw Error(ErrorKind::BadInput, "the scan's output buffer holds " +
                                                 std::to_string(given_.getInfo<CL_MEM_SIZE>()) + " bytes, not the " +
                                                 std::to_string(bytes) + " of " + std::to_string(pass.n) + " elements");
        out_ = given_() ? given_ : cl::Buffer(engine.context(), CL_MEM_READ_WRITE, bytes);
        status_ = cl::Buffer(engine.context(), CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                             words.size() * sizeof(cl_ulong), words.data());
        ticket_ = cl::Buffer(engine.context(), CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof zero,
                             const_cast<cl_uint*>(&zero));
        n_ = pass.n;
        tiles_ = pass.groups;
        words_ = wordCount;
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
