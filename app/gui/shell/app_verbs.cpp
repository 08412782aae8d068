// The script's verbs (`reducelab gui --script "VERB:ARGUMENT; ..."`) that act on the explorer: variant, compare,
// tab, hover, hover-toggle, hover-variant, group, wheel, set, retrace, and the classroom's, the Timings view's, the
// workbench's and predict mode's own actions.
#include "app/gui/shell/app.h"

#include <cstdlib>

#include "app/gui/panels/session_banner.h"
#include "app/gui/predict/predict_overlay.h"
#include "app/gui/shell/startup.h"
#include "core/files/run_settings.h"
#include "core/catalogue/variant.h"

namespace rl::gui {
namespace {

// The item on screen whose `name` is `arg`; else null, and *error says so and names the ones there are.
template <class Item>
const Item* findOnScreen(const std::vector<Item>& items, const std::string& arg, std::string Item::*name,
                         const std::string& what, std::string* error) {
    for (const Item& i : items)
        if (i.*name == arg) return &i;
    std::string known;
    for (const Item& i : items) known += (known.empty() ? "" : ", ") + i.*name;
    *error = "no " + what + " '" + arg + "' on screen (" + (known.empty() ? "none" : known) + ")";
    return nullptr;
}

}  // namespace

std::string App::apply(const std::string& verb, const std::string& arg) {
    if (verb == "classroom") return classroom_.apply(arg, state_, log_);
    if (verb == "timings") return timings_.scriptAction(arg, state_);
    if (verb == "course") return course_.scriptAction(arg, state_, workbench_, log_);
    if (verb == "type") {  // characters, as the keyboard sends them, into whatever has the keyboard
        window_.injectText(arg);
        return "";
    }
    if (verb == "kernel-hover") {  // point at a line of the kernel editor (a marked line's tooltip opens)
        const auto& w = geometry_.workbench;
        const int line = std::atoi(arg.c_str());
        if (!w.open || line < 1 || line > int(w.lineTops.size()))
            return "kernel-hover needs the workbench open and a line number of the kernel";
        window_.injectCursor(w.textRect.x + w.textRect.w * 0.5f, w.lineTops[size_t(line - 1)] + 0.5f * w.lineHeight);
        return "";
    }
    if (verb == "kernel-point-problem") {  // point at row K (0-based) of the workbench's problems list
        const auto& rows = geometry_.workbench.problems;
        const int k = std::atoi(arg.c_str());
        if (k < 0 || k >= int(rows.size()))
            return "kernel-point-problem: no problem " + arg + " (" + std::to_string(rows.size()) + " listed)";
        window_.injectCursor(rows[size_t(k)].rect.center().x, rows[size_t(k)].rect.center().y);
        return "";
    }
    if (verb.rfind("kernel-", 0) == 0) return workbench_.scriptAction(verb, arg, state_, log_);
    if (verb == "predict" || verb.rfind("predict-", 0) == 0) return predictScriptAction(verb, arg, state_);
    if (verb == "retrace") {  // as the saved-session banner's "Re-trace here"
        if (!state_.session) return "retrace: no saved session is shown";
        retraceSession(state_, log_);
        return "";
    }
    if (verb == "variant") {
        if (!findVariant(arg)) return "unknown variant '" + arg + "'";
        state_.config.variant = arg;
    } else if (verb == "compare") {
        if (arg != "off" && !findVariant(arg)) return "unknown variant '" + arg + "'";
        state_.compareVariant = arg == "off" ? "" : arg;
    } else if (verb == "tab") {
        if (arg == "source-beside" || arg == "source-tab") {  // the kernel source as a panel beside the tree, or not
            state_.view.sourceBeside = arg == "source-beside";
            if (!state_.view.sourceBeside) state_.view.requestTab = 2;
            return "";
        }
        const char* names[] = {"warps", "heatmap", "source", "messages", "words", "tiles"};
        for (int i = 0; i < 6; ++i)
            if (arg == names[i]) {
                state_.view.requestTab = i;
                return "";
            }
        return "unknown tab '" + arg + "' (warps, heatmap, source, messages, words, tiles)";
    } else if (verb == "tiles-time" || verb == "tiles-pick") {  // the Tiles tab's place in the log, its tile
        char* end = nullptr;
        const long v = std::strtol(arg.c_str(), &end, 10);
        if (arg.empty() || *end != '\0' || v < -1 || v > (1L << 30))
            return verb + " needs a whole number (-1: " + (verb == "tiles-time" ? "the log's end)" : "none)");
        (verb == "tiles-time" ? state_.view.tilesTime : state_.view.tilesPick) = int(v);
    } else if (verb == "pointer") {  // the mouse at fractions of the window (0,0 top left; 1,1 bottom right)
        const size_t comma = arg.find(',');
        if (comma == std::string::npos) return "pointer needs FX,FY (fractions of the window)";
        const float fx = float(std::atof(arg.c_str())), fy = float(std::atof(arg.c_str() + comma + 1));
        if (!(fx >= 0 && fx <= 1 && fy >= 0 && fy <= 1)) return "pointer: FX and FY are fractions from 0 to 1";
        int w = 0, h = 0;
        window_.windowSize(&w, &h);
        window_.injectCursor(fx * float(w), fy * float(h));
        return "";
    } else if (verb == "hover") {
        const size_t comma = arg.find(',');
        if (comma == std::string::npos) return "hover needs STAGE,CELL";
        const int stage = std::atoi(arg.c_str()), cell = std::atoi(arg.c_str() + comma + 1);
        for (const auto& t : geometry_.trees) {
            if (t.side != 0) continue;
            const view::TreeLayout layout(t.layout);
            const view::Vec2 c = layout.cell(stage, cell).center();
            window_.injectCursor(c.x, c.y);
            return "";
        }
        return "no tree on screen to hover";
    } else if (verb == "reveal-toggle") {  // the first frame of hover-toggle: scroll the toggle into view
        std::string error;
        if (findOnScreen(geometry_.toggles, arg, &FrameGeometry::Toggle::label, "toggle", &error))
            state_.view.revealToggle = arg;
        return error;
    } else if (verb == "hover-toggle") {  // point at a variant toggle by its label (its tooltip opens)
        std::string error;
        if (const auto* t = findOnScreen(geometry_.toggles, arg, &FrameGeometry::Toggle::label, "toggle", &error))
            window_.injectCursor(t->rect.center().x, t->rect.center().y);
        return error;
    } else if (verb == "hover-variant") {  // point at a variant's name in the list (its lesson's tooltip opens)
        std::string error;
        if (const auto* r = findOnScreen(geometry_.variantRows, arg, &FrameGeometry::VariantRow::id, "variant", &error))
            window_.injectCursor(r->rect.center().x, r->rect.center().y);
        return error;
    } else if (verb == "group") {  // as a click on a pass-0 group of the pass map
        char* end = nullptr;
        const unsigned long long g = std::strtoull(arg.c_str(), &end, 10);
        if (arg.empty() || *end != '\0') return "group needs a work-group number";
        state_.firstGroup = size_t(g);
    } else if (verb == "wheel") {  // at the pointer (after hover:), as a mouse wheel would
        const float notches = float(std::atof(arg.c_str()));
        if (notches == 0) return "wheel needs a non-zero number of notches";
        window_.injectScroll(notches);
        return "";
    } else if (verb == "set") {
        const size_t eq = arg.find('=');
        if (eq == std::string::npos) return "set needs KEY=VALUE";
        const std::string key = arg.substr(0, eq), value = arg.substr(eq + 1);
        if (!isRunSetting(key)) return "unknown setting '" + key + "'";
        try {
            setRunSetting(state_.config, key, value, "set:" + key);  // the rule every reader shares
        } catch (const Error& e) {
            return e.what();
        }
    } else {
        return "unknown action '" + verb + "'";
    }
    state_.dirty = true;
    state_.dirtySince = -1;
    return "";
}

}  // namespace rl::gui
