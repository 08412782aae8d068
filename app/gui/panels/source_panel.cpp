// The kernel source panel.
#include "app/gui/panels/source_panel.h"
#include "app/gui/panels/widgets.h"

#include <imgui.h>

#include <algorithm>
#include <cctype>
#include <cstring>

#include "app/view/tree/source_map.h"
#include "core/build_options.h"
#include "core/kernel_source.h"

namespace rl::gui {
namespace {

ImVec4 vec4(view::Rgba c) { return ImVec4(c.r / 255.f, c.g / 255.f, c.b / 255.f, c.a / 255.f); }

bool isKeyword(const std::string& w) {
    static const char* const words[] = {"__kernel", "kernel", "__global", "__local", "__constant", "__private",
                                        "const", "volatile", "if", "else", "for", "while", "return", "void", "uint",
                                        "int", "float", "size_t", "T", "T4", "typedef", "inline", "do", "unsigned",
                                        "int4", "float4", "break", "continue"};
    for (const char* k : words)
        if (w == k) return true;
    return false;
}

// Draws one line of OpenCL C with light syntax colours; `inComment` carries block comments across lines.
void colouredLine(const std::string& line, bool* inComment, const view::Palette& p) {
    const ImVec4 comment = vec4(view::mix(p.textFaint, p.good, 0.25f));
    const ImVec4 keyword = vec4(p.accent);
    const ImVec4 macro = vec4(p.cellWritten);
    const ImVec4 number = vec4(view::mix(p.text, p.warpDivergent, 0.45f));
    const ImVec4 plain = vec4(p.text);
    size_t i = 0;
    bool first = true;
    auto emit = [&](size_t from, size_t to, const ImVec4& color) {
        if (to <= from) return;
        if (!first) ImGui::SameLine(0, 0);
        first = false;
        ImGui::PushStyleColor(ImGuiCol_Text, color);
        ImGui::TextUnformatted(line.data() + from, line.data() + to);
        ImGui::PopStyleColor();
    };
    while (i < line.size()) {
        if (*inComment) {
            const size_t end = line.find("*/", i);
            const size_t stop = end == std::string::npos ? line.size() : end + 2;
            emit(i, stop, comment);
            if (end != std::string::npos) *inComment = false;
            i = stop;
            continue;
        }
        if (line.compare(i, 2, "//") == 0) {
            emit(i, line.size(), comment);
            break;
        }
        if (line.compare(i, 2, "/*") == 0) {
            *inComment = true;
            continue;
        }
        const char c = line[i];
        if (std::isalpha((unsigned char)c) || c == '_') {
            size_t j = i;
            while (j < line.size() && (std::isalnum((unsigned char)line[j]) || line[j] == '_')) ++j;
            const std::string word = line.substr(i, j - i);
            emit(i, j, word.rfind("RL_", 0) == 0 || word.rfind("rl_", 0) == 0 ? macro : (isKeyword(word) ? keyword : plain));
            i = j;
        } else if (std::isdigit((unsigned char)c)) {
            size_t j = i;
            while (j < line.size() && (std::isalnum((unsigned char)line[j]) || line[j] == '.')) ++j;
            emit(i, j, number);
            i = j;
        } else {
            size_t j = i;
            while (j < line.size() && !std::isalnum((unsigned char)line[j]) && line[j] != '_' &&
                   line.compare(j, 2, "//") != 0 && line.compare(j, 2, "/*") != 0)
                ++j;
            emit(i, j, c == '#' ? macro : plain);
            i = j;
        }
    }
    if (first) ImGui::TextUnformatted("");
}

}  // namespace

void SourcePanel::code(const ExplorerState& state, const UiContext& ctx) {
    const Side& side = state.bottomSide();
    const auto& p = ctx.palette;
    const float s = ctx.scale;
    const VariantInfo& variant = side.bundle->variant;
    const bool student = !variant.source.empty();  // a student's kernel: its text is in the variant
    const std::string id = variant.id + (state.view.showCommon ? "+common" : "") +
                           (student ? "#" + std::to_string(side.bundle->serial) : "");
    if (id != fileId_) {
        fileId_ = id;
        lines_.clear();
        commonLines_ = 0;
        try {
            // A student's program text is the prelude, `#line 1 "FILE"`, then their file (studentProgramSource).
            const size_t marker = student ? variant.source.find("\n#line 1 \"") : std::string::npos;
            const size_t ownStart = marker == std::string::npos ? 0 : variant.source.find('\n', marker + 1) + 1;
            if (state.view.showCommon) {
                lines_ = view::splitLines(student ? variant.source.substr(0, marker == std::string::npos ? 0 : marker)
                                                  : kernelFileText("kernels/reduce_common.cl"));
                commonLines_ = int(lines_.size());
            }
            const auto own = view::splitLines(student ? variant.source.substr(ownStart)
                                                      : kernelFileText("kernels/" + variant.id + ".cl"));
            lines_.insert(lines_.end(), own.begin(), own.end());
        } catch (const std::exception& e) {
            ctx.log.error(std::string("Kernel source not available: ") + e.what());
        }
        scrolledFirst_ = -2;
    }
    const auto& r = side.timeline[size_t(side.stepAt(state.playback.step()))];
    const Stage& st = side.bundle->run.passes[size_t(r.pass)].traced[size_t(r.group)].stages[size_t(r.stage)];
    const std::vector<std::string> own(lines_.begin() + commonLines_, lines_.end());
    view::LineSpan span = view::stageLines(own, st.param);
    if (span.empty() && st.line > 0) span.first = span.last = st.line - 1;  // where Oclgrind saw the stage's writes
    if (!span.empty()) span.first += commonLines_, span.last += commonLines_;

    ImGui::PushFont(ctx.fonts.mono);
    const float lineH = ImGui::GetTextLineHeightWithSpacing();
    if (span.first != scrolledFirst_ && !span.empty()) {
        const float target = float(span.first) * lineH - ImGui::GetWindowHeight() * 0.25f;
        ImGui::SetScrollY(std::max(0.0f, target));
        scrolledFirst_ = span.first;
    }
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float numberW = ImGui::CalcTextSize("0000").x;
    ImGuiListClipper clipper;
    clipper.Begin(int(lines_.size()), lineH);
    bool inComment = false;
    // Block comments before the first visible line: scan them so colours stay right while scrolling.
    while (clipper.Step()) {
        inComment = false;
        for (int i = 0; i < clipper.DisplayStart; ++i) {
            const std::string& l = lines_[size_t(i)];
            size_t at = 0;
            while (at < l.size()) {
                if (inComment) {
                    const size_t e = l.find("*/", at);
                    if (e == std::string::npos) break;
                    inComment = false;
                    at = e + 2;
                } else {
                    const size_t c1 = l.find("//", at), c2 = l.find("/*", at);
                    if (c2 == std::string::npos || (c1 != std::string::npos && c1 < c2)) break;
                    inComment = true;
                    at = c2 + 2;
                }
            }
        }
        for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
            const ImVec2 pos = ImGui::GetCursorScreenPos();
            const bool lit = span.contains(i);
            if (lit) {
                dl->AddRectFilled(ImVec2(pos.x - 4 * s, pos.y), ImVec2(pos.x + ImGui::GetContentRegionAvail().x, pos.y + lineH),
                                  p.cellWritten.withAlpha(38).packed());
                dl->AddRectFilled(ImVec2(pos.x - 4 * s, pos.y), ImVec2(pos.x - 1 * s, pos.y + lineH), p.cellWritten.packed());
            }
            char number[16];
            const bool common = i < commonLines_;
            std::snprintf(number, sizeof number, "%4d", common ? i + 1 : i - commonLines_ + 1);
            ImGui::TextColored(vec4(lit ? p.cellWritten : p.textFaint), "%s", number);
            ImGui::SameLine(numberW + 16 * s);
            if (common) ImGui::PushStyleVar(ImGuiStyleVar_Alpha, 0.6f);
            colouredLine(lines_[size_t(i)], &inComment, p);
            if (common) ImGui::PopStyleVar();
        }
    }
    clipper.End();
    ImGui::PopFont();
}

void SourcePanel::lesson(const ExplorerState& state, const UiContext& ctx) {
    const auto& v = state.bottomSide().bundle->variant;
    const auto& p = ctx.palette;
    ImGui::PushFont(ctx.fonts.heading);
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(v.title.c_str());
    ImGui::PopTextWrapPos();
    ImGui::PopFont();
    if (v.harrisStep > 0) ImGui::TextColored(vec4(p.accent), "Step %d of Harris's ladder", v.harrisStep);
    ImGui::Spacing();
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(v.lesson.c_str());
    if (!v.correctByDesign) {
        ImGui::Spacing();
        ImGui::TextColored(vec4(p.bad), "Wrong by design: %s", v.wrongReason.c_str());
    }
    ImGui::Spacing();
    if (!v.requirements.empty()) ImGui::TextColored(vec4(p.textDim), "Requires: %s", v.requirements.c_str());
    const DeviceInfo device = size_t(state.device) < state.devices.size() ? state.devices[size_t(state.device)]
                                                                         : DeviceInfo{};
    ImGui::TextColored(vec4(p.textFaint), "Built with: %s",
                       buildOptions(v, state.bottomSide().bundle->config, true, device).c_str());
    ImGui::PopTextWrapPos();
}

void SourcePanel::Draw(ExplorerState& state, const UiContext& ctx) {
    if (!state.a.loaded()) {
        ImGui::TextDisabled("No trace loaded");
        return;
    }
    const float s = ctx.scale;
    const float lessonW = std::clamp(ImGui::GetContentRegionAvail().x * 0.34f, 260 * s, 560 * s);
    ImGui::BeginChild("##code", ImVec2(ImGui::GetContentRegionAvail().x - lessonW - 12 * s, 0), false,
                      ImGuiWindowFlags_HorizontalScrollbar);
    code(state, ctx);
    ImGui::EndChild();
    ImGui::SameLine(0, 12 * s);
    ImGui::BeginChild("##lesson", ImVec2(0, 0), false);
    sideSelector(state, ctx);
    ImGui::NewLine();
    ImGui::Checkbox("show reduce_common.cl too", &state.view.showCommon);
    ImGui::Spacing();
    lesson(state, ctx);
    ImGui::EndChild();
}

}  // namespace rl::gui
