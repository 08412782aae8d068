// FreeType text metrics that reproduce the screen's ImGui + FreeType measurements.
#include "app/export/text_metrics.h"

#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_SIZES_H

#include <cmath>
#include <cstdio>
#include <map>
#include <tuple>
#include <vector>

namespace rl::exporter {
namespace {

constexpr float kBakedSizes[] = {11, 13, 15, 18, 22, 28, 36};  // app/render/fonts.cpp's sizes at scale 1
constexpr float kMonoSize = 17;

// UTF-8 to code points (invalid bytes become U+FFFD).
std::vector<uint32_t> decode(const std::string& s) {
    std::vector<uint32_t> out;
    for (size_t i = 0; i < s.size();) {
        const unsigned char c = s[i];
        int n = c < 0x80 ? 0 : (c >> 5) == 6 ? 1 : (c >> 4) == 14 ? 2 : (c >> 3) == 30 ? 3 : -1;
        if (n < 0 || i + size_t(n) >= s.size() + (n == 0 ? 1 : 0)) {
            out.push_back(0xFFFD);
            ++i;
            continue;
        }
        uint32_t cp = n == 0 ? c : c & (0x3F >> n);
        for (int k = 1; k <= n; ++k) cp = (cp << 6) | (uint32_t(s[i + size_t(k)]) & 0x3F);
        out.push_back(cp);
        i += size_t(n) + 1;
    }
    return out;
}

}  // namespace

std::string dejavuPath(view::FontRole role) {
    const char* file = role == view::FontRole::Bold ? "DejaVuSans-Bold.ttf"
                                                    : (role == view::FontRole::Mono ? "DejaVuSansMono.ttf" : "DejaVuSans.ttf");
    for (const char* dir : {"/usr/share/fonts/truetype/dejavu/", "/usr/share/fonts/TTF/", "/usr/local/share/fonts/"}) {
        const std::string path = std::string(dir) + file;
        if (FILE* f = std::fopen(path.c_str(), "rb")) {
            std::fclose(f);
            return path;
        }
    }
    return "";
}

struct TextMetrics::Impl {
    float scale = 1;
    FT_Library library = nullptr;
    FT_Face faces[3] = {nullptr, nullptr, nullptr};
    // (role, baked pixel size, code point) -> advance in pixels, rounded up as ImGui's FreeType builder does.
    mutable std::map<std::tuple<int, int, uint32_t>, float> advances;

    float baked(view::FontRole role, float pixels) const {
        if (role == view::FontRole::Mono) return std::round(kMonoSize * scale);
        float last = 0;
        for (float base : kBakedSizes) {
            last = std::round(base * scale);
            if (last >= pixels - 0.5f) return last;
        }
        return last;
    }

    float advance(view::FontRole role, int px, uint32_t cp) const {
        const auto key = std::make_tuple(int(role), px, cp);
        if (auto it = advances.find(key); it != advances.end()) return it->second;
        FT_Face face = faces[int(role)];
        FT_Size_RequestRec req{};
        req.type = FT_SIZE_REQUEST_TYPE_REAL_DIM;
        req.height = FT_Long(px) * 64;
        float a = 0;
        if (FT_Request_Size(face, &req) == 0) {
            FT_UInt index = FT_Get_Char_Index(face, cp);
            if (index == 0) index = FT_Get_Char_Index(face, '?');
            if (FT_Load_Glyph(face, index, FT_LOAD_NO_BITMAP | FT_LOAD_TARGET_LIGHT) == 0)
                a = float((face->glyph->advance.x + 63) >> 6);
        }
        advances.emplace(key, a);
        return a;
    }
};

TextMetrics::TextMetrics(float scale) : impl_(std::make_unique<Impl>()) {
    impl_->scale = scale;
    if (FT_Init_FreeType(&impl_->library) != 0) {
        impl_->library = nullptr;
        return;
    }
    for (int r = 0; r < 3; ++r) {
        const std::string path = dejavuPath(view::FontRole(r));
        if (path.empty() || FT_New_Face(impl_->library, path.c_str(), 0, &impl_->faces[r]) != 0)
            impl_->faces[r] = nullptr;
    }
}

TextMetrics::~TextMetrics() {
    for (FT_Face f : impl_->faces)
        if (f) FT_Done_Face(f);
    if (impl_->library) FT_Done_FreeType(impl_->library);
}

bool TextMetrics::hasFonts() const { return impl_->faces[0] && impl_->faces[1] && impl_->faces[2]; }

float TextMetrics::width(const std::string& text, float size, view::FontRole role) const {
    if (!hasFonts()) return view::estimateTextWidth(text, size, role);
    const float px = impl_->baked(role, size);
    float sum = 0;
    for (uint32_t cp : decode(text)) sum += impl_->advance(role, int(px), cp);
    return sum * size / px;
}

view::TextMeasure TextMetrics::measure() const {
    return [this](const std::string& text, float size, view::FontRole role) { return width(text, size, role); };
}

}  // namespace rl::exporter
