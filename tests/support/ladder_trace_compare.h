// Comparison of a device trace with the CPU model for the ladder tests: same stages, params, cells (bit for bit for
// floats) and work-item operations. Returns the first difference as text, or "" when they are identical.
#pragma once
#include <algorithm>
#include <cstring>
#include <string>

#include "core/input.h"
#include "core/model/model.h"
#include "core/trace.h"
#include "tests/support/test_values.h"

namespace rl::test {

inline bool sameValue(double a, double b, ElemType type) {
    return type == ElemType::Float ? floatBits(a) == floatBits(b) : a == b;
}

inline std::string stageDifference(const Stage& d, const Stage& m, ElemType type) {
    if (d.param != m.param) return "param " + std::to_string(d.param) + " vs model " + std::to_string(m.param);
    if (d.values.size() != m.values.size() || d.ops.size() != m.ops.size()) return "stage sizes differ";
    // Cells and work-items: as many of each in a tree's stage; a histogram's counters are not its work-items.
    for (size_t c = 0; c < std::max(m.values.size(), m.ops.size()); ++c) {
        if (c < m.values.size() && !sameValue(d.values[c], m.values[c], type))
            return "cell " + std::to_string(c) + ": " + std::to_string(d.values[c]) + " vs model " +
                   std::to_string(m.values[c]);
        if (c < m.ops.size() && !(d.ops[c] == m.ops[c])) return "work-item " + std::to_string(c) + "'s operation";
    }
    return "";
}

inline std::string groupDifference(const GroupTrace& d, const GroupTrace& m, ElemType type) {
    if (d.stages.size() != m.stages.size())
        return std::to_string(d.stages.size()) + " stages vs model " + std::to_string(m.stages.size());
    for (size_t s = 0; s < m.stages.size(); ++s) {
        const std::string diff = stageDifference(d.stages[s], m.stages[s], type);
        if (!diff.empty()) return "stage " + std::to_string(s) + " (" + m.stages[s].label + "): " + diff;
    }
    return "";
}

inline std::vector<double> asValues(const HostArray& input) {
    std::vector<double> v(input.size());
    for (size_t i = 0; i < v.size(); ++i) v[i] = input.at(i);
    return v;
}

// The whole device trace against modelRun; every traced group of every pass. "" when identical.
inline std::string traceDifference(const TraceRun& device, const VariantInfo& variant, const RunConfig& config,
                                   const HostArray& input) {
    double modelResult = 0;
    const auto model = modelRun(variant, modelConfigOf(config, device), asValues(input), &modelResult);
    if (device.passes.size() != model.size()) return "pass count differs";
    for (size_t p = 0; p < model.size(); ++p) {
        for (const GroupTrace& dg : device.passes[p].traced) {
            if (dg.group < 0 || size_t(dg.group) >= model[p].traced.size()) return "group out of range";
            const std::string diff = groupDifference(dg, model[p].traced[size_t(dg.group)], config.type);
            if (!diff.empty()) return "pass " + std::to_string(p) + " group " + std::to_string(dg.group) + ": " + diff;
        }
    }
    if (!sameValue(device.result, modelResult, config.type)) return "final result differs from the model's";
    return "";
}

// For a failure message: the first traced group's operations, stage by stage, the device's beside the model's, as
// work-item:cell written by each active one (a histogram's increments: work-item:bin), and whether the run was right.
inline std::string operationsSideBySide(const TraceRun& device, const VariantInfo& variant, const RunConfig& config,
                                        const HostArray& input) {
    if (device.passes.empty() || device.passes.front().traced.empty()) return "\n  no traced group";
    double modelResult = 0;
    const auto model = modelRun(variant, modelConfigOf(config, device), asValues(input), &modelResult);
    const GroupTrace& d = device.passes.front().traced.front();
    if (model.empty() || d.group < 0 || size_t(d.group) >= model.front().traced.size()) return "\n  no model group";
    const GroupTrace& m = model.front().traced[size_t(d.group)];
    auto active = [](const Stage& st) {
        std::string s;
        for (size_t lid = 0; lid < st.ops.size(); ++lid)
            if (st.ops[lid].active) s += " " + std::to_string(lid) + ":" + std::to_string(st.ops[lid].w);
        return s;
    };
    std::string out;
    for (size_t k = 0; k < std::min(d.stages.size(), m.stages.size()); ++k)
        out += "\n  stage " + std::to_string(k) + " device" + active(d.stages[k]) + "\n          model " +
               active(m.stages[k]);
    return out + "\n  correct: " + (device.correct ? "yes" : "no, " + device.verdict);
}

}  // namespace rl::test
