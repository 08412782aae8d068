// Markdown as the exercises write it (headings, paragraphs, **bold**, *emphasis*, `code`, fenced code blocks,
// bullet and numbered lists), parsed by md4c (libmd4c-dev) into blocks of styled words and drawn with ImGui,
// wrapped to the width available, in the UI's fonts so it follows the lecture text size.
#pragma once
#include <string>
#include <vector>

#include "app/gui/common/ui_context.h"

namespace rl::gui::exercises {

struct MarkdownSpan {
    std::string text;
    bool strong = false, emphasis = false, code = false;
};

struct MarkdownBlock {
    enum class Kind { Paragraph, Heading, Code, ListItem, Rule };
    Kind kind = Kind::Paragraph;
    int level = 0;          // heading level; list nesting depth
    std::string marker;     // list item: "•" or "3."
    std::vector<MarkdownSpan> spans;  // a code block: one span, the whole text
};

// Parses `markdown` (CommonMark). Never throws: text md4c cannot parse comes back as one paragraph.
std::vector<MarkdownBlock> parseMarkdown(const std::string& markdown);

// Draws parsed blocks at the cursor, wrapped to `width` (0: the content region's width; a tooltip, which grows to
// fit what it holds, gives its own) by its own placing of words, whatever text wrap the caller has set.
void drawMarkdown(const std::vector<MarkdownBlock>& blocks, const UiContext& ctx, float width = 0);

// The blocks' words as they read, without their marks: spans joined, blocks one a line.
std::string plainText(const std::vector<MarkdownBlock>& blocks);

}  // namespace rl::gui::exercises
