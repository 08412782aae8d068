// Descriptor of kernels/vector4.cl (the CSCI376 seed's vector kernel).
#include "core/variants/descriptors.h"

namespace rl::variants {

VariantInfo vector4() {
    VariantInfo v;
    v.id = "vector4";
    v.title = "Vector loads (float4 / int4)";
    v.harrisStep = 0;
    v.lesson =
        "Each work-item loads four neighbouring elements with one 16-byte vector load and combines the components in "
        "registers, (x op y) op (z op w), before a sequential-addressing tree: fewer and wider memory transactions, "
        "and a work-group covers four times its size. The last partial vector is loaded element by element and "
        "padded with the identity. Unlike the course tutorial it comes from, which sums the components with dot() "
        "(in an order left to the implementation), the order here is fixed, so float results are reproducible.";
    v.requirements = "power-of-two work-group size";
    v.toggles.sequentialAddressing = true;
    v.toggles.compactBranching = true;
    v.toggles.vectorLoads = true;
    v.defaultElementsPerItem = 4;
    return v;
}

}  // namespace rl::variants
