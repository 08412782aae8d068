// Writers and strict readers of the JSON forms of devices, variants, run settings and run results (CLI --json
// output and saved sessions share them); traces have theirs in trace_json.cpp.
#include "core/files/json_io.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/pattern.h"
#include "core/files/json_fields.h"
#include "core/files/run_settings.h"

namespace rl::json {
namespace {

using nlohmann::json;
using namespace fields;

// A run setting stored as text ("op": "max"), read with the rule every front end uses.
void wordSetting(RunConfig& c, const json& j, const char* key, std::string_view name) {
    setRunSetting(c, name, text(j, key), "malformed data: field '" + std::string(key) + "'");
}

}  // namespace

json value(double v) {
    if (std::isnan(v)) return "nan";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    if (v == std::floor(v) && std::fabs(v) < 9.0e15 && !(v == 0 && std::signbit(v))) return (long long)v;
    return v;
}

double toValue(const json& j) {
    if (j.is_number()) return j.get<double>();
    if (j.is_string()) {
        const auto s = j.get<std::string>();
        if (s == "inf") return std::numeric_limits<double>::infinity();
        if (s == "-inf") return -std::numeric_limits<double>::infinity();
        if (s == "nan") return std::numeric_limits<double>::quiet_NaN();
    }
    bad("a value is neither a number nor \"inf\"/\"-inf\"/\"nan\"");
}

json device(const DeviceInfo& d) {
    return {{"index", d.index},
            {"platform", d.platform},
            {"platform_version", d.platformVersion},
            {"name", d.name},
            {"vendor", d.vendor},
            {"version", d.version},
            {"driver", d.driver},
            {"type", d.type},
            {"compute_units", d.computeUnits},
            {"max_work_group", d.maxWorkGroup},
            {"local_mem_bytes", d.localMemBytes},
            {"global_mem_bytes", d.globalMemBytes},
            {"max_alloc_bytes", d.maxAllocBytes},
            {"global_cache_bytes", d.globalCacheBytes},
            {"simd_width", d.simdWidth},
            {"simd_width_source", d.simdWidthSource},
            {"sub_groups", d.subGroups},
            {"work_group_collectives", d.workGroupCollectives},
            {"int64_atomics", d.int64Atomics},
            {"fp64", d.fp64},
            {"starts_groups_in_order", d.startsGroupsInOrder},
            {"ptx_warps", d.ptxWarps},
            {"ptx_match", d.ptxMatch}};
}

json variant(const VariantInfo& v) {
    static const char* kinds[] = {"local-tree",         "global-bottom-up",  "global-top-down",
                                  "builtin-work-group", "builtin-sub-group", "last-group",
                                  "scan-tiles",         "scan-look-back",    "scan-reduce-then-scan",
                                  "scan-chunks",        "histogram",         "histogram-two-pass"};
    static_assert(sizeof kinds / sizeof kinds[0] == size_t(VariantKind::HistogramTwoPass) + 1, "a name for every kind");
    return {{"id", v.id},
            {"pattern", patternInfo(v.pattern).name},
            {"kernel", v.kernelName},
            {"title", v.title},
            {"harris_step", v.harrisStep},
            {"kind", kinds[int(v.kind)]},
            {"lesson", v.lesson},
            {"requirements", v.requirements},
            {"correct_by_design", v.correctByDesign},
            {"wrong_reason", v.wrongReason},
            {"default_elements_per_item", v.defaultElementsPerItem},
            {"timed_elements_per_item", v.timedElementsPerItem > 0 ? v.timedElementsPerItem : v.defaultElementsPerItem}};
}

// The run settings under their command-line names (core/files/run_settings.h): "epi", "simd", "bank-width",
// "final" ("device" or "host"). Sessions written before kept "elems_per_item", "simd_width", "bank_width" and
// "final_on_host"; readConfig reads those too.
json config(const RunConfig& c) {
    json j = {{"variant", c.variant},
            {"n", c.n},
            {"op", toString(c.op)},
            {"type", toString(c.type)},
            {"wg", c.wg},
            {"epi", c.elemsPerItem},
            {"data", toString(c.data)},
            {"seed", c.seed},
            {"final", c.finalOnHost ? "host" : "device"},
            {"simd", c.simdWidth},
            {"banks", c.banks},
            {"bank-width", c.bankWidthBytes},
            {"groups", c.groups},
            {"bins", c.bins},
            {"range", settingText(c, "range")}};
    if (c.exclusive) j["exclusive"] = true;
    if (fromFile(c.data)) j["data_file"] = c.dataFile;
    return j;
}

json runResult(const RunResult& r) {
    json passes = json::array();
    for (const auto& p : r.passes) {
        passes.push_back({{"n", p.plan.n},
                          {"groups", p.plan.groups},
                          {"global", p.plan.global},
                          {"local", p.plan.local},
                          {"elems_per_item", p.plan.elemsPerItem},
                          {"in_previous_launch", p.plan.inPreviousLaunch},
                          {"time_ms", p.medianMs},
                          {"min_ms", p.minMs},
                          {"max_ms", p.maxMs}});
        if (!p.role.empty()) passes.back()["role"] = p.role;  // a launch after the passes (a scan's uniform add)
    }
    const VariantInfo* known = findVariant(r.variant);
    json out = {{"variant", r.variant},
            {"pattern", patternInfo(known ? known->pattern : r.pattern).name},
            {"device", r.device},
            {"n", r.config.n},
            {"op", toString(r.config.op)},
            {"type", toString(r.config.type)},
            {"wg", r.config.wg},
            {"data", toString(r.config.data)},
            {"seed", r.config.seed},
            {"final_on_host", r.config.finalOnHost},
            {"epi", r.config.elemsPerItem},
            {"result", value(r.result)},
            {"reference", value(r.reference)},
            {"correct", r.correct},
            {"verdict", r.verdict},
            {"passes", passes},
            {"time_ms", r.medianMs},
            {"min_ms", r.minMs},
            {"max_ms", r.maxMs},
            {"host_final_ms", r.hostFinalMs},
            {"repeats", r.repeats},
            {"gbps", r.gbps()}};
    if (fromFile(r.config.data)) out["data_file"] = r.config.dataFile;
    for (const std::string& name : patternInfo(r.pattern).ownSettings)  // a histogram's bins and range
        out[name] = settingText(r.config, name);
    return out;
}

json copyCeiling(const CopyCeiling& c) {
    return {{"n", c.n}, {"time_ms", c.medianMs}, {"min_ms", c.minMs}, {"max_ms", c.maxMs}, {"gbps", c.gbps}};
}

DeviceInfo readDevice(const json& j) {
    DeviceInfo d;
    d.index = number<int>(j, "index", 0, 1 << 16);
    d.platform = text(j, "platform");
    d.platformVersion = text(j, "platform_version");
    d.name = text(j, "name");
    d.vendor = text(j, "vendor");
    d.version = text(j, "version");
    d.driver = text(j, "driver");
    d.type = text(j, "type");
    d.computeUnits = number<int>(j, "compute_units", 0, 1 << 24);
    d.maxWorkGroup = number<size_t>(j, "max_work_group", 0, size_t(1) << 32);
    d.localMemBytes = number<size_t>(j, "local_mem_bytes", 0, size_t(1) << 53);
    d.globalMemBytes = number<size_t>(j, "global_mem_bytes", 0, size_t(1) << 53);
    d.maxAllocBytes = number<size_t>(j, "max_alloc_bytes", 0, size_t(1) << 53);
    // absent before the streamed stores: 0, no cache known, and so ordinary stores
    d.globalCacheBytes =
        j.contains("global_cache_bytes") ? number<size_t>(j, "global_cache_bytes", 0, size_t(1) << 53) : 0;
    d.simdWidth = number<int>(j, "simd_width", 1, 1024);
    d.simdWidthSource = text(j, "simd_width_source");
    d.subGroups = flag(j, "sub_groups");
    d.workGroupCollectives = flag(j, "work_group_collectives");
    d.int64Atomics = j.contains("int64_atomics") && flag(j, "int64_atomics");  // absent before best-gpu needed it
    d.fp64 = j.contains("fp64") && flag(j, "fp64");                            // absent before the double type
    d.startsGroupsInOrder = j.contains("starts_groups_in_order") && flag(j, "starts_groups_in_order");
    d.ptxWarps = j.contains("ptx_warps") && flag(j, "ptx_warps");  // absent before the warp path
    d.ptxMatch = j.contains("ptx_match") && flag(j, "ptx_match");  // absent before the sub-group histogram
    return d;
}

RunConfig readConfig(const json& j) {
    RunConfig c = defaultRunConfig();  // a key a session does not hold: the default every front end takes
    c.variant = text(j, "variant");
    c.n = number<size_t>(j, "n", 1, size_t(settingRange("n").hi));  // the run settings' range
    wordSetting(c, j, "op", "op");
    wordSetting(c, j, "type", "type");
    // Absent in no file written so far; read as the first sessions' only random data all the same.
    c.data = DataPattern::Random;
    if (j.contains("data")) {
        const std::string data = text(j, "data");
        if (data == toString(DataPattern::File) || data == toString(DataPattern::Text)) {
            // A session keeps its values: the file is not read again.
            c.data = *parseDataPattern(data);
            c.dataFile = text(j, "data_file");
        } else {
            wordSetting(c, j, "data", "data");
        }
    }
    // A setting under its command-line name, or under the key sessions used before (config()).
    auto key = [&j](const char* name, const char* old) { return j.contains(name) || !j.contains(old) ? name : old; };
    c.wg = setting<size_t>(j, "wg", "wg");
    c.elemsPerItem = setting<int>(j, key("epi", "elems_per_item"), "epi");
    c.seed = setting<uint64_t>(j, "seed", "seed");
    if (j.contains("final") || !j.contains("final_on_host")) {
        wordSetting(c, j, "final", "final");  // device or host, by the command line's rule
    } else {
        c.finalOnHost = flag(j, "final_on_host");
    }
    c.exclusive = j.contains("exclusive") && flag(j, "exclusive");
    c.simdWidth = setting<int>(j, key("simd", "simd_width"), "simd");
    c.banks = setting<int>(j, "banks", "banks");
    c.bankWidthBytes = setting<int>(j, key("bank-width", "bank_width"), "bank-width");
    if (j.contains("groups")) c.groups = setting<size_t>(j, "groups", "groups");  // absent before sessions kept it
    if (j.contains("bins")) c.bins = setting<size_t>(j, "bins", "bins");  // absent before histograms
    if (j.contains("range")) wordSetting(c, j, "range", "range");
    return c;
}

RunResult readRunResult(const json& j) {
    RunResult r;
    r.variant = text(j, "variant");
    r.device = text(j, "device");
    r.config.variant = r.variant;
    if (j.contains("pattern")) {  // absent before scans
        const PatternInfo* p = findPattern(text(j, "pattern"));
        if (!p) bad("unknown pattern");
        r.pattern = p->id;
    } else if (const VariantInfo* v = findVariant(r.variant)) {
        r.pattern = v->pattern;
    }
    r.config.n = number<size_t>(j, "n", 1, size_t(0xFFFFFFFFull));
    auto op = parseOp(text(j, "op"));
    auto type = parseElemType(text(j, "type"));
    if (!op || !type) bad("unknown op or type");
    r.config.op = *op;
    r.config.type = *type;
    r.config.wg = setting<size_t>(j, "wg", "wg");
    auto data = j.contains("data") ? parseDataPattern(text(j, "data")) : std::optional<DataPattern>(DataPattern::Random);
    if (!data) bad("unknown data pattern");
    r.config.data = *data;
    if (r.config.data == DataPattern::File) r.config.dataFile = text(j, "data_file");
    r.config.seed = setting<uint64_t>(j, "seed", "seed");
    r.config.finalOnHost = flag(j, "final_on_host");
    if (j.contains("epi")) r.config.elemsPerItem = setting<int>(j, "epi", "epi");  // absent before histograms
    if (j.contains("bins")) wordSetting(r.config, j, "bins", "bins");  // as settingText wrote it
    if (j.contains("range")) wordSetting(r.config, j, "range", "range");
    r.result = toValue(field(j, "result"));
    r.reference = toValue(field(j, "reference"));
    r.correct = flag(j, "correct");
    r.verdict = text(j, "verdict");
    r.medianMs = number<double>(j, "time_ms", 0, 1e12);
    r.minMs = number<double>(j, "min_ms", 0, 1e12);
    r.maxMs = number<double>(j, "max_ms", 0, 1e12);
    r.hostFinalMs = number<double>(j, "host_final_ms", 0, 1e12);
    r.repeats = number<int>(j, "repeats", 1, 1 << 20);
    for (const auto& p : array(j, "passes", 64)) {
        PassTiming t;
        t.plan.n = number<size_t>(p, "n", 0, size_t(0xFFFFFFFFull));
        t.plan.groups = number<size_t>(p, "groups", 0, size_t(0xFFFFFFFFull));
        t.plan.global = number<size_t>(p, "global", 0, size_t(1) << 40);
        t.plan.local = number<size_t>(p, "local", 0, 1 << 16);
        t.plan.elemsPerItem = number<int>(p, "elems_per_item", 0, 1 << 20);
        t.plan.inPreviousLaunch = p.contains("in_previous_launch") && flag(p, "in_previous_launch");  // since best-gpu
        if (p.contains("role")) t.role = text(p, "role");
        t.medianMs = number<double>(p, "time_ms", 0, 1e12);
        t.minMs = number<double>(p, "min_ms", 0, 1e12);
        t.maxMs = number<double>(p, "max_ms", 0, 1e12);
        r.passes.push_back(t);
    }
    return r;
}

}  // namespace rl::json
