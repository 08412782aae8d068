// The strict field readers the JSON forms share (core/files/json_io.cpp, core/files/trace_json.cpp): each throws
// rl::Error (BadInput) naming the field that is missing, of the wrong kind or out of range. Internal to core/files/.
#pragma once
#include <algorithm>
#include <cmath>
#include <string>
#include <string_view>
#include <type_traits>

#include <nlohmann/json.hpp>

#include "core/types.h"
#include "core/files/run_settings.h"

namespace rl::json::fields {

using nlohmann::json;

[[noreturn]] inline void bad(const std::string& what) { throw Error(ErrorKind::BadInput, "malformed data: " + what); }

inline const json& field(const json& j, const char* name) {
    if (!j.is_object()) bad(std::string("expected an object holding '") + name + "'");
    auto it = j.find(name);
    if (it == j.end()) bad(std::string("missing field '") + name + "'");
    return *it;
}

template <typename T>
T number(const json& j, const char* name, T lo, T hi) {
    const json& f = field(j, name);
    if (!f.is_number()) bad(std::string("field '") + name + "' is not a number");
    const double d = f.get<double>();
    if (!(d >= double(lo) && d <= double(hi))) bad(std::string("field '") + name + "' is out of range");
    if (std::is_integral_v<T> && d != std::floor(d)) bad(std::string("field '") + name + "' is not a whole number");
    return T(d);
}

// A run setting stored as a number, refused as every front end refuses it (core/files/run_settings.h).
template <typename T>
T setting(const json& j, const char* key, std::string_view name) {
    const json& f = field(j, key);
    const std::string shown = "malformed data: field '" + std::string(key) + "'";
    if (!f.is_number()) bad(std::string("field '") + key + "' is not a number");
    const double d = f.get<double>();
    if (d != std::floor(d)) bad(std::string("field '") + key + "' is not a whole number");
    const long long v = f.is_number_unsigned() ? (long long)std::min<unsigned long long>(f.get<unsigned long long>(),
                                                                                          1ull << 62)
                        : f.is_number_integer() ? f.get<long long>()
                        : std::fabs(d) < 4e18   ? (long long)d
                                                : (d < 0 ? -(1ll << 62) : 1ll << 62);
    return T(checkedSetting(name, v, shown));
}

inline std::string text(const json& j, const char* name) {
    const json& f = field(j, name);
    if (!f.is_string()) bad(std::string("field '") + name + "' is not a string");
    return f.get<std::string>();
}

inline bool flag(const json& j, const char* name) {
    const json& f = field(j, name);
    if (!f.is_boolean()) bad(std::string("field '") + name + "' is not true/false");
    return f.get<bool>();
}

inline const json& array(const json& j, const char* name, size_t maxSize) {
    const json& f = field(j, name);
    if (!f.is_array()) bad(std::string("field '") + name + "' is not an array");
    if (f.size() > maxSize) bad(std::string("field '") + name + "' is too long");
    return f;
}

}  // namespace rl::json::fields
