// Chooses the KindRunner for a variant kind; the result read-back the local-tree kinds share.
#include "core/cl/runners.h"

#include <algorithm>
#include <chrono>

namespace rl {

std::unique_ptr<KindRunner> makeRunner(VariantKind kind) {
    switch (kind) {
        case VariantKind::LocalTree: return makeLocalTreeRunner();
        case VariantKind::GlobalBottomUp: return makeGlobalBottomUpRunner();
        case VariantKind::GlobalTopDown: return makeGlobalTopDownRunner();
        case VariantKind::LastGroup: return makeLastGroupRunner();
        case VariantKind::ScanTiles: return makeScanTilesRunner();
        case VariantKind::ScanLookBack: return makeScanLookBackRunner();
        case VariantKind::ScanReduceThenScan:
        case VariantKind::ScanChunks: return makeReduceThenScanRunner();
        case VariantKind::Histogram:
        case VariantKind::HistogramTwoPass: return makeHistogramRunner();
        case VariantKind::BuiltinWorkGroup:
        case VariantKind::BuiltinSubGroup: return makeBuiltinRunner();
        default: break;
    }
    throw Error(ErrorKind::Unsupported, "this kind of variant has no runner yet");
}

double readResult(Engine& engine, const RunConfig& config, const cl::Buffer& partials, size_t count,
                  double* hostFinalMs) {
    std::vector<char> raw(count * elemSize(config.type));
    engine.queue().enqueueReadBuffer(partials, CL_TRUE, 0, raw.size(), raw.data());
    const auto start = std::chrono::steady_clock::now();
    double acc = identity(config.op, config.type);
    for (size_t i = 0; i < count; ++i) acc = apply(config.op, config.type, acc, valueAt(raw.data(), i, config.type));
    if (hostFinalMs)
        *hostFinalMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    return count == 1 ? valueAt(raw.data(), 0, config.type) : acc;
}

std::vector<double> readElements(Engine& engine, const cl::Buffer& buffer, size_t count, ElemType type,
                                 size_t first) {
    std::vector<char> raw(count * elemSize(type));
    if (count > 0) engine.queue().enqueueReadBuffer(buffer, CL_TRUE, first * elemSize(type), raw.size(), raw.data());
    std::vector<double> out(count);
    for (size_t i = 0; i < count; ++i) out[i] = valueAt(raw.data(), i, type);
    return out;
}

std::vector<double> readPiece(Engine& engine, const cl::Buffer& buffer, size_t total, size_t first, size_t count,
                              ElemType type) {
    first = std::min(first, total);
    return readElements(engine, buffer, std::min(count, total - first), type, first);
}

}  // namespace rl
