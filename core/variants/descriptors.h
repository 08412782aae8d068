// One function per variant returning its descriptor; each lives in core/variants/<id>.cpp beside kernels/<id>.cl.
#pragma once
#include "core/variant.h"

namespace rl::variants {

VariantInfo interleavedDivergent();
VariantInfo interleavedStrided();
VariantInfo sequential();
VariantInfo firstAdd();
VariantInfo unrollLastWarp();
VariantInfo completeUnroll();
VariantInfo multiElement();
VariantInfo unrollLastWarpSafe();
VariantInfo vector4();
VariantInfo gridStride();
VariantInfo bestGpu();
VariantInfo bestCpu();
VariantInfo globalBottomUp();
VariantInfo globalTopDown();
VariantInfo workGroupReduce();
VariantInfo subGroupReduce();

}  // namespace rl::variants
