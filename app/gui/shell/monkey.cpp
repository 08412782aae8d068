// The monkey's script: weighted random actions, every one a verb of the explorer's script (options_help.cpp).
#include "app/gui/shell/monkey.h"

#include <random>
#include <vector>

#include "core/pattern.h"
#include "core/files/run_settings.h"
#include "core/catalogue/variant.h"

namespace rl::gui {
namespace {

class Dice {
public:
    explicit Dice(uint64_t seed) : rng_(seed) {}
    int below(int n) { return int(rng_() % uint64_t(n)); }
    float unit() { return float(rng_() % 10000) / 10000.0f; }
    template <typename T>
    const T& pick(const std::vector<T>& v) { return v[size_t(below(int(v.size())))]; }

private:
    std::mt19937_64 rng_;
};

// Values a student would try, the edges included (wg 1 cannot shrink the input and is refused with a message).
const std::vector<std::string>& valuesOf(const std::string& key) {
    static const std::vector<std::pair<std::string, std::vector<std::string>>> values = {
        {"n", {"1", "2", "3", "17", "32", "64", "100", "1000", "4096", "65537", "2^20"}},
        {"wg", {"1", "2", "3", "8", "16", "32", "64", "100", "256", "1024", "4096"}},
        {"op", {"sum", "min", "max"}},
        {"type", {"int", "float", "long", "double"}},
        {"data", {"0-9", "0-99", "random", "ones", "iota", "floats"}},
        {"seed", {"0", "1", "7", "123456"}},
        {"epi", {"0", "1", "2", "4", "8"}},
        {"simd", {"0", "4", "16", "32", "64"}},
        {"banks", {"1", "16", "32"}},
        {"bank-width", {"4", "8"}},
        {"final", {"device", "host"}},
        {"groups", {"0", "1", "4", "64"}},
    };
    for (const auto& [k, v] : values)
        if (k == key) return v;
    static const std::vector<std::string> none;
    return none;
}

std::string randomSet(Dice& d) {
    std::vector<std::string> keys;
    for (const RunSettingSpec& s : runSettings())
        if (!valuesOf(std::string(s.name)).empty()) keys.emplace_back(s.name);
    const std::string& key = d.pick(keys);
    return "set:" + key + "=" + d.pick(valuesOf(key));
}

// Any variant of any pattern: the scans as often as their share of the list.
std::string variantId(Dice& d) {
    std::vector<const VariantInfo*> all;
    for (const PatternInfo& p : allPatterns())
        for (const auto& v : p.variants()) all.push_back(&v);
    return all[size_t(d.below(int(all.size())))]->id;
}

// A line a student might type into the kernel, typos included (';' is written \; in the script).
std::string kernelLine(Dice& d) {
    static const std::vector<std::string> lines = {
        "    scratch[lid] = in[gid]\\;", "    barrier(CLK_LOCAL_MEM_FENCE)\\;", "    if (lid == 0) out[get_group_id(0)] = scratch[0]\\;",
        "    int x = undeclared + 1\\;", "    scratch[lid] += scratch[lid + s]", "// a comment", "}", "    for (\\;\\;) {}",
        "    out[1 << 30] = 1\\;", ""};
    return d.pick(lines);
}

// Characters typed into the editor: up to 160 of letters, digits, signs and spaces, now and then one without a space
// (a line that wraps mid-word), never ';' or '\\' (the script's own).
std::string typedText(Dice& d) {
    static const std::string alphabet = "abcdefghijklmnopqrstuvwxyz_ABCXYZ0123456789 ()[]{}+-*/=<>!&|,.:#'\"";
    const int n = 1 + d.below(d.below(4) == 0 ? 160 : 12);
    const bool spaces = d.below(3) != 0;
    std::string s;
    for (int i = 0; i < n; ++i) {
        const char c = alphabet[size_t(d.below(int(alphabet.size())))];
        s += !spaces && c == ' ' ? 'x' : c;
    }
    if (s.front() == ' ') s.front() = 'x';  // the script trims an action's argument: spaces at its ends would go
    if (s.back() == ' ') s.back() = 'x';
    return s;
}

}  // namespace

bool parseMonkeySpec(const std::string& text, MonkeySpec* out, std::string* error) {
    const size_t colon = text.find(':');
    try {
        out->seed = uint64_t(parseInteger("--monkey", text.substr(0, colon), 0, 1ll << 53));
        if (colon != std::string::npos)
            out->actions = int(parseInteger("--monkey", text.substr(colon + 1), 1, 1000000));
    } catch (const Error& e) {
        *error = std::string(e.what()) + " (give SEED or SEED:ACTIONS, e.g. 7:500)";
        return false;
    }
    return true;
}

std::string monkeyScript(const MonkeySpec& spec) {
    Dice d(spec.seed);
    std::string s = "wait-trace";
    auto add = [&s](const std::string& action) { s += ";" + action; };
    struct Choice {
        int weight;
        int kind;
    };
    // Weights: moving around the tree most, then changing the problem, then the bigger tools.
    const std::vector<Choice> choices = {{20, 0}, {12, 1}, {8, 2}, {8, 3}, {4, 4}, {4, 5}, {3, 6}, {4, 7},
                                         {4, 8},  {3, 9},  {2, 10}, {3, 11}, {2, 12}, {6, 13}, {4, 14}};
    int total = 0;
    for (const auto& c : choices) total += c.weight;
    int exports = 0;
    for (int i = 0; i < spec.actions; ++i) {
        int roll = d.below(total), kind = 0;
        for (const auto& c : choices) {
            if (roll < c.weight) {
                kind = c.kind;
                break;
            }
            roll -= c.weight;
        }
        switch (kind) {
            case 0:
                add("key:" + d.pick(std::vector<std::string>{"right", "left", "home", "end", "up", "down", "space",
                                                             "pageup", "pagedown", "tab", "escape", "enter"}));
                if (d.below(8) == 0) add("projector-key:" + d.pick(std::vector<std::string>{"right", "left", "b", "f7"}));
                break;
            case 1: add(randomSet(d)); break;
            case 2:
                add("pointer:" + std::to_string(d.unit()).substr(0, 5) + "," + std::to_string(d.unit()).substr(0, 5));
                add("click");
                break;
            case 3: add("variant:" + variantId(d)); break;
            case 4: add(d.below(3) ? "compare:" + variantId(d) : "compare:off"); break;
            case 5: add("tab:" + d.pick(std::vector<std::string>{"warps", "heatmap", "source", "messages", "words"})); break;
            case 6: add("hover:" + std::to_string(d.below(6)) + "," + std::to_string(d.below(64))); break;
            case 7:
                add("classroom:" + d.pick(std::vector<std::string>{"lecture=on", "lecture=off", "blank=on", "blank=off",
                                                                   "theme=projector", "theme=colorblind", "theme=dark",
                                                                   "font=1.5", "font=1", "preset=sequential/16",
                                                                   "preset=first-add/32", "presenter=on",
                                                                   "presenter=off"}));
                break;
            case 8:
                add("predict:" + d.pick(std::vector<std::string>{"on", "off", "submit", "skip", "reveal", "start-over",
                                                                 "clear"}));
                break;
            case 9:
                add("timings:" + d.pick(std::vector<std::string>{"open", "close", "toggle", "tab=ladder", "tab=bars",
                                                                 "tab=sizes", "tab=roundoff", "n=4096"}));
                break;
            case 10:
                add(d.pick(std::vector<std::string>{"kernel-new", "kernel-edit", "kernel-close"}));
                break;
            case 11:
                add("kernel-edit-line:" + std::to_string(1 + d.below(30)) + ":" + kernelLine(d));
                break;
            case 12:
                if (!spec.outDir.empty() && exports < 20)
                    add("classroom:export=" + d.pick(std::vector<std::string>{"svg", "png"}) + ",current,1," +
                        spec.outDir + "/monkey-" + std::to_string(exports++));
                else
                    add("wheel:" + std::to_string(d.below(5) - 2 == 0 ? 1 : d.below(5) - 2));
                break;
            case 14:  // typing into the editor: a line somewhere, text (long lines wrap), an editing key
                if (d.below(2) == 0) add("kernel-edit");  // the workbench is closed more often than not
                add("kernel-goto:" + std::to_string(1 + d.below(40)));
                add("type:" + typedText(d));
                add("key:" + d.pick(std::vector<std::string>{"backspace", "delete", "enter", "tab", "ctrl+z", "ctrl+y",
                                                             "ctrl+shift+z", "shift+end", "shift+home", "shift+down",
                                                             "shift+up", "ctrl+a", "ctrl+x", "ctrl+c", "ctrl+v",
                                                             "ctrl+backspace", "ctrl+left", "ctrl+right", "pagedown",
                                                             "pageup", "shift+delete"}));
                break;
            default: add("frames:" + std::to_string(1 + d.below(6))); break;
        }
    }
    add("frames:3");
    add("quit");
    return s;
}

}  // namespace rl::gui
