// The kernel editor: a child window whose rows are EditBuffer's, drawn and edited here. Row r of the text is drawn
// one font size below row r - 1, from the child's origin plus the frame padding, less its vertical scroll.
#include "app/gui/workbench/kernel_editor.h"
#include "core/workbench/findings.h"

#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cctype>
#include <cfloat>
#include <cmath>
#include <functional>

#include "app/gui/panels/widgets.h"

namespace rl::gui::workbench {
namespace {

constexpr int kKeyEnter = 257, kKeyKeypadEnter = 335, kKeyEscape = 256, kKeyF = 70;
constexpr const char* kTextId = "##kernel_text";

view::Rgba tokenColour(TokenKind kind, const view::Palette& p) {
    switch (kind) {
        case TokenKind::Keyword: return view::mix(p.accent, p.text, 0.25f);
        case TokenKind::Type: return view::mix(p.good, p.text, 0.3f);
        case TokenKind::Qualifier: return view::mix(p.warpDivergent, p.text, 0.2f);
        case TokenKind::Builtin: return view::mix(p.cellWritten, p.text, 0.35f);
        case TokenKind::Macro: return p.cellWritten;
        case TokenKind::Comment: return view::mix(p.textFaint, p.good, 0.25f);
        case TokenKind::Number: return view::mix(p.text, p.warn, 0.55f);
        case TokenKind::String: return view::mix(p.text, p.warn, 0.35f);
        case TokenKind::Preprocessor: return view::mix(p.textDim, p.accent, 0.5f);
        case TokenKind::Plain: break;
    }
    return p.text;
}

view::Rgba markColour(EditorMark::Kind kind, const view::Palette& p) {
    switch (kind) {
        case EditorMark::Kind::Error: return p.bad;
        case EditorMark::Kind::Finding: return view::mix(p.bad, p.warn, 0.45f);
        case EditorMark::Kind::Warning: return p.warn;
        case EditorMark::Kind::Note: break;
    }
    return p.accent;
}

const char* kindName(EditorMark::Kind kind) {
    switch (kind) {
        case EditorMark::Kind::Error: return "error";
        case EditorMark::Kind::Warning: return "warning";
        case EditorMark::Kind::Note: return "note";
        case EditorMark::Kind::Finding: break;
    }
    return "finding";
}

// The worst mark of a line decides its colour and shape.
int rank(EditorMark::Kind k) {
    return k == EditorMark::Kind::Error ? 3 : k == EditorMark::Kind::Finding ? 2 : k == EditorMark::Kind::Warning ? 1 : 0;
}

// A shape per kind, so colour is not the only cue: circle (error), diamond (finding), triangle (warning), bar.
void markShape(ImDrawList* dl, ImVec2 c, float r, EditorMark::Kind kind, ImU32 col) {
    switch (kind) {
        case EditorMark::Kind::Error: dl->AddCircleFilled(c, r, col, 16); break;
        case EditorMark::Kind::Finding:
            dl->AddQuadFilled(ImVec2(c.x, c.y - r * 1.2f), ImVec2(c.x + r * 1.2f, c.y), ImVec2(c.x, c.y + r * 1.2f),
                              ImVec2(c.x - r * 1.2f, c.y), col);
            break;
        case EditorMark::Kind::Warning:
            dl->AddTriangleFilled(ImVec2(c.x, c.y - r * 1.1f), ImVec2(c.x + r * 1.15f, c.y + r * 0.9f),
                                  ImVec2(c.x - r * 1.15f, c.y + r * 0.9f), col);
            break;
        case EditorMark::Kind::Note: dl->AddRectFilled(ImVec2(c.x - r * 0.4f, c.y - r), ImVec2(c.x + r * 0.4f, c.y + r), col); break;
    }
}

float widthOf(ImFont* font, float size, std::string_view s) {
    return s.empty() ? 0.0f : font->CalcTextSizeA(size, FLT_MAX, 0.0f, s.data(), s.data() + s.size()).x;
}

}  // namespace

void KernelEditor::gotoLine(int line, int column) {
    refreshPending_ = true;
    pendingLine_ = std::max(1, line);
    pendingColumn_ = std::max(1, column);
    pendingScrollLine_ = pendingLine_;
    focusNext_ = true;
}

void KernelEditor::textReplaced() { forget_ = true; }

void KernelEditor::refresh(const std::string& text) {
    const size_t hash = std::hash<std::string>()(text);
    if (hash == hash_ && !starts_.empty()) return;
    hash_ = hash;
    starts_ = lineStarts(text);
    inComment_ = blockCommentAtLineStarts(text, starts_);
}

int KernelEditor::charOfByte(int byte) const {
    return int(std::lower_bound(bytes_.begin(), bytes_.end(), byte) - bytes_.begin());
}

void KernelEditor::activate(ImGuiWindow* window) {
    ImGui::SetActiveID(id_, window);
    ImGui::SetFocusID(id_, window);
    ImGui::FocusWindow(window);
    ImGui::SetActiveIdUsingNavAndKeys();  // arrows, Home, End, Tab and Escape are the editor's, not navigation's
}

bool KernelEditor::Draw(std::string& text, const std::vector<EditorMark>& marks, const UiContext& ctx, ImVec2 size) {
    ImGuiContext& g = *GImGui;
    ImGuiIO& io = ImGui::GetIO();
    const auto& p = ctx.palette;
    const float s = ctx.scale;
    const ImVec2 start = ImGui::GetCursorScreenPos();
    geometry_ = EditorGeometry{};
    if (forget_ || text != shown_) {  // opened, or changed from outside (a script's edit): the undo history goes
        buffer_.setText(text);
        shown_ = text;
        forget_ = false;
    }
    refresh(text);
    if (bytesRevision_ != buffer_.revision()) {
        bytes_ = byteOffsets(buffer_.chars());
        bytesRevision_ = buffer_.revision();
    }

    // Keys the editor answers wherever the keyboard is: Ctrl+F opens the find bar, Ctrl+Enter checks (the caller),
    // Escape leaves the editor keeping the text (and its undo history).
    ctrlEnter_ = io.KeyCtrl && (ImGui::IsKeyPressed(kKeyEnter, false) || ImGui::IsKeyPressed(kKeyKeypadEnter, false));
    if (io.KeyCtrl && ImGui::IsKeyPressed(kKeyF, false)) find_.open();
    if (id_ != 0 && g.ActiveId == id_ && ImGui::IsKeyPressed(kKeyEscape, false)) {
        ImGui::ClearActiveID();
        if (find_.isOpen()) find_.close();
    }
    if (refreshPending_) {  // goto: line and column to a position
        refreshPending_ = false;
        const int line = std::min(pendingLine_, int(starts_.size())) - 1;
        const std::string_view l = lineAt(text, starts_, line);
        const int at = charOfByte(starts_[size_t(line)] + std::min(pendingColumn_ - 1, int(l.size())));
        buffer_.setSelection(at, at);
    }

    // The find bar, above the text.
    const bool findWasOpen = find_.isOpen();
    if (auto m = find_.Draw(text, ctx, bytes_[size_t(buffer_.cursor())])) {
        pendingScrollLine_ = lineOfByte(starts_, m->begin) + 1;
        findSelection_ = *m;
    }
    if (findWasOpen && !find_.isOpen() && findSelection_.end > findSelection_.begin) {  // closed: select the match
        buffer_.setSelection(charOfByte(findSelection_.begin), charOfByte(findSelection_.end));
        focusNext_ = true;
    }
    if (!find_.isOpen()) findSelection_ = {};

    ImGui::PushFont(ctx.fonts.mono);
    ImFont* font = ImGui::GetFont();
    const float fontSize = ImGui::GetFontSize(), lineH = fontSize;
    const ImVec2 top = ImGui::GetCursorScreenPos();
    const float height = std::max(lineH * 3, size.y - (top.y - start.y));
    const int lines = int(starts_.size());
    const int digits = std::max(3, int(std::to_string(lines).size()));
    const float numbersW = widthOf(font, fontSize, std::string(size_t(digits), '0'));
    const float gutterW = numbersW + fontSize * 1.3f + 10 * s;
    const float textW = std::max(100 * s, size.x - gutterW);
    const ImGuiStyle& style = ImGui::GetStyle();

    ImGui::SetCursorScreenPos(ImVec2(top.x + gutterW, top.y));
    ImGui::PushStyleColor(ImGuiCol_ChildBg, ImGui::ColorConvertU32ToFloat4(view::mix(p.panel, p.background, 0.55f).packed()));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
    ImGui::PushStyleVar(ImGuiStyleVar_ChildRounding, style.FrameRounding);
    const bool shown = ImGui::BeginChild(kTextId, ImVec2(textW, height), false, ImGuiWindowFlags_NoNavInputs);
    ImGui::PopStyleVar(2);
    ImGui::PopStyleColor();
    ImGuiWindow* child = ImGui::GetCurrentWindow();
    id_ = child->GetID("##text");

    // The rows: wrapped at the field's width less its padding and a scroll bar's room (so that a scroll bar coming or
    // going never moves a break); a continuation hangs two spaces in from its line's indentation.
    const float scaleOfFont = fontSize / font->FontSize;
    const Advance advance = [font, scaleOfFont](char32_t c) {
        if (c == U'\r') return 0.0f;
        return (c < 0x10000 ? font->GetCharAdvance(ImWchar(c)) : font->FallbackAdvanceX) * scaleOfFont;
    };
    const float wrapW = std::max(fontSize * 4, textW - 2 * style.FramePadding.x - style.ScrollbarSize);
    buffer_.layout(wrapW, fontSize, advance, 2 * advance(U' '));
    const auto& rows = buffer_.rows();
    const ImRect clip = child->InnerClipRect;
    const ImVec2 origin(child->Pos.x + style.FramePadding.x, child->Pos.y + style.FramePadding.y - child->Scroll.y);
    ImGui::ItemSize(ImVec2(wrapW, float(rows.size()) * lineH + 2 * style.FramePadding.y));
    ImGui::ItemAdd(clip, id_);
    const bool hovered = shown && ImGui::ItemHoverable(clip, id_);
    if (hovered) ImGui::SetMouseCursor(ImGuiMouseCursor_TextInput);
    if (focusNext_) {
        activate(child);
        focusNext_ = false;
    }
    pointer(child, hovered, origin, lineH);
    bool active = g.ActiveId == id_;
    const int pageRows = std::max(1, int(clip.GetHeight() / lineH) - 1);
    const bool changed = active && keyboard(active, pageRows);
    if (changed) {
        text = buffer_.utf8();
        shown_ = text;
        refresh(text);
        bytes_ = byteOffsets(buffer_.chars());
        bytesRevision_ = buffer_.revision();
    }
    if (active) g.WantTextInputNextFrame = 1;  // the app's own keys stay away while the student types

    if (pendingScrollLine_ > 0) {
        const int row = firstRowOfLine(rows, pendingScrollLine_ - 1);
        ImGui::SetScrollY(child, std::max(0.0f, float(row) * lineH - clip.GetHeight() * 0.3f));
        pendingScrollLine_ = -1;
    } else if (scrollToCursor_ && active) {
        const float y = float(rowOf(rows, buffer_.cursor())) * lineH, view = clip.GetHeight();
        if (y < child->Scroll.y) ImGui::SetScrollY(child, y);
        else if (y + lineH + 2 * style.FramePadding.y > child->Scroll.y + view)
            ImGui::SetScrollY(child, y + lineH + 2 * style.FramePadding.y - view);
    }
    scrollToCursor_ = false;

    drawText(child->DrawList, text, marks, ctx, origin, clip.Min.y, clip.Max.y, active);
    ImGui::EndChild();
    const ImVec2 fieldMin = ImGui::GetItemRectMin(), fieldMax = ImGui::GetItemRectMax();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->PushClipRect(ImVec2(top.x, clip.Min.y), ImVec2(top.x + gutterW, clip.Max.y), true);
    drawGutter(dl, marks, ctx, origin, top.x, top.x + gutterW, clip.Min.y, clip.Max.y);
    dl->PopClipRect();

    // A marked line under the pointer (gutter or text): its messages; a click in the gutter goes to the line.
    const ImVec2 mouse = io.MousePos;
    const int rowUnder = int(std::floor((mouse.y - origin.y) / lineH));
    if (ImGui::IsWindowHovered(ImGuiHoveredFlags_ChildWindows) && mouse.x >= top.x && mouse.x < fieldMax.x &&
        mouse.y >= clip.Min.y && mouse.y < clip.Max.y && rowUnder >= 0 && rowUnder < int(rows.size())) {
        const int line = rows[size_t(rowUnder)].line + 1;
        tooltip(marks, ctx, line);
        if (mouse.x < top.x + gutterW && ImGui::IsMouseClicked(ImGuiMouseButton_Left)) gotoLine(line);
    }
    ImGui::PopFont();

    active = g.ActiveId == id_;
    geometry_.area = {top.x, top.y, gutterW + textW, height};
    geometry_.text = {fieldMin.x, fieldMin.y, fieldMax.x - fieldMin.x, fieldMax.y - fieldMin.y};
    geometry_.lineTop = origin.y;
    geometry_.lineHeight = lineH;
    geometry_.wrapRight = origin.x + wrapW;
    geometry_.textRight = clip.Max.x;
    geometry_.rows = int(rows.size());
    geometry_.lineTops.assign(size_t(lines), origin.y);
    for (size_t r = rows.size(); r-- > 0;)
        if (rows[r].line < lines) geometry_.lineTops[size_t(rows[r].line)] = origin.y + float(r) * lineH;
    const int firstRow = std::clamp(int((clip.Min.y - origin.y) / lineH), 0, int(rows.size()) - 1);
    const int lastRow = std::clamp(int((clip.Max.y - origin.y) / lineH), 0, int(rows.size()) - 1);
    geometry_.firstVisible = rows[size_t(firstRow)].line + 1;
    geometry_.lastVisible = rows[size_t(lastRow)].line + 1;
    geometry_.focused = active;
    if (active) {
        geometry_.cursorRow = rowOf(rows, buffer_.cursor());
        geometry_.cursorLine = rows[size_t(geometry_.cursorRow)].line + 1;
    }
    for (const auto& m : marks) {
        EditorGeometry::Mark gm{m.line, kindName(m.kind), {}};
        const float y = m.line >= 1 && m.line <= lines ? geometry_.lineTops[size_t(m.line - 1)] : -1e9f;
        if (y + lineH > clip.Min.y && y < clip.Max.y) gm.gutter = {top.x + 2 * s, y, fontSize * 1.2f, lineH};
        geometry_.marks.push_back(gm);
    }
    return changed;
}

void KernelEditor::drawGutter(ImDrawList* dl, const std::vector<EditorMark>& marks, const UiContext& ctx,
                              ImVec2 origin, float x0, float x1, float clipTop, float clipBottom) {
    const auto& p = ctx.palette;
    ImFont* font = ImGui::GetFont();
    const float fontSize = ImGui::GetFontSize(), lineH = fontSize, s = ctx.scale;
    const auto& rows = buffer_.rows();
    const int first = std::max(0, int((clipTop - origin.y) / lineH));
    const int last = std::min(int(rows.size()) - 1, int((clipBottom - origin.y) / lineH));
    for (int r = first; r <= last; ++r) {
        const TextRow& row = rows[size_t(r)];
        const float y = origin.y + float(r) * lineH;
        if (row.continuation) {  // a hook: this row goes on with the line above
            drawContinuationHook(dl, x1 - 8 * s - fontSize * 0.9f, y, lineH, fontSize, p.textFaint, s);
            continue;
        }
        const EditorMark* worst = nullptr;
        for (const auto& m : marks)
            if (m.line == row.line + 1 && (!worst || rank(m.kind) > rank(worst->kind))) worst = &m;
        char number[16];
        std::snprintf(number, sizeof number, "%d", row.line + 1);
        const float w = widthOf(font, fontSize, number);
        const view::Rgba colour = worst ? markColour(worst->kind, p) : p.textFaint;
        dl->AddText(font, fontSize, ImVec2(x1 - 8 * s - w, y), colour.packed(), number);
        if (worst) markShape(dl, ImVec2(x0 + fontSize * 0.6f, y + lineH * 0.5f), fontSize * 0.28f, worst->kind,
                             colour.packed());
    }
}

void KernelEditor::drawText(ImDrawList* dl, const std::string& text, const std::vector<EditorMark>& marks,
                            const UiContext& ctx, ImVec2 origin, float clipTop, float clipBottom, bool active) {
    const auto& p = ctx.palette;
    const float s = ctx.scale;
    ImFont* font = ImGui::GetFont();
    const float fontSize = ImGui::GetFontSize(), lineH = fontSize;
    const auto& rows = buffer_.rows();
    const std::u32string& chars = buffer_.chars();
    const Advance& advance = buffer_.advance();
    const int first = std::max(0, int((clipTop - origin.y) / lineH));
    const int last = std::min(int(rows.size()) - 1, int((clipBottom - origin.y) / lineH));
    const float left = dl->GetClipRectMin().x, right = dl->GetClipRectMax().x;
    auto xAt = [&](int r, int pos) { return origin.x + xOnRow(chars, rows[size_t(r)], pos, advance); };
    auto rowY = [&](int r) { return origin.y + float(r) * lineH; };
    // Spans of code points [b, e) drawn row by row on the visible rows: fn(row, x0, x1).
    auto spans = [&](int b, int e, auto&& fn) {
        for (int r = std::max(first, rowOf(rows, b)); r <= last && rows[size_t(r)].begin <= e; ++r) {
            const TextRow& row = rows[size_t(r)];
            const int a = std::max(b, row.begin), z = std::min(e, row.end);
            if (z < a || (z == a && e > b)) continue;
            fn(r, xAt(r, a), xAt(r, z));
        }
    };
    // Marked lines: a tint across each of their rows.
    for (const auto& m : marks) {
        if (m.line < 1 || m.line > int(starts_.size())) continue;
        for (int r = firstRowOfLine(rows, m.line - 1); r < int(rows.size()) && rows[size_t(r)].line == m.line - 1; ++r)
            if (r >= first && r <= last)
                dl->AddRectFilled(ImVec2(left, rowY(r)), ImVec2(right, rowY(r) + lineH),
                                  markColour(m.kind, p).withAlpha(m.kind == EditorMark::Kind::Note ? 22 : 40).packed());
    }
    // Find matches, the current one outlined.
    for (size_t k = 0; find_.isOpen() && k < find_.matches().size(); ++k) {
        const Match& m = find_.matches()[k];
        const bool current = int(k) == find_.current();
        spans(charOfByte(m.begin), charOfByte(m.end), [&](int r, float x0, float x1) {
            const ImVec2 a(x0, rowY(r)), b(x1, rowY(r) + lineH);
            dl->AddRectFilled(a, b, p.warn.withAlpha(current ? 110 : 50).packed(), 2 * s);
            if (current) dl->AddRect(a, b, p.warn.packed(), 2 * s, 0, 1.5f * s);
        });
    }
    // The selection; a selected line end shows as a little more.
    const int selB = buffer_.selectionBegin(), selE = buffer_.selectionEnd();
    if (selE > selB)
        spans(selB, selE, [&](int r, float x0, float x1) {
            const TextRow& row = rows[size_t(r)];
            const float more = selE > row.end && row.end < row.next ? fontSize * 0.4f : 0.0f;
            dl->AddRectFilled(ImVec2(x0, rowY(r)), ImVec2(x1 + more, rowY(r) + lineH), p.accent.withAlpha(85).packed());
        });
    // The text, coloured token by token, each token cut at the row ends.
    for (int r = first, tokLine = -1; r <= last; ++r) {
        const TextRow& row = rows[size_t(r)];
        if (row.line >= int(starts_.size())) break;
        static thread_local std::vector<Token> tokens;
        const int lineByte = starts_[size_t(row.line)];
        if (row.line != tokLine) {
            bool inComment = inComment_[size_t(row.line)] != 0;
            tokens = tokenizeLine(lineAt(text, starts_, row.line), &inComment);
            tokLine = row.line;
        }
        const int rb = bytes_[size_t(row.begin)], re = bytes_[size_t(row.end)];
        for (const Token& t : tokens) {
            const int a = std::max(rb, lineByte + t.begin), b = std::min(re, lineByte + t.end);
            if (b <= a) continue;
            dl->AddText(font, fontSize, ImVec2(xAt(r, charOfByte(a)), rowY(r)), tokenColour(t.kind, p).packed(),
                        text.data() + a, text.data() + b);
        }
    }
    // Underlines under what each mark names: the word at its column, else the line's text.
    for (const auto& m : marks) {
        if (m.line < 1 || m.line > int(starts_.size())) continue;
        const int i = m.line - 1;
        const std::string_view line = lineAt(text, starts_, i);
        int b = 0, e = int(line.size());
        if (m.column > 0 && m.column <= int(line.size())) {
            b = m.column - 1;
            e = b;
            while (e < int(line.size()) && (std::isalnum((unsigned char)line[size_t(e)]) || line[size_t(e)] == '_')) ++e;
            if (e == b) e = b + 1;
        } else {
            while (b < e && std::isspace((unsigned char)line[size_t(b)])) ++b;
        }
        if (e <= b) continue;
        spans(charOfByte(starts_[size_t(i)] + b), charOfByte(starts_[size_t(i)] + e), [&](int r, float x0, float x1) {
            x1 = std::max(x0 + 6 * s, x1);
            const float y = rowY(r) + lineH - 2.5f * s, amp = 1.5f * s, step = 3 * s;
            ImVec2 pts[512];
            int n = 0;
            for (float x = x0; x <= x1 && n < 512; x += step, ++n) pts[n] = ImVec2(x, y + ((n % 2) ? amp : -amp));
            dl->AddPolyline(pts, n, markColour(m.kind, p).packed(), 0, 1.4f * s);
        });
    }
    // The cursor. It does not blink: the window only draws frames when something happens.
    if (active) {
        const int r = rowOf(rows, buffer_.cursor());
        const float x = xAt(r, buffer_.cursor());
        dl->AddRectFilled(ImVec2(x, rowY(r)), ImVec2(x + std::max(1.0f, 2 * s), rowY(r) + lineH), p.text.packed());
    }
}

void KernelEditor::tooltip(const std::vector<EditorMark>& marks, const UiContext& ctx, int line) {
    std::vector<const EditorMark*> here;
    for (const auto& m : marks)
        if (m.line == line) here.push_back(&m);
    if (here.empty()) return;
    const auto& p = ctx.palette;
    ImGui::PushFont(ctx.fonts.regular);
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 32);
    for (size_t k = 0; k < here.size(); ++k) {
        const EditorMark& m = *here[k];
        if (k > 0) ImGui::Separator();
        ImGui::PushFont(ctx.fonts.bold);
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(markColour(m.kind, p).packed()), "Line %d: %s", m.line,
                           m.title.c_str());
        ImGui::PopFont();
        // A finding reads as sentences; a compiler's message is quoted as the compiler wrote it.
        const bool finding = m.kind == EditorMark::Kind::Finding;
        ImGui::TextUnformatted((finding ? rl::workbench::sentence(m.message) : m.message).c_str());
        if (!m.advice.empty())
            ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(p.textDim.packed()), "%s",
                               rl::workbench::sentence(m.advice).c_str());
    }
    ImGui::PopTextWrapPos();
    const ImVec2 at = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
    ImGui::EndTooltip();
    ImGui::PopFont();
    std::string text;
    for (const EditorMark* m : here)
        text += (text.empty() ? "" : "\n") + ("Line " + std::to_string(m->line) + ": " + m->title + ": " +
                                              (m->kind == EditorMark::Kind::Finding
                                                   ? rl::workbench::sentence(m->message)
                                                   : m->message) +
                                              (m->advice.empty() ? "" : " " + rl::workbench::sentence(m->advice)));
    ctx.geometry.tooltip = text;
    ctx.geometry.tooltipRect = {at.x, at.y, size.x, size.y};
}

}  // namespace rl::gui::workbench
