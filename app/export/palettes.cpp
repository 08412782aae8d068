// The projector and colour-blind palettes. Each state differs from its neighbours in lightness as well as hue
// (checked by tests/session/palettes_test.cpp), so greyscale projectors and colour-blind viewers still tell them apart.
#include "app/export/palettes.h"

namespace rl::exporter {
namespace {

constexpr view::Rgba rgb(uint32_t hex, uint8_t a = 255) {
    return {uint8_t(hex >> 16), uint8_t(hex >> 8), uint8_t(hex), a};
}

// Projectors wash out dark greys and thin lines: pure black, white text, and state colours far apart in lightness.
view::Palette makeProjector() {
    view::Palette p = view::darkPalette();
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
view::Palette makeColorBlind() {
    view::Palette p = view::darkPalette();
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

const view::Palette& projectorPalette() {
    static const view::Palette p = makeProjector();
    return p;
}

const view::Palette& colorBlindPalette() {
    static const view::Palette p = makeColorBlind();
    return p;
}

const std::vector<ThemeInfo>& themes() {
    static const std::vector<ThemeInfo> all = {
        {"dark", "Dark (default)", &view::darkPalette(), false},
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

}  // namespace rl::exporter
