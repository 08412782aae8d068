// The command line's parser on CLI11: options registered from one table of descriptions, --help generated from them,
// CLI11's errors turned into the one-line messages the command line has always given.
#include "app/cli/parser.h"

#include <CLI/CLI.hpp>

#include "app/cli/options.h"
#include "core/files/run_settings.h"
#include "core/pattern.h"

namespace rl::cli {
namespace {

// "reduce (a reduction), scan (...) or histogram (...)": every registered pattern, for --pattern's help.
std::string patternList() {
    std::string out;
    const auto& all = allPatterns();
    for (size_t i = 0; i < all.size(); ++i)
        out += (i == 0 ? "" : i + 1 == all.size() ? " or " : ", ") + all[i].name + " (" + all[i].title + ")";
    return out;
}

// The command line's options other than the run settings, in the order --help lists them (after the settings).
const OptionDoc kOthers[] = {
    {"kernel", "FILE", "your own kernel (docs/kernels.md)"},
    {"entry", "NAME", "the kernel of --kernel FILE to use when the file has several"},
    {"session", "FILE", "a saved session (*.reducelab.json) instead of a trace"},
    {"repeats", "R", "timed runs (median, min, max)"},
    {"warmup", "W", "untimed runs first"},
    {"trace-group", "G", "trace: the first work-group recorded of a large input"},
    {"trace-groups", "C", "trace: the work-groups recorded from G"},
    {"model", "VARIANT", "compare your trace with this built-in kernel's CPU model"},
    {"timeout", "SECONDS", "longest a child process may run"},
    {"kernel-only", "", "your kernel's row alone"},
    {"no-sim", "", "skip the Oclgrind run"},
    {"require-all", "", "a check that cannot run here (no simulator) fails"},
    {"stage", "K|all", "a step of the timeline (0 = the load), or every step"},
    {"format", "png|svg|gif|md|mp4|webm", "the file's format (md: the stages in words; mp4, webm: the animation)"},
    {"scale", "S", "render at this scale, 1 to 4"},
    {"out", "PATH", "the file to write"},
    {"theme", "NAME", "dark, projector or colorblind"},
    {"width", "PIXELS", "picture width"},
    {"delay", "MS", "time per stage (GIF, video)"},
    {"fps", "F", "video frames a second"},
    {"transparent", "", "no background"},
    {"load-at-bottom", "", "the load row at the bottom"},
    {"no-values", "", "cells without their values"},
    {"no-caption", "", "no caption"},
    {"exercises", "DIR", "a course of one's own (default: the built-in one)"},
    {"starter", "", "the kernel to start from"},
    {"hint", "K", "the K-th hint (in order; the count is kept)"},
    {"solution", "", "the reference solution (after an attempt)"},
    {"lecturer", "", "hints and solution at once, nothing kept"},
    {"format-only", "", "check the files only, no grading"},
    {"record", "", "count the attempt in your progress"},
    {"reveal", "", "show what hidden checks saw"},
    {"gradescope", "FILE", "write Gradescope's results.json"},
    {"classroom", "FILE", "write GitHub Classroom's grader JSON"},
    {"csv", "FILE", "one row per submission"},
    {"package", "FILE.deb", "ReduceLab's .deb, installed by the autograder's setup.sh"},
    {"source", "URL[#REF]", "a git repository the autograder's setup.sh clones and builds"},
    {"device", "D", "device index or name substring (or REDUCELAB_DEVICE)"},
    {"json", "", "JSON on stdout"},
};


// Every option: the run settings first, from core/files/run_settings.h (bench's --variant and --n take lists), then the
// others.
const std::vector<OptionDoc>& docs() {
    static const std::vector<OptionDoc> all = [] {
        std::vector<OptionDoc> v;
        for (const RunSettingSpec& s : runSettings()) {
            std::string help = settingHelp(s, true);
            if (s.name == "pattern") help += "; " + patternList();
            if (s.name == "variant") help += "; bench: all or ID,ID,..";
            if (s.name == "n") help += "; bench: N,N,.. (default 2^22)";
            if (s.name == "wg") help += "; bench: " + std::to_string(kTimedWorkGroup);
            v.push_back({std::string(s.name), std::string(s.value), help});
        }
        for (const OptionDoc& o : kOthers) v.push_back(o);
        return v;
    }();
    return all;
}

bool isFlag(const std::string& name) { return !name.empty() && name.back() == '!'; }
std::string bare(const std::string& name) { return isFlag(name) ? name.substr(0, name.size() - 1) : name; }

// CLI11's words for a missing value and a value given to a flag, as this command line says them.
std::string message(const CLI::ParseError& e, const CommandSpec& spec) {
    const std::string what = e.what();
    const std::string see = "; see reducelab " + spec.path + " --help";
    if (e.get_name() == "ArgumentMismatch") {
        const auto colon = what.find(':');
        if (what.find(" missing") != std::string::npos && colon != std::string::npos)
            return what.substr(0, colon) + " needs a value";
        const auto override = what.find(" was given a disallowed flag override");
        if (override != std::string::npos) return "--" + what.substr(0, override) + " takes no value";
    }
    return what + see;
}

}  // namespace

const OptionDoc& optionDoc(const std::string& name) {
    for (const auto& d : docs())
        if (name == d.name) return d;
    static const OptionDoc none{"", "VALUE", ""};
    return none;
}

ParsedArgs parseArgs(const CommandSpec& spec, const std::vector<std::string>& args) {
    ParsedArgs parsed;
    CLI::App app(spec.summary, "reducelab " + spec.path);
    app.allow_extras();  // unknown options and bare words are refused below, in this command line's words
    app.footer(spec.details);
    app.get_formatter()->column_width(26);
    // Options in the table's order (the help reads by topic), then any the table does not know.
    std::vector<std::string> ordered;
    for (const auto& d : docs())
        for (const auto& o : spec.options)
            if (bare(o) == d.name) ordered.push_back(o);
    for (const auto& o : spec.options)
        if (optionDoc(bare(o)).name.empty()) ordered.push_back(o);
    for (const std::string& o : ordered) {
        const std::string name = bare(o);
        const OptionDoc& doc = optionDoc(name);
        if (isFlag(o)) {
            app.add_flag_callback("--" + name, [&parsed, name] { parsed.raw[name] = "1"; }, doc.help)
                ->disable_flag_override();
        } else {
            app.add_option_function<std::string>(
                   "--" + name, [&parsed, name](const std::string& v) { parsed.raw[name] = v; }, doc.help)
                ->type_name(doc.value.empty() ? "VALUE" : doc.value)
                ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
        }
    }
    std::vector<std::string> reversed(args.rbegin(), args.rend());  // CLI11 takes the arguments last first
    try {
        app.parse(reversed);
    } catch (const CLI::CallForHelp&) {
        parsed.help = true;
        parsed.helpText = app.help();
        return parsed;
    } catch (const CLI::ParseError& e) {
        throw UsageError(message(e, spec));
    }
    for (const std::string& extra : app.remaining()) {
        if (extra.rfind("--", 0) == 0) {
            const std::string name = extra.substr(2, extra.find('=') == std::string::npos ? std::string::npos
                                                                                          : extra.find('=') - 2);
            throw UsageError("unknown option --" + name + " for 'reducelab " + spec.path + "'; see reducelab " +
                             spec.path + " --help");
        }
        if (extra.empty() || extra[0] == '-' || parsed.positionals.size() >= spec.positionals)
            throw UsageError("unexpected argument '" + extra + "': options start with --; see reducelab " + spec.path +
                             " --help");
        parsed.positionals.push_back(extra);
    }
    return parsed;
}

}  // namespace rl::cli
