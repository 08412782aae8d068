// The explorer's themes in one place: the default dark palette (projector friendly: light text on near-black,
// saturated state colours), the projector and colour-blind palettes, the list of themes and the explorer's choice.
// Each classroom state differs from its neighbours in lightness as well as hue (checked by
// tests/app/view/palettes_test.cpp), so greyscale projectors and colour-blind viewers still tell them apart.
#include "app/view/theme.h"

namespace rl::view {
namespace {

constexpr Rgba rgb(uint32_t hex, uint8_t a = 255) {
    return {uint8_t(hex >> 16), uint8_t(hex >> 8), uint8_t(hex), a};
}

Palette makeDark() {
    Palette p;
    p.background = rgb(0x0f1115);
    p.panel = rgb(0x171a21);
    p.panelRaised = rgb(0x1f232c);
    p.border = rgb(0x2c313c);
    p.text = rgb(0xe9ecf2);
    p.textDim = rgb(0xa3aab8);
    p.textFaint = rgb(0x6b7280);
    p.accent = rgb(0x5aa9ff);
    p.good = rgb(0x3ddc97);
    p.bad = rgb(0xff4d5e);
    p.warn = rgb(0xffc542);

    p.cellWritten = rgb(0xffa62b);
    p.cellWrittenPast = rgb(0x8a5a1c);
    p.cellLive = rgb(0x2e3a4f);
    p.cellDead = rgb(0x1b1e25);
    p.cellPadding = rgb(0x15171c);
    p.cellFuture = rgb(0x262a33);
    p.cellOperand = rgb(0xfff1d6);
    p.textOnWritten = rgb(0x1a1000);
    p.textOnLive = rgb(0xe9ecf2);
    p.textOnDead = rgb(0x5d6472);
    p.operandLine = rgb(0xffc46b);
    p.operandLinePast = rgb(0x8a6a3e, 150);
    p.cone = rgb(0x5aa9ff);

    p.laneActive = rgb(0xffa62b);
    p.laneIdle = rgb(0x2a2f3a);
    p.warpActive = rgb(0x3ddc97);
    p.warpIdle = rgb(0x3a404d);
    p.warpDivergent = rgb(0xff5c8a);
    p.bankConflict = rgb(0xffd23f);
    return p;
}


// Projectors wash out dark greys and thin lines: pure black, white text, and state colours far apart in lightness.
Palette makeProjector() {
    Palette p = darkPalette();
    p.background = rgb(0x000000);
    p.panel = rgb(0x0b0b0b);
    p.panelRaised = rgb(0x1e1e1e);
    p.border = rgb(0x5a5a5a);
    p.text = rgb(0xffffff);
    p.textDim = rgb(0xdcdcdc);
    p.textFaint = rgb(0xa8a8a8);
    p.accent = rgb(0x4db8ff);
    p.good = rgb(0x33ff99);
    p.bad = rgb(0xff3b4f);
    p.warn = rgb(0xffd400);

    p.cellWritten = rgb(0xffd400);      // brightest: what this stage wrote
    p.cellWrittenPast = rgb(0x9a6b00);  // mid: written earlier
    p.cellLive = rgb(0x2c4f91);         // darker blue: still needed
    p.cellDead = rgb(0x141414);         // near black: done
    p.cellPadding = rgb(0x0a0a0a);
    p.cellFuture = rgb(0x4a4a4a);
    p.cellOperand = rgb(0xffffff);
    p.textOnWritten = rgb(0x000000);
    p.textOnLive = rgb(0xffffff);
    p.textOnDead = rgb(0x8c8c8c);
    p.operandLine = rgb(0xffffff);
    p.operandLinePast = rgb(0x9a9a9a, 170);
    p.cone = rgb(0x4db8ff);

    p.laneActive = rgb(0xffd400);
    p.laneIdle = rgb(0x333333);
    p.warpActive = rgb(0x33ff99);
    p.warpIdle = rgb(0x4a4a4a);
    p.warpDivergent = rgb(0xff4fa3);
    p.bankConflict = rgb(0xffd400);
    return p;
}

// Okabe & Ito's colour-blind-safe set: orange, sky blue, bluish green, yellow, blue, vermillion, reddish purple.
// Written (orange, light) / live (blue, dark) / dead (near black) differ in lightness; active / divergent / idle
// warps are sky blue (light) / vermillion (mid) / grey (dark); conflicts are yellow outlines.
Palette makeColorBlind() {
    Palette p = darkPalette();
    p.accent = rgb(0x56b4e9);
    p.good = rgb(0x009e73);
    p.bad = rgb(0xd55e00);
    p.warn = rgb(0xf0e442);

    p.cellWritten = rgb(0xe69f00);
    p.cellWrittenPast = rgb(0xa07000);
    p.cellLive = rgb(0x0a4f80);
    p.cellDead = rgb(0x1b1e25);
    p.cellPadding = rgb(0x121418);
    p.cellFuture = rgb(0x3a3f4a);
    p.cellOperand = rgb(0xf0e442);
    p.textOnWritten = rgb(0x000000);
    p.textOnLive = rgb(0xffffff);
    p.textOnDead = rgb(0x6b7280);
    p.operandLine = rgb(0xf0e442);
    p.operandLinePast = rgb(0x8c8650, 160);
    p.cone = rgb(0x56b4e9);

    p.laneActive = rgb(0xe69f00);
    p.laneIdle = rgb(0x2a2f3a);
    p.warpActive = rgb(0x56b4e9);
    p.warpIdle = rgb(0x3a404d);
    p.warpDivergent = rgb(0xd55e00);
    p.bankConflict = rgb(0xf0e442);
    return p;
}

}  // namespace

const Palette& darkPalette() {
    static const Palette palette = makeDark();
    return palette;
}

const Palette& projectorPalette() {
    static const Palette p = makeProjector();
    return p;
}

const Palette& colorBlindPalette() {
    static const Palette p = makeColorBlind();
    return p;
}

const std::vector<ThemeInfo>& themes() {
    static const std::vector<ThemeInfo> all = {
        {"dark", "Dark (default)", &darkPalette(), false},
        {"projector", "Projector (high contrast)", &projectorPalette(), true},
        {"colorblind", "Colour-blind safe", &colorBlindPalette(), true},
    };
    return all;
}

const ThemeInfo* findTheme(const std::string& id) {
    for (const auto& t : themes())
        if (t.id == id) return &t;
    return nullptr;
}

const ThemeInfo& ThemeState::info() const {
    const ThemeInfo* t = findTheme(id);
    return t ? *t : themes().front();
}

bool ThemeState::set(const std::string& themeId) {
    if (!findTheme(themeId)) return false;
    id = themeId;
    return true;
}

}  // namespace rl::view
