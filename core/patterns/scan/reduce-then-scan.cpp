// reduce-then-scan: the descriptor (scan step 5: two launches over a fixed grid) and the CPU model of
// kernels/scan/reduce-then-scan.cl (core/model/model_scan.cpp: its totals launch and its scan launch's first tile).
// Lesson, cost and requirements are read from the kernel's banner; the model is what device traces are tested against.
#include "core/model/model_scan.h"
#include "core/patterns/scan/variants.h"

namespace rl::variants {

VariantInfo reduce_then_scan() {
    VariantInfo v;
    v.pattern = Pattern::Scan;
    v.id = "reduce-then-scan";
    v.title = "Reduce, then scan (a fixed grid of chunks)";
    v.kind = VariantKind::ScanReduceThenScan;
    v.args = KernelArgs{0, 1, 2, 3, 4, 6};  // (in, out, n, scratch, chunk, totals RL_TRACE_PARAMS)
    v.scratchPerItem = 2;                   // Hillis-Steele's two buffers over the runs' totals
    v.elementsPerItemSettable = true;
    v.defaultElementsPerItem = 4;  // one 16-byte load per work-item per tile: a SIMD group reads 512 bytes in a row
    v.groupsPerComputeUnit = 8;  // a 256-wide group per 256 lanes of a 2048-lane compute unit: every lane busy
    v.model = &model::reduceThenScanGroup;
    return v;
}

}  // namespace rl::variants
