// The kernel editor. ImGui 1.86's InputTextMultiline draws each line at the child window's origin plus the frame
// padding, one font size apart, shifted by its horizontal scroll while active; the overlay draws at the same places
// with the same font, so the colours sit exactly where the (transparent) text is.
#include "app/gui/workbench/kernel_editor.h"
#include "core/workbench/findings.h"

#include <imgui.h>
#include <imgui_internal.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cfloat>
#include <cstring>
#include <functional>

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

KernelEditor::KernelEditor() = default;
KernelEditor::~KernelEditor() = default;

int KernelEditor::callback(ImGuiInputTextCallbackData* data) {
    auto* self = static_cast<KernelEditor*>(data->UserData);
    if (self->pendingSelBegin_ >= 0) {
        const int b = std::clamp(self->pendingSelBegin_, 0, data->BufTextLen);
        const int e = std::clamp(self->pendingSelEnd_, b, data->BufTextLen);
        data->SelectionStart = b;
        data->SelectionEnd = e;
        data->CursorPos = e;
        self->pendingSelBegin_ = self->pendingSelEnd_ = -1;
    }
    self->cursorByte_ = data->CursorPos;
    return 0;
}

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

bool KernelEditor::Draw(std::string& text, const std::vector<EditorMark>& marks, const UiContext& ctx, ImVec2 size) {
    ImGuiContext& g = *GImGui;
    ImGuiIO& io = ImGui::GetIO();
    const auto& p = ctx.palette;
    const float s = ctx.scale;
    const ImVec2 start = ImGui::GetCursorScreenPos();
    geometry_ = EditorGeometry{};
    refresh(text);

    // Keys. Escape would make ImGui's input put back the text it had when it was focused (losing the edits), and
    // Ctrl+Enter would end the editing: both are taken here, before the input sees them.
    ctrlEnter_ = false;
    const bool wasActive = id_ != 0 && g.ActiveId == id_;
    if (io.KeyCtrl && ImGui::IsKeyPressed(kKeyF, false)) find_.open();
    if (io.KeyCtrl && (ImGui::IsKeyPressed(kKeyEnter, false) || ImGui::IsKeyPressed(kKeyKeypadEnter, false))) {
        ctrlEnter_ = true;
        for (int k : {kKeyEnter, kKeyKeypadEnter})
            if (io.KeysDownDuration[k] == 0.0f) io.KeysDownDuration[k] = 0.001f;  // held, not pressed: no newline
    }
    if (wasActive && ImGui::IsKeyPressed(kKeyEscape, false)) {
        ImGui::ClearActiveID();  // leaves the editor keeping the text (and the undo history)
        if (find_.isOpen()) find_.close();
    }
    if (forget_) {  // the text was replaced from outside: ImGui's undo history no longer fits it
        if (g.ActiveId == id_ && id_ != 0) ImGui::ClearActiveID();
        if (g.InputTextState.ID == id_) g.InputTextState.ID = 0;
        kept_.reset();
        forget_ = false;
    }
    if (refreshPending_) {  // goto: line and column to a byte offset
        refreshPending_ = false;
        const int line = std::min(pendingLine_, int(starts_.size())) - 1;
        const std::string_view l = lineAt(text, starts_, line);
        const int at = starts_[size_t(line)] + std::min(pendingColumn_ - 1, int(l.size()));
        pendingSelBegin_ = pendingSelEnd_ = at;
    }

    // The find bar, above the text.
    const bool findWasOpen = find_.isOpen();
    if (auto m = find_.Draw(text, ctx, cursorByte_)) {
        pendingScrollLine_ = lineOfByte(starts_, m->begin) + 1;
        findSelection_ = *m;
    }
    if (findWasOpen && !find_.isOpen() && findSelection_.end > findSelection_.begin) {  // closed: select the match
        pendingSelBegin_ = findSelection_.begin;
        pendingSelEnd_ = findSelection_.end;
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

    ImGui::SetCursorScreenPos(ImVec2(top.x + gutterW, top.y));
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0, 0, 0, 0));  // the overlay draws the text
    ImGui::PushStyleColor(ImGuiCol_FrameBg, ImGui::ColorConvertU32ToFloat4(view::mix(p.panel, p.background, 0.55f).packed()));
    ImGui::PushStyleColor(ImGuiCol_TextSelectedBg, ImGui::ColorConvertU32ToFloat4(p.accent.withAlpha(85).packed()));
    if (focusNext_) {
        ImGui::SetKeyboardFocusHere();
        focusNext_ = false;
    }
    id_ = ImGui::GetID(kTextId);
    // ImGui 1.86 keeps one input-text state (cursor, undo history) for the whole app: the find field takes it over.
    // The editor's is kept aside and put back when nothing else is being edited, so Ctrl+Z still works after a find.
    if (kept_ && kept_->ID == id_ && g.InputTextState.ID != id_ && g.ActiveId == 0 &&
        keptHash_ == std::hash<std::string>()(text))
        g.InputTextState = *kept_;
    const bool changed = ImGui::InputTextMultiline(kTextId, &text, ImVec2(textW, height),
                                                   ImGuiInputTextFlags_AllowTabInput | ImGuiInputTextFlags_CallbackAlways,
                                                   &KernelEditor::callback, this);
    ImGui::PopStyleColor(3);
    const ImVec2 fieldMin = ImGui::GetItemRectMin(), fieldMax = ImGui::GetItemRectMax();
    ImGuiWindow* parent = ImGui::GetCurrentWindow();
    ImGuiWindow* child = parent->DC.ChildWindows.empty() ? nullptr : parent->DC.ChildWindows.back();
    if (!child || !std::strstr(child->Name, kTextId)) {
        ImGui::PopFont();
        return changed;
    }
    if (changed) refresh(text);
    const bool active = g.ActiveId == id_;
    if (active && g.InputTextState.ID == id_) {
        if (!kept_) kept_ = std::make_unique<ImGuiInputTextState>();
        *kept_ = g.InputTextState;
        keptHash_ = std::hash<std::string>()(text);
    }
    ImGuiInputTextState* state = ImGui::GetInputTextState(id_);
    const float scrollX = active && state ? state->ScrollX : 0.0f;
    const ImGuiStyle& style = ImGui::GetStyle();
    const ImVec2 origin(child->Pos.x + child->WindowPadding.x + style.FramePadding.x - scrollX,
                        child->Pos.y + child->WindowPadding.y + style.FramePadding.y - child->Scroll.y);
    const ImRect clip = child->InnerClipRect;
    if (pendingScrollLine_ > 0) {
        const float visible = clip.GetHeight();
        ImGui::SetScrollY(child, std::max(0.0f, float(pendingScrollLine_ - 1) * lineH - visible * 0.3f));
        pendingScrollLine_ = -1;
    }
    const int cursorByte = active && state ? byteOfCharIndex(text, state->Stb.cursor) : -1;

    child->DrawList->PushClipRect(clip.Min, clip.Max, false);
    drawOverlay(child->DrawList, text, marks, ctx, origin, clip.Min.y, clip.Max.y, cursorByte);
    child->DrawList->PopClipRect();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->PushClipRect(ImVec2(top.x, clip.Min.y), ImVec2(top.x + gutterW, clip.Max.y), true);
    drawGutter(dl, marks, ctx, origin, top.x, top.x + gutterW, clip.Min.y, clip.Max.y);
    dl->PopClipRect();

    // A marked line under the pointer (gutter or text): its messages.
    const ImVec2 mouse = io.MousePos;
    if (ImGui::IsWindowHovered(ImGuiHoveredFlags_ChildWindows) && mouse.x >= top.x && mouse.x < fieldMax.x &&
        mouse.y >= clip.Min.y && mouse.y < clip.Max.y) {
        const int line = int((mouse.y - origin.y) / lineH) + 1;
        tooltip(marks, ctx, line);
        if (mouse.x < top.x + gutterW && ImGui::IsMouseClicked(ImGuiMouseButton_Left)) gotoLine(line);
    }
    ImGui::PopFont();

    geometry_.area = {top.x, top.y, gutterW + textW, height};
    geometry_.text = {fieldMin.x, fieldMin.y, fieldMax.x - fieldMin.x, fieldMax.y - fieldMin.y};
    geometry_.lineTop = origin.y;
    geometry_.lineHeight = lineH;
    geometry_.firstVisible = std::max(1, int((clip.Min.y - origin.y) / lineH) + 1);
    geometry_.lastVisible = std::min(lines, int((clip.Max.y - origin.y) / lineH) + 1);
    geometry_.focused = active;
    if (cursorByte >= 0) geometry_.cursorLine = lineOfByte(starts_, cursorByte) + 1;
    for (const auto& m : marks) {
        EditorGeometry::Mark gm{m.line, kindName(m.kind), {}};
        const float y = origin.y + float(m.line - 1) * lineH;
        if (y + lineH > clip.Min.y && y < clip.Max.y) gm.gutter = {top.x + 2 * s, y, fontSize * 1.2f, lineH};
        geometry_.marks.push_back(gm);
    }
    return changed;
}

void KernelEditor::drawGutter(ImDrawList* dl, const std::vector<EditorMark>& marks, const UiContext& ctx,
                              ImVec2 origin, float x0, float x1, float clipTop, float clipBottom) {
    const auto& p = ctx.palette;
    ImFont* font = ImGui::GetFont();
    const float fontSize = ImGui::GetFontSize(), lineH = fontSize;
    const int lines = int(starts_.size());
    const int first = std::max(0, int((clipTop - origin.y) / lineH));
    const int last = std::min(lines - 1, int((clipBottom - origin.y) / lineH));
    for (int i = first; i <= last; ++i) {
        const float y = origin.y + float(i) * lineH;
        const EditorMark* worst = nullptr;
        for (const auto& m : marks)
            if (m.line == i + 1 && (!worst || rank(m.kind) > rank(worst->kind))) worst = &m;
        char number[16];
        std::snprintf(number, sizeof number, "%d", i + 1);
        const float w = widthOf(font, fontSize, number);
        const view::Rgba colour = worst ? markColour(worst->kind, p) : p.textFaint;
        dl->AddText(font, fontSize, ImVec2(x1 - 8 * ctx.scale - w, y), colour.packed(), number);
        if (worst) markShape(dl, ImVec2(x0 + fontSize * 0.6f, y + lineH * 0.5f), fontSize * 0.28f, worst->kind,
                             colour.packed());
    }
}

void KernelEditor::drawOverlay(ImDrawList* dl, const std::string& text, const std::vector<EditorMark>& marks,
                               const UiContext& ctx, ImVec2 origin, float clipTop, float clipBottom, int cursorByte) {
    const auto& p = ctx.palette;
    const float s = ctx.scale;
    ImFont* font = ImGui::GetFont();
    const float fontSize = ImGui::GetFontSize(), lineH = fontSize;
    const int lines = int(starts_.size());
    const int first = std::max(0, int((clipTop - origin.y) / lineH));
    const int last = std::min(lines - 1, int((clipBottom - origin.y) / lineH));
    const float right = dl->GetClipRectMax().x;
    auto xAt = [&](int line, int byte) {  // x of a byte offset on its line
        const int b = starts_[size_t(line)];
        return origin.x + widthOf(font, fontSize, std::string_view(text).substr(size_t(b), size_t(std::max(0, byte - b))));
    };
    // Marked lines: a tint across the line.
    for (const auto& m : marks) {
        const int i = m.line - 1;
        if (i < first || i > last) continue;
        const float y = origin.y + float(i) * lineH;
        dl->AddRectFilled(ImVec2(dl->GetClipRectMin().x, y), ImVec2(right, y + lineH),
                          markColour(m.kind, p).withAlpha(m.kind == EditorMark::Kind::Note ? 22 : 40).packed());
    }
    // Find matches, the current one outlined.
    for (size_t k = 0; find_.isOpen() && k < find_.matches().size(); ++k) {
        const Match& m = find_.matches()[k];
        const int i = lineOfByte(starts_, m.begin);
        if (i < first || i > last) continue;
        const float y = origin.y + float(i) * lineH;
        const ImVec2 a(xAt(i, m.begin), y), b(xAt(i, std::min(m.end, i + 1 < lines ? starts_[size_t(i + 1)] : m.end)), y + lineH);
        const bool current = int(k) == find_.current();
        dl->AddRectFilled(a, b, p.warn.withAlpha(current ? 110 : 50).packed(), 2 * s);
        if (current) dl->AddRect(a, b, p.warn.packed(), 2 * s, 0, 1.5f * s);
    }
    // The text, coloured token by token.
    for (int i = first; i <= last; ++i) {
        const std::string_view line = lineAt(text, starts_, i);
        bool inComment = inComment_[size_t(i)] != 0;
        const float y = origin.y + float(i) * lineH;
        for (const Token& t : tokenizeLine(line, &inComment)) {
            const float x = origin.x + widthOf(font, fontSize, line.substr(0, size_t(t.begin)));
            dl->AddText(font, fontSize, ImVec2(x, y), tokenColour(t.kind, p).packed(), line.data() + t.begin,
                        line.data() + t.end);
        }
    }
    // Underlines under what each mark names: the word at its column, else the line's text.
    for (const auto& m : marks) {
        const int i = m.line - 1;
        if (i < first || i > last) continue;
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
        const float x0 = xAt(i, starts_[size_t(i)] + b), x1 = std::max(x0 + 6 * s, xAt(i, starts_[size_t(i)] + e));
        const float y = origin.y + float(i + 1) * lineH - 2.5f * s, amp = 1.5f * s, step = 3 * s;
        ImVec2 pts[512];
        int n = 0;
        for (float x = x0; x <= x1 && n < 512; x += step, ++n) pts[n] = ImVec2(x, y + ((n % 2) ? amp : -amp));
        dl->AddPolyline(pts, n, markColour(m.kind, p).packed(), 0, 1.4f * s);
    }
    // The cursor (ImGui's own is drawn in the text colour, transparent here). It does not blink: the window only
    // draws frames when something happens.
    if (cursorByte >= 0) {
        const int i = lineOfByte(starts_, cursorByte);
        const float x = xAt(i, cursorByte), y = origin.y + float(i) * lineH;
        dl->AddRectFilled(ImVec2(x, y), ImVec2(x + std::max(1.0f, 2 * s), y + lineH), p.text.packed());
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
