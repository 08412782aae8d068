// Finding kernel functions in OpenCL C source and checking the entry point's parameters.
#include "core/workbench/kernel_signature.h"

#include <algorithm>
#include <cctype>
#include <sstream>

#include "core/pattern.h"

namespace rl::workbench {
namespace {

// The source with comments and string/char literals blanked to spaces (newlines kept, so lines still count).
std::string withoutComments(std::string_view s) {
    std::string out(s);
    for (size_t i = 0; i < out.size(); ++i) {
        if (out[i] == '/' && i + 1 < out.size() && out[i + 1] == '/') {
            while (i < out.size() && out[i] != '\n') out[i++] = ' ';
        } else if (out[i] == '/' && i + 1 < out.size() && out[i + 1] == '*') {
            out[i] = out[i + 1] = ' ';
            i += 2;
            while (i < out.size() && !(out[i] == '*' && i + 1 < out.size() && out[i + 1] == '/')) {
                if (out[i] != '\n') out[i] = ' ';
                ++i;
            }
            if (i < out.size()) out[i] = ' ';
            if (i + 1 < out.size()) out[++i] = ' ';
        } else if (out[i] == '"' || out[i] == '\'') {
            const char quote = out[i];
            out[i++] = ' ';
            while (i < out.size() && out[i] != quote && out[i] != '\n') {
                if (out[i] == '\\' && i + 1 < out.size()) out[i++] = ' ';
                out[i++] = ' ';
            }
            if (i < out.size() && out[i] == quote) out[i] = ' ';
        }
    }
    return out;
}

bool isIdent(char c) { return std::isalnum((unsigned char)c) || c == '_'; }

// Whole-word tokens: identifiers and single punctuation characters.
std::vector<std::string> tokens(std::string_view s) {
    std::vector<std::string> out;
    for (size_t i = 0; i < s.size();) {
        if (std::isspace((unsigned char)s[i])) {
            ++i;
        } else if (isIdent(s[i])) {
            size_t j = i;
            while (j < s.size() && isIdent(s[j])) ++j;
            out.emplace_back(s.substr(i, j - i));
            i = j;
        } else {
            out.emplace_back(1, s[i++]);
        }
    }
    return out;
}

std::string join(const std::vector<std::string>& t) {
    std::string out;  // "__global const T *in": a space before each token but the one after '*'
    for (size_t i = 0; i < t.size(); ++i) out += (i && t[i - 1] != "*" ? " " : "") + t[i];
    return out;
}

// What one parameter declares.
struct Param {
    std::string space = "private";  // global, local, constant, private
    bool isConst = false, pointer = false;
    std::string type, name;
};

Param describe(const std::string& text) {
    Param p;
    std::vector<std::string> words;
    for (const auto& t : tokens(text)) {
        if (t == "__global" || t == "global") p.space = "global";
        else if (t == "__local" || t == "local") p.space = "local";
        else if (t == "__constant" || t == "constant") p.space = "constant";
        else if (t == "const") p.isConst = true;
        else if (t == "*") p.pointer = true;
        else if (t == "restrict" || t == "__restrict" || t == "volatile") continue;
        else words.push_back(t);
    }
    if (!words.empty()) {
        p.name = words.back();
        words.pop_back();
    }
    for (const auto& w : words) p.type += (p.type.empty() ? "" : " ") + w;
    if (p.type == "unsigned int" || p.type == "unsigned") p.type = "uint";
    if (p.type == "unsigned long") p.type = "ulong";
    if (p.space == "constant") p.isConst = true;  // __constant memory is read only
    return p;
}

int lineAt(std::string_view s, size_t offset) { return 1 + int(std::count(s.begin(), s.begin() + offset, '\n')); }

}  // namespace

std::vector<KernelDecl> findKernels(std::string_view source) {
    const std::string s = withoutComments(source);
    std::vector<KernelDecl> out;
    for (size_t at = 0; at < s.size(); ++at) {
        size_t len = 0;
        if (s.compare(at, 8, "__kernel") == 0) len = 8;
        else if (s.compare(at, 6, "kernel") == 0) len = 6;
        if (!len || (at > 0 && isIdent(s[at - 1])) || (at + len < s.size() && isIdent(s[at + len]))) continue;
        const size_t voidAt = s.find("void", at);
        if (voidAt == std::string::npos) break;
        // The name is the identifier right before the parameter list's '('; attribute lists are skipped.
        auto matching = [&](size_t open) {
            int depth = 0;
            size_t close = open;
            for (; close < s.size(); ++close) {
                if (s[close] == '(') ++depth;
                if (s[close] == ')' && --depth == 0) break;
            }
            return close;
        };
        size_t open = s.find('(', voidAt), b = 0, e = 0;
        while (open != std::string::npos) {
            e = open;
            while (e > at && std::isspace((unsigned char)s[e - 1])) --e;
            b = e;
            while (b > at && isIdent(s[b - 1])) --b;
            if (s.compare(b, e - b, "__attribute__") != 0) break;
            open = s.find('(', matching(open) + 1);
        }
        if (open == std::string::npos) break;
        const size_t close = matching(open);
        KernelDecl k;
        k.name = s.substr(b, e - b);
        k.line = lineAt(s, at);
        std::string params = s.substr(open + 1, close - open - 1);
        if (const size_t m = params.find("RL_TRACE_PARAMS"); m != std::string::npos) {
            k.annotated = true;
            params.erase(m, 15);
        }
        std::stringstream list(params);
        std::string one;
        while (std::getline(list, one, ',')) {
            const std::string p = join(tokens(one));
            if (!p.empty() && p != "void") k.params.push_back(p);
        }
        out.push_back(std::move(k));
        at = close;
    }
    return out;
}

std::string expectedSignature(std::string_view name, Pattern pattern) {
    std::string s = patternInfo(pattern).contractSignature;
    const size_t at = s.find("NAME");
    if (at != std::string::npos) s.replace(at, 4, name);
    return s;
}

namespace {

bool isVectorType(const std::string& type) {
    for (const char* base : {"float", "int", "uint", "long", "ulong", "double", "T"})
        for (const char* width : {"2", "3", "4", "8", "16"})
            if (type == std::string(base) + width) return true;
    return false;
}

bool nameSaysOutput(const std::string& name) {
    static const char* const kOut[] = {"out", "output", "result", "results", "res", "r", "partial", "partials",
                                       "sums", "partial_sums", "dst", "g_odata", "odata", "o"};
    for (const char* n : kOut)
        if (name == n) return true;
    return false;
}

// A scan's buffer of tile totals, by its name.
bool nameSaysTotals(const std::string& name) {
    static const char* const kTotals[] = {"sums", "sum", "totals", "total", "tile_sums", "block_sums", "blocksums",
                                          "group_sums", "partials", "partial_sums", "aux", "carry", "tiles"};
    for (const char* n : kTotals)
        if (name == n) return true;
    return false;
}

std::string quoted(const KernelDecl& k, int i) {
    return "argument " + std::to_string(i + 1) + " '" + k.params[size_t(i)] + "'";
}

// A kernel's parameters by address space: global (or constant) pointers, the local pointer, plain values; or the
// first one no launch can pass (badArgument, 1-based, > 0) and why. `vectorAdvice` ends the message for a pointer to
// vectors.
struct SortedParams {
    std::vector<Param> params;
    std::vector<int> globals, locals, scalars;
    int badArgument = 0;
    std::string why;
};

SortedParams sortParams(const KernelDecl& k, const std::string& vectorAdvice) {
    SortedParams out;
    for (size_t i = 0; i < k.params.size(); ++i) {
        const Param p = describe(k.params[i]);
        out.params.push_back(p);
        const int at = int(i);
        if (p.pointer && (p.space == "global" || p.space == "constant")) out.globals.push_back(at);
        else if (p.pointer && p.space == "local") out.locals.push_back(at);
        else if (!p.pointer && p.space == "private") out.scalars.push_back(at);
        else {
            out.badArgument = at + 1;
            out.why = quoted(k, at) + " is a private pointer, which no launch can pass";
            return out;
        }
        if (p.pointer && isVectorType(p.type)) {
            out.badArgument = at + 1;
            out.why = quoted(k, at) + " points to " + p.type + " vectors, so the launch cannot know how many "
                      "elements it covers; take scalar elements (__global const T *in)" + vectorAdvice;
            return out;
        }
    }
    return out;
}

// A bin count, by its name.
bool nameSaysBins(const std::string& name) {
    std::string lower;
    for (char ch : name) lower += char(std::tolower(static_cast<unsigned char>(ch)));
    return lower.find("bin") != std::string::npos || lower == "b" || lower == "nb" || lower == "buckets" ||
           lower == "num_buckets" || lower == "k";
}

// A contract with a bin count (a histogram's: in, bins, n, nbins, local bins): the input is the one const global
// pointer (else the first), the bins the other; of the two counts, the one whose name says bins is the bin count
// (else the second). The input is of the element type, the bins and the local buffer of counters (uint or int).
SignatureCheck matchCountedArguments(const KernelDecl& k, Pattern pattern) {
    SignatureCheck c;
    c.kernel = k;
    c.pattern = pattern;
    const PatternInfo& info = patternInfo(pattern);
    const std::string expected = expectedSignature(k.name, pattern);
    auto refuse = [&](int argument, const std::string& why) {
        c.argument = argument;
        c.message = "'" + k.name + "': " + why + ". " + info.contractWords + " (the launch contract: " + expected + ")";
        c.matched.clear();
        return c;
    };
    const SortedParams sorted = sortParams(k, "");
    if (sorted.badArgument > 0) return refuse(sorted.badArgument, sorted.why);
    const std::vector<Param>& params = sorted.params;
    const std::vector<int>&globals = sorted.globals, &locals = sorted.locals, &scalars = sorted.scalars;  // by space
    if (locals.size() != 1)
        return refuse(locals.empty() ? int(k.params.size()) + 1 : locals[1] + 1,
                      locals.empty() ? "it takes no __local buffer: take __local uint *local_bins, nbins counters (a "
                                       "kernel that counts straight into the global bins may leave it unused)"
                                     : "it takes " + std::to_string(locals.size()) + " __local buffers");
    if (globals.size() != 2) {
        std::string found;
        for (int g : globals) found += (found.empty() ? "" : ", ") + quoted(k, g);
        return refuse(globals.size() < 2 ? int(k.params.size()) + 1 : globals[2] + 1,
                      "it takes " + std::to_string(globals.size()) + " global pointers" +
                          (found.empty() ? "" : " (" + found + ")") + " where ReduceLab passes two, the input and the "
                          "bins");
    }
    if (scalars.size() != 2)
        return refuse(scalars.size() < 2 ? int(k.params.size()) + 1 : scalars[2] + 1,
                      scalars.size() < 2 ? "it takes " + std::to_string(scalars.size()) + " plain values where "
                                           "ReduceLab passes two, the element count n and the bin count nbins (a "
                                           "kernel that ignores either counts past the end of a buffer)"
                                         : "it takes " + std::to_string(scalars.size()) + " plain values where "
                                           "ReduceLab passes two, n and nbins");
    int in = globals[0], bins = globals[1];
    const bool c0 = params[size_t(globals[0])].isConst, c1 = params[size_t(globals[1])].isConst;
    if (c0 && c1) return refuse(globals[1] + 1, "both global pointers are const, so neither can take the bins");
    if (c1) std::swap(in, bins);
    int n = scalars[0], nbins = scalars[1];
    const bool b0 = nameSaysBins(params[size_t(scalars[0])].name), b1 = nameSaysBins(params[size_t(scalars[1])].name);
    if (b0 && !b1) std::swap(n, nbins);
    for (int i : scalars) {
        const Param& p = params[size_t(i)];
        if (p.type == "size_t")
            return refuse(i + 1, quoted(k, i) + " is a size_t, which OpenCL does not allow as a kernel argument: take "
                                 "a uint");
        if (p.type != "uint" && p.type != "int" && p.type != "unsigned int")
            return refuse(i + 1, quoted(k, i) + " is a " + p.type + ", and ReduceLab passes counts as uint: take a "
                                 "uint");
    }
    for (int i : {bins}) {
        const std::string& t = params[size_t(i)].type;
        if (t != "uint" && t != "int" && t != "unsigned int")
            return refuse(i + 1, quoted(k, i) + " points to " + t + ", and the bins are counters: take "
                                 "__global uint *bins");
    }
    {
        const std::string& t = params[size_t(locals[0])].type;
        if (t != "uint" && t != "int" && t != "unsigned int")
            return refuse(locals[0] + 1, quoted(k, locals[0]) + " points to " + t + ", and the local bins are "
                                         "counters: take __local uint *local_bins");
    }
    const std::string& elem = params[size_t(in)].type;
    if (elem == "T") {
        c.types = {ElemType::Int, ElemType::Float};
    } else if (elem == "int" || elem == "float") {
        c.types = {*parseElemType(elem)};
    } else {
        return refuse(in + 1, quoted(k, in) + " points to " + elem + ", not an element type ReduceLab counts (T, int or "
                              "float)");
    }
    c.args = KernelArgs{};
    c.args.in = in;
    c.args.out = bins;
    c.args.count = n;
    c.args.nbins = nbins;
    c.args.scratch = locals[0];
    c.args.traceAt = int(k.params.size());
    c.matched.push_back(quoted(k, in) + " is the input (" + std::string(c0 || c1 ? "the const one" :
                                                                               "none is const: the first") + ")");
    c.matched.push_back(quoted(k, bins) + " is the bins, zeroed before the launch");
    c.matched.push_back(quoted(k, n) + " is the element count n");
    c.matched.push_back(quoted(k, nbins) + " is the bin count nbins" +
                        std::string(b0 || b1 ? " (its name says so)" : " (the second count)"));
    c.matched.push_back(quoted(k, locals[0]) + " is the __local buffer, nbins counters");
    c.ok = true;
    return c;
}

// The roles of one kernel's parameters, or why they cannot be matched.
SignatureCheck matchArguments(const KernelDecl& k, Pattern pattern) {
    if (patternInfo(pattern).contract.nbins >= 0) return matchCountedArguments(k, pattern);
    SignatureCheck c;
    c.kernel = k;
    c.pattern = pattern;
    const PatternInfo& info = patternInfo(pattern);
    const bool scan = info.contract.sums >= 0;  // the contract has a buffer of tile totals
    const std::string expected = expectedSignature(k.name, pattern);
    auto refuse = [&](int argument, const std::string& why) {
        c.argument = argument;
        c.message = "'" + k.name + "': " + why + ". " + info.contractWords + " (the launch contract: " + expected + ")";
        return c;
    };
    const size_t globalsWanted = scan ? 3 : 2;
    const SortedParams sorted = sortParams(k, " and read them four at a time with vload4");
    if (sorted.badArgument > 0) return refuse(sorted.badArgument, sorted.why);
    const std::vector<Param>& params = sorted.params;
    const std::vector<int>&globals = sorted.globals, &locals = sorted.locals, &scalars = sorted.scalars;  // by space
    if (locals.size() != 1)
        return refuse(locals.empty() ? int(k.params.size()) + 1 : locals[1] + 1,
                      locals.empty() ? "it takes no __local buffer"
                                     : "it takes " + std::to_string(locals.size()) + " __local buffers");
    if (globals.size() != globalsWanted) {
        std::string found;
        for (int g : globals) found += (found.empty() ? "" : ", ") + quoted(k, g);
        return refuse(globals.size() < globalsWanted ? int(k.params.size()) + 1 : globals[globalsWanted] + 1,
                      "it takes " + std::to_string(globals.size()) + " global pointers" +
                          (found.empty() ? "" : " (" + found + ")") +
                          (scan ? " where ReduceLab passes three, the input, the output and the tile totals"
                                : " where ReduceLab passes two, the input and the output"));
    }
    if (scan && scalars.empty())
        return refuse(int(k.params.size()) + 1, "it takes no element count: a scan's last tile is partly empty, and "
                                                "without n the kernel would write past the end of `out`");
    if (scalars.size() > 1)
        return refuse(scalars[1] + 1, "it takes " + std::to_string(scalars.size()) + " plain values (" +
                                          k.params[size_t(scalars[0])] + ", " + k.params[size_t(scalars[1])] +
                                          ") where ReduceLab passes at most one, the element count");
    // The input: the const one; else the first written. A reduction's output is the other one; a scan's two others
    // are the output and the tile totals, told apart by a name that says totals, else in the order written.
    int in = globals[0];
    std::vector<int> others;
    std::string how;
    int consts = 0;
    for (int g : globals) consts += params[size_t(g)].isConst ? 1 : 0;
    if (consts == int(globals.size()))
        return refuse(globals.back() + 1, globals.size() == 2 ? "both global pointers are const, so neither can take "
                                                                "the output"
                                                              : "every global pointer is const, so none can take "
                                                                "the output");
    if (consts > 1)
        return refuse(globals.back() + 1, std::to_string(consts) + " global pointers are const where only the input "
                                          "may be: ReduceLab writes to the others");
    if (consts == 1) {
        for (int g : globals)
            if (params[size_t(g)].isConst) in = g;
        how = "the const one";
    } else if (!scan && nameSaysOutput(params[size_t(globals[0])].name) !=
                            nameSaysOutput(params[size_t(globals[1])].name)) {
        if (nameSaysOutput(params[size_t(globals[0])].name)) in = globals[1];
        how = "its name says which is the output";
    } else {
        how = "none is const: the first is taken as the input";
    }
    for (int g : globals)
        if (g != in) others.push_back(g);
    int out = others[0], sums = -1;
    if (scan) {
        sums = others[1];
        const bool firstTotals = nameSaysTotals(params[size_t(others[0])].name);
        if (firstTotals && !nameSaysTotals(params[size_t(others[1])].name)) std::swap(out, sums);
    }
    c.args.in = in;
    c.args.out = out;
    c.args.sums = sums;
    c.args.scratch = locals[0];
    c.args.count = scalars.empty() ? -1 : scalars[0];
    c.args.traceAt = int(k.params.size());
    c.matched.push_back(quoted(k, in) + " is the input (" + how + ")");
    if (scan) {
        c.matched.push_back(quoted(k, out) + " is the output, the scan of each tile");
        c.matched.push_back(quoted(k, sums) + " is the tile totals, one per work-group");
        c.matched.push_back(quoted(k, locals[0]) + " is the __local buffer, two elements per work-item");
    } else {
        c.matched.push_back(quoted(k, out) + " is the output, one partial per work-group");
        c.matched.push_back(quoted(k, locals[0]) + " is the __local buffer, one element per work-item");
    }
    if (!scalars.empty()) {
        const Param& n = params[size_t(scalars[0])];
        if (n.type == "size_t")
            return refuse(scalars[0] + 1, quoted(k, scalars[0]) + " is a size_t, which OpenCL does not allow as a "
                                          "kernel argument: take a uint (or a ulong)");
        const bool narrow = n.type == "uint" || n.type == "int";
        const bool wide = n.type == "ulong" || n.type == "long" || n.type == "unsigned long";
        if (!narrow && !wide)
            return refuse(scalars[0] + 1, quoted(k, scalars[0]) + " is a " + n.type +
                                              ", and the element count is a whole number: take a uint");
        c.args.countBytes = wide ? 8 : 4;
        c.matched.push_back(quoted(k, scalars[0]) + " is the element count n");
    } else {
        c.matched.push_back("no element count: ReduceLab launches whole work-groups over the input padded with "
                            "the operation's identity, so this kernel would read past the end of a real array of n "
                            "elements (take a `const uint n` and guard the load with `i < n`)");
    }
    // Element types: T throughout (built for every type), or one concrete type.
    std::vector<std::string> elementTypes;
    std::vector<int> buffers = {in, out, locals[0]};
    if (scan) buffers.insert(buffers.begin() + 2, sums);
    for (int i : buffers) {
        const Param& p = params[size_t(i)];
        if (!(p.type == "T" || parseElemType(p.type)))
            return refuse(i + 1, quoted(k, i) + " points to " + p.type + ", not an element type ReduceLab " +
                                     (scan ? "scans" : "reduces") + " (T, int, float, long or double)");
        elementTypes.push_back(p.type);
    }
    const bool generic = std::all_of(elementTypes.begin(), elementTypes.end(), [](auto& t) { return t == "T"; });
    const bool same = std::all_of(elementTypes.begin(), elementTypes.end(), [&](auto& t) { return t == elementTypes[0]; });
    if (!generic && !same) {
        c.argument = in + 1;
        std::string listed;
        for (const auto& t : elementTypes) listed += (listed.empty() ? "" : ", ") + t;
        c.message = "'" + k.name + "' mixes element types (" + listed + "): write T for all " +
                    std::to_string(elementTypes.size()) + ", and ReduceLab builds it for every type";
        c.matched.clear();
        return c;
    }
    if (generic)
        c.types.assign(std::begin(kAllTypes), std::end(kAllTypes));
    else
        c.types = {*parseElemType(elementTypes[0])};
    c.ok = true;
    return c;
}

}  // namespace

SignatureCheck checkSignature(std::string_view source, std::string_view entry, Pattern pattern) {
    SignatureCheck c;
    c.pattern = pattern;
    const std::string launch = "a " + patternInfo(pattern).kernelNoun + " launch";
    const auto kernels = findKernels(source);
    const std::string shown = entry.empty() ? "NAME" : std::string(entry);
    if (kernels.empty()) {
        c.message = "no __kernel function found: a ReduceLab " + patternInfo(pattern).kernelNoun +
                    " kernel is " + expectedSignature(shown, pattern);
        return c;
    }
    std::string names;
    for (const auto& d : kernels) names += (names.empty() ? "" : ", ") + d.name;
    if (!entry.empty()) {
        for (const auto& d : kernels)
            if (d.name == entry) return matchArguments(d, pattern);
        c.message = "no kernel named '" + std::string(entry) + "' in the file (it has " + names + ")";
        return c;
    }
    if (kernels.size() == 1) return matchArguments(kernels.front(), pattern);
    // Several kernels: the entry point is the one whose arguments a reduction launch can match, if only one can.
    std::vector<SignatureCheck> fits;
    for (const auto& d : kernels)
        if (SignatureCheck m = matchArguments(d, pattern); m.ok) fits.push_back(std::move(m));
    if (fits.size() == 1) {
        fits[0].entryNote = "the file has " + std::to_string(kernels.size()) + " kernels (" + names + "); '" +
                            fits[0].kernel.name + "' is the only one " + launch + " fits, so it is the entry point "
                            "(--entry NAME chooses another)";
        return fits[0];
    }
    c.message = "the file has " + std::to_string(kernels.size()) + " kernels (" + names + ") and " +
                (fits.empty() ? std::string("none") : std::to_string(fits.size())) +
                " of them fit " + launch + ": choose the entry point with --entry NAME";
    return c;
}

}  // namespace rl::workbench
