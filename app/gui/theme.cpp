// Fonts and ImGui style.
#include "app/gui/theme.h"

#include <imgui.h>
#include <imgui_freetype.h>
#include <ft2build.h>
#include FT_FREETYPE_H

#include <cmath>
#include <cstring>
#include <fstream>
#include <iterator>

#include "app/gui/fonts_embedded.h"

namespace rl::gui {
namespace {

// Latin, general punctuation (— … •), arrows (← →), mathematical operators (∞ − ≤ ≥ ×), geometric shapes (▶ ■ ●),
// check marks (✓ ✗).
const ImWchar kGlyphRanges[] = {0x0020, 0x00FF, 0x2010, 0x2027, 0x2190, 0x21FF, 0x2200, 0x22FF,
                                0x25A0, 0x25FF, 0x2713, 0x2717, 0};

ImVec4 col(view::Rgba c, float alpha = 1) { return ImVec4(c.r / 255.f, c.g / 255.f, c.b / 255.f, c.a / 255.f * alpha); }

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

ImFont* addFont(const FontSource& src, float pixels) {
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
    return ImGui::GetIO().Fonts->AddFontFromMemoryTTF(data, int(src.size), std::round(pixels), &config, kGlyphRanges);
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

void applyStyle(const view::Palette& p, float scale) {
    ImGuiStyle style;
    ImGui::StyleColorsDark(&style);
    style.WindowPadding = ImVec2(14, 12);
    style.FramePadding = ImVec2(10, 6);
    style.ItemSpacing = ImVec2(10, 8);
    style.ItemInnerSpacing = ImVec2(8, 6);
    style.CellPadding = ImVec2(8, 4);
    style.IndentSpacing = 20;
    style.ScrollbarSize = 14;
    style.GrabMinSize = 12;
    style.WindowBorderSize = 0;
    style.ChildBorderSize = 0;
    style.PopupBorderSize = 1;
    style.FrameBorderSize = 0;
    style.WindowRounding = 8;
    style.ChildRounding = 6;
    style.FrameRounding = 6;
    style.PopupRounding = 6;
    style.ScrollbarRounding = 8;
    style.GrabRounding = 6;
    style.TabRounding = 6;
    style.WindowTitleAlign = ImVec2(0.0f, 0.5f);
    style.ScaleAllSizes(scale);

    ImVec4* c = style.Colors;
    c[ImGuiCol_Text] = col(p.text);
    c[ImGuiCol_TextDisabled] = col(p.textFaint);
    c[ImGuiCol_WindowBg] = col(p.panel);
    c[ImGuiCol_ChildBg] = col(p.panel, 0);
    c[ImGuiCol_PopupBg] = col(p.panelRaised);
    c[ImGuiCol_Border] = col(p.border);
    c[ImGuiCol_BorderShadow] = ImVec4(0, 0, 0, 0);
    c[ImGuiCol_FrameBg] = col(p.panelRaised);
    c[ImGuiCol_FrameBgHovered] = col(view::mix(p.panelRaised, p.accent, 0.18f));
    c[ImGuiCol_FrameBgActive] = col(view::mix(p.panelRaised, p.accent, 0.30f));
    c[ImGuiCol_TitleBg] = col(p.panel);
    c[ImGuiCol_TitleBgActive] = col(p.panel);
    c[ImGuiCol_MenuBarBg] = col(p.background);
    c[ImGuiCol_ScrollbarBg] = col(p.panel, 0);
    c[ImGuiCol_ScrollbarGrab] = col(p.border);
    c[ImGuiCol_ScrollbarGrabHovered] = col(p.textFaint);
    c[ImGuiCol_ScrollbarGrabActive] = col(p.textDim);
    c[ImGuiCol_CheckMark] = col(p.accent);
    c[ImGuiCol_SliderGrab] = col(p.accent);
    c[ImGuiCol_SliderGrabActive] = col(view::mix(p.accent, p.text, 0.3f));
    c[ImGuiCol_Button] = col(p.panelRaised);
    c[ImGuiCol_ButtonHovered] = col(view::mix(p.panelRaised, p.accent, 0.25f));
    c[ImGuiCol_ButtonActive] = col(view::mix(p.panelRaised, p.accent, 0.45f));
    c[ImGuiCol_Header] = col(view::mix(p.panel, p.accent, 0.22f));
    c[ImGuiCol_HeaderHovered] = col(view::mix(p.panel, p.accent, 0.30f));
    c[ImGuiCol_HeaderActive] = col(view::mix(p.panel, p.accent, 0.40f));
    c[ImGuiCol_Separator] = col(p.border);
    c[ImGuiCol_SeparatorHovered] = col(p.accent);
    c[ImGuiCol_SeparatorActive] = col(p.accent);
    c[ImGuiCol_ResizeGrip] = col(p.border, 0);
    c[ImGuiCol_Tab] = col(p.panel);
    c[ImGuiCol_TabHovered] = col(view::mix(p.panel, p.accent, 0.30f));
    c[ImGuiCol_TabActive] = col(view::mix(p.panelRaised, p.accent, 0.22f));
    c[ImGuiCol_TabUnfocused] = col(p.panel);
    c[ImGuiCol_TabUnfocusedActive] = col(view::mix(p.panelRaised, p.accent, 0.15f));
    c[ImGuiCol_PlotHistogram] = col(p.accent);
    c[ImGuiCol_TableHeaderBg] = col(p.panelRaised);
    c[ImGuiCol_TableBorderStrong] = col(p.border);
    c[ImGuiCol_TableBorderLight] = col(p.border, 0.6f);
    c[ImGuiCol_TableRowBg] = ImVec4(0, 0, 0, 0);
    c[ImGuiCol_TableRowBgAlt] = col(p.panelRaised, 0.35f);
    c[ImGuiCol_TextSelectedBg] = col(p.accent, 0.35f);
    c[ImGuiCol_NavHighlight] = col(p.accent);
    c[ImGuiCol_ModalWindowDimBg] = ImVec4(0, 0, 0, 0.5f);
    ImGui::GetStyle() = style;
}

}  // namespace rl::gui
