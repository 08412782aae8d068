// The kernel source panel.
#include "app/gui/panels/source_panel.h"
#include "app/gui/common/colour.h"
#include "app/gui/exercises/markdown_view.h"
#include "app/gui/panels/widgets.h"

#include <imgui.h>

#include <algorithm>
#include <cctype>
#include <cstring>

#include "app/view/tree/source_map.h"
#include "core/catalogue/build_options.h"
#include "core/catalogue/kernel_source.h"

namespace rl::gui {
namespace {

bool isKeyword(const std::string& w) {
    static const char* const words[] = {"__kernel", "kernel", "__global", "__local", "__constant", "__private",
                                        "const", "volatile", "if", "else", "for", "while", "return", "void", "uint",
                                        "int", "float", "size_t", "T", "T4", "typedef", "inline", "do", "unsigned",
                                        "int4", "float4", "break", "continue"};
    for (const char* k : words)
        if (w == k) return true;
    return false;
}

struct Span {
    size_t from, to;
    ImU32 color;
};

// One line of OpenCL C as coloured spans; `inComment` carries block comments across lines.
std::vector<Span> colouredSpans(const std::string& line, bool* inComment, const view::Palette& p) {
    const ImU32 comment = view::mix(p.textFaint, p.good, 0.25f).packed();
    const ImU32 keyword = p.accent.packed();
    const ImU32 macro = p.cellWritten.packed();
    const ImU32 number = view::mix(p.text, p.warpDivergent, 0.45f).packed();
    const ImU32 plain = p.text.packed();
    std::vector<Span> out;
    size_t i = 0;
    auto emit = [&](size_t from, size_t to, ImU32 color) {
        if (to > from) out.push_back({from, to, color});
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
    return out;
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
                                                  : kernelFileText(kCommonKernelFile));
                commonLines_ = int(lines_.size());
            }
            const auto own = view::splitLines(student ? variant.source.substr(ownStart)
                                                      : kernelFileText(variant.kernelFile));
            lines_.insert(lines_.end(), own.begin(), own.end());
            for (auto& l : lines_)  // tabs as spaces: every glyph one column wide
                for (size_t t = l.find('\t'); t != std::string::npos; t = l.find('\t', t)) l.replace(t, 1, "    ");
        } catch (const std::exception& e) {
            ctx.log.error(std::string("Kernel source not available: ") + e.what());
        }
        scrolledFirst_ = -2;
    }
    const auto& r = side.timeline[size_t(side.stepAt(state.playback.step()))];
    const Stage& st = side.bundle->run.passes[size_t(r.pass)].traced[size_t(r.group)].stages[size_t(r.stage)];
    const std::vector<std::string> own(lines_.begin() + commonLines_, lines_.end());
    // A fused stage (two operations per work-item) is its loop's first record; the stage after one, its second.
    const auto& stages = side.bundle->run.passes[size_t(r.pass)].traced[size_t(r.group)].stages;
    const view::FusedHalf half = isFused(st)                                ? view::FusedHalf::First
                                 : r.stage > 0 && isFused(stages[size_t(r.stage - 1)]) ? view::FusedHalf::Second
                                                                                       : view::FusedHalf::None;
    // best-gpu's finishing passes run the kernel's second tree (the last groups' finish), not the group's own.
    const int tree = variant.kind == VariantKind::LastGroup && r.pass > 0 ? 1 : 0;
    view::LineSpan span = view::stageLines(own, st.param, half, tree);
    if (span.empty() && st.line > 0) span.first = span.last = st.line - 1;  // where Oclgrind saw the stage's writes
    if (!span.empty()) span.first += commonLines_, span.last += commonLines_;

    // Lines wrap at the pane's width (a monospaced font: a fixed number of columns), continuation rows indented
    // under the code; or, with wrapping off, they run on under a horizontal scroll bar.
    ImGui::PushFont(ctx.fonts.mono);
    const float lineH = ImGui::GetTextLineHeightWithSpacing();
    const float charW = ImGui::CalcTextSize("M").x;
    const float numberW = ImGui::CalcTextSize("0000").x + 16 * s;
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const float textW = std::max(charW * 8, ImGui::GetContentRegionAvail().x - numberW);
    const int columns = std::max(8, int(textW / charW));
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float viewTop = ImGui::GetWindowPos().y, viewBottom = viewTop + ImGui::GetWindowHeight();
    bool inComment = false;
    float y = origin.y, spanTop = -1, spanBottom = -1, widest = 0;
    int firstVisible = -1, lastVisible = -1, cut = 0;
    for (size_t i = 0; i < lines_.size(); ++i) {
        const std::string& line = lines_[i];
        const std::vector<Span> spans = colouredSpans(line, &inComment, p);
        // Glyphs, not bytes (comments hold UTF-8 arrows and dashes): starts[g] is glyph g's first byte.
        std::vector<size_t> starts;
        for (size_t b = 0; b < line.size(); ++b)
            if ((static_cast<unsigned char>(line[b]) & 0xC0) != 0x80) starts.push_back(b);
        const size_t glyphs = starts.size();
        starts.push_back(line.size());
        // Rows of glyphs [first, end): break at the last space before the column limit when there is one.
        std::vector<std::pair<size_t, size_t>> rows;
        size_t indent = 0;
        while (indent < glyphs && line[starts[indent]] == ' ') ++indent;
        // A deep indent (arguments aligned under a long signature) is shown shallower when wrapping.
        const size_t skip = state.view.wrapSource && indent > size_t(columns) / 4 ? indent - size_t(columns) / 4 : 0;
        const size_t hang = std::min<size_t>(indent - skip + 2, size_t(columns) / 4);  // continuation indent
        for (size_t at = skip; at < glyphs || rows.empty();) {
            const size_t room = size_t(columns) - (rows.empty() ? 0 : hang);
            if (!state.view.wrapSource || glyphs - std::min(at, glyphs) <= room) {
                rows.push_back({at, glyphs});
                break;
            }
            size_t end = at + room;
            for (size_t g = end; g > at + room / 2; --g) {
                const char c = line[starts[g - 1]];
                if (c && std::strchr(" ,;(", c)) {  // after a space, a comma, a semicolon or '('
                    end = g;
                    break;
                }
            }
            rows.push_back({at, end});
            at = end;
        }
        const float h = float(rows.size()) * lineH;
        const bool lit = span.contains(int(i));
        if (lit && spanTop < 0) spanTop = y;
        if (lit) spanBottom = y + h;
        if (y >= viewTop - 1 && y + lineH <= viewBottom + 1) {
            if (firstVisible < 0) firstVisible = int(i);
            lastVisible = int(i);
        }
        if (y + h >= viewTop && y <= viewBottom) {  // drawn only where it shows
            if (lit) {
                dl->AddRectFilled(ImVec2(origin.x - 4 * s, y), ImVec2(origin.x + numberW + textW, y + h),
                                  p.cellWritten.withAlpha(38).packed());
                dl->AddRectFilled(ImVec2(origin.x - 4 * s, y), ImVec2(origin.x - 1 * s, y + h), p.cellWritten.packed());
            }
            char number[16];
            const bool common = int(i) < commonLines_;
            std::snprintf(number, sizeof number, "%4d", common ? int(i) + 1 : int(i) - commonLines_ + 1);
            dl->AddText(ImVec2(origin.x, y), (lit ? p.cellWritten : p.textFaint).packed(), number);
            for (size_t r = 0; r < rows.size(); ++r) {
                const float x0 = origin.x + numberW + (r == 0 ? 0 : float(hang) * charW);
                const float ry = y + float(r) * lineH;
                const size_t rowFrom = starts[rows[r].first], rowTo = starts[rows[r].second];
                size_t glyph = rows[r].first;  // the glyph at `from`, for its column
                for (const Span& sp : spans) {
                    const size_t from = std::max(sp.from, rowFrom), to = std::min(sp.to, rowTo);
                    if (from >= to) continue;
                    while (glyph < glyphs && starts[glyph] < from) ++glyph;
                    ImU32 color = sp.color;
                    if (common) color = (color & 0x00FFFFFF) | (ImU32(0x99) << 24);  // the prelude, fainter
                    dl->AddText(ImVec2(x0 + float(glyph - rows[r].first) * charW, ry), color, line.data() + from,
                                line.data() + to);
                }
            }
        }
        for (size_t r = 0; r < rows.size(); ++r) {
            const float w = float(rows[r].second - rows[r].first) * charW + (r ? float(hang) * charW : 0);
            widest = std::max(widest, w);
            if (w > textW + 0.5f) ++cut;  // a row past the pane's edge (only without wrapping: scroll to see it)
        }
        y += h;
    }
    ImGui::Dummy(ImVec2(numberW + (state.view.wrapSource ? textW : widest), y - origin.y));
    // Follow the playback: a new stage's lines are brought into view (a quarter down the pane) unless they show.
    // A span taller than the pane starts at its top.
    const float paneH = ImGui::GetWindowHeight(), spanH = spanBottom - spanTop;
    // A pane that has just opened is still taking its size for a frame or two: the scroll is checked again for a
    // few frames after the stage changes (a reader's own scrolling after that is left alone).
    if (!span.empty() && span.first != scrolledFirst_) {
        scrolledFirst_ = span.first;
        scrollChecks_ = 3;
    }
    if (!span.empty() && scrollChecks_ > 0 && spanTop >= 0) {
        const bool shows = spanTop >= viewTop && spanBottom <= viewBottom;
        const float above = spanH <= paneH ? (paneH - spanH) * 0.3f : lineH * 0.5f;
        if (!shows) ImGui::SetScrollY(std::max(0.0f, spanTop - viewTop + ImGui::GetScrollY() - above));
        scrollChecks_ = shows ? 0 : scrollChecks_ - 1;
    }
    auto& g = ctx.geometry.source;
    g.shown = true;
    g.spanFirst = span.first - commonLines_;
    g.spanLast = span.last - commonLines_;
    g.spanFits = spanTop >= 0 && spanH <= paneH;
    g.firstVisible = firstVisible - commonLines_;
    g.lastVisible = lastVisible - commonLines_;
    g.lines = int(lines_.size()) - commonLines_;
    g.wrapped = state.view.wrapSource;
    g.cutLines = cut;
    g.fontSize = ImGui::GetFontSize();
    g.rect = {ImGui::GetWindowPos().x, viewTop, ImGui::GetWindowWidth(), ImGui::GetWindowHeight()};
    g.widestRow = widest;
    g.textWidth = textW;
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
    exercises::drawMarkdown(exercises::parseMarkdown(v.lesson), ctx);  // its `code` and *emphasis* set, not shown
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

void SourcePanel::controls(ExplorerState& state, const UiContext& ctx, bool beside, bool inRow) {
    // Side by side where the room allows (inRow), each on a line of its own where it does not
    FlowRow row(-1, inRow);
    ImGui::Checkbox("wrap long lines", &state.view.wrapSource);
    row.next(checkboxWidth("common.cl too"));
    ImGui::Checkbox("common.cl too", &state.view.showCommon);
    const char* move = beside ? "Back to the tab" : "Beside the tree";
    row.next(buttonWidth(move));
    if (ImGui::SmallButton(move)) state.view.sourceBeside = !beside;
    ctx.geometry.source.controlsFit = row.fits();
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(beside ? "Show the source in the bottom tab again"
                                 : "Show the source as a full-height panel beside the tree");
}

void SourcePanel::Draw(ExplorerState& state, const UiContext& ctx, bool beside) {
    if (!state.a.loaded()) {
        ImGui::TextDisabled("No trace loaded");
        return;
    }
    const float s = ctx.scale;
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const int codeFlags = state.view.wrapSource ? 0 : ImGuiWindowFlags_HorizontalScrollbar;
    // Beside the tree the pane is tall: the lesson goes under the code. In the bottom tab it sits at the right.
    const bool stacked = beside || avail.y > avail.x * 0.9f;
    const float lessonW = stacked ? 0.0f : std::clamp(avail.x * 0.34f, 260 * s, 560 * s);
    const float lessonH = stacked ? std::clamp(avail.y * 0.3f, 140 * s, 420 * s) : 0.0f;
    // Too little room for the code and the lesson both (a small window, text made larger for the back row): the
    // code alone, its controls above it; the lesson is in the variant list's tooltip and beside the tree.
    const bool codeOnly = stacked ? avail.y - lessonH < 6 * ImGui::GetTextLineHeightWithSpacing()
                                  : avail.x - lessonW - 12 * s < 320 * s;
    ctx.geometry.source.lessonShown = !codeOnly;
    if (codeOnly) {
        sideSelector(state, ctx);
        if (state.comparing()) ImGui::NewLine();
        controls(state, ctx, beside, true);
        ImGui::BeginChild("##code", ImVec2(0, 0), false, codeFlags);
        code(state, ctx);
        ImGui::EndChild();
        return;
    }
    ImGui::BeginChild("##code", ImVec2(stacked ? 0 : avail.x - lessonW - 12 * s, stacked ? avail.y - lessonH : 0),
                      false, codeFlags);
    code(state, ctx);
    ImGui::EndChild();
    if (!stacked) ImGui::SameLine(0, 12 * s);
    ImGui::BeginChild("##lesson", ImVec2(0, 0), false);
    sideSelector(state, ctx);
    ImGui::NewLine();
    controls(state, ctx, beside, !stacked);
    ImGui::Spacing();
    lesson(state, ctx);
    ImGui::EndChild();
}

}  // namespace rl::gui
