// The script verbs of predict mode (tests and the docs' screenshots drive it as a student would).
#include <cstdlib>
#include <sstream>

#include "app/gui/predict/predict_overlay.h"

namespace rl::gui {
namespace {

bool integer(const std::string& text, int* out) {
    char* end = nullptr;
    const long v = std::strtol(text.c_str(), &end, 10);
    if (text.empty() || *end != '\0') return false;
    *out = int(v);
    return true;
}

}  // namespace

std::string predictScriptAction(const std::string& verb, const std::string& arg, ExplorerState& state) {
    PredictState& ps = state.predict;
    if (verb == "predict") {
        if (arg == "on" || arg == "off") ps.setOn(arg == "on", state.a, state.playback);
        else if (arg == "submit") return ps.submit(state.a, state.playback);
        else if (arg == "skip") return ps.reveal(state.a, state.playback, true);
        else if (arg == "reveal") return ps.reveal(state.a, state.playback, false);
        else if (arg == "start-over") ps.startOver(state.a, state.playback);
        else if (arg == "clear") ps.clearEntry();
        else return "predict needs on, off, submit, skip, reveal, start-over or clear, not '" + arg + "'";
        return "";
    }
    if (verb == "predict-kind") {
        const auto kind = predict::kindFromName(arg);
        if (!kind) return "predict-kind needs active, value, divergent, conflict or contention, not '" + arg + "'";
        ps.kind = *kind;
        return "";
    }
    if (verb == "predict-pick") {  // toggles work-items, as clicks on the hidden row would
        std::stringstream list(arg);
        std::string item;
        while (std::getline(list, item, ',')) {
            int i = 0;
            if (!integer(item, &i)) return "predict-pick needs work-item numbers (I,J,...), not '" + arg + "'";
            ps.togglePick(i);
        }
        return "";
    }
    if (verb == "predict-cell") {
        if (!integer(arg, &ps.cell)) return "predict-cell needs a cell number, not '" + arg + "'";
        return "";
    }
    if (verb == "predict-value") {  // as typed: a text that is not a number is kept, and refused on submit
        ps.valueText = arg;
        return "";
    }
    if (verb == "predict-count") {
        int n = 0;
        if (!integer(arg, &n)) return "predict-count needs a number, not '" + arg + "'";
        if (ps.kind == predict::Kind::Conflict) ps.conflict = n;
        else if (ps.kind == predict::Kind::Contention) ps.contention = n;
        else ps.divergent = n;
        return "";
    }
    return "unknown action '" + verb + "'";
}

}  // namespace rl::gui
