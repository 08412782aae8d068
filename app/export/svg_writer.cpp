// Scene to SVG. Text follows ImGui's placement: the box of a line of `size` pixels is centred in the prim's box and
// the baseline sits at the font's ascender; DejaVu's ascender and descender span `size` (FreeType's "real
// dimension" request), so the em, which SVG's font-size names, is size / 1.164.
#include "app/export/svg_writer.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "core/types.h"

namespace rl::exporter {
namespace {

constexpr float kAscender = 1901.0f / 2048.0f, kDescender = 483.0f / 2048.0f;  // DejaVu Sans (hhea)

std::string num(float v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", double(v));
    std::string s = buf;
    while (!s.empty() && s.back() == '0') s.pop_back();
    if (!s.empty() && s.back() == '.') s.pop_back();
    return s == "-0" ? "0" : s;
}

std::string escape(const std::string& text) {
    std::string out;
    for (char c : text) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            default:
                if ((unsigned char)c >= 0x20 || c == '\t') out += c;
        }
    }
    return out;
}

std::string paint(const char* attribute, view::Rgba c) {
    std::string s = std::string(" ") + attribute + "=\"" + c.hex() + "\"";
    if (c.a < 255) s += std::string(" ") + attribute + "-opacity=\"" + num(c.opacity()) + "\"";
    return s;
}

void rect(std::string& out, const view::Prim& p) {
    const float r = std::min(p.rounding, std::min(p.rect.w, p.rect.h) * 0.5f);
    const std::string corners = r > 0 ? " rx=\"" + num(r) + "\"" : "";
    if (p.fill.a)
        out += "<rect x=\"" + num(p.rect.x) + "\" y=\"" + num(p.rect.y) + "\" width=\"" + num(p.rect.w) +
               "\" height=\"" + num(p.rect.h) + "\"" + corners + paint("fill", p.fill) + "/>\n";
    if (p.stroke.a) {  // ImGui strokes a path inset by half a pixel
        const view::Rect q{p.rect.x + 0.5f, p.rect.y + 0.5f, std::max(0.0f, p.rect.w - 1), std::max(0.0f, p.rect.h - 1)};
        out += "<rect x=\"" + num(q.x) + "\" y=\"" + num(q.y) + "\" width=\"" + num(q.w) + "\" height=\"" + num(q.h) +
               "\"" + corners + " fill=\"none\"" + paint("stroke", p.stroke) + " stroke-width=\"" + num(p.width) +
               "\"/>\n";
    }
}

void text(std::string& out, const view::Prim& p) {
    if (p.text.empty() || !p.fill.a) return;
    const float em = p.size / (kAscender + kDescender);
    const float top = std::round(p.rect.y + (p.rect.h - p.size) * 0.5f);
    const float baseline = top + std::ceil(kAscender * em);
    float x = p.rect.x;
    const char* anchor = "start";
    if (p.align == view::Align::Center) x = p.rect.center().x, anchor = "middle";
    if (p.align == view::Align::Right) x = p.rect.right(), anchor = "end";
    const char* family = p.font == view::FontRole::Mono ? "DejaVu Sans Mono, monospace"
                                                        : "DejaVu Sans, Bitstream Vera Sans, Verdana, sans-serif";
    out += "<text x=\"" + num(x) + "\" y=\"" + num(baseline) + "\" font-family=\"" + family + "\" font-size=\"" +
           num(em) + "\"" + (p.font == view::FontRole::Bold ? " font-weight=\"bold\"" : "") + " text-anchor=\"" +
           anchor + "\"" + paint("fill", p.fill) +
           (p.squeeze < 1 ? " transform=\"matrix(" + num(p.squeeze) + " 0 0 1 " + num(x * (1 - p.squeeze)) + " 0)\""
                          : std::string()) +
           ">" + escape(p.text) + "</text>\n";
}

}  // namespace

std::string sceneToSvg(const view::Scene& scene, int width, int height, const std::string& title,
                       const std::string& desc) {
    std::string out;
    out.reserve(scene.prims.size() * 120 + 512);
    out += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    out += "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" + std::to_string(width) +
           "\" height=\"" + std::to_string(height) + "\" viewBox=\"0 0 " + std::to_string(width) + " " +
           std::to_string(height) + "\">\n";
    out += "<title>" + escape(title) + "</title>\n";
    out += "<desc>" +
           escape(desc.empty() ? "Exported by ReduceLab from a trace the OpenCL device recorded." : desc) + "</desc>\n";
    out += "<g stroke-linecap=\"butt\">\n";
    using K = view::Prim::Kind;
    for (const view::Prim& p : scene.prims) {
        switch (p.kind) {
            case K::Rect: rect(out, p); break;
            case K::Line:
                if (p.stroke.a)
                    out += "<line x1=\"" + num(p.a.x) + "\" y1=\"" + num(p.a.y) + "\" x2=\"" + num(p.b.x) + "\" y2=\"" +
                           num(p.b.y) + "\"" + paint("stroke", p.stroke) + " stroke-width=\"" + num(p.width) + "\"/>\n";
                break;
            case K::Quad:
                if (p.fill.a)
                    out += "<polygon points=\"" + num(p.a.x) + "," + num(p.a.y) + " " + num(p.b.x) + "," + num(p.b.y) +
                           " " + num(p.c.x) + "," + num(p.c.y) + " " + num(p.d.x) + "," + num(p.d.y) + "\"" +
                           paint("fill", p.fill) + "/>\n";
                break;
            case K::Text: text(out, p); break;
        }
    }
    out += "</g>\n";
    if (!scene.labels.empty()) {  // the cells in words: transparent boxes, each with its own title
        out += "<g id=\"cells\" fill=\"#000000\" fill-opacity=\"0\">\n";
        for (const view::Scene::Label& l : scene.labels)
            out += "<g><title>" + escape(l.text) + "</title><rect x=\"" + num(l.rect.x) + "\" y=\"" + num(l.rect.y) +
                   "\" width=\"" + num(l.rect.w) + "\" height=\"" + num(l.rect.h) + "\"/></g>\n";
        out += "</g>\n";
    }
    out += "</svg>\n";
    return out;
}

void writeTextFile(const std::string& path, const std::string& text) {
    const std::string tmp = path + ".writing";
    std::FILE* f = std::fopen(tmp.c_str(), "wb");
    if (!f) throw Error(ErrorKind::BadInput, "cannot write '" + path + "': " + std::strerror(errno));
    const bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
    const int err = errno;
    if (std::fclose(f) != 0 || !ok) {
        std::remove(tmp.c_str());
        throw Error(ErrorKind::BadInput, "cannot write '" + path + "': " + std::strerror(ok ? errno : err));
    }
    if (std::rename(tmp.c_str(), path.c_str()) != 0) {
        const int e = errno;
        std::remove(tmp.c_str());
        throw Error(ErrorKind::BadInput, "cannot write '" + path + "': " + std::strerror(e));
    }
}

}  // namespace rl::exporter
