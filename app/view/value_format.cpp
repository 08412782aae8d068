// Exact value formatting for cells, tooltips and exports; compact formatting for legends.
#include "app/view/value_format.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace rl::view {
namespace {

const char* kInf = "\xe2\x88\x9e";         // ∞
const char* kMinusInf = "\xe2\x88\x92\xe2\x88\x9e";  // −∞

std::string printf1(const char* format, double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, format, v);
    return buf;
}

// Counts characters as glyphs (UTF-8 continuation bytes do not count).
int glyphs(const std::string& s) {
    int n = 0;
    for (unsigned char c : s) n += (c & 0xC0) != 0x80;
    return n;
}

}  // namespace

std::string formatExact(double value, ElemType type) {
    if (std::isnan(value)) return "NaN";
    if (std::isinf(value)) return value > 0 ? kInf : kMinusInf;
    if (type == ElemType::Int) return printf1("%.0f", value);
    return printf1("%.9g", value);
}

std::string formatCell(double value, ElemType type) {
    if (std::isnan(value)) return "NaN";
    if (std::isinf(value)) return value > 0 ? kInf : kMinusInf;
    if (type == ElemType::Int) return printf1("%.0f", value);
    const float f = float(value);
    for (int digits = 1; digits <= 9; ++digits) {
        char format[8];
        std::snprintf(format, sizeof format, "%%.%dg", digits);
        const std::string text = printf1(format, double(f));
        if (float(std::strtod(text.c_str(), nullptr)) == f) return text;
    }
    return printf1("%.9g", double(f));
}

std::string formatCompact(double value, ElemType type, int maxChars) {
    if (maxChars < 3) maxChars = 3;
    if (std::isnan(value)) return "NaN";
    if (std::isinf(value)) return value > 0 ? kInf : kMinusInf;
    if (type == ElemType::Int) {
        std::string exact = printf1("%.0f", value);
        if (glyphs(exact) <= maxChars) return exact;
        static const char* suffix[] = {"k", "M", "G", "T"};
        double scaled = value;
        for (const char* s : suffix) {
            scaled /= 1000.0;
            for (int decimals = 1; decimals >= 0; --decimals) {
                const std::string number = printf1(decimals ? "%.1f" : "%.0f", scaled);
                if (std::stod(number) == 0) continue;  // never "-0k": a rounded form must not read as zero
                const std::string text = number + s;
                if (glyphs(text) <= maxChars && std::fabs(scaled) < 1000) return text;
            }
        }
        return printf1("%.0e", value);
    }
    if (value == 0) return "0";
    for (int digits = 4; digits >= 1; --digits) {
        char format[8];
        std::snprintf(format, sizeof format, "%%.%dg", digits);
        std::string text = printf1(format, value);
        if (glyphs(text) <= maxChars) return text;
    }
    return printf1("%.0e", value);
}

}  // namespace rl::view
