// Stage narration from the trace: the recorded operations, the values before and after, and the hardware model.
#include "app/view/narration.h"

#include <algorithm>
#include <map>
#include <set>

#include "app/view/caption.h"
#include "app/view/value_format.h"
#include "core/model/analysis.h"

namespace rl::view {
namespace {

constexpr int kExamples = 4;  // operations written out in a stage's paragraph before "and N more"
constexpr int kListed = 4;    // SIMD groups named one by one

std::string num(long long v) { return std::to_string(v); }

std::string ordinal(int n) {
    const int tens = n % 100, last = n % 10;
    const char* suffix = tens >= 11 && tens <= 13 ? "th" : last == 1 ? "st" : last == 2 ? "nd" : last == 3 ? "rd" : "th";
    return num(n) + suffix;
}

// "a", "a and b", "a, b and c".
std::string joinAnd(const std::vector<std::string>& parts) {
    std::string out;
    for (size_t i = 0; i < parts.size(); ++i) {
        if (i > 0) out += i + 1 == parts.size() ? " and " : ", ";
        out += parts[i];
    }
    return out;
}

// "work-item 3", "work-items 0 to 3", "the 8 work-items 0, 2, 4 and so on up to 14 (every 2nd)".
std::string nounList(const char* noun, const std::vector<int>& v) {
    if (v.size() == 1) return std::string(noun) + " " + num(v[0]);
    const std::string list = describeNumbers(v, kListed);
    const bool long_ = list.find("and so on") != std::string::npos || list.find("more") != std::string::npos;
    return (long_ ? "the " + num((long long)(v.size())) + " " : std::string()) + noun + "s " + list;
}

std::string places(int d) { return num(d) + (d == 1 ? " place" : " places"); }

const char* opNoun(Op op) { return op == Op::Sum ? "sum" : op == Op::Min ? "smaller" : "larger"; }

std::string operation(Op op, const std::string& x, const std::string& y) {
    switch (op) {
        case Op::Sum: return x + " + " + y;
        case Op::Min: return "min(" + x + ", " + y + ")";
        case Op::Max: return "max(" + x + ", " + y + ")";
    }
    return x + ", " + y;
}

// What the active work-items of a tree stage do, as a verb phrase after their names.
std::string action(const TraceRun& run, const std::vector<CellOp>& ops, bool plural, bool fused) {
    int stride = 0;
    bool sameStride = true, own = !fused;
    for (const CellOp& o : ops) {
        const int d = o.b - o.a;
        if (o.w != o.a || d <= 0 || (stride && d != stride)) sameStride = false;
        stride = d;
        if (o.w != o.item) own = false;
    }
    const bool sum = run.op == Op::Sum;
    std::string s;
    if (!allCombineTwoCells(ops)) {  // a scan's moves, clears and combinations with a register: each in symbols
        const CellWords words = wordsOf(run);
        std::vector<std::string> each;
        bool keys = true;  // every cell written is a key of a sorted tile
        for (size_t i = 0; i < ops.size(); ++i) {
            keys = keys && ops[i].w >= 0 && size_t(ops[i].w) < words.keys;
            if (int(i) < kExamples) each.push_back(operationText(run.op, ops[i].a, ops[i].b, ops[i].w, words));
        }
        if (ops.size() > size_t(kExamples)) each.push_back(num((long long)(ops.size()) - kExamples) + " more");
        return std::string(plural ? "write" : "writes") + " " + (keys ? std::string("key") : words.cell) + "s: " +
               joinAnd(each);
    }
    if (!plural && ops.size() > 1) return "does " + num((long long)ops.size()) + " operations between the same two barriers";
    if (!plural) {
        const CellOp& o = ops.front();
        const std::string w = "cell " + num(o.w);
        if (o.w == o.a)
            s = sum ? "adds cell " + num(o.b) + " into " + w
                    : "keeps in " + w + " the " + opNoun(run.op) + " of it and cell " + num(o.b);
        else
            s = "writes into " + w + " the " + opNoun(run.op) + " of cells " + num(o.a) + " and " + num(o.b);
    } else if (sameStride && own) {
        s = sum ? "each add the cell " + places(stride) + " to their right into their own"
                : std::string("each keep in their own cell the ") + opNoun(run.op) + " of it and the cell " +
                      places(stride) + " to their right";
    } else if (sameStride) {
        s = sum ? "each add into a cell the cell " + places(stride) + " to its right"
                : std::string("each keep in a cell the ") + opNoun(run.op) + " of it and the cell " + places(stride) +
                      " to its right";
    } else {
        s = std::string("each write into one cell the ") + opNoun(run.op) + " of two cells";
    }
    if (fused) s += ", two operations between the same two barriers";
    return s;
}

// A value written with a minus sign, bracketed after an operator: "5 + (-3)".
bool isNegative(const std::string& v) { return !v.empty() && (v[0] == '-' || v.rfind("\xe2\x88\x92", 0) == 0); }

// "(cell 0 = 10 + 14 = 24, cell 1 = 11 + 15 = 26 and 2 more)": the values read before the stage and written in it.
std::string examples(const TraceRun& run, const Stage& before, const Stage& after, const std::vector<CellOp>& ops) {
    auto value = [&](const Stage& s, int c) {
        return c >= 0 && size_t(c) < s.values.size() ? formatCell(s.values[size_t(c)], run.type) : std::string("?");
    };
    std::vector<std::string> parts;
    for (size_t i = 0; i < ops.size() && int(i) < kExamples; ++i) {
        const CellOp& o = ops[i];
        const std::string x = value(before, o.a), y = value(before, o.b);
        parts.push_back("cell " + num(o.w) + " = " + operation(run.op, x, run.op == Op::Sum && isNegative(y) ? "(" + y + ")" : y) + " = " +
                        value(after, o.w));
    }
    if (ops.size() > size_t(kExamples)) parts.push_back(num((long long)(ops.size()) - kExamples) + " more");
    return "(" + joinAnd(parts) + ")";
}

// Per SIMD group: which is divergent or idle; each with the counts of its lanes.
std::string simdSentences(const TraceRun& run, const Stage& s) {
    const HardwareModel hw = hardwareOf(run);
    const std::vector<WarpDetail> warps = analyzeWarps(s, hw);
    const int width = std::max(1, run.simdWidth);
    std::vector<int> divergent, idle;
    for (size_t g = 0; g < warps.size(); ++g) {
        if (warps[g].state == WarpState::Divergent) divergent.push_back(int(g));
        if (warps[g].state == WarpState::Idle) idle.push_back(int(g));
    }
    auto lanes = [&](int g) { return std::min(width, int(s.ops.size()) - g * width); };
    std::string out;
    if (divergent.empty()) {
        out = warps.size() == 1 ? "Its one SIMD group does not diverge." : "No SIMD group diverges.";
    } else {
        std::vector<std::string> counts;
        for (size_t i = 0; i < divergent.size() && int(i) < kListed; ++i) {
            const int g = divergent[i], active = warps[size_t(g)].activeLanes;
            counts.push_back((divergent.size() > 1 ? "group " + num(g) + ": " : std::string()) + num(active) +
                             " active, " + num(lanes(g) - active) + " idle");
        }
        if (divergent.size() > size_t(kListed)) counts.push_back(num((long long)(divergent.size()) - kListed) + " more");
        std::string list;
        for (size_t i = 0; i < counts.size(); ++i) list += (i ? "; " : "") + counts[i];
        out = "SIMD " + nounList("group", divergent) + (divergent.size() == 1 ? " diverges (" : " diverge (") + list +
              ").";
    }
    if (!idle.empty() && idle.size() < warps.size())
        out += " SIMD " + nounList("group", idle) + (idle.size() == 1 ? " is idle." : " are idle.");
    return out;
}

// Per SIMD group with a bank conflict: the worst access, its degree, and the bank with the cells it serves.
std::string bankSentences(const TraceRun& run, const Stage& s) {
    const HardwareModel hw = hardwareOf(run);
    const int width = std::max(1, hw.simdWidth), items = int(s.ops.size());
    static const char* accesses[] = {"reading its first operands", "reading its second operands", "writing",
                                     "reading the first operands of its second operation",
                                     "reading the second operands of its second operation",
                                     "writing its second results"};
    std::vector<std::string> found;
    int conflicting = 0;
    for (int first = 0; first < items; first += width) {
        int worst = 1, which = 0;
        std::vector<int> worstCells;
        for (int access = 0; access < 6; ++access) {
            std::vector<int> cells;
            for (int lane = first; lane < std::min(items, first + width); ++lane) {
                const WorkItemOp& op = s.ops[size_t(lane)];
                const int c[] = {op.a, op.b, op.w, op.a2, op.b2, op.w2};
                cells.push_back(op.active && (access < 3 || op.second()) ? c[access] : -1);
            }
            const int degree = conflictDegree(cells, hw);
            if (degree <= worst) continue;
            worst = degree, which = access;
            cells.erase(std::remove(cells.begin(), cells.end(), -1), cells.end());
            worstCells = cells;
        }
        if (worst <= 1) continue;
        ++conflicting;
        if (found.size() >= size_t(kListed)) continue;
        // The busiest bank: the most distinct words, and the cells whose words they are.
        std::map<int, std::set<long long>> words;
        std::map<int, std::set<int>> cellsOf;
        for (int c : worstCells)
            for (long long w : wordsOf(c, hw)) {
                const int bank = int(w % hw.banks);
                words[bank].insert(w);
                cellsOf[bank].insert(c);
            }
        int bank = 0;
        size_t most = 0;
        for (const auto& [b, ws] : words)
            if (ws.size() > most) most = ws.size(), bank = b;
        const std::vector<int> cells(cellsOf[bank].begin(), cellsOf[bank].end());
        found.push_back("SIMD group " + num(first / width) + " has a " + num(worst) + "-way bank conflict " +
                        accesses[which] + " (bank " + num(bank) + " serves " + nounList("cell", cells) + ")");
    }
    if (conflicting == 0) return "No bank conflicts.";
    std::string out;
    for (const auto& f : found) out += (out.empty() ? "" : " ") + f + ".";
    if (conflicting > int(found.size()))
        out += " " + num(conflicting - int(found.size())) + " more SIMD groups have bank conflicts.";
    return out;
}

}  // namespace

std::string describeNumbers(const std::vector<int>& v, int maxParts) {
    if (v.empty()) return "none";
    std::vector<std::pair<int, int>> runs;  // consecutive runs [first, last]
    for (int x : v) {
        if (!runs.empty() && x == runs.back().second + 1) runs.back().second = x;
        else runs.push_back({x, x});
    }
    auto runText = [](const std::pair<int, int>& r) {
        if (r.first == r.second) return num(r.first);
        if (r.second == r.first + 1) return num(r.first) + ", " + num(r.second);
        return num(r.first) + " to " + num(r.second);
    };
    if (int(runs.size()) <= maxParts) {
        std::vector<std::string> parts;
        for (const auto& r : runs) {
            if (r.second == r.first + 1) parts.push_back(num(r.first)), parts.push_back(num(r.second));
            else parts.push_back(runText(r));
        }
        return joinAnd(parts);
    }
    const int step = v[1] - v[0];
    bool progression = v.size() >= 4 && step > 1;
    for (size_t i = 1; i < v.size() && progression; ++i) progression = v[i] - v[i - 1] == step;
    if (progression)
        return num(v[0]) + ", " + num(v[1]) + ", " + num(v[2]) + " and so on up to " + num(v.back()) + " (every " +
               ordinal(step) + ")";
    std::string out;
    size_t shown = 0;
    for (int i = 0; i < maxParts; ++i) {
        out += (i ? ", " : "") + runText(runs[size_t(i)]);
        shown += size_t(runs[size_t(i)].second - runs[size_t(i)].first + 1);
    }
    return out + " and " + num((long long)(v.size() - shown)) + " more";
}

std::string stageHeading(const TraceRun& run, const StepRef& ref) {
    const PassTrace& pass = run.passes[size_t(ref.pass)];
    const Stage& s = pass.traced[size_t(ref.group)].stages[size_t(ref.stage)];
    std::string h;
    if (run.passes.size() > 1) h = "Pass " + num(ref.pass + 1) + ", ";
    if (pass.groups > 1) h += "work-group " + num(pass.traced[size_t(ref.group)].group) + ", ";
    h += h.empty() ? "Stage " : "stage ";
    h += num(ref.stage) + (s.param < 0 ? ", the load" : " (" + s.label + ")");
    return h;
}

std::string stageNarration(const TraceRun& run, const StepRef& ref, bool withHeading) {
    const GroupTrace& group = run.passes[size_t(ref.pass)].traced[size_t(ref.group)];
    const TreeFacts facts(group);
    const int k = ref.stage;
    const Stage& s = group.stages[size_t(k)];
    std::vector<int> active, idle;
    for (size_t i = 0; i < s.ops.size(); ++i) (s.ops[i].active ? active : idle).push_back(int(i));
    std::vector<CellOp> ops;
    forEachOperation(s.ops, [&](const CellOp& o) { ops.push_back(o); });
    const bool plural = active.size() > 1;
    std::string out = withHeading ? stageHeading(run, ref) + ": " : std::string();

    const CellWords words = wordsOf(run);
    const bool keys = words.keys > 0;  // a sorted tile: its load computes each element's key
    if (facts.isLoad(k)) {
        std::vector<std::string> loaded;
        std::vector<int> padding;
        int written = 0;
        for (int c = 0; c < facts.cells(); ++c) {
            if (keys && size_t(c) >= words.keys) break;  // the bins after the keys: cleared, not loaded
            if (facts.padding(c)) padding.push_back(c);
            if (!facts.written(k, c) && !active.empty()) continue;
            if (written++ < kExamples)
                loaded.push_back(cellName(c, words) + " = " + formatCell(facts.value(k, c), run.type));
        }
        if (written > kExamples) loaded.push_back(num(written - kExamples) + " more");
        bool own = true;
        for (const CellOp& o : ops) own = own && o.w == o.item;
        if (active.empty())
            out += "no work-item loads; the cells hold the work-group's input (" + joinAnd(loaded) + ")";
        else if (keys)
            out += nounList("work-item", active) +
                   (plural ? " each write their element's " : " writes its element's ") + words.cell + " into " +
                   (own ? (plural ? "their own key" : "its own key") : "a key") + " (" + joinAnd(loaded) + ")";
        else
            out += nounList("work-item", active) + (plural ? " each load their input into " : " loads its input into ") +
                   (own ? (plural ? "their own cell" : "its own cell") : "a cell") + " (" + joinAnd(loaded) + ")";
        if (!idle.empty() && !active.empty())
            out += "; " + nounList("work-item", idle) + (idle.size() == 1 ? " is idle" : " are idle");
        out += ".";
        if (!padding.empty() && keys)
            out += " " + std::string(padding.size() == 1 ? "Key " : "Keys ") + describeNumbers(padding, kListed) +
                   (padding.size() == 1 ? " holds " : " hold ") + formatCell(facts.value(k, padding[0]), run.type) +
                   ", the number of " + words.cell + "s, past the input: sorted last, counted nowhere.";
        else if (!padding.empty())
            out += " " + std::string(padding.size() == 1 ? "Cell " : "Cells ") + describeNumbers(padding, kListed) +
                   (padding.size() == 1 ? " holds " : " hold ") + formatCell(facts.value(k, padding[0]), run.type) +
                   ", the identity, as padding past the input.";
    } else if (active.empty()) {
        out += "no work-item is active; the cells keep their values.";
    } else {
        out += nounList("work-item", active) + " " + action(run, ops, plural, isFused(s)) +
               (allCombineTwoCells(ops) ? " " + examples(run, group.stages[size_t(k - 1)], s, ops) : std::string());
        out += idle.empty() ? "; every work-item is active."
                            : "; " + nounList("work-item", idle) + (idle.size() == 1 ? " is idle." : " are idle.");
    }
    out += " " + simdSentences(run, s) + " " + bankSentences(run, s);
    if (k == facts.stages() - 1 && k > 0 && run.output.empty())  // a reduction's tree ends in cell 0
        out += " Cell 0 now holds this work-group's value, " + formatCell(facts.value(k, 0), run.type) + ".";
    if (!withHeading && !out.empty() && out[0] >= 'a' && out[0] <= 'z') out[0] = char(out[0] - 'a' + 'A');
    return out;
}

std::string resultNarration(const TraceRun& run) {
    const std::string result = formatCell(run.result, run.type), reference = formatCell(run.reference, run.type);
    if (run.correct && result == reference) return "The result is " + result + ", which equals the CPU reference.";
    if (run.correct)
        return "The result is " + result + "; the CPU reference is " + reference +
               ", and the difference is within the rounding tolerance, so the result is accepted.";
    return "The result is " + result + ", but the CPU reference is " + reference + ": the reduction is wrong.";
}

std::string stepNarration(const TraceRun& run, const std::vector<StepRef>& timeline, int step, bool withHeading) {
    if (step < 0 || step >= int(timeline.size())) return "";
    std::string out = stageNarration(run, timeline[size_t(step)], withHeading);
    if (step == int(timeline.size()) - 1) out += " " + resultNarration(run);
    return out;
}

std::string cellNarration(const TreeFacts& f, int k, int c, ElemType type) {
    std::string out = "cell " + num(c) + ": " + formatCell(f.value(k, c), type);
    if (f.written(k, c)) {
        const int item = f.writer(k, c);
        if (f.isLoad(k)) {
            out += ", loaded in this stage by work-item " + num(item);
        } else {
            const CellOp o = operationWriting(f.stage(k).ops[size_t(item)], item, c);
            out += ", written in this stage by work-item " + num(item) + " from cells " + num(o.a) + " and " + num(o.b);
        }
    } else if (f.padding(c) && f.lastWriteStage(k, c) < 0) {
        out += ", the identity, padding past the input";
    } else {
        const int j = f.lastWriteStage(k, c);
        if (j < 0) out += ", the input, not written yet";
        else if (j == 0 && f.isLoad(0)) out += ", unchanged since work-item " + num(f.writer(0, c)) + " loaded it";
        else out += ", unchanged since stage " + num(j) + " (" + f.stage(j).label + "), where work-item " +
                    num(f.writer(j, c)) + " wrote it";
    }
    if (!f.live(k, c)) out += "; no later stage reads it";
    return out;
}

std::string narrationMarkdown(const TraceRun& run, const VariantInfo& variant, const std::vector<StepRef>& timeline) {
    std::string md = "# " + variant.title + ", stage by stage\n\n";
    md += num((long long)(run.n)) + " " + std::string(toString(run.type)) + " elements, " +
          std::string(toString(run.op)) + ", in work-groups of " + num((long long)(run.wg)) + " work-items";
    if (!run.device.empty()) md += ", traced on " + run.device;
    md += ". SIMD groups of " + num(run.simdWidth) + " lanes and " + num(run.banks) + " local-memory banks of " +
          num(run.bankWidthBytes) + " bytes, as the hardware model counts them.\n";
    for (int k = 0; k < int(timeline.size()); ++k)
        md += "\n## " + stageHeading(run, timeline[size_t(k)]) + "\n\n" + stepNarration(run, timeline, k, false) + "\n";
    return md;
}

}  // namespace rl::view
