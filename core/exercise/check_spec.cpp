// The check kinds and the reading of a check entry.
#include "core/exercise/check_spec.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "core/types.h"

namespace rl::exercise {

double CheckSpec::number(const std::string& key, double fallback) const {
    return params.contains(key) && params.at(key).is_number() ? params.at(key).get<double>() : fallback;
}

std::string CheckSpec::text(const std::string& key, const std::string& fallback) const {
    return params.contains(key) && params.at(key).is_string() ? params.at(key).get<std::string>() : fallback;
}

const std::vector<CheckKind>& checkKinds() {
    static const std::vector<CheckKind> kinds = {
        {"correct", "right on every size and input, hidden ones included", {}, {}},
        {"no_races", "no data race in local memory", {}, {}},
        {"no_uninitialised", "no value used before it was written (Oclgrind)", {}, {}},
        {"no_out_of_bounds", "no read or write outside a buffer", {}, {}},
        {"no_barrier_divergence", "every work-item reaches every barrier", {}, {}},
        {"max_divergent_warps", "few divergent SIMD groups", {"max"}, {"stage"}},
        {"bank_conflict_degree", "no bank conflicts", {"max"}, {}},
        {"matches_model", "the stages equal a built-in kernel's", {"variant"}, {}},
        {"max_stages", "no more tree stages than log2(work-group size) allows", {}, {"extra"}},
        {"speedup_over_starter", "faster than the starter on this device", {"min"}, {"n", "rounds", "data"}, true},
        {"percent_of_copy", "close to the copy bandwidth of this device", {"min"}, {"n", "rounds", "data"}, true},
        {"reads_each_input_once", "every input element read exactly once", {}, {}},
        {"max_loading_groups", "fewer work-groups load the input", {"elements_per_item"}, {}},
        {"no_read_before_write", "no local cell read before it was written", {}, {}},
        {"active_set_shrinks", "each tree stage's active work-items are some of the previous stage's", {}, {}},
        {"float_error", "the float sum's round-off stays under a bound", {"max_eps"}, {"n"}, true},
        {"max_operations", "at most so many operations per element of a work-group", {"per_element"}, {}},
    };
    return kinds;
}

const CheckKind* findCheckKind(const std::string& kind) {
    for (const CheckKind& k : checkKinds())
        if (k.kind == kind) return &k;
    return nullptr;
}

namespace {

// The range of each numeric parameter, and whether it must be whole: the grader turns them into counts and sizes,
// so a value past these would overflow or make a run that never ends rather than a check.
struct ParamRange {
    const char* key;
    double lo, hi;
    bool whole;
};

const ParamRange kParamRanges[] = {
    {"max", 0, 1024, true},       {"stage", 0, 64, true},        {"extra", 0, 64, true},
    {"min", 0, 1000, false},      {"n", 1, double(1 << 28), true}, {"rounds", 1, 100, true},
    {"elements_per_item", 1, 65536, true}, {"max_eps", 0, 1e9, false}, {"per_element", 0, 64, false},
};

void checkRange(const std::string& where, const std::string& key, double v) {
    for (const ParamRange& r : kParamRanges) {
        if (key != r.key) continue;
        if (v < r.lo || v > r.hi || (r.whole && v != std::floor(v))) {
            std::ostringstream o;
            o << where << "." << key << " is " << v << "; give " << (r.whole ? "a whole number" : "a number")
              << " from " << r.lo << " to " << r.hi;
            throw Error(ErrorKind::BadInput, o.str());
        }
    }
}

}  // namespace

CheckSpec readCheckSpec(const nlohmann::json& j, size_t index) {
    const std::string where = "checks[" + std::to_string(index) + "]";
    if (!j.is_object()) throw Error(ErrorKind::BadInput, where + " is not an object {\"kind\": ...}");
    if (!j.contains("kind") || !j.at("kind").is_string())
        throw Error(ErrorKind::BadInput, where + " has no \"kind\" (a string)");
    CheckSpec s;
    s.kind = j.at("kind").get<std::string>();
    const CheckKind* kind = findCheckKind(s.kind);
    if (!kind) {
        std::string known;
        for (const CheckKind& k : checkKinds()) known += (known.empty() ? "" : ", ") + k.kind;
        throw Error(ErrorKind::BadInput, where + ": unknown check kind '" + s.kind + "'; the kinds are " + known);
    }
    for (const auto& [key, value] : j.items()) {
        if (key == "kind") continue;
        if (key == "name") {
            if (!value.is_string()) throw Error(ErrorKind::BadInput, where + ".name is not a string");
            s.name = value.get<std::string>();
        } else if (key == "points") {
            if (!value.is_number() || value.get<double>() < 0 || value.get<double>() > 1000)
                throw Error(ErrorKind::BadInput, where + ".points is not a number from 0 to 1000");
            s.points = value.get<double>();
        } else if (key == "hidden") {
            if (!value.is_boolean()) throw Error(ErrorKind::BadInput, where + ".hidden is not true or false");
            s.hidden = value.get<bool>();
        } else if (std::find(kind->required.begin(), kind->required.end(), key) != kind->required.end() ||
                   std::find(kind->optional.begin(), kind->optional.end(), key) != kind->optional.end()) {
            const bool isText = key == "variant" || key == "data";
            if (isText ? !value.is_string() : !value.is_number() || value.get<double>() < 0)
                throw Error(ErrorKind::BadInput, where + " (" + s.kind + ")." + key + " must be " +
                                                     (isText ? "a string" : "a number >= 0"));
            if (key == "data") {  // the timed input: a generated pattern (a file's would not travel with the course)
                const auto d = parseDataPattern(value.get<std::string>());
                if (!d || fromFile(*d))
                    throw Error(ErrorKind::BadInput, where + " (" + s.kind + ").data '" + value.get<std::string>() +
                                                         "' is not a generated pattern: give random, zipf, constant, "
                                                         "0-9, 0-99, ones, iota or floats");
            }
            if (!isText) checkRange(where + " (" + s.kind + ")", key, value.get<double>());
            s.params[key] = value;
        } else {
            std::string allowed = "kind, name, points, hidden";
            for (const auto& k : kind->required) allowed += ", " + k;
            for (const auto& k : kind->optional) allowed += ", " + k;
            throw Error(ErrorKind::BadInput, where + " (" + s.kind + "): unknown field '" + key + "'; it takes " +
                                                 allowed);
        }
    }
    for (const std::string& key : kind->required)
        if (!s.params.contains(key))
            throw Error(ErrorKind::BadInput, where + " (" + s.kind + ") needs \"" + key + "\"");
    if (s.name.empty()) s.name = kind->describes;
    return s;
}

nlohmann::json toJson(const CheckSpec& s) {
    nlohmann::json j = s.params;
    j["kind"] = s.kind;
    j["name"] = s.name;
    j["points"] = s.points;
    j["hidden"] = s.hidden;
    return j;
}

}  // namespace rl::exercise
