// Exact value formatting for cells, tooltips and exports; compact formatting for legends.
#include "app/view/value_format.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>

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

// A whole number as the int or long it stands for: LONG_MAX and LONG_MIN (the identities of min and max) reach
// double as +-2^63, and print as the long they were.
std::string whole(double value, ElemType type) {
    if (type == ElemType::Long && value >= 9223372036854775807.0) return "9223372036854775807";
    if (type == ElemType::Long && value <= -9223372036854775808.0) return "-9223372036854775808";
    return printf1("%.0f", value);
}

// The shortest text that reads back as the same value of the type (a float or a double).
std::string shortest(double value, ElemType type) {
    const int most = type == ElemType::Double ? 17 : 9;
    const double target = type == ElemType::Double ? value : double(float(value));
    for (int digits = 1; digits <= most; ++digits) {
        char format[8];
        std::snprintf(format, sizeof format, "%%.%dg", digits);
        const std::string text = printf1(format, target);
        const double back = std::strtod(text.c_str(), nullptr);
        if (type == ElemType::Double ? back == target : float(back) == float(target)) return text;
    }
    return printf1(type == ElemType::Double ? "%.17g" : "%.9g", target);
}

}  // namespace

std::string formatExact(double value, ElemType type) {
    if (std::isnan(value)) return "NaN";
    if (std::isinf(value)) return value > 0 ? kInf : kMinusInf;
    if (isIntegral(type)) return whole(value, type);
    if (type == ElemType::Double) return shortest(value, type);
    return printf1("%.9g", value);
}

std::string formatCell(double value, ElemType type) {
    if (std::isnan(value)) return "NaN";
    if (std::isinf(value)) return value > 0 ? kInf : kMinusInf;
    if (isIntegral(type)) return whole(value, type);
    return shortest(value, type);
}

std::string formatCompact(double value, ElemType type, int maxChars) {
    if (maxChars < 3) maxChars = 3;
    if (std::isnan(value)) return "NaN";
    if (std::isinf(value)) return value > 0 ? kInf : kMinusInf;
    if (isIntegral(type)) {
        std::string exact = whole(value, type);
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

std::string localTimeText(const char* format) {
    const std::time_t t = std::time(nullptr);
    std::tm tm{};
    localtime_r(&t, &tm);
    char text[64];
    return std::strftime(text, sizeof text, format, &tm) > 0 ? text : "";
}

}  // namespace rl::view
