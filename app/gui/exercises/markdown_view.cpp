// md4c's callbacks gather styled text into blocks; the drawing lays words out one by one so that a paragraph mixing
// fonts (bold, code) still wraps like plain text.
#include "app/gui/exercises/markdown_view.h"
#include "app/gui/common/colour.h"
#include "app/gui/panels/widgets.h"
#include "app/gui/workbench/text_rows.h"

#include <imgui.h>
#include <md4c.h>

#include <algorithm>
#include <string_view>

namespace rl::gui::exercises {
namespace {

struct Builder {
    std::vector<MarkdownBlock> blocks;
    int strong = 0, emphasis = 0, code = 0;
    int listDepth = 0;
    std::vector<int> listCounters;  // -1 bullet list, else the next number
    bool inBlock = false;
    bool codeBlock = false;

    MarkdownBlock& open(MarkdownBlock::Kind kind, int level = 0, std::string marker = "") {
        blocks.push_back(MarkdownBlock{kind, level, std::move(marker), {}});
        inBlock = true;
        return blocks.back();
    }
    void text(const char* t, size_t size) {
        if (!inBlock) open(MarkdownBlock::Kind::Paragraph);
        auto& spans = blocks.back().spans;
        const bool isCode = code > 0 || codeBlock;
        if (!spans.empty() && spans.back().strong == (strong > 0) && spans.back().emphasis == (emphasis > 0) &&
            spans.back().code == isCode)
            spans.back().text.append(t, size);
        else
            spans.push_back({std::string(t, size), strong > 0, emphasis > 0, isCode});
    }
};

int enterBlock(MD_BLOCKTYPE type, void* detail, void* user) {
    auto& b = *static_cast<Builder*>(user);
    switch (type) {
        case MD_BLOCK_H:
            b.open(MarkdownBlock::Kind::Heading, int(static_cast<MD_BLOCK_H_DETAIL*>(detail)->level));
            break;
        case MD_BLOCK_CODE:
            b.open(MarkdownBlock::Kind::Code);
            b.codeBlock = true;
            break;
        case MD_BLOCK_UL:
            b.listCounters.push_back(-1);
            break;
        case MD_BLOCK_OL:
            b.listCounters.push_back(int(static_cast<MD_BLOCK_OL_DETAIL*>(detail)->start));
            break;
        case MD_BLOCK_LI: {
            std::string marker = "\xe2\x80\xa2";
            if (!b.listCounters.empty() && b.listCounters.back() >= 0)
                marker = std::to_string(b.listCounters.back()++) + ".";
            b.open(MarkdownBlock::Kind::ListItem, int(b.listCounters.size()), marker);
            break;
        }
        case MD_BLOCK_P:
            // A paragraph inside a list item continues the item (tight lists have none; loose ones do).
            if (!(b.inBlock && !b.blocks.empty() && b.blocks.back().kind == MarkdownBlock::Kind::ListItem &&
                  b.blocks.back().spans.empty()))
                b.open(MarkdownBlock::Kind::Paragraph, int(b.listCounters.size()));
            break;
        case MD_BLOCK_HR:
            b.open(MarkdownBlock::Kind::Rule);
            break;
        default:
            break;
    }
    return 0;
}

int leaveBlock(MD_BLOCKTYPE type, void*, void* user) {
    auto& b = *static_cast<Builder*>(user);
    if (type == MD_BLOCK_UL || type == MD_BLOCK_OL) {
        if (!b.listCounters.empty()) b.listCounters.pop_back();
    }
    if (type == MD_BLOCK_CODE) b.codeBlock = false;
    if (type == MD_BLOCK_H || type == MD_BLOCK_CODE || type == MD_BLOCK_P || type == MD_BLOCK_LI ||
        type == MD_BLOCK_HR)
        b.inBlock = false;
    return 0;
}

int enterSpan(MD_SPANTYPE type, void*, void* user) {
    auto& b = *static_cast<Builder*>(user);
    if (type == MD_SPAN_STRONG) ++b.strong;
    if (type == MD_SPAN_EM) ++b.emphasis;
    if (type == MD_SPAN_CODE) ++b.code;
    return 0;
}

int leaveSpan(MD_SPANTYPE type, void*, void* user) {
    auto& b = *static_cast<Builder*>(user);
    if (type == MD_SPAN_STRONG) --b.strong;
    if (type == MD_SPAN_EM) --b.emphasis;
    if (type == MD_SPAN_CODE) --b.code;
    return 0;
}

int onText(MD_TEXTTYPE type, const MD_CHAR* text, MD_SIZE size, void* user) {
    auto& b = *static_cast<Builder*>(user);
    if (type == MD_TEXT_SOFTBR)
        b.text(" ", 1);
    else if (type == MD_TEXT_BR)
        b.text("\n", 1);
    else if (type == MD_TEXT_NULLCHAR)
        b.text("\xef\xbf\xbd", 3);
    else
        b.text(text, size);
    return 0;
}

// Draws a paragraph's spans word by word from the cursor, wrapping at `right` (screen x).
void drawSpans(const std::vector<MarkdownSpan>& spans, const UiContext& ctx, float left, float right,
               view::Rgba base, ImFont* baseFont = nullptr) {
    const auto& p = ctx.palette;
    bool first = true;
    float x = left;
    const float space = ImGui::CalcTextSize(" ").x;
    for (const auto& span : spans) {
        ImFont* font = span.code ? ctx.fonts.mono : baseFont ? baseFont : span.strong ? ctx.fonts.bold : ctx.fonts.regular;
        if (font) ImGui::PushFont(font);
        const view::Rgba colour = span.code ? p.accent : span.emphasis ? view::mix(base, p.accent, 0.35f) : base;
        size_t i = 0;
        const std::string& t = span.text;
        while (i < t.size()) {
            if (t[i] == '\n') {  // a hard line break
                x = right + 1;
                ++i;
                continue;
            }
            const bool spaceBefore = t[i] == ' ';
            while (i < t.size() && t[i] == ' ') ++i;
            size_t j = i;
            while (j < t.size() && t[j] != ' ' && t[j] != '\n') ++j;
            if (j == i) {
                if (spaceBefore && !first) x += space;
                continue;
            }
            const std::string word = t.substr(i, j - i);
            const float w = ImGui::CalcTextSize(word.c_str()).x;
            const float gap = spaceBefore && !first ? space : 0.0f;
            if (!first && x + gap + w > right) {
                x = left;  // a new line: ImGui's cursor moves down after the previous word
                ImGui::SetCursorScreenPos(ImVec2(left, ImGui::GetCursorScreenPos().y));
            } else if (!first) {
                ImGui::SameLine(0, 0);
                ImGui::SetCursorScreenPos(ImVec2(x + gap, ImGui::GetCursorScreenPos().y));
                x += gap;
            } else {
                ImGui::SetCursorScreenPos(ImVec2(left, ImGui::GetCursorScreenPos().y));
            }
            if (span.code) {
                const ImVec2 at = ImGui::GetCursorScreenPos();
                ImGui::GetWindowDrawList()->AddRectFilled(
                    ImVec2(at.x - 2, at.y), ImVec2(at.x + w + 2, at.y + ImGui::GetTextLineHeight()),
                    view::mix(p.panel, p.panelRaised, 0.8f).packed(), 3);
            }
            ImGui::TextColored(vec4(colour), "%s", word.c_str());
            x += w;
            first = false;
            i = j;
        }
        if (font) ImGui::PopFont();
    }
    if (first) ImGui::NewLine();
}

}  // namespace

std::vector<MarkdownBlock> parseMarkdown(const std::string& markdown) {
    Builder b;
    MD_PARSER parser{};
    parser.abi_version = 0;
    parser.flags = MD_FLAG_NOHTML;
    parser.enter_block = enterBlock;
    parser.leave_block = leaveBlock;
    parser.enter_span = enterSpan;
    parser.leave_span = leaveSpan;
    parser.text = onText;
    if (md_parse(markdown.data(), MD_SIZE(markdown.size()), &parser, &b) != 0) {
        MarkdownBlock plain;
        plain.spans.push_back({markdown});
        return {plain};
    }
    return b.blocks;
}

std::string plainText(const std::vector<MarkdownBlock>& blocks) {
    std::string out;
    for (const auto& b : blocks) {
        if (b.kind == MarkdownBlock::Kind::Rule) continue;
        if (!out.empty()) out += "\n";
        if (b.kind == MarkdownBlock::Kind::ListItem) out += b.marker + " ";
        for (const auto& span : b.spans) out += span.text;
    }
    return out;
}

void drawMarkdown(const std::vector<MarkdownBlock>& blocks, const UiContext& ctx, float width) {
    const auto& p = ctx.palette;
    const float s = ctx.scale;
    const float left0 = ImGui::GetCursorScreenPos().x;
    const float right = left0 + (width > 0 ? width : ImGui::GetContentRegionAvail().x);
    // It places its words itself: ImGui's own wrapping, where a caller has set it (a tooltip, a wrapped pane), is off
    // meanwhile, lest it break a word that ends at the edge.
    ImGui::PushTextWrapPos(-1.0f);
    for (size_t bi = 0; bi < blocks.size(); ++bi) {
        const auto& b = blocks[bi];
        switch (b.kind) {
            case MarkdownBlock::Kind::Heading: {
                if (bi > 0) ImGui::Dummy(ImVec2(0, 6 * s));
                ImFont* font = b.level <= 1 ? ctx.fonts.heading : ctx.fonts.bold;
                ImGui::PushFont(font);
                drawSpans(b.spans, ctx, left0, right, p.text, font);
                ImGui::PopFont();
                ImGui::Dummy(ImVec2(0, 2 * s));
                break;
            }
            case MarkdownBlock::Kind::Code: {
                // A line longer than the block's width goes on under itself, hung two spaces in and marked with a
                // dim hook at its start, as in the kernel editor: nothing is cut at a narrow pane's edge.
                ImGui::PushFont(ctx.fonts.mono);
                std::string text = b.spans.empty() ? "" : b.spans[0].text;
                while (!text.empty() && text.back() == '\n') text.pop_back();
                ImFont* font = ImGui::GetFont();
                const float fontSize = ImGui::GetFontSize(), scaleOfFont = fontSize / font->FontSize;
                const workbench::Advance advance = [font, scaleOfFont](char32_t c) {
                    return (c < 0x10000 ? font->GetCharAdvance(ImWchar(c)) : font->FallbackAdvanceX) * scaleOfFont;
                };
                const std::u32string points = workbench::toCodePoints(text);
                const float hook = fontSize * 1.1f;  // the room a continuation's hook takes, on its left
                const float textW = right - left0 - 16 * s - hook;
                const auto rows = workbench::wrapRows(points, textW, advance, 2 * advance(U' '));
                const float lineH = ImGui::GetTextLineHeight();
                const ImVec2 at = ImGui::GetCursorScreenPos();
                const float height = float(rows.size()) * lineH + 12 * s;
                ImDrawList* dl = ImGui::GetWindowDrawList();
                dl->AddRectFilled(at, ImVec2(right, at.y + height), view::mix(p.panel, p.background, 0.6f).packed(),
                                  4 * s);
                bool wraps = false;
                for (size_t r = 0; r < rows.size(); ++r) wraps = wraps || rows[r].continuation;
                const float x0 = at.x + 8 * s + (wraps ? hook : 0.0f);
                for (size_t r = 0; r < rows.size(); ++r) {
                    const workbench::TextRow& row = rows[r];
                    const float y = at.y + 6 * s + float(r) * lineH;
                    if (row.continuation) drawContinuationHook(dl, x0 - hook + 2 * s, y, lineH, fontSize, p.textFaint, s);
                    const std::string piece =
                        workbench::toUtf8(std::u32string_view(points).substr(size_t(row.begin), size_t(row.end - row.begin)));
                    dl->AddText(font, fontSize, ImVec2(x0 + row.indent, y), p.text.packed(), piece.c_str());
                }
                ImGui::SetCursorScreenPos(ImVec2(left0, at.y + height));
                ImGui::Dummy(ImVec2(0, 2 * s));
                ImGui::PopFont();
                break;
            }
            case MarkdownBlock::Kind::ListItem: {
                const float indent = 18 * s * float(b.level);
                const float y = ImGui::GetCursorScreenPos().y;
                ImGui::SetCursorScreenPos(ImVec2(left0 + indent - 14 * s, y));
                ImGui::TextColored(vec4(p.textDim), "%s", b.marker.c_str());
                // The item's text a space clear of its marker: "1." at larger text is wider than the indent's 14.
                const float markerEnd = left0 + indent - 14 * s + ImGui::CalcTextSize(b.marker.c_str()).x;
                ImGui::SetCursorScreenPos(ImVec2(std::max(left0 + indent, markerEnd + 5 * s), y));
                drawSpans(b.spans, ctx, ImGui::GetCursorScreenPos().x, right, p.text);
                break;
            }
            case MarkdownBlock::Kind::Rule: {
                const ImVec2 at = ImGui::GetCursorScreenPos();
                ImGui::GetWindowDrawList()->AddLine(ImVec2(left0, at.y + 4 * s), ImVec2(right, at.y + 4 * s),
                                                    p.textFaint.packed());
                ImGui::Dummy(ImVec2(0, 8 * s));
                break;
            }
            case MarkdownBlock::Kind::Paragraph: {
                const float indent = 18 * s * float(b.level);
                drawSpans(b.spans, ctx, left0 + indent, right, p.text);
                ImGui::Dummy(ImVec2(0, 4 * s));
                break;
            }
        }
    }
    ImGui::PopTextWrapPos();
    ImGui::SetCursorScreenPos(ImVec2(left0, ImGui::GetCursorScreenPos().y));
}

}  // namespace rl::gui::exercises
