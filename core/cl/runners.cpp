// Chooses the KindRunner for a variant kind; the result read-back the local-tree kinds share.
#include "core/cl/runners.h"

#include <chrono>

namespace rl {

std::unique_ptr<KindRunner> makeRunner(VariantKind kind) {
    switch (kind) {
        case VariantKind::LocalTree: return makeLocalTreeRunner();
        case VariantKind::GlobalBottomUp: return makeGlobalBottomUpRunner();
        case VariantKind::GlobalTopDown: return makeGlobalTopDownRunner();
        case VariantKind::LastGroup: return makeLastGroupRunner();
        case VariantKind::BuiltinWorkGroup:
        case VariantKind::BuiltinSubGroup: return makeBuiltinRunner();
        default: break;
    }
    throw Error(ErrorKind::Unsupported, "this kind of variant has no runner yet");
}

double readResult(Engine& engine, const RunConfig& config, const cl::Buffer& partials, size_t count,
                  double* hostFinalMs) {
    std::vector<cl_int> raw(count);
    engine.queue().enqueueReadBuffer(partials, CL_TRUE, 0, count * 4, raw.data());
    const auto start = std::chrono::steady_clock::now();
    double acc = identity(config.op, config.type);
    for (cl_int bits : raw) acc = apply(config.op, config.type, acc, bitsToValue(bits, config.type));
    if (hostFinalMs)
        *hostFinalMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    return count == 1 ? bitsToValue(raw[0], config.type) : acc;
}

}  // namespace rl
