// Strict parsing of reducelab's command-line options.
#include "app/cli/options.h"

#include <algorithm>
#include <cctype>
#include <sstream>

#include "core/variant.h"

namespace rl::cli {
namespace {

std::vector<std::string> split(const std::string& text, char sep) {
    std::vector<std::string> out;
    std::stringstream ss(text);
    std::string item;
    while (std::getline(ss, item, sep))
        if (!item.empty()) out.push_back(item);
    return out;
}

}  // namespace

long long parseInteger(const std::string& option, const std::string& text, long long lo, long long hi) {
    if (text.empty() || !std::all_of(text.begin() + (text[0] == '-' ? 1 : 0), text.end(),
                                     [](unsigned char c) { return std::isdigit(c); }) || text == "-")
        throw UsageError("--" + option + ": '" + text + "' is not a whole number; give one between " +
                         std::to_string(lo) + " and " + std::to_string(hi));
    long long v = 0;
    try {
        v = std::stoll(text);
    } catch (const std::exception&) {
        v = hi + 1;
    }
    if (v < lo || v > hi)
        throw UsageError("--" + option + ": " + text + " is out of range; give a number between " +
                         std::to_string(lo) + " and " + std::to_string(hi));
    return v;
}

size_t parseSize(const std::string& option, const std::string& text) {
    const std::string hint = "; give a positive whole number such as 1048576, 2^20 or 1M";
    std::string t = text;
    unsigned long long value = 0;
    try {
        size_t used = 0;
        if (t.rfind("2^", 0) == 0) {
            const std::string e = t.substr(2);
            if (e.empty() || !std::all_of(e.begin(), e.end(), [](unsigned char c) { return std::isdigit(c); }))
                throw UsageError("");
            const int exp = std::stoi(e);
            if (exp > 40) throw UsageError("");
            value = 1ull << exp;
        } else {
            if (t.empty() || !std::isdigit((unsigned char)t[0])) throw UsageError("");
            value = std::stoull(t, &used);
            std::string suffix = t.substr(used);
            if (suffix == "K" || suffix == "k") value <<= 10;
            else if (suffix == "M" || suffix == "m") value <<= 20;
            else if (suffix == "G" || suffix == "g") value <<= 30;
            else if (!suffix.empty()) throw UsageError("");
        }
    } catch (const std::exception&) {
        throw UsageError("--" + option + ": '" + text + "' is not a size" + hint);
    }
    if (value == 0) throw UsageError("--" + option + ": the size must be at least 1" + hint);
    if (value > (1ull << 40)) throw UsageError("--" + option + ": " + text + " is far past any device's memory");
    return size_t(value);
}

std::vector<size_t> parseSizeList(const std::string& option, const std::string& text) {
    std::vector<size_t> out;
    for (const auto& item : split(text, ',')) out.push_back(parseSize(option, item));
    if (out.empty()) throw UsageError("--" + option + ": give at least one size");
    return out;
}

Options parseOptions(int argc, char** argv, const std::vector<std::string>& allowed) {
    Options o;
    if (argc >= 2) o.command = argv[1];
    for (int i = 2; i < argc; ++i) {
        std::string arg = argv[i];
        if (arg == "-h" || arg == "--help") {
            o.help = true;
            continue;
        }
        if (arg.rfind("--", 0) != 0)
            throw UsageError("unexpected argument '" + arg + "': options start with --; see reducelab " + o.command +
                             " --help");
        std::string name = arg.substr(2), value;
        const auto eq = name.find('=');
        if (eq != std::string::npos) {
            value = name.substr(eq + 1);
            name = name.substr(0, eq);
        }
        const bool isFlag = std::find(allowed.begin(), allowed.end(), name + "!") != allowed.end();
        const bool isValued = std::find(allowed.begin(), allowed.end(), name) != allowed.end();
        if (!isFlag && !isValued)
            throw UsageError("unknown option --" + name + " for 'reducelab " + o.command + "'; see reducelab " +
                             o.command + " --help");
        if (isFlag) {
            if (eq != std::string::npos) throw UsageError("--" + name + " takes no value");
            o.raw[name] = "1";
            continue;
        }
        if (eq == std::string::npos) {
            if (i + 1 >= argc) throw UsageError("--" + name + " needs a value");
            value = argv[++i];
        }
        o.raw[name] = value;
    }
    auto has = [&](const char* k) { return o.raw.count(k) != 0; };
    auto get = [&](const char* k) { return o.raw.at(k); };
    o.json = has("json");
    o.device = has("device") ? get("device") : "";
    RunConfig& c = o.config;
    if (has("variant")) {
        o.variants = split(get("variant"), ',');
        if (o.variants.empty()) throw UsageError("--variant: give a variant id (reducelab variants lists them)");
        for (const auto& id : o.variants)
            if (id != "all" && !findVariant(id))
                throw UsageError("--variant: unknown variant '" + id + "'; `reducelab variants` lists them");
        c.variant = o.variants.front();
    }
    if (has("n")) {
        o.sizes = parseSizeList("n", get("n"));
        c.n = o.sizes.front();
    }
    if (has("op")) {
        auto op = parseOp(get("op"));
        if (!op) throw UsageError("--op: '" + get("op") + "' is not an operation; give sum, min or max");
        c.op = *op;
    }
    if (has("type")) {
        auto t = parseElemType(get("type"));
        if (!t) throw UsageError("--type: '" + get("type") + "' is not a type; give int or float");
        c.type = *t;
    }
    if (has("data")) {
        auto d = parseDataPattern(get("data"));
        if (!d) throw UsageError("--data: '" + get("data") + "' is not a pattern; give random, iota or ones");
        c.data = *d;
    }
    if (has("wg")) c.wg = size_t(parseInteger("wg", get("wg"), 1, 1 << 16));
    if (has("seed")) c.seed = uint64_t(parseInteger("seed", get("seed"), 0, (1ll << 53)));
    if (has("epi")) c.elemsPerItem = int(parseInteger("epi", get("epi"), 1, 4096));
    if (has("simd")) c.simdWidth = int(parseInteger("simd", get("simd"), 1, 1024));
    if (has("banks")) c.banks = int(parseInteger("banks", get("banks"), 1, 1024));
    if (has("bank-width")) c.bankWidthBytes = int(parseInteger("bank-width", get("bank-width"), 1, 64));
    if (has("final")) {
        if (get("final") == "host") c.finalOnHost = true;
        else if (get("final") == "device") c.finalOnHost = false;
        else throw UsageError("--final: give 'device' (launch down to one value) or 'host' (sum the last partials on the host)");
    }
    if (has("repeats")) o.repeats = int(parseInteger("repeats", get("repeats"), 1, 100000));
    if (has("warmup")) o.warmup = int(parseInteger("warmup", get("warmup"), 0, 100000));
    if (has("group")) o.traceGroup = size_t(parseInteger("group", get("group"), 0, 1ll << 32));
    if (has("groups")) o.traceGroups = size_t(parseInteger("groups", get("groups"), 1, 4096));
    return o;
}

}  // namespace rl::cli
