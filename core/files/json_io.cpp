// Writers and strict readers of the JSON forms (CLI --json output and saved sessions share them).
#include "core/files/json_io.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>
#include <type_traits>

#include "core/pattern.h"
#include "core/files/run_settings.h"

namespace rl::json {
namespace {

using nlohmann::json;

[[noreturn]] void bad(const std::string& what) { throw Error(ErrorKind::BadInput, "malformed data: " + what); }

const json& field(const json& j, const char* name) {
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


std::string text(const json& j, const char* name) {
    const json& f = field(j, name);
    if (!f.is_string()) bad(std::string("field '") + name + "' is not a string");
    return f.get<std::string>();
}

// A run setting stored as text ("op": "max"), read with the rule every front end uses.
void wordSetting(RunConfig& c, const json& j, const char* key, std::string_view name) {
    setRunSetting(c, name, text(j, key), "malformed data: field '" + std::string(key) + "'");
}

bool flag(const json& j, const char* name) {
    const json& f = field(j, name);
    if (!f.is_boolean()) bad(std::string("field '") + name + "' is not true/false");
    return f.get<bool>();
}

const json& array(const json& j, const char* name, size_t maxSize) {
    const json& f = field(j, name);
    if (!f.is_array()) bad(std::string("field '") + name + "' is not an array");
    if (f.size() > maxSize) bad(std::string("field '") + name + "' is too long");
    return f;
}

constexpr size_t kMaxCells = size_t(1) << 22;
// LookBackEvent::What's names in a trace's "look_back" log.
const std::string kLookBackWhat[] = {"ticket", "aggregate", "prefix", "read_a", "read_p"};

// A recorded cell index: an integer from -1 (none) up to the largest int.
bool isIndex(const json& j) {
    if (j.is_number_unsigned()) return j.get<uint64_t>() <= uint64_t(std::numeric_limits<int>::max());
    // -1: none; kRegisterOperand (-2): the operand a work-item keeps in a register (a scan's own input, a count's one)
    if (j.is_number_integer())
        return j.get<int64_t>() >= kRegisterOperand && j.get<int64_t>() <= std::numeric_limits<int>::max();
    return false;
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
            {"ptx_warps", d.ptxWarps}};
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

json trace(const TraceRun& t) {
    json passes = json::array();
    for (const auto& p : t.passes) {
        json groups = json::array();
        for (const auto& g : p.traced) {
            json stages = json::array();
            for (const auto& s : g.stages) {
                json values = json::array(), active = json::array(), reads = json::array(), writes = json::array();
                for (double v : s.values) values.push_back(value(v));
                for (const auto& op : s.ops) {
                    active.push_back(op.active);
                    reads.push_back(json::array({op.a, op.b}));
                    writes.push_back(op.w);
                }
                stages.push_back({{"label", s.label},
                                  {"param", s.param},
                                  {"values", values},
                                  {"active", active},
                                  {"reads", reads},
                                  {"writes", writes},
                                  {"active_items", s.analysis.activeItems},
                                  {"active_warps", s.analysis.activeWarps},
                                  {"idle_warps", s.analysis.idleWarps},
                                  {"divergent_warps", s.analysis.divergentWarps},
                                  {"bank_conflict_degree", s.analysis.bankConflictDegree},
                                  {"contention_degree", s.analysis.contentionDegree}});
                if (s.line > 0) stages.back()["line"] = s.line;
                // A work-item's second operation of the stage (fused stages), only where some work-item did one.
                if (isFused(s)) {
                    json second = json::array();
                    for (const auto& op : s.ops)
                        second.push_back(op.second() ? json::array({op.a2, op.b2, op.w2}) : json(nullptr));
                    stages.back()["second"] = second;
                }
            }
            groups.push_back({{"group", g.group}, {"stages", stages}});
        }
        passes.push_back({{"pass", p.pass},
                          {"n", p.n},
                          {"group_count", p.groups},
                          {"global", p.global},
                          {"local", p.local},
                          {"groups", groups}});
    }
    json j = {{"variant", t.variant},
              {"device", t.device},
              {"n", t.n},
              {"wg", t.wg},
              {"op", toString(t.op)},
              {"type", toString(t.type)},
              {"simd_width", t.simdWidth},
              {"banks", t.banks},
              {"bank_width", t.bankWidthBytes},
              {"result", value(t.result)},
              {"reference", value(t.reference)},
              {"correct", t.correct},
              {"verdict", t.verdict},
              {"passes", passes}};
    j["pattern"] = patternInfo(t.pattern).name;
    if (!t.output.empty()) {  // a scan: whether it was exclusive, and every element it gave
        j["exclusive"] = t.exclusive;
        json out = json::array();
        for (double x : t.output) out.push_back(value(x));
        j["output"] = std::move(out);
    }
    if (!t.lookBack.empty() || t.lookBackDropped > 0) {  // decoupled-look-back's log: [what, tile, other, polls, value]
        json log = json::array();
        for (const LookBackEvent& e : t.lookBack)
            log.push_back(json::array({kLookBackWhat[e.what], e.tile, e.other, e.polls, value(e.value)}));
        j["look_back"] = std::move(log);
        j["look_back_dropped"] = t.lookBackDropped;
    }
    return j;
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

TraceRun readTrace(const json& j) {
    TraceRun t;
    t.variant = text(j, "variant");
    if (j.contains("pattern")) {
        const PatternInfo* p = findPattern(text(j, "pattern"));
        if (!p) bad("unknown pattern \"" + text(j, "pattern") + "\" (" + patternNames() + ")");
        t.pattern = p->id;
    } else if (const VariantInfo* v = findVariant(t.variant)) {  // written before traces named their pattern
        t.pattern = v->pattern;
    }
    t.device = text(j, "device");
    t.n = number<size_t>(j, "n", 1, size_t(0xFFFFFFFFull));
    t.wg = setting<size_t>(j, "wg", "wg");
    auto op = parseOp(text(j, "op"));
    auto type = parseElemType(text(j, "type"));
    if (!op || !type) bad("unknown op or type");
    t.op = *op;
    t.type = *type;
    t.simdWidth = number<int>(j, "simd_width", 1, 1024);
    t.banks = setting<int>(j, "banks", "banks");
    t.bankWidthBytes = setting<int>(j, "bank_width", "bank-width");
    t.result = toValue(field(j, "result"));
    t.reference = toValue(field(j, "reference"));
    t.correct = flag(j, "correct");
    t.verdict = text(j, "verdict");
    if (j.contains("output")) {
        t.exclusive = flag(j, "exclusive");
        // A scan's n elements, a histogram's bins (up to 65536, more than a small n)
        for (const auto& x : array(j, "output", std::max<size_t>(t.n, size_t(1) << 16))) t.output.push_back(toValue(x));
    }
    if (j.contains("look_back")) {
        for (const auto& ej : array(j, "look_back", size_t(1) << 22)) {
            if (!ej.is_array() || ej.size() != 5 || !ej[0].is_string())
                bad("a look_back entry is not [what, tile, other, polls, value]");
            const auto* what = std::find(std::begin(kLookBackWhat), std::end(kLookBackWhat), ej[0].get<std::string>());
            if (what == std::end(kLookBackWhat)) bad("unknown look_back entry \"" + ej[0].get<std::string>() + "\"");
            LookBackEvent e;
            e.what = LookBackEvent::What(what - std::begin(kLookBackWhat));
            for (int k = 1; k <= 3; ++k)
                if (!ej[size_t(k)].is_number_integer()) bad("a look_back entry's tile, other and polls are integers");
            e.tile = ej[1].get<int>();
            e.other = ej[2].get<int>();
            e.polls = ej[3].get<int>();
            e.value = toValue(ej[4]);
            t.lookBack.push_back(e);
        }
        t.lookBackDropped = number<size_t>(j, "look_back_dropped", 0, size_t(1) << 40);
    }
    size_t totalCells = 0;
    for (const auto& pj : array(j, "passes", 64)) {
        PassTrace p;
        p.pass = number<int>(pj, "pass", 0, 64);
        p.n = number<size_t>(pj, "n", 0, size_t(0xFFFFFFFFull));
        p.groups = number<size_t>(pj, "group_count", 0, size_t(0xFFFFFFFFull));
        p.global = number<size_t>(pj, "global", 0, size_t(1) << 40);
        p.local = number<size_t>(pj, "local", 0, 1 << 16);
        for (const auto& gj : array(pj, "groups", 1 << 16)) {
            GroupTrace g;
            g.group = number<int>(gj, "group", 0, 1 << 30);
            for (const auto& sj : array(gj, "stages", 4096)) {
                Stage s;
                s.label = text(sj, "label");
                s.param = number<int>(sj, "param", -1, 0x7FFFFFFF);
                if (sj.contains("line")) s.line = number<int>(sj, "line", 0, 1 << 30);
                const auto& values = array(sj, "values", kMaxCells);
                const auto& active = array(sj, "active", kMaxCells);
                const auto& reads = array(sj, "reads", kMaxCells);
                const auto& writes = array(sj, "writes", kMaxCells);
                if (active.size() != reads.size() || active.size() != writes.size())
                    bad("a stage's active, reads and writes differ in length");
                totalCells += values.size() + active.size();
                if (totalCells > (size_t(1) << 26)) bad("the trace is larger than any ReduceLab records");
                for (const auto& v : values) s.values.push_back(toValue(v));
                for (size_t i = 0; i < active.size(); ++i) {
                    if (!active[i].is_boolean() || !reads[i].is_array() || reads[i].size() != 2 ||
                        !isIndex(reads[i][0]) || !isIndex(reads[i][1]) || !isIndex(writes[i]))
                        bad("a work-item's operation is malformed");
                    s.ops.push_back(WorkItemOp{active[i].get<bool>(), reads[i][0].get<int>(), reads[i][1].get<int>(),
                                               writes[i].get<int>()});
                }
                if (sj.contains("second")) {
                    const auto& second = array(sj, "second", kMaxCells);
                    if (second.size() != s.ops.size()) bad("a stage's second operations and its work-items differ in length");
                    for (size_t i = 0; i < second.size(); ++i) {
                        if (second[i].is_null()) continue;
                        if (!second[i].is_array() || second[i].size() != 3 || !isIndex(second[i][0]) ||
                            !isIndex(second[i][1]) || !isIndex(second[i][2]) || second[i][2].get<int>() < 0)
                            bad("a work-item's second operation is malformed");
                        s.ops[i].a2 = second[i][0].get<int>();
                        s.ops[i].b2 = second[i][1].get<int>();
                        s.ops[i].w2 = second[i][2].get<int>();
                    }
                }
                s.analysis.activeItems = number<int>(sj, "active_items", 0, 1 << 30);
                s.analysis.activeWarps = number<int>(sj, "active_warps", 0, 1 << 30);
                s.analysis.idleWarps = number<int>(sj, "idle_warps", 0, 1 << 30);
                s.analysis.divergentWarps = number<int>(sj, "divergent_warps", 0, 1 << 30);
                s.analysis.bankConflictDegree = number<int>(sj, "bank_conflict_degree", 1, 1 << 30);
                if (sj.contains("contention_degree"))  // a trace written before histograms has none: 1
                    s.analysis.contentionDegree = number<int>(sj, "contention_degree", 1, 1 << 30);
                g.stages.push_back(std::move(s));
            }
            p.traced.push_back(std::move(g));
        }
        t.passes.push_back(std::move(p));
    }
    return t;
}

}  // namespace rl::json
