// Code points and wrapped rows for the kernel editor.
#include "app/gui/workbench/text_rows.h"

#include <algorithm>

namespace rl::gui::workbench {
namespace {

constexpr char32_t kEscapedByte = 0xDC80;  // U+DC80 + a byte that is not valid UTF-8 (a lone surrogate, never text)

bool isBlank(char32_t c) { return c == U' ' || c == U'\t'; }

// The length of the valid UTF-8 sequence at s[i] and its code point, or 0 when it is not one.
int decodeAt(std::string_view s, size_t i, char32_t* out) {
    const auto b = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char c = b(i);
    if (c < 0x80) {
        *out = c;
        return 1;
    }
    int len = 0;
    char32_t cp = 0, least = 0;
    if ((c & 0xE0) == 0xC0) len = 2, cp = c & 0x1F, least = 0x80;
    else if ((c & 0xF0) == 0xE0) len = 3, cp = c & 0x0F, least = 0x800;
    else if ((c & 0xF8) == 0xF0) len = 4, cp = c & 0x07, least = 0x10000;
    else return 0;
    if (i + size_t(len) > s.size()) return 0;
    for (int k = 1; k < len; ++k) {
        if ((b(i + size_t(k)) & 0xC0) != 0x80) return 0;
        cp = (cp << 6) | (b(i + size_t(k)) & 0x3F);
    }
    if (cp < least || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;  // overlong, too large, surrogate
    *out = cp;
    return len;
}

void append(std::string& out, char32_t c) {
    if (c >= kEscapedByte && c < kEscapedByte + 0x80) {  // an escaped byte (0x80..0xFF) goes back as it was
        out += char(0x80 + (c - kEscapedByte));
    } else if (c < 0x80) {
        out += char(c);
    } else if (c < 0x800) {
        out += char(0xC0 | (c >> 6));
        out += char(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
        out += char(0xE0 | (c >> 12));
        out += char(0x80 | ((c >> 6) & 0x3F));
        out += char(0x80 | (c & 0x3F));
    } else {
        out += char(0xF0 | (c >> 18));
        out += char(0x80 | ((c >> 12) & 0x3F));
        out += char(0x80 | ((c >> 6) & 0x3F));
        out += char(0x80 | (c & 0x3F));
    }
}

int utf8Length(char32_t c) {
    if (c >= kEscapedByte && c < kEscapedByte + 0x80) return 1;
    return c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
}

}  // namespace

std::u32string toCodePoints(std::string_view utf8) {
    std::u32string out;
    out.reserve(utf8.size());
    for (size_t i = 0; i < utf8.size();) {
        char32_t c = 0;
        const int len = decodeAt(utf8, i, &c);
        if (len == 0) {  // not UTF-8: kept as an escaped byte
            out += char32_t(kEscapedByte + (static_cast<unsigned char>(utf8[i]) - 0x80));
            ++i;
        } else {
            out += c;
            i += size_t(len);
        }
    }
    return out;
}

std::string toUtf8(std::u32string_view text) {
    std::string out;
    out.reserve(text.size());
    for (char32_t c : text) append(out, c);
    return out;
}

std::vector<int> byteOffsets(std::u32string_view text) {
    std::vector<int> out(text.size() + 1, 0);
    for (size_t i = 0; i < text.size(); ++i) out[i + 1] = out[i] + utf8Length(text[i]);
    return out;
}

std::vector<TextRow> wrapRows(std::u32string_view text, float width, const Advance& advance, float hang) {
    std::vector<TextRow> rows;
    const int n = int(text.size());
    int line = 0;
    for (int start = 0;;) {  // one line per turn: [start, lineEnd)
        int lineEnd = start;
        while (lineEnd < n && text[size_t(lineEnd)] != U'\n') ++lineEnd;
        const int next = lineEnd < n ? lineEnd + 1 : n;
        int firstWord = start;  // past the line's indentation
        float indentW = 0;
        while (firstWord < lineEnd && isBlank(text[size_t(firstWord)])) indentW += advance(text[size_t(firstWord++)]);
        const float contIndent = width > 0 ? std::min(indentW + hang, width * 0.5f) : 0.0f;
        int b = start;
        bool continuation = false;
        for (;;) {
            const float x0 = continuation ? contIndent : 0.0f;
            float x = x0;
            int e = b, lastBreak = -1;  // lastBreak: one past the last blank that fits, beyond the indentation
            while (e < lineEnd) {
                const char32_t c = text[size_t(e)];
                const float w = advance(c);
                if (width > 0 && x + w > width && e > b && !isBlank(c)) break;  // blanks may hang past the edge
                x += w;
                ++e;
                if (isBlank(c) && e > firstWord && e < lineEnd) lastBreak = e;
            }
            if (e < lineEnd && lastBreak > b) e = lastBreak;
            const bool last = e >= lineEnd;
            rows.push_back({b, last ? lineEnd : e, last ? next : e, line, x0, continuation});
            if (last) break;
            b = e;
            continuation = true;
        }
        if (lineEnd >= n) break;
        start = next;
        ++line;
    }
    return rows;
}

int rowOf(const std::vector<TextRow>& rows, int pos) {
    const auto it = std::upper_bound(rows.begin(), rows.end(), pos, [](int p, const TextRow& r) { return p < r.begin; });
    return std::max(0, int(it - rows.begin()) - 1);
}

int firstRowOfLine(const std::vector<TextRow>& rows, int line) {
    const auto it = std::lower_bound(rows.begin(), rows.end(), line, [](const TextRow& r, int l) { return r.line < l; });
    return it == rows.end() ? std::max(0, int(rows.size()) - 1) : int(it - rows.begin());
}

float xOnRow(std::u32string_view text, const TextRow& row, int pos, const Advance& advance) {
    float x = row.indent;
    for (int i = row.begin; i < std::min(pos, row.end); ++i) x += advance(text[size_t(i)]);
    return x;
}

int posOnRow(std::u32string_view text, const TextRow& row, float x, const Advance& advance, bool lastRowOfText) {
    // A wrapped row ends where the next begins: its last place is before its last character, so that the cursor
    // stays on the row it was put on.
    const int last = row.end < row.next || lastRowOfText ? row.end : std::max(row.begin, row.end - 1);
    float at = row.indent;
    for (int i = row.begin; i < last; ++i) {
        const float w = advance(text[size_t(i)]);
        if (x < at + w * 0.5f) return i;
        at += w;
    }
    return last;
}

}  // namespace rl::gui::workbench
