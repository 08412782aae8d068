// Predict mode's scoring against a recorded trace.
#include "core/predict/predict.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <set>

#include "core/model/analysis.h"

namespace rl::predict {
namespace {

const Stage* findStage(const TraceRun& run, int pass, int tracedIndex, int stage) {
    if (pass < 0 || size_t(pass) >= run.passes.size()) return nullptr;
    const auto& traced = run.passes[size_t(pass)].traced;
    if (tracedIndex < 0 || size_t(tracedIndex) >= traced.size()) return nullptr;
    const auto& stages = traced[size_t(tracedIndex)].stages;
    if (stage < 0 || size_t(stage) >= stages.size()) return nullptr;
    return &stages[size_t(stage)];
}

std::string number(double v, ElemType type) {
    char buf[64];
    if (isIntegral(type) || (std::abs(v) < 1e15 && v == std::floor(v)))
        std::snprintf(buf, sizeof buf, "%.0f", v);
    else
        std::snprintf(buf, sizeof buf, "%.7g", v);
    return buf;
}

std::string itemList(const std::vector<int>& items) {
    std::string out;
    const size_t shown = std::min<size_t>(items.size(), 8);
    for (size_t i = 0; i < shown; ++i) out += (i ? ", " : "") + std::to_string(items[i]);
    if (items.size() > shown) out += " and " + std::to_string(items.size() - shown) + " more";
    return out;
}

}  // namespace

const char* kindName(Kind kind) {
    switch (kind) {
        case Kind::Active: return "active";
        case Kind::Value: return "value";
        case Kind::Divergent: return "divergent";
        case Kind::Conflict: return "conflict";
        case Kind::Contention: return "contention";
    }
    return "active";
}

const char* kindQuestion(Kind kind) {
    switch (kind) {
        case Kind::Active: return "Which work-items will be active?";
        case Kind::Value: return "What will this cell hold?";
        case Kind::Divergent: return "How many SIMD groups will diverge?";
        case Kind::Conflict: return "What will the worst bank conflict be?";
        case Kind::Contention: return "How many work-items of one SIMD group will hit the same bin?";
    }
    return "";
}

std::optional<Kind> kindFromName(const std::string& name) {
    for (int k = 0; k < kKinds; ++k)
        if (name == kindName(Kind(k))) return Kind(k);
    return std::nullopt;
}

bool predictable(const TraceRun& run, int pass, int tracedIndex, int stage) {
    const Stage* s = findStage(run, pass, tracedIndex, stage);
    return s != nullptr && stage > 0 && s->param >= 0;
}

std::optional<double> parseNumber(const std::string& text) {
    size_t b = 0, e = text.size();
    while (b < e && std::isspace((unsigned char)text[b])) ++b;
    while (e > b && std::isspace((unsigned char)text[e - 1])) --e;
    if (b == e) return std::nullopt;
    const std::string t = text.substr(b, e - b);
    // Digits, sign, point and exponent only: strtod alone would also take "nan", "inf" and hexadecimal.
    for (char c : t)
        if (!(std::isdigit((unsigned char)c) || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E'))
            return std::nullopt;
    errno = 0;
    char* end = nullptr;
    const double v = std::strtod(t.c_str(), &end);
    if (end != t.c_str() + t.size() || errno == ERANGE || !std::isfinite(v)) return std::nullopt;
    return v;
}

bool sameValue(double typed, double expected, ElemType type) {
    if (isIntegral(type)) return typed == expected;
    return std::abs(typed - expected) <= 1e-4 * std::max(1.0, std::abs(expected));
}

PredictionScore score(const Prediction& p, const TraceRun& run, int pass, int tracedIndex, int stage) {
    PredictionScore s;
    const Stage* st = findStage(run, pass, tracedIndex, stage);
    if (!st) {
        s.error = "no stage " + std::to_string(stage) + " in pass " + std::to_string(pass) + ", traced group " +
                  std::to_string(tracedIndex);
        return s;
    }
    s.stageLabel = st->label;
    if (p.empty()) {
        s.error = "nothing was predicted";
        return s;
    }
    const int items = int(st->ops.size());
    if (p.active) {
        s.activeAsked = true;
        std::set<int> said;
        for (int i : *p.active) {
            if (i >= 0 && i < items) said.insert(i);
            else if (std::find(s.ignored.begin(), s.ignored.end(), i) == s.ignored.end()) s.ignored.push_back(i);
        }
        for (int i = 0; i < items; ++i) {
            const bool active = st->ops[size_t(i)].active, guessed = said.count(i) > 0;
            if (active) s.expectedActive.push_back(i);
            if (active && !guessed) s.missed.push_back(i);
            if (!active && guessed) s.wronglyActive.push_back(i);
        }
        s.activeRight = s.missed.empty() && s.wronglyActive.empty();
        s.fused = isFused(*st);
    }
    if (p.value) {
        if (p.cell < 0 || size_t(p.cell) >= st->values.size()) {
            s.error = "cell " + std::to_string(p.cell) + " does not exist (the stage has " +
                      std::to_string(st->values.size()) + " cells)";
            return s;
        }
        s.valueAsked = true;
        s.cell = p.cell;
        s.typedValue = *p.value;
        s.expectedValue = st->values[size_t(p.cell)];
        s.valueRight = sameValue(s.typedValue, s.expectedValue, run.type);
    }
    if (p.divergentWarps || p.conflictDegree || p.contentionDegree) {
        // The same model as the warps view, from the run's SIMD width and banks.
        HardwareModel hw = hardwareOf(run);
        hw.simdWidth = std::max(1, hw.simdWidth);
        hw.banks = std::max(1, hw.banks);
        hw.bankWidthBytes = std::max(1, hw.bankWidthBytes);
        const StageAnalysis a = analyzeStage(*st, hw);
        if (p.divergentWarps) {
            s.divergentAsked = true;
            s.predictedDivergent = *p.divergentWarps;
            s.expectedDivergent = a.divergentWarps;
            s.divergentRight = s.predictedDivergent == s.expectedDivergent;
        }
        if (p.conflictDegree) {
            s.conflictAsked = true;
            s.predictedConflict = *p.conflictDegree;
            s.expectedConflict = a.bankConflictDegree;
            s.conflictRight = s.predictedConflict == s.expectedConflict;
        }
        if (p.contentionDegree) {
            s.contentionAsked = true;
            s.predictedContention = *p.contentionDegree;
            s.expectedContention = a.contentionDegree;
            s.contentionRight = s.predictedContention == s.expectedContention;
        }
    }
    for (auto [asked, right] : {std::pair{s.activeAsked, s.activeRight}, std::pair{s.valueAsked, s.valueRight},
                                std::pair{s.divergentAsked, s.divergentRight},
                                std::pair{s.conflictAsked, s.conflictRight},
                                std::pair{s.contentionAsked, s.contentionRight}}) {
        s.parts += asked ? 1 : 0;
        s.partsRight += asked && right ? 1 : 0;
    }
    s.valid = true;
    s.correct = s.parts > 0 && s.parts == s.partsRight;
    return s;
}

void Tally::add(const PredictionScore& s) {
    if (!s.valid) return;
    ++scored;
    if (s.correct) ++right;
}

std::string Tally::text() const {
    if (scored == 0 && skipped == 0) return "no stage predicted yet";
    std::string out = std::to_string(right) + " of " + std::to_string(scored) + (scored == 1 ? " stage" : " stages") +
                      " right";
    if (skipped > 0) out += ", " + std::to_string(skipped) + " skipped";
    return out;
}

std::vector<std::string> describe(const PredictionScore& s, ElemType type) {
    std::vector<std::string> out;
    if (!s.valid) {
        out.push_back(s.error);
        return out;
    }
    if (s.activeAsked && !s.activeRight) {
        if (!s.wronglyActive.empty())
            out.push_back((s.wronglyActive.size() == 1 ? "work-item " : "work-items ") + itemList(s.wronglyActive) +
                          (s.wronglyActive.size() == 1 ? " was idle" : " were idle") + " (you said active)");
        if (!s.missed.empty())
            out.push_back((s.missed.size() == 1 ? "work-item " : "work-items ") + itemList(s.missed) +
                          (s.missed.size() == 1 ? " was active (you left it out)" : " were active (you left them out)"));
        if (s.fused && !s.wronglyActive.empty())  // the one-stage tree's answer, for a kernel that fuses two stages
            out.push_back("in this stage each active work-item writes two cells (two stages share one barrier), so "
                          "half as many work-items do the work");
    }
    if (s.valueAsked && !s.valueRight)
        out.push_back("cell " + std::to_string(s.cell) + " holds " + number(s.expectedValue, type) + " (you said " +
                      number(s.typedValue, type) + ")");
    if (s.divergentAsked && !s.divergentRight)
        out.push_back(std::to_string(s.expectedDivergent) +
                      (s.expectedDivergent == 1 ? " SIMD group diverges" : " SIMD groups diverge") + " (you said " +
                      std::to_string(s.predictedDivergent) + ")");
    if (s.conflictAsked && !s.conflictRight)
        out.push_back("worst bank conflict " +
                      (s.expectedConflict > 1 ? std::to_string(s.expectedConflict) + "-way" : std::string("none (1)")) +
                      " (you said " + std::to_string(s.predictedConflict) + ")");
    if (s.contentionAsked && !s.contentionRight)
        out.push_back(s.expectedContention > 1
                          ? "at most " + std::to_string(s.expectedContention) +
                                " work-items of one SIMD group hit one bin (you said " +
                                std::to_string(s.predictedContention) + ")"
                          : "no two work-items of one SIMD group hit one bin (you said " +
                                std::to_string(s.predictedContention) + ")");
    return out;
}

}  // namespace rl::predict
