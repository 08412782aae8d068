// The JSON form of a trace (`reducelab trace --json`, a session's traces): every pass, traced group and stage with
// its cells, each work-item's operation and the stage's analysis, a scan's or histogram's output, and
// decoupled-look-back's log. The reader is strict, as json_io.cpp's are, and bounds what it accepts by the largest
// trace ReduceLab records.
#include <algorithm>
#include <iterator>
#include <limits>

#include "core/files/json_fields.h"
#include "core/files/json_io.h"
#include "core/pattern.h"

namespace rl::json {
namespace {

using nlohmann::json;
using namespace fields;

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
    if (t.subGroupSize > 0) j["sub_group_size"] = t.subGroupSize;
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
    if (j.contains("sub_group_size")) t.subGroupSize = number<int>(j, "sub_group_size", 1, 4096);
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
