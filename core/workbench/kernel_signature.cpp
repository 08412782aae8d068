// Finding kernel functions in OpenCL C source and checking the entry point's parameters.
#include "core/workbench/kernel_signature.h"

#include <algorithm>
#include <cctype>
#include <sstream>

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

std::string expectedSignature(std::string_view name) {
    return "__kernel void " + std::string(name) +
           "(__global const T *in, __global T *out, const uint n, __local T *scratch)";
}

SignatureCheck checkSignature(std::string_view source, std::string_view entry) {
    SignatureCheck c;
    const auto kernels = findKernels(source);
    const std::string shown = entry.empty() ? "NAME" : std::string(entry);
    if (kernels.empty()) {
        c.message = "no __kernel function found: a ReduceLab kernel is " + expectedSignature(shown);
        return c;
    }
    const KernelDecl* k = nullptr;
    if (entry.empty()) {
        if (kernels.size() > 1) {
            std::string names;
            for (const auto& d : kernels) names += (names.empty() ? "" : ", ") + d.name;
            c.message = "the file has " + std::to_string(kernels.size()) + " kernels (" + names +
                        "): choose the entry point with --entry NAME";
            return c;
        }
        k = &kernels.front();
    } else {
        for (const auto& d : kernels)
            if (d.name == entry) k = &d;
        if (!k) {
            std::string names;
            for (const auto& d : kernels) names += (names.empty() ? "" : ", ") + d.name;
            c.message = "no kernel named '" + std::string(entry) + "' in the file (it has " + names + ")";
            return c;
        }
    }
    c.kernel = *k;
    const std::string expected = expectedSignature(k->name);
    if (k->params.size() != 4) {
        c.argument = k->params.size() > 4 ? 5 : int(k->params.size()) + 1;  // the first extra or missing one
        c.message = "'" + k->name + "' takes " + std::to_string(k->params.size()) + " arguments; ReduceLab launches " +
                    expected + (k->params.size() > 4 ? " (argument " + std::to_string(c.argument) + ", '" +
                                                           k->params[4] + "', is one too many)"
                                                     : "");
        return c;
    }
    struct Want {
        const char* space;
        bool isConst, pointer;
        const char* what;
    };
    const Want want[4] = {{"global", true, true, "__global const T *in: the input, read only"},
                          {"global", false, true, "__global T *out: one partial per work-group"},
                          {"private", false, false, "const uint n: the number of input elements"},
                          {"local", false, true, "__local T *scratch: one T per work-item"}};
    std::vector<std::string> elementTypes;
    for (int i = 0; i < 4; ++i) {
        const Param p = describe(k->params[size_t(i)]);
        bool ok = p.space == want[i].space && p.pointer == want[i].pointer && (i != 0 || p.isConst) &&
                  (i == 0 || !want[i].isConst) && (i == 2 ? p.type == "uint" : true);
        if (i != 2 && !(p.type == "T" || parseElemType(p.type))) ok = false;
        if (i == 1 && p.isConst) ok = false;
        if (!ok) {
            c.argument = i + 1;
            c.message = "argument " + std::to_string(i + 1) + " of '" + k->name + "' is '" + k->params[size_t(i)] +
                        "'; ReduceLab passes " + want[i].what + ". Expected: " + expected;
            return c;
        }
        if (i != 2) elementTypes.push_back(p.type);
    }
    const bool generic = std::all_of(elementTypes.begin(), elementTypes.end(), [](auto& t) { return t == "T"; });
    const bool same = std::all_of(elementTypes.begin(), elementTypes.end(), [&](auto& t) { return t == elementTypes[0]; });
    if (!generic && !same) {
        c.argument = 1;
        c.message = "'" + k->name + "' mixes element types (" + elementTypes[0] + ", " + elementTypes[1] + ", " +
                    elementTypes[2] + "): write T for all three, and ReduceLab builds it for every type";
        return c;
    }
    if (generic)
        c.types.assign(std::begin(kAllTypes), std::end(kAllTypes));
    else
        c.types = {*parseElemType(elementTypes[0])};
    c.ok = true;
    return c;
}

}  // namespace rl::workbench
