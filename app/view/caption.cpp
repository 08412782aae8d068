// Stage captions from the trace.
#include "app/view/caption.h"

#include "app/view/value_format.h"

#include <algorithm>

namespace rl::view {
namespace {

const Stage& stageOf(const TraceRun& run, const StepRef& ref) {
    return run.passes[size_t(ref.pass)].traced[size_t(ref.group)].stages[size_t(ref.stage)];
}

std::string combine(Op op, int a, int b) {
    const std::string ca = "cell " + std::to_string(a), cb = "cell " + std::to_string(b);
    switch (op) {
        case Op::Sum: return ca + " + " + cb;
        case Op::Min: return "min(" + ca + ", " + cb + ")";
        case Op::Max: return "max(" + ca + ", " + cb + ")";
    }
    return ca + ", " + cb;
}

}  // namespace

CellWords wordsOf(const TraceRun& run) {
    CellWords words = patternInfo(run.pattern).words;
    if (const VariantInfo* v = findVariant(run.variant); v && v->pattern == run.pattern && v->sortsTileKeys) {
        words.keys = run.wg;  // its wg keys, then the bins
        words.registerOperand = "its run's length";  // a run of equal keys counted at once
    }
    if (!words.copiesOfOutput || run.output.empty() || run.passes.empty() || run.passes.front().traced.empty() ||
        run.passes.front().traced.front().stages.empty())
        return words;
    const size_t all = run.passes.front().traced.front().stages.front().values.size();
    const size_t cells = all > words.keys ? all - words.keys : 0;
    if (cells > run.output.size() && cells % run.output.size() == 0) words.copies = cells / run.output.size();
    return words;
}

std::string cellName(int c, const CellWords& words) {
    if (size_t(c) < words.keys) return "key " + std::to_string(c);
    const size_t at = size_t(c) - words.keys, copies = std::max<size_t>(1, words.copies);
    if (copies <= 1) return words.cell + " " + std::to_string(at);
    return words.cell + " " + std::to_string(at / copies) + " (copy " + std::to_string(at % copies) + ")";
}

std::string operationText(Op op, int a, int b, int w, const CellWords& words) {
    auto name = [&](int c) { return cellName(c, words); };  // copy r of value b: "bin b (copy r)"
    if (w < 0) return name(a) + " \xe2\x86\x92 " + words.toGlobal;  // read out, not kept
    const std::string to = name(w) + " \xe2\x86\x90 ";
    if (a < 0) return to + words.cleared;
    if (b == -1) return to + name(a);
    if (b == kRegisterOperand) {
        const std::string ca = name(a), x = words.registerOperand;
        return to + (op == Op::Sum ? ca + " + " + x : std::string(toString(op)) + "(" + ca + ", " + x + ")");
    }
    return to + combine(op, a, b);
}

bool allCombineTwoCells(const std::vector<CellOp>& ops) {
    for (const CellOp& o : ops)
        if (o.a < 0 || o.b < 0) return false;
    return true;
}

std::string stageTitle(const TraceRun& run, const VariantInfo& variant, const StepRef& ref) {
    const PassTrace& pass = run.passes[size_t(ref.pass)];
    const GroupTrace& group = pass.traced[size_t(ref.group)];
    const Stage& s = group.stages[size_t(ref.stage)];
    std::string t = variant.title + " \xc2\xb7 pass " + std::to_string(ref.pass + 1) + " of " +
                    std::to_string(run.passes.size());
    if (pass.groups > 1) t += ", work-group " + std::to_string(group.group);
    // Stage 0 is the load, or a histogram's bins cleared; "stage 3 of 4" counts the stages after it, as the words
    // do ("Stage 3 (step 2)").
    t += " \xc2\xb7 " + (ref.stage == 0 && s.param < 0 ? std::string("the load")
                                         : "stage " + std::to_string(ref.stage) + " of " +
                                               std::to_string(group.stages.size() - 1) + " (" + s.label + ")");
    return t;
}

std::string stageDescription(const TraceRun& run, const StepRef& ref) {
    const Stage& s = stageOf(run, ref);
    const WorkItemOp* first = nullptr;
    for (const auto& op : s.ops)
        if (op.active && !first) first = &op;
    const std::string active = std::to_string(s.analysis.activeItems) + " of " + std::to_string(s.ops.size()) +
                               " work-items active";
    std::string d;
    if (s.param < 0) {
        d = active + " load their elements into local memory";
    } else if (!first) {
        d = "no work-item is active";
    } else {
        const int item = int(first - s.ops.data());
        d = active + ", work-item " + std::to_string(item) + ": ";
        d += first->a >= 0 && first->b >= 0 ? combine(run.op, first->a, first->b) + " \xe2\x86\x92 cell " +
                                                  std::to_string(first->w)
             : first->a >= 0                ? operationText(run.op, first->a, first->b, first->w, wordsOf(run))
                                            : "writes cell " + std::to_string(first->w);
        if (first->second())  // two operations between the same two barriers (fused stages, a down-sweep)
            d += ", then " + (first->b2 >= 0 ? combine(run.op, first->a2, first->b2) + " \xe2\x86\x92 cell " +
                                                   std::to_string(first->w2)
                                             : operationText(run.op, first->a2, first->b2, first->w2,
                                                             wordsOf(run)));
    }
    if (const int depth = lookBackDepth(s.param); depth >= 0) {  // decoupled look-back: where the prefix came from
        d = (depth == 0 ? std::string("the first tile: no prefix")
                        : "the tile's prefix, from looking back over " + std::to_string(depth) +
                              (depth == 1 ? " tile" : " tiles")) +
            " \xc2\xb7 " + d;
    }
    const int divergent = s.analysis.divergentWarps;
    d += " \xc2\xb7 " + std::to_string(divergent) + (divergent == 1 ? " divergent SIMD group" : " divergent SIMD groups");
    d += s.analysis.bankConflictDegree > 1 ? " \xc2\xb7 " + std::to_string(s.analysis.bankConflictDegree) +
                                                 "-way bank conflict"
                                           : " \xc2\xb7 no bank conflict";
    if (const PatternInfo& info = patternInfo(run.pattern); info.showsContention && s.analysis.contentionDegree > 1)
        d += " \xc2\xb7 " + std::to_string(s.analysis.contentionDegree) + " work-items of one SIMD group on one " +
             info.words.cell + " (their atomics wait in line)";
    return d;
}

std::string stageReadout(const TreeFacts& f, int stage, ElemType type, int maxCells, const CellWords& words) {
    const std::string& cell = words.cell;
    if (stage < 0 || stage >= f.stages()) return "";
    std::string out = f.stage(stage).label + (f.isLoad(stage) ? " loaded " : " wrote ");
    int shown = 0, more = 0;
    for (int c = 0; c < f.cells(); ++c) {
        if (!f.written(stage, c)) continue;
        if (shown >= maxCells) {
            ++more;
            continue;
        }
        out += (shown ? "  \xc2\xb7  " : " ") + cellName(c, words) + " = " + formatCell(f.value(stage, c), type);
        ++shown;
    }
    if (shown == 0) return f.stage(stage).label + ": no " + cell + " written";
    if (more) out += "  \xe2\x80\xa6 and " + std::to_string(more) + " more";
    return out;
}

std::string stageReadout(const TreeFacts& f, int stage, ElemType type, const CellWords& words, float width,
                         const std::function<float(const std::string&)>& measure, int maxCells) {
    std::string out = stageReadout(f, stage, type, maxCells, words);
    for (int k = maxCells - 1; k >= 1 && measure(out) > width; --k) out = stageReadout(f, stage, type, k, words);
    if (measure(out) > width) {  // one cell and "… and N more" still too wide: the ellipsis alone says there are more
        const size_t more = out.find("  \xe2\x80\xa6 and ");
        if (more != std::string::npos) out.resize(more + 5);
    }
    return out;
}

}  // namespace rl::view
