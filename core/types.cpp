// Names, parsing, identities and the exact host-side operation for ReduceLab's basic types.
#include "core/types.h"

#include <cmath>
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

std::string_view toString(ElemType type) { return type == ElemType::Int ? "int" : "float"; }

std::string_view toString(DataPattern pattern) {
    switch (pattern) {
        case DataPattern::Random: return "random";
        case DataPattern::Iota: return "iota";
        case DataPattern::Ones: return "ones";
        case DataPattern::Digits: return "0-9";
        case DataPattern::Small: return "0-99";
        case DataPattern::Floats: return "floats";
        case DataPattern::File: return "file";
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
    return std::nullopt;
}

double identity(Op op, ElemType type) {
    switch (op) {
        case Op::Sum: return 0.0;
        case Op::Min:
            return type == ElemType::Int ? double(std::numeric_limits<int32_t>::max())
                                         : double(std::numeric_limits<float>::infinity());
        case Op::Max:
            return type == ElemType::Int ? double(std::numeric_limits<int32_t>::min())
                                         : -double(std::numeric_limits<float>::infinity());
    }
    return 0.0;
}

double apply(Op op, ElemType type, double a, double b) {
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
