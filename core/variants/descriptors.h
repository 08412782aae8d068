// One function per variant returning its descriptor; each lives in core/variants/<id>.cpp beside kernels/<id>.cl.
#pragma once
#include "core/variant.h"

namespace rl::variants {

VariantInfo sequential();
VariantInfo globalBottomUp();
VariantInfo globalTopDown();
VariantInfo workGroupReduce();
VariantInfo subGroupReduce();

}  // namespace rl::variants
