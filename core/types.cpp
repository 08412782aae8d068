// Names, parsing, identities and the exact host-side operation for ReduceLab's basic types.
#include "core/types.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>

namespace rl {

std::string_view toString(Op op) {
    switch (op) {
        case Op::Sum: return "sum";
        case Op::Min: return "min";
        case Op::Max: return "max";
    }
    return "?";
}

std::string_view toString(ElemType type) {
    switch (type) {
        case ElemType::Int: return "int";
        case ElemType::Float: return "float";
        case ElemType::Long: return "long";
        case ElemType::Double: return "double";
    }
    return "?";
}

std::string shortestText(double v) {
    char buf[64];
    if (v == std::floor(v) && std::fabs(v) < 1e15) {  // a whole number as one: "-1000", not "-1e+03"
        std::snprintf(buf, sizeof buf, "%.0f", v);
        return buf;
    }
    for (int digits = 1; digits <= 17; ++digits) {
        std::snprintf(buf, sizeof buf, "%.*g", digits, v);
        if (std::strtod(buf, nullptr) == v) break;
    }
    return buf;
}

std::string_view typeNames() { return "int, float, long or double"; }

std::string_view toString(DataPattern pattern) {
    switch (pattern) {
        case DataPattern::Random: return "random";
        case DataPattern::Iota: return "iota";
        case DataPattern::Ones: return "ones";
        case DataPattern::Digits: return "0-9";
        case DataPattern::Small: return "0-99";
        case DataPattern::Floats: return "floats";
        case DataPattern::File: return "file";
        case DataPattern::Zipf: return "zipf";
        case DataPattern::Constant: return "constant";
        case DataPattern::Text: return "text";
    }
    return "?";
}

std::optional<Op> parseOp(std::string_view text) {
    if (text == "sum") return Op::Sum;
    if (text == "min") return Op::Min;
    if (text == "max") return Op::Max;
    return std::nullopt;
}

std::optional<ElemType> parseElemType(std::string_view text) {
    if (text == "int") return ElemType::Int;
    if (text == "float") return ElemType::Float;
    if (text == "long") return ElemType::Long;
    if (text == "double") return ElemType::Double;
    return std::nullopt;
}

std::optional<DataPattern> parseDataPattern(std::string_view text) {
    if (text == "random") return DataPattern::Random;
    if (text == "iota") return DataPattern::Iota;
    if (text == "ones") return DataPattern::Ones;
    if (text == "0-9" || text == "digits") return DataPattern::Digits;
    if (text == "0-99") return DataPattern::Small;
    if (text == "floats") return DataPattern::Floats;
    if (text == "file") return DataPattern::File;
    if (text == "zipf") return DataPattern::Zipf;
    if (text == "constant") return DataPattern::Constant;
    if (text == "text") return DataPattern::Text;
    return std::nullopt;
}

namespace {

// A value travelling as double, as the long it stands for: LONG_MAX (the identity of min) reaches double as 2^63,
// which int64_t cannot hold, so the ends saturate.
int64_t toLong(double v) {
    if (v >= 9223372036854775807.0) return std::numeric_limits<int64_t>::max();
    if (v <= -9223372036854775808.0) return std::numeric_limits<int64_t>::min();
    return int64_t(v);
}

}  // namespace

double valueFromBytes(const void* bytes, ElemType type) {
    switch (type) {
        case ElemType::Int: { int32_t v; std::memcpy(&v, bytes, sizeof v); return double(v); }
        case ElemType::Long: { int64_t v; std::memcpy(&v, bytes, sizeof v); return double(v); }
        case ElemType::Double: { double v; std::memcpy(&v, bytes, sizeof v); return v; }
        case ElemType::Float: break;
    }
    float f;
    std::memcpy(&f, bytes, sizeof f);
    return double(f);
}

double identity(Op op, ElemType type) {
    const double inf = std::numeric_limits<double>::infinity();
    switch (op) {
        case Op::Sum: return 0.0;
        case Op::Min:
            if (type == ElemType::Int) return double(std::numeric_limits<int32_t>::max());
            if (type == ElemType::Long) return double(std::numeric_limits<int64_t>::max());
            return inf;
        case Op::Max:
            if (type == ElemType::Int) return double(std::numeric_limits<int32_t>::min());
            if (type == ElemType::Long) return double(std::numeric_limits<int64_t>::min());
            return -inf;
    }
    return 0.0;
}

double apply(Op op, ElemType type, double a, double b) {
    if (type == ElemType::Long) {
        const int64_t la = toLong(a), lb = toLong(b);
        switch (op) {
            case Op::Sum: return double(int64_t(uint64_t(la) + uint64_t(lb)));  // two's-complement wrap
            case Op::Min: return double(lb < la ? lb : la);
            case Op::Max: return double(lb > la ? lb : la);
        }
    }
    if (type == ElemType::Double) {
        switch (op) {
            case Op::Sum: return a + b;
            case Op::Min: return b < a ? b : a;
            case Op::Max: return b > a ? b : a;
        }
    }
    if (type == ElemType::Int) {
        const auto ia = int32_t(a), ib = int32_t(b);
        switch (op) {
            case Op::Sum: return double(int32_t(uint32_t(ia) + uint32_t(ib)));  // two's-complement wrap
            case Op::Min: return double(ib < ia ? ib : ia);
            case Op::Max: return double(ib > ia ? ib : ia);
        }
    }
    const float fa = float(a), fb = float(b);
    switch (op) {
        case Op::Sum: return double(fa + fb);  // rounded to float, as on the device
        case Op::Min: return double(fb < fa ? fb : fa);
        case Op::Max: return double(fb > fa ? fb : fa);
    }
    return 0.0;
}

}  // namespace rl
