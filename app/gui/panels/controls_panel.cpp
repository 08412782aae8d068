// The controls column.
#include "app/gui/panels/controls_panel.h"
#include "app/gui/panels/controls_common.h"

#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <string>
#include <vector>

#include <imgui_stdlib.h>

#include "core/input.h"
#include "core/catalogue/pass_plan.h"
#include "core/files/run_settings.h"
#include "core/catalogue/variant.h"
#include "core/catalogue/variant_support.h"

namespace rl::gui {
namespace {

using controls::changed;
using controls::section;

// What the data list shows for each pattern the settings table offers (core/files/run_settings.h); a pattern without
// a line here shows its name.
struct DataLabel {
    DataPattern pattern;
    const char* label;
};
constexpr DataLabel kDataLabels[] = {
    {DataPattern::Digits, "0-9 (small ints)"}, {DataPattern::Small, "0-99"},
    {DataPattern::Random, "random \xc2\xb1" "1000 (floats: \xc2\xb1" "1)"}, {DataPattern::Ones, "ones"},
    {DataPattern::Iota, "iota (0, 1, 2, \xe2\x80\xa6)"}, {DataPattern::Floats, "floats (quarters, \xc2\xb1" "8)"},
    {DataPattern::Zipf, "zipf (skewed: a few values often)"}, {DataPattern::Constant, "constant (one value)"},
    {DataPattern::File, "from a file\xe2\x80\xa6"},
};

std::string dataLabel(DataPattern d) {
    for (const auto& c : kDataLabels)
        if (c.pattern == d) return c.label;
    return std::string(toString(d));
}

// The data the list offers: the table's patterns, then a file.
std::vector<DataPattern> dataChoices() {
    std::vector<DataPattern> out;
    for (const std::string& word : settingChoices("data"))
        if (const auto d = parseDataPattern(word)) out.push_back(*d);
    out.push_back(DataPattern::File);
    return out;
}

// A labelled row: the label on the left third, the widget filling the rest.
void label(const char* text, const UiContext& ctx) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextColored(vec4(ctx.palette.textDim), "%s", text);
    ImGui::SameLine(ImGui::GetContentRegionMax().x * 0.36f);
    ImGui::SetNextItemWidth(-1);
}

// A size with halve / double buttons; returns true when it changed.
bool sizeInput(const char* id, size_t* value, size_t lo, size_t hi, const UiContext& ctx) {
    bool changedValue = false;
    const float buttonW = ImGui::GetFrameHeight() * 1.3f;
    ImGui::SetNextItemWidth(std::max(60.0f, ImGui::GetContentRegionAvail().x - 2 * buttonW - 8 * ctx.scale));
    unsigned long long v = *value;
    if (ImGui::InputScalar(id, ImGuiDataType_U64, &v, nullptr, nullptr, "%llu")) changedValue = true;
    ImGui::SameLine(0, 4 * ctx.scale);
    ImGui::PushID(id);
    if (ImGui::Button("\xc3\xb7" "2", ImVec2(buttonW, 0))) v = std::max<unsigned long long>(lo, v / 2), changedValue = true;
    ImGui::SameLine(0, 4 * ctx.scale);
    if (ImGui::Button("\xc3\x97" "2", ImVec2(buttonW, 0))) v = std::min<unsigned long long>(hi, v * 2), changedValue = true;
    ImGui::PopID();
    v = std::clamp<unsigned long long>(v, lo, hi);
    if (changedValue) *value = size_t(v);
    return changedValue;
}

// The launch's work-groups for a fixed-grid variant (grid-stride, best-gpu, ...): "auto" (the variant's groups per
// compute unit, the same grid on every device) or a count the student picks, up to what the input can fill (at
// least the variant's elements per work-item each); the
// tooltip says what the planner made of it (best-gpu past wg groups finishes in two levels: a third pass).
bool gridInput(RunConfig& c, const VariantInfo& v) {
    const size_t wg = std::max<size_t>(1, c.wg);
    const size_t perGroup = wg * size_t(effectiveElemsPerItem(v, c));
    size_t most = std::max<size_t>(1, (c.n + perGroup - 1) / perGroup);
    if (v.kind == VariantKind::LastGroup) most = std::min(most, wg * wg);
    most = std::min<size_t>({most, 4096, size_t(settingRange("groups").hi)});
    int g = int(std::min(c.groups, most));
    const std::string autoText = "auto (" + std::to_string(v.groupsPerComputeUnit) + ")";
    const bool edited = ImGui::SliderInt("##groups", &g, 0, int(most), g == 0 ? autoText.c_str() : "%d groups",
                                         ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
    if (ImGui::IsItemHovered()) {
        RunConfig planned = c;
        planned.groups = size_t(g);
        const auto plan = planPasses(v, planned);
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30);
        ImGui::TextUnformatted("How many work-groups the launch has; each work-item strides over the input by the "
                               "whole grid's width. 0: the variant's own choice.");
        if (!plan.empty())
            ImGui::Text("Now: %zu work-groups of %zu, about %d elements per work-item.", plan[0].groups,
                        plan[0].local, plan[0].elemsPerItem);
        if (v.kind == VariantKind::LastGroup)
            ImGui::Text("Past %zu groups (the work-group size) the finish takes two levels: the last group of each "
                        "block of %zu to start reduces its block, then the last of those reduces the blocks.",
                        wg, wg);
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
    }
    if (edited) c.groups = size_t(g);
    return edited;
}

// The operation, from the table's choices.
bool opCombo(RunConfig& c) {
    bool changedValue = false;
    if (ImGui::BeginCombo("##op", std::string(toString(c.op)).c_str())) {
        for (const std::string& word : settingChoices("op")) {
            const Op op = *parseOp(word);
            if (ImGui::Selectable(word.c_str(), op == c.op) && op != c.op) {
                c.op = op;
                changedValue = true;
            }
        }
        ImGui::EndCombo();
    }
    return changedValue;
}

// An integer setting offered as a list (simd, banks, bank-width): the table's choices, each shown by `shown`.
template <typename Shown>
bool integerCombo(const char* id, std::string_view name, int* value, Shown shown) {
    bool changedValue = false;
    if (ImGui::BeginCombo(id, shown(*value).c_str())) {
        for (const std::string& word : settingChoices(name)) {
            const int v = std::stoi(word);
            if (ImGui::Selectable(shown(v).c_str(), v == *value) && v != *value) {
                *value = v;
                changedValue = true;
            }
        }
        ImGui::EndCombo();
    }
    return changedValue;
}

// The element types, each greyed out with its reason when the variant or the device cannot reduce it (a variant
// with 32-bit words only; double without cl_khr_fp64).
bool typeCombo(RunConfig& c, const VariantInfo* v, const DeviceInfo* device) {
    bool changedValue = false;
    if (ImGui::BeginCombo("##type", std::string(toString(c.type)).c_str())) {
        for (const std::string& word : settingChoices("type")) {
            const ElemType option = *parseElemType(word);
            const std::string why = v ? typeUnsupportedReason(*v, option, device) : "";
            const bool selected = option == c.type;
            if (!why.empty()) ImGui::BeginDisabled();
            if (ImGui::Selectable(std::string(toString(option)).c_str(), selected)) {
                changedValue = option != c.type;
                c.type = option;
            }
            if (!why.empty()) ImGui::EndDisabled();
            if (!why.empty() && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("%s", why.c_str());
        }
        ImGui::EndCombo();
    }
    return changedValue;
}

std::string bytes(size_t b) {
    char buf[64];
    if (b >= (size_t(1) << 30)) std::snprintf(buf, sizeof buf, "%.1f GiB", double(b) / double(size_t(1) << 30));
    else if (b >= (size_t(1) << 20)) std::snprintf(buf, sizeof buf, "%.1f MiB", double(b) / double(size_t(1) << 20));
    else std::snprintf(buf, sizeof buf, "%zu KiB", b / 1024);
    return buf;
}

// The first sentence of a lesson (up to the first ". "), on one line.
}  // namespace

std::string unavailableReason(const VariantInfo& v, const DeviceInfo* d, ElemType type) {
    if (isWide(type) && !v.no64BitReason.empty()) return "int and float only (" + v.no64BitReason + ")";
    return unavailableReason(v, d);
}

std::string unavailableReason(const VariantInfo& v, const DeviceInfo* d) {
    if (!d) return "";
    if (v.needsSubGroups && !d->subGroups) return "needs sub-groups, which this device does not offer";
    if (v.needsOpenCL20 && !d->workGroupCollectives) return "needs OpenCL C 2.0 work-group functions";
    if (v.needsInt64Atomics && !d->int64Atomics) return "needs 64-bit atomics (cl_khr_int64_base_atomics)";
    if (v.minWorkGroup > int(d->maxWorkGroup)) return "needs larger work-groups than this device allows";
    return "";
}

void ControlsPanel::device(ExplorerState& state, const UiContext& ctx) {
    if (!section("DEVICE", ctx)) return;
    if (!state.devicesListed) {
        ImGui::TextDisabled("Listing OpenCL devices\xe2\x80\xa6");
        return;
    }
    if (state.devices.empty()) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextColored(vec4(ctx.palette.bad), "No OpenCL device found. Install a runtime (e.g. pocl-opencl-icd).");
        ImGui::PopTextWrapPos();
        return;
    }
    const DeviceInfo& current = state.devices[size_t(std::clamp(state.device, 0, int(state.devices.size()) - 1))];
    // The name whole, wrapped (a combo box cuts it at the column's edge), with its platform under it.
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(current.name.c_str());
    ImGui::TextColored(vec4(ctx.palette.textFaint), "%s", current.platform.c_str());
    ImGui::PopTextWrapPos();
    if (state.devices.size() > 1) {
        ImGui::SetNextItemWidth(-1);
        const std::string preview = "device " + std::to_string(current.index) + " of " +
                                    std::to_string(state.devices.size()) + ": choose another";
        if (ImGui::BeginCombo("##device", preview.c_str())) {
            for (const auto& d : state.devices) {
                const std::string name = std::to_string(d.index) + ": " + d.name + "  (" + d.platform + ")";
                if (ImGui::Selectable(name.c_str(), d.index == state.device) && d.index != state.device) {
                    state.device = d.index;
                    changed(state, ctx);
                }
            }
            ImGui::EndCombo();
        }
    }
    struct Limit {
        const char* key;
        std::string value;
        bool identifier = false;  // one long token (the driver's version string): broken anywhere, as it must be
    };
    const std::vector<Limit> limits = {
        {"type", current.type + ", " + std::to_string(current.computeUnits) + " compute units"},
        {"max work-group", std::to_string(current.maxWorkGroup)},
        {"local memory", bytes(current.localMemBytes)},
        {"global memory", bytes(current.globalMemBytes)},
        {"its cache",
         current.globalCacheBytes ? bytes(current.globalCacheBytes) + " (as the driver reports it)" : "not reported"},
        {"SIMD width", std::to_string(current.simdWidth) + " (" + current.simdWidthSource + ")"},
        {"sub-groups", current.subGroups ? "yes" : "no"},
        {"double", current.fp64 ? "yes (cl_khr_fp64)" : "no (no cl_khr_fp64)"},
        {"OpenCL", current.version, true},
    };
    // Keys beside their values, unless the value column (a narrow column, larger text) is narrower than a word of
    // them: then each key goes over its value, which wraps at spaces instead of inside a word ("comput|e units").
    const ImGuiStyle& style = ImGui::GetStyle();
    const float keyWidth = ImGui::CalcTextSize("max work-group").x;
    const float valueWidth = ImGui::GetContentRegionAvail().x - keyWidth - 2 * style.CellPadding.x;
    float widestWord = 0;
    for (const Limit& l : limits) {
        if (l.identifier) continue;
        for (size_t at = 0; at < l.value.size();) {
            const size_t end = std::min(l.value.find(' ', at), l.value.size());
            widestWord = std::max(widestWord, ImGui::CalcTextSize(l.value.c_str() + at, l.value.c_str() + end).x);
            at = end + 1;
        }
    }
    const bool stacked = widestWord > valueWidth;
    ctx.geometry.deviceLimits = {stacked, stacked ? ImGui::GetContentRegionAvail().x : valueWidth, widestWord};
    if (stacked) {
        const float indent = ImGui::GetFontSize();
        for (const Limit& l : limits) {
            ImGui::TextColored(vec4(ctx.palette.textFaint), "%s", l.key);
            ImGui::Indent(indent);
            ImGui::PushTextWrapPos(0);
            ImGui::TextUnformatted(l.value.c_str());
            ImGui::PopTextWrapPos();
            ImGui::Unindent(indent);
        }
    } else if (ImGui::BeginTable("##limits", 2)) {
        ImGui::TableSetupColumn("key", ImGuiTableColumnFlags_WidthFixed, keyWidth);
        ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch);
        for (const Limit& l : limits) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextColored(vec4(ctx.palette.textFaint), "%s", l.key);
            ImGui::TableNextColumn();
            ImGui::PushTextWrapPos(0);
            ImGui::TextUnformatted(l.value.c_str());
            ImGui::PopTextWrapPos();
        }
        ImGui::EndTable();
    }
}

void ControlsPanel::ownKernel(ExplorerState& state, const UiContext& ctx) {
    using Request = ExplorerState::KernelRequest;
    if (!state.kernelToReopen.empty()) {  // the autosaved kernel, kept while the command line's problem is shown
        const std::string label = "Reopen your kernel (" + state.kernelToReopen + ")";
        ImGui::PushStyleColor(ImGuiCol_Button, vec4(view::mix(ctx.palette.accent, ctx.palette.panel, 0.35f)));
        if (ImGui::Button(label.c_str())) state.kernelRequest = Request::Reopen;
        ImGui::PopStyleColor();
        const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
        ctx.geometry.workbench.reopen = label;
        ctx.geometry.workbench.reopenRect = {a.x, a.y, b.x - a.x, b.y - a.y};
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("The kernel you were writing last time, with its unsaved edits: the command line asked "
                              "for another problem, so it waits here");
    }
    ImGui::AlignTextToFramePadding();
    ImGui::TextColored(vec4(ctx.palette.textDim), "Your own kernel:");
    ImGui::SameLine();
    if (ImGui::SmallButton("Edit")) state.kernelRequest = Request::Edit;
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Edit a copy of this variant's kernel in the workbench, then check and trace it");
    ImGui::SameLine(0, 4 * ctx.scale);
    if (ImGui::SmallButton("New")) state.kernelRequest = Request::New;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Write a kernel from a short template (a correct sequential reduce)");
    ImGui::SameLine(0, 4 * ctx.scale);
    if (ImGui::SmallButton("Open\xe2\x80\xa6")) state.kernelRequest = Request::Open;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Open a .cl file of your own in the workbench");
    // On a row of its own: the column is narrow, and a button past its edge would be cut off unseen.
    ImGui::TextColored(vec4(ctx.palette.textDim), "Study alone:");
    ImGui::SameLine();
    if (ImGui::SmallButton("Exercises\xe2\x80\xa6")) state.courseRequested = true;
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("The course: exercises up the ladder and through the classic mistakes, graded on your device");
}

void ControlsPanel::problem(ExplorerState& state, const UiContext& ctx) {
    if (!section("PROBLEM", ctx)) return;
    RunConfig& c = state.config;
    const size_t maxWg = state.devices.empty() ? 4096 : state.devices[size_t(state.device)].maxWorkGroup;
    label("N elements", ctx);
    const SettingRange nRange = settingRange("n"), wgRange = settingRange("wg");  // past the device's memory: its message
    if (sizeInput("##n", &c.n, size_t(nRange.lo), size_t(nRange.hi), ctx)) changed(state, ctx);
    label("work-group", ctx);
    if (sizeInput("##wg", &c.wg, size_t(wgRange.lo), std::clamp<size_t>(maxWg, 1, size_t(wgRange.hi)), ctx))
        changed(state, ctx);
    const VariantInfo* v = findVariant(c.variant);
    if (v && v->elementsPerItemSettable) {
        label("per work-item", ctx);
        int epi = c.elemsPerItem > 0 ? c.elemsPerItem : v->defaultElementsPerItem;
        if (ImGui::SliderInt("##epi", &epi, 1, int(settingRange("epi").hi), "%d elements",
                             ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp)) {
            c.elemsPerItem = epi;
            changed(state, ctx);
        }
    }
    if (v && v->groupsPerComputeUnit > 0) {
        label("work-groups", ctx);
        if (gridInput(c, *v)) changed(state, ctx);
    }
    label("operation", ctx);
    if (opCombo(c)) changed(state, ctx);
    label("type", ctx);
    if (typeCombo(c, v, state.devices.empty() ? nullptr : &state.devices[size_t(state.device)])) {
        if (isIntegral(c.type) && c.data == DataPattern::Floats) c.data = DataPattern::Digits;
        changed(state, ctx);
    }
    data(state, ctx);
    if (c.data != DataPattern::Iota && c.data != DataPattern::Ones && c.data != DataPattern::File) {
        label("seed", ctx);
        unsigned long long seed = c.seed;
        if (ImGui::InputScalar("##seed", ImGuiDataType_U64, &seed)) {
            c.seed = seed;
            changed(state, ctx);
        }
    }
}

void ControlsPanel::data(ExplorerState& state, const UiContext& ctx) {
    RunConfig& c = state.config;
    label("data", ctx);
    const std::string shown = c.data == DataPattern::File
                                  ? "file: " + c.dataFile.substr(c.dataFile.find_last_of('/') + 1)
                                  : dataLabel(c.data);
    if (ImGui::BeginCombo("##data", shown.c_str())) {
        for (const DataPattern choice : dataChoices()) {
            const bool selected = choice == c.data;
            if (!ImGui::Selectable(dataLabel(choice).c_str(), selected)) continue;
            if (choice == DataPattern::File) {
                fileOpen_ = true;
                if (dataPath_.empty()) dataPath_ = c.dataFile;
            } else if (!selected) {
                c.data = choice;
                c.dataFile.clear();
                if (c.data == DataPattern::Floats) c.type = ElemType::Float;
                fileOpen_ = false;
                changed(state, ctx);
            }
        }
        ImGui::EndCombo();
    }
    ctx.geometry.dataChoice = shown;
    if (!fileOpen_ && c.data != DataPattern::File) return;
    // The file: a path and Load. Numbers separated by spaces, commas or new lines; N becomes their count.
    ImGui::SetNextItemWidth(-ImGui::CalcTextSize("Load").x - ImGui::GetStyle().FramePadding.x * 2 -
                            ImGui::GetStyle().ItemSpacing.x);
    if (dataPath_.empty() && !c.dataFile.empty()) dataPath_ = c.dataFile;
    const bool enter = ImGui::InputTextWithHint("##datafile", "path of a text file of numbers", &dataPath_,
                                                ImGuiInputTextFlags_EnterReturnsTrue);
    ImGui::SameLine();
    if (ImGui::Button("Load") || enter) {
        try {
            RunConfig next = c;
            setRunSetting(next, "data", "file:" + dataPath_, "data file");
            c = next;
            dataError_.clear();
            fileOpen_ = false;
            ctx.log.info("Data: " + std::to_string(c.n) + " values from " + c.dataFile);
            changed(state, ctx);
        } catch (const std::exception& e) {
            dataError_ = e.what();
            ctx.log.error("Data file not loaded", dataError_);
        }
    }
    if (!dataError_.empty()) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextColored(vec4(ctx.palette.bad), "%s", dataError_.c_str());
        ImGui::PopTextWrapPos();
    }
}

void ControlsPanel::hardware(ExplorerState& state, const UiContext& ctx) {
    if (!section("HARDWARE MODEL", ctx)) return;
    RunConfig& c = state.config;
    label("SIMD width", ctx);
    const int deviceSimd = state.devices.empty() ? 32 : state.devices[size_t(state.device)].simdWidth;
    auto simdText = [deviceSimd](int w) { return w == 0 ? "device (" + std::to_string(deviceSimd) + ")" : std::to_string(w); };
    if (integerCombo("##simd", "simd", &c.simdWidth, simdText)) changed(state, ctx);
    label("banks", ctx);
    if (integerCombo("##banks", "banks", &c.banks, [](int b) { return std::to_string(b); })) changed(state, ctx);
    label("bank width", ctx);
    if (integerCombo("##bankw", "bank-width", &c.bankWidthBytes, [](int b) { return std::to_string(b) + " bytes"; }))
        changed(state, ctx);
}

void ControlsPanel::compare(ExplorerState& state, const UiContext& ctx) {
    if (!section("COMPARE", ctx)) return;
    bool on = state.comparing();
    if (ImGui::Checkbox("side by side with", &on)) {
        state.compareVariant = on ? comparePartner(state.config.variant) : "";
        changed(state, ctx);
    }
    if (!on) return;
    const VariantInfo* other = findVariant(state.compareVariant);
    ImGui::SetNextItemWidth(-1);
    if (ImGui::BeginCombo("##compare", other ? other->title.c_str() : state.compareVariant.c_str())) {
        for (const auto& v : variantsBeside(state.config.variant))
            if (ImGui::Selectable(v.title.c_str(), v.id == state.compareVariant) && v.id != state.compareVariant) {
                state.compareVariant = v.id;
                changed(state, ctx);
            }
        ImGui::EndCombo();
    }
}

void ControlsPanel::viewOptions(ExplorerState& state, const UiContext& ctx) {
    if (!section("VIEW", ctx)) return;
    ImGui::Checkbox("values in cells", &state.view.showValues);
    ImGui::Checkbox("load at the top", &state.view.loadAtTop);
    ImGui::TextDisabled("Wheel over the tree zooms, drag pans,\ndouble-click shows the whole group.");
}

void ControlsPanel::Draw(ExplorerState& state, const UiContext& ctx) {
    device(state, ctx);
    variants(state, ctx);
    problem(state, ctx);
    hardware(state, ctx);
    compare(state, ctx);
    viewOptions(state, ctx);
}

}  // namespace rl::gui
