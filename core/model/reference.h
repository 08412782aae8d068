// CPU references every device result is checked against: exact for int, Kahan-compensated double for float.
#pragma once
#include <string>

#include "core/input.h"

namespace rl {

struct Reference {
    double value = 0;      // exact for int (two's-complement wrap, like the device); Kahan double sum for float
    double sumAbs = 0;     // sum of |x|, the scale of the round-off bound for float sums
    size_t n = 0;
};

Reference computeReference(const HostArray& input, Op op);

// Whether a device result is acceptable: equality for int and for float min/max; for float sums,
// |result - reference| <= (log2(n) + 2) * FLT_EPSILON * sum|x| (a tree sum's error grows with its depth).
bool acceptResult(const Reference& ref, Op op, ElemType type, double result, std::string* verdict);

// Serial float sum in input order (the naive loop), for the round-off lesson.
double serialFloatSum(const HostArray& input);

}  // namespace rl
