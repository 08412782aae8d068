// The device step: build, the check's sizes against the host reference, and the device trace of an annotated kernel.
#include <algorithm>
#include <cmath>
#include <iomanip>
#include <sstream>

#include "core/check/steps.h"
#include "core/pattern.h"
#include "core/cl/devices.h"
#include "core/cl/engine.h"
#include "core/input.h"
#include "core/files/json_io.h"
#include "core/workbench/check_sizes.h"
#include "core/workbench/kernel_signature.h"
#include "core/workbench/student_kernel.h"

namespace rl::check {

using Json = nlohmann::json;

namespace {

// The ops a kernel claims: all three when it reduces with RL_APPLY and pads with RL_IDENTITY, else the one asked.
std::vector<Op> claimedOps(const CheckRequest& request) {
    const bool generic = request.text.find("RL_APPLY") != std::string::npos &&
                         request.text.find("RL_IDENTITY") != std::string::npos;
    if (!generic || !request.allOpsAndTypes) return {request.config.op};
    std::vector<Op> ops = {request.config.op};
    for (Op op : {Op::Sum, Op::Min, Op::Max})
        if (op != request.config.op) ops.push_back(op);
    return ops;
}

std::vector<ElemType> claimedTypes(const CheckRequest& request) {
    std::vector<ElemType> types = {request.config.type};
    if (!request.allOpsAndTypes) return types;
    const auto sig = workbench::kernelOf(request);
    for (ElemType t : sig.types)  // the 64-bit types only when asked for (--type): the sweep stays int and float
        if (t != request.config.type && (!isWide(t) || sig.types.size() == 1)) types.push_back(t);
    return types;
}

// The check's sizes and the request's extra ones (an exercise's hidden sizes), in order, without repeats.
std::vector<workbench::SizeCase> sizesOf(const CheckRequest& request, Pattern pattern) {
    std::vector<workbench::SizeCase> sizes = workbench::checkSizes(request.config.wg, pattern);
    for (const workbench::SizeCase& extra : request.extraSizes) {
        if (extra.n == 0) continue;
        bool known = false;
        for (const auto& s : sizes) known = known || s.n == extra.n;
        if (!known) sizes.push_back(extra);
    }
    std::sort(sizes.begin(), sizes.end(), [](const auto& a, const auto& b) { return a.n < b.n; });
    return sizes;
}

// What an OpenCL error during a student's run means, in the student's words (the driver's code stays in it).
std::string explainRunFailure(const std::string& what) {
    auto has = [&](const char* code) { return what.find(std::string("failed with error ") + code) != std::string::npos; };
    if (has("-5 ") || has("-9999 "))
        return "the device stopped the kernel (" + what +
               "). On a GPU this is how an access outside every buffer ends (an illegal address): look for an index "
               "past n or past the partials, or a pointer made from a number; Oclgrind's out-of-bounds check names "
               "the line";
    if (has("-4 "))
        return "the device ran out of memory (" + what + "): the kernel or its launch asks for more than it has";
    return what;
}

// When a wrong result is the guard past n at work (a whole number of guard values off a sum, or the guard itself as a
// min or max), says so: the kernel read past the end of `in`. Empty otherwise.
std::string pastNHint(Op op, ElemType type, double result, double reference) {
    const double g = guardValue(op, type);
    std::ostringstream o;
    o << std::setprecision(12);
    if (op == Op::Sum) {
        double k = 0;  // how many guard values the result holds beyond the reference
        if (type == ElemType::Int) {  // an int sum wraps: k guards add k * g modulo 2^32; g is odd, so invertible
            const uint32_t gu = uint32_t(int32_t(g));
            uint32_t inverse = gu;  // Newton's iteration doubles the correct low bits: 3, 6, 12, 24, 48
            for (int i = 0; i < 4; ++i) inverse *= 2u - gu * inverse;
            k = double((uint32_t(int32_t(result)) - uint32_t(int32_t(reference))) * inverse);
            if (k < 1 || k > double(uint32_t(1) << 24)) return "";  // not a count of elements: another fault
        } else {
            k = std::round((result - reference) / g);
            if (k < 1 || std::fabs(result - reference - k * g) > 0.01 * g) return "";
        }
        o << "; that is " << k << " times the value " << g << " the check puts past the end of its input: the kernel read "
          << k << " element" << (k == 1 ? "" : "s") << " past n (of `in`, or of the partials in a later pass); guard "
          << "the load with `i < n`";
    } else {
        if (result != g) return "";
        o << "; that is the value the check puts past the end of its input: the kernel read past n (guard the load with "
             "`i < n` and take RL_IDENTITY otherwise)";
    }
    return o.str();
}

}  // namespace

void deviceStep(const CheckRequest& request, const VariantInfo& variant, const Emit& emit) {
    const DeviceInfo device = selectDevice(request.device);
    emit({{"event", "device"}, {"name", device.name}, {"simd_width", device.simdWidth}});
    Engine engine(device);
    engine.programs().setDiskCache(BinaryCache());  // built from source each time: its warnings are part of the check
    // Past n the input holds a value that changes the result: a kernel that reads there is wrong on every device
    // (past a buffer's end a CPU device often finds zeros, which a sum takes in without a trace).
    engine.guardInputsPastN(std::max<size_t>(1024, 4 * size_t(request.config.wg)));
    bool buildKnown = false;
    auto buildIs = [&](bool ok, const std::string& log) {
        if (buildKnown) return;
        buildKnown = true;
        emit({{"event", "build"}, {"ok", ok}, {"log", log}});
    };
    const workbench::SignatureCheck kernel = workbench::kernelOf(request);  // as the check read it
    const std::vector<ElemType> types = claimedTypes(request);
    const std::vector<Op> ops = claimedOps(request);
    // The build first, on its own: a kernel that then never ends has still been seen to build.
    try {
        engine.programs().kernel(variant, request.config, false);
        buildIs(true, engine.programs().buildLog(variant, request.config, false));
    } catch (const Error& e) {
        if (e.kind() == ErrorKind::BuildFailed) {
            buildIs(false, e.what());
            return;
        }
        throw;
    }
    for (ElemType type : types) {
        const VariantInfo v = workbench::studentVariant(kernel, request.text, request.file, type);
        for (Op op : ops) {
            const bool main = type == request.config.type && op == request.config.op;
            for (const auto& size : main ? sizesOf(request, kernel.pattern)
                                         : workbench::quickSizes(request.config.wg, kernel.pattern)) {
                RunConfig c = request.config;
                c.n = size.n;
                c.op = op;
                c.type = type;
                if (size.bins > 0) c.bins = size.bins;
                emit({{"event", "start"}, {"n", size.n}, {"op", toString(op)}, {"type", toString(type)}});
                Json event = {{"event", "size"}, {"n", size.n}, {"why", size.why}, {"op", toString(op)},
                              {"type", toString(type)}, {"wg", c.wg}};
                try {
                    const uint64_t seed = request.inputSeed != 0 ? request.inputSeed + size.n : 1000 + size.n;
                    HostArray input = makeInput(type, size.data, size.n, seed);
                    if (size.reshape) size.reshape(input, op);
                    if (size.prepare) size.prepare(c, input);
                    const RunResult r = engine.run(v, c, input);
                    buildIs(true, "");
                    event.update(Json{{"ran", true}, {"correct", r.correct}, {"result", rl::json::value(r.result)},
                                  {"reference", rl::json::value(r.reference)},
                                  {"message", r.correct || !patternInfo(kernel.pattern).resultIsOneValue
                                                  ? r.verdict
                                                  : r.verdict + pastNHint(op, type, r.result, r.reference)}});
                } catch (const Error& e) {
                    if (e.kind() == ErrorKind::BuildFailed) {
                        buildIs(false, e.what());
                        return;
                    }
                    event.update(Json{{"ran", false}, {"correct", false}, {"result", 0}, {"reference", 0},
                                  {"message", explainRunFailure(e.what())}});
                    if (e.kind() == ErrorKind::DeviceFailure) {
                        // After a kernel fault NVIDIA's driver fails every later call of the context: the other
                        // sizes would only repeat the error. Stop here; the simulator step still runs.
                        emit(event);
                        emit({{"event", "stopped"},
                              {"message", "the other sizes were not run: after this error the device's context "
                                          "cannot be trusted"}});
                        return;
                    }
                }
                emit(event);
            }
        }
    }
    if (variant.recordsStages) {
        RunConfig c = request.config;
        c.n = workbench::tracedSize(request);
        const HostArray input = makeInput(c.type, c.data, c.n, request.config.seed);
        try {
            const TraceRun t = engine.trace(variant, c, input, TraceSelection::wholeUpToCells(c.wg));
            emit({{"event", "trace"}, {"trace", rl::json::trace(t)}});
        } catch (const Error& e) {
            emit({{"event", "trace_failed"}, {"message", e.what()}});
        }
    }
}

}  // namespace rl::check
