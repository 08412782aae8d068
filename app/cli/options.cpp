// reducelab's command-line options: parsed by parser.h (CLI11), their values read with core/files/run_settings.h.
#include "app/cli/options.h"

#include <algorithm>
#include <cctype>
#include <sstream>

#include "core/files/run_settings.h"
#include "core/workbench/kernel_signature.h"
#include "core/workbench/student_kernel.h"
#include "core/pattern.h"
#include "core/catalogue/variant.h"

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

Options parseOptions(const CommandSpec& spec, int argc, char** argv) {
    Options o;
    if (argc >= 2) o.command = argv[1];
    ParsedArgs parsed = parseArgs(spec, std::vector<std::string>(argv + std::min(argc, 2), argv + argc));
    o.help = parsed.help;
    o.helpText = std::move(parsed.helpText);
    o.raw = std::move(parsed.raw);
    if (o.help) return o;
    auto has = [&](const char* k) { return o.raw.count(k) != 0; };
    auto get = [&](const char* k) { return o.raw.at(k); };
    o.json = has("json");
    o.device = has("device") ? get("device") : "";
    o.config = defaultRunConfig();  // what a setting left out means, in every front end
    RunConfig& c = o.config;
    if (has("variant")) {
        o.variants = split(get("variant"), ',');
        if (o.variants.empty()) throw UsageError("--variant: give a variant id (reducelab variants lists them)");
        for (const auto& id : o.variants)
            if (id != "all" && !findVariant(id))
                throw UsageError("--variant: unknown variant '" + id + "'; `reducelab variants` lists them");
        c.variant = o.variants.front();
    }
    if (has("pattern")) {
        const PatternInfo* p = findPattern(get("pattern"));
        if (!p) throw UsageError("--pattern: '" + get("pattern") + "' is not a pattern; give " + patternNames());
        o.pattern = p->id;
        for (const std::string& id : o.variants)  // bench takes a list: every one of the pattern
            if (const VariantInfo* v = findVariant(id); v && v->pattern != p->id)
                throw UsageError("--variant " + id + " is a " + patternInfo(v->pattern).name + " kernel, not a " +
                                 p->name + " one; `reducelab variants --pattern " + p->name + "` lists those");
        if (!has("variant")) c.variant = p->defaultVariant;
    } else if (const VariantInfo* v = has("variant") ? findVariant(c.variant) : nullptr) {
        o.pattern = v->pattern;
        for (const std::string& id : o.variants)
            if (const VariantInfo* w = findVariant(id); w && w->pattern != v->pattern)
                throw UsageError("--variant: " + c.variant + " is a " + patternInfo(v->pattern).name + " kernel and " +
                                 id + " a " + patternInfo(w->pattern).name + " one; time one pattern at a time");
    }
    if (has("exclusive")) {
        if (!patternInfo(o.pattern).exclusiveForm)
            throw UsageError("--exclusive is for scans: add --pattern scan (or a scan's --variant)");
        c.exclusive = true;
    }
    if (has("n")) {
        o.sizes = parseSizeList("--n", get("n"));
        c.n = o.sizes.front();
    }
    for (const RunSettingSpec& s : runSettings()) {  // pattern, variant, n and exclusive: above
        const std::string name(s.name);
        if (name != "pattern" && name != "variant" && name != "n" && name != "exclusive" && has(name.c_str()))
            setRunSetting(c, name, get(name.c_str()), "--" + name);
    }
    if (!has("wg") && !has("kernel") && o.variants.size() <= 1)  // the table's, raised to what the variant needs
        if (const VariantInfo* v = findVariant(c.variant)) c.wg = leastWorkGroup(*v, c.wg);
    if (has("kernel")) {
        // The student's kernel is read here, once: the command and the check's steps take what was found.
        // A kernel written for one element type (`__global float *a`) builds for that type alone: it is the default.
        // A file that cannot be read is refused later, by the command, with its own message.
        try {
            o.kernelText = workbench::readKernelFile(get("kernel"));
            o.kernel = workbench::checkSignature(o.kernelText, has("entry") ? get("entry") : "", o.pattern);
            if (!has("type") && o.kernel->ok && o.kernel->types.size() == 1) c.type = o.kernel->types.front();
        } catch (const Error&) {
            o.kernel.reset();
        }
    }
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
    if (has("trace-group")) o.traceGroup = size_t(parseInteger("--trace-group", get("trace-group"), 0, 1ll << 32));
    if (has("trace-groups")) o.traceGroups = size_t(parseInteger("--trace-groups", get("trace-groups"), 1, 4096));
    return o;
}

VariantInfo chosenVariant(const Options& o) {
    const bool own = o.raw.count("kernel") != 0;
    if (!own && o.raw.count("entry")) throw UsageError("--entry names the kernel of --kernel FILE: give the file too");
    if (own && o.raw.count("variant")) throw UsageError("give --variant ID or --kernel FILE, not both");
    if (!own) return *findVariant(o.config.variant);
    const std::string& path = o.raw.at("kernel");
    if (o.kernel) return workbench::studentVariant(*o.kernel, o.kernelText, path, o.config.type);
    return workbench::studentVariant(workbench::readKernelFile(path), path,  // unreadable: its message
                                     o.raw.count("entry") ? o.raw.at("entry") : "", o.config.type, o.pattern);
}

}  // namespace rl::cli
