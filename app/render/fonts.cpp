// Font loading: embedded DejaVu (or from disk, or ImGui's default) into the ImGui atlas through FreeType.
#include "app/render/fonts.h"

#include <imgui.h>
#include <imgui_freetype.h>
#include <ft2build.h>
#include FT_FREETYPE_H

#include <cmath>
#include <cstring>
#include <fstream>
#include <iterator>

#include "app/render/fonts_embedded.h"

namespace rl::render {
namespace {

// Latin, general punctuation (— … •), arrows (← →), mathematical operators (∞ − ≤ ≥ ×), geometric shapes (▶ ■ ●),
// check marks (✓ ✗).
const ImWchar kGlyphRanges[] = {0x0020, 0x00FF, 0x2010, 0x2027, 0x2190, 0x21FF, 0x2200, 0x22FF,
                                0x25A0, 0x25FF, 0x2713, 0x2717, 0};

struct FontSource {
    const unsigned char* data = nullptr;
    size_t size = 0;
    std::vector<char> owned;  // read from disk
};

FontSource findFont(const char* file, bool* embedded) {
    FontSource src;
    for (const auto& f : embeddedFonts())
        if (std::string(f.file) == file) {
            src.data = f.data;
            src.size = f.size;
            *embedded = true;
            return src;
        }
    for (const char* dir : {"/usr/share/fonts/truetype/dejavu/", "/usr/share/fonts/TTF/", "/usr/local/share/fonts/"}) {
        std::ifstream in(std::string(dir) + file, std::ios::binary);
        if (!in) continue;
        src.owned.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
        src.data = reinterpret_cast<const unsigned char*>(src.owned.data());
        src.size = src.owned.size();
        return src;
    }
    return src;
}

// Values in cells at lecture sizes: ASCII, the ellipsis, the minus and infinity signs (a small atlas at large sizes).
const ImWchar kValueGlyphRanges[] = {0x0020, 0x007E, 0x2026, 0x2026, 0x2212, 0x2212, 0x221E, 0x221E, 0};

ImFont* addFont(const FontSource& src, float pixels, const ImWchar* ranges = kGlyphRanges) {
    ImFontConfig config;
    config.FontDataOwnedByAtlas = false;  // embedded data is static; disk data is copied below
    config.OversampleH = 1;               // FreeType hints: no need for oversampling
    config.PixelSnapH = true;
    void* data = const_cast<unsigned char*>(src.data);
    if (!src.owned.empty()) {  // the atlas must own a copy it can free
        data = IM_ALLOC(src.size);
        std::memcpy(data, src.data, src.size);
        config.FontDataOwnedByAtlas = true;
    }
    return ImGui::GetIO().Fonts->AddFontFromMemoryTTF(data, int(src.size), std::round(pixels), &config, ranges);
}

}  // namespace

ImFont* Fonts::pick(view::FontRole role, float pixels) const {
    if (role == view::FontRole::Mono) return mono;
    const auto& sizes = role == view::FontRole::Bold ? boldSizes : regularSizes;
    for (const auto& [size, font] : sizes)
        if (size >= pixels - 0.5f) return font;
    return sizes.empty() ? regular : sizes.back().second;
}

Fonts loadFonts(float scale, std::string* warning) {
    ImGuiIO& io = ImGui::GetIO();
    io.Fonts->Clear();
    io.Fonts->FontBuilderIO = ImGuiFreeType::GetBuilderForFreeType();
    io.Fonts->FontBuilderFlags = ImGuiFreeTypeBuilderFlags_LightHinting;
    Fonts fonts;
    fonts.scale = scale;
    bool embedded = false;
    const FontSource sans = findFont("DejaVuSans.ttf", &embedded);
    const FontSource bold = findFont("DejaVuSans-Bold.ttf", &embedded);
    const FontSource mono = findFont("DejaVuSansMono.ttf", &embedded);
    fonts.embedded = embedded;
    if (!sans.data || !bold.data || !mono.data) {
        if (warning)
            *warning = "DejaVu fonts not found (install fonts-dejavu-core): using ImGui's small built-in font";
        ImFontConfig config;
        config.SizePixels = std::round(13 * scale);
        ImFont* f = io.Fonts->AddFontDefault(&config);
        fonts.regular = fonts.bold = fonts.heading = fonts.mono = f;
        fonts.boldSizes = fonts.regularSizes = {{config.SizePixels, f}};
        return fonts;
    }
    fonts.regular = addFont(sans, kBodySize * scale);  // the first font is ImGui's default
    fonts.bold = addFont(bold, kBodySize * scale);
    fonts.heading = addFont(bold, kHeadingSize * scale);
    fonts.mono = addFont(mono, kMonoSize * scale);
    for (float base : {11.0f, 13.0f, 15.0f, 18.0f, 22.0f, 28.0f, 36.0f}) {
        const float px = std::round(base * scale);
        fonts.boldSizes.push_back({px, base == kBodySize ? fonts.bold : addFont(bold, px)});
        fonts.regularSizes.push_back({px, base == kBodySize ? fonts.regular : addFont(sans, px)});
    }
    for (float base : {44.0f, 52.0f, 60.0f, 72.0f})  // values in large cells (lecture mode), ASCII only
        fonts.boldSizes.push_back({std::round(base * scale), addFont(bold, base * scale, kValueGlyphRanges)});
    io.Fonts->Build();
    return fonts;
}

std::string freetypeVersion() {
    FT_Library library = nullptr;
    if (FT_Init_FreeType(&library) != 0) return "FreeType (version unknown)";
    FT_Int major = 0, minor = 0, patch = 0;
    FT_Library_Version(library, &major, &minor, &patch);
    FT_Done_FreeType(library);
    return "FreeType " + std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(patch);
}

}  // namespace rl::render
