// CPU references and the acceptance rule for device results.
#include "core/model/reference.h"

#include <cfloat>
#include <cmath>
#include <cstdio>

namespace rl {

Reference computeReference(const HostArray& input, Op op) {
    Reference ref;
    ref.n = input.size();
    const ElemType type = input.type;
    if (op != Op::Sum || isIntegral(type)) {
        double acc = identity(op, type);
        for (size_t i = 0; i < ref.n; ++i) acc = apply(op, type, acc, input.at(i));
        ref.value = acc;
        for (size_t i = 0; i < ref.n; ++i) ref.sumAbs += std::fabs(input.at(i));
        return ref;
    }
    double sum = 0, c = 0;  // Kahan-Babuska (Neumaier) in double
    for (size_t i = 0; i < ref.n; ++i) {
        const double x = input.at(i);
        const double t = sum + x;
        c += std::fabs(sum) >= std::fabs(x) ? (sum - t) + x : (x - t) + sum;
        sum = t;
        ref.sumAbs += std::fabs(x);
    }
    ref.value = sum + c;
    return ref;
}

bool acceptResult(const Reference& ref, Op op, ElemType type, double result, std::string* verdict) {
    char buf[256];
    if (isIntegral(type) || op != Op::Sum) {
        const bool ok = result == ref.value;
        const int digits = isWide(type) ? 17 : 9;  // a long past 2^30 or a double needs all 17
        std::snprintf(buf, sizeof buf,
                      ok ? "equals the CPU reference %.*g" : "differs from the CPU reference %.*g (exact comparison)",
                      digits, ref.value);
        if (verdict) *verdict = buf;
        return ok;
    }
    const double depth = ref.n > 1 ? std::ceil(std::log2(double(ref.n))) : 0.0;
    const bool wide = type == ElemType::Double;
    const double tol = (depth + 2.0) * (wide ? DBL_EPSILON : double(FLT_EPSILON)) * ref.sumAbs;
    const double err = std::fabs(result - ref.value);
    const bool ok = err <= tol;
    std::snprintf(buf, sizeof buf, wide ? "|%.17g - %.17g| = %.3g %s tolerance %.3g ((log2 n + 2) * DBL_EPSILON * sum|x|)"
                                        : "|%.9g - %.9g| = %.3g %s tolerance %.3g ((log2 n + 2) * FLT_EPSILON * sum|x|)",
                  result, ref.value, err, ok ? "<=" : ">", tol);
    if (verdict) *verdict = buf;
    return ok;
}

double serialFloatSum(const HostArray& input) {
    float acc = 0.f;
    for (size_t i = 0; i < input.size(); ++i) acc += float(input.at(i));
    return acc;
}

}  // namespace rl
