// Stage-by-stage comparison of a device trace with the CPU model.
#include "app/view/tree/model_check.h"

#include <algorithm>
#include <cmath>

#include "core/model/model.h"
#include "core/catalogue/pass_plan.h"
#include "core/pattern.h"

namespace rl::view {
namespace {

bool same(double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); }


// Compares one traced group with the model's: the first cell that differs, or a different number of stages.
bool departsFrom(const GroupTrace& device, const GroupTrace& model, size_t p, size_t gi, ModelDeparture* out) {
    const size_t stages = std::min(device.stages.size(), model.stages.size());
    for (size_t s = 0; s < stages; ++s) {
        const auto& dv = device.stages[s].values;
        const auto& mv = model.stages[s].values;
        for (size_t c = 0; c < dv.size() && c < mv.size(); ++c) {
            if (same(dv[c], mv[c])) continue;
            out->checked = out->departs = true;
            out->pass = int(p);
            out->group = device.group;
            out->groupIndex = int(gi);
            out->stage = int(s);
            out->cell = int(c);
            out->stageLabel = device.stages[s].label;
            out->device = dv[c];
            out->model = mv[c];
            out->note = "pass " + std::to_string(p) + ", group " + std::to_string(device.group) + ", stage " +
                        std::to_string(s) + " (" + out->stageLabel + "), cell " + std::to_string(c);
            return true;
        }
    }
    if (device.stages.size() == model.stages.size()) return false;
    out->checked = out->departs = true;
    out->pass = int(p);
    out->group = device.group;
    out->groupIndex = int(gi);
    out->stage = int(stages);
    out->cellValues = false;
    out->note = "pass " + std::to_string(p) + ", group " + std::to_string(device.group) + ": the device recorded " +
                std::to_string(device.stages.size()) + " stages, the model has " + std::to_string(model.stages.size());
    return true;
}

std::string matchNote(int groups, int passes) {
    return groups > 0 ? "every stage of " + std::to_string(groups) + " traced group(s) in " + std::to_string(passes) +
                            " pass(es) matches the CPU model"
                      : "nothing to compare";
}

}  // namespace

ModelDeparture compareWithModel(const VariantInfo& variant, const RunConfig& config, const std::vector<PassPlan>& plan,
                                const HostArray& input, const TraceRun& trace) {
    ModelDeparture out;
    if (!hasModel(variant)) {
        out.note = "no CPU model for '" + variant.id + "' to compare the trace with";
        return out;
    }
    if (plan.empty() && !trace.passes.empty()) {
        out.note = "no passes planned to compare the trace with";
        return out;
    }
    std::vector<double> passInput(input.size());
    for (size_t i = 0; i < input.size(); ++i) passInput[i] = input.at(i);
    int comparedGroups = 0, comparedPasses = 0;
    // A run of its own shape (a scan's levels of tiles, whose later passes take each tile's total, not a partial in
    // cell 0) traced over several passes: the whole run in the model, each traced group against the model's group of
    // that pass and number. Past kWholeModelLimit elements, or with one pass traced, only the first pass, whose input
    // is the data, is compared, group by traced group (a whole histogram in the model would hold every group's bins).
    if (patternInfo(variant.pattern).modelRun && trace.passes.size() > 1 && passInput.size() <= kWholeModelLimit) {
        std::vector<PassTrace> model;
        try {
            double result = 0;
            RunConfig c = modelConfigOf(config, trace);  // with the sub-groups the device ran in
            c.n = passInput.size();
            model = modelRun(variant, c, passInput, &result);
        } catch (const std::exception& e) {
            out.note = std::string("the model failed: ") + e.what();
            return out;
        }
        for (size_t p = 0; p < trace.passes.size() && p < model.size(); ++p) {
            bool compared = false;
            for (size_t gi = 0; gi < trace.passes[p].traced.size(); ++gi) {
                const GroupTrace& device = trace.passes[p].traced[gi];
                for (const GroupTrace& m : model[p].traced) {
                    if (m.group != device.group) continue;
                    if (departsFrom(device, m, p, gi, &out)) return out;
                    ++comparedGroups;
                    compared = true;
                }
            }
            comparedPasses += compared ? 1 : 0;
        }
        out.checked = comparedGroups > 0;
        out.note = matchNote(comparedGroups, comparedPasses);
        return out;
    }
    const bool firstPassOnly = patternInfo(variant.pattern).modelRun != nullptr;
    for (size_t p = 0; p < trace.passes.size() && p < plan.size(); ++p) {
        const PassTrace& pass = trace.passes[p];
        if (passInput.size() != plan[p].n) break;  // this pass's input is not known
        ++comparedPasses;
        for (size_t gi = 0; gi < pass.traced.size(); ++gi) {
            const GroupTrace& device = pass.traced[gi];
            GroupTrace model;
            try {
                model = modelGroup(ModelInput{variant, plan[p], passInput, size_t(device.group), config.op, config.type,
                                                  false, &config});
            } catch (const std::exception& e) {
                out.note = std::string("the model failed: ") + e.what();
                return out;
            }
            ++comparedGroups;
            if (departsFrom(device, model, p, gi, &out)) return out;
        }
        // The next pass's input: this pass's partials, known only when every group was traced.
        if (firstPassOnly || pass.traced.size() != pass.groups) break;
        std::vector<double> next;
        for (const auto& g : pass.traced)
            next.push_back(g.stages.empty() || g.stages.back().values.empty() ? 0.0 : g.stages.back().values[0]);
        passInput = std::move(next);
    }
    out.checked = comparedGroups > 0;
    out.note = matchNote(comparedGroups, comparedPasses);
    return out;
}

}  // namespace rl::view
