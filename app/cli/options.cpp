// Strict parsing of reducelab's command-line options.
#include "app/cli/options.h"

#include <algorithm>
#include <cctype>
#include <sstream>

#include "core/run_settings.h"
#include "core/workbench/student_kernel.h"
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
        o.sizes = parseSizeList("--n", get("n"));
        c.n = o.sizes.front();
    }
    for (const char* name : {"op", "type", "data", "wg", "seed", "epi", "simd", "banks", "bank-width", "final"})
        if (has(name)) setRunSetting(c, name, get(name), std::string("--") + name);
    if (c.data == DataPattern::Floats && isIntegral(c.type)) {
        if (has("type")) throw UsageError("--data floats: quarters such as -2.75 need --type float or double");
        c.type = ElemType::Float;
    }
    if (c.data == DataPattern::File && has("n") && (o.sizes.size() != 1 || o.sizes.front() != c.n))
        throw UsageError("--n: " + get("data").substr(5) + " holds " + std::to_string(c.n) +
                         " values, which sets N; leave --n out");
    if (c.data == DataPattern::File) o.sizes = {c.n};
    if (has("repeats")) o.repeats = int(parseInteger("--repeats", get("repeats"), 1, 100000));
    if (has("warmup")) o.warmup = int(parseInteger("--warmup", get("warmup"), 0, 100000));
    if (has("group")) o.traceGroup = size_t(parseInteger("--group", get("group"), 0, 1ll << 32));
    if (has("groups")) o.traceGroups = size_t(parseInteger("--groups", get("groups"), 1, 4096));
    return o;
}

VariantInfo chosenVariant(const Options& o) {
    const bool own = o.raw.count("kernel") != 0;
    if (!own && o.raw.count("entry")) throw UsageError("--entry names the kernel of --kernel FILE: give the file too");
    if (own && o.raw.count("variant")) throw UsageError("give --variant ID or --kernel FILE, not both");
    if (!own) return *findVariant(o.config.variant);
    const std::string& path = o.raw.at("kernel");
    return workbench::studentVariant(workbench::readKernelFile(path), path,
                                     o.raw.count("entry") ? o.raw.at("entry") : "", o.config.type);
}

}  // namespace rl::cli
