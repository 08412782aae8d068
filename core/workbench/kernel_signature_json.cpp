// A checked kernel signature as JSON: how the check's child processes receive what the first process read of a
// student's kernel, and how it comes back in the report (core/workbench/kernel_signature.h).
#include "core/workbench/kernel_signature.h"

#include "core/pattern.h"

namespace rl::workbench {

nlohmann::json toJson(const SignatureCheck& s) {
    nlohmann::json types = nlohmann::json::array();
    for (ElemType t : s.types) types.push_back(std::string(toString(t)));
    return {{"ok", s.ok},
            {"pattern", patternInfo(s.pattern).name},
            {"kernel", {{"name", s.kernel.name}, {"params", s.kernel.params}, {"annotated", s.kernel.annotated},
                        {"line", s.kernel.line}}},
            {"argument", s.argument},
            {"message", s.message},
            {"types", types},
            {"args", {{"in", s.args.in}, {"out", s.args.out}, {"count", s.args.count}, {"scratch", s.args.scratch},
                      {"count_bytes", s.args.countBytes}, {"trace_at", s.args.traceAt}, {"sums", s.args.sums},
                      {"nbins", s.args.nbins}}},
            {"matched", s.matched},
            {"entry_note", s.entryNote}};
}

SignatureCheck signatureFromJson(const nlohmann::json& j) {
    try {
        SignatureCheck s;
        s.ok = j.at("ok").get<bool>();
        const std::string pattern = j.at("pattern").get<std::string>();
        const PatternInfo* known = findPattern(pattern);
        if (!known)
            throw Error(ErrorKind::BadInput, "the kernel's description names an unknown pattern '" + pattern + "'");
        s.pattern = known->id;
        const auto& k = j.at("kernel");
        s.kernel.name = k.at("name").get<std::string>();
        s.kernel.params = k.at("params").get<std::vector<std::string>>();
        s.kernel.annotated = k.at("annotated").get<bool>();
        s.kernel.line = k.at("line").get<int>();
        s.argument = j.at("argument").get<int>();
        s.message = j.at("message").get<std::string>();
        for (const auto& t : j.at("types")) {
            const auto type = parseElemType(t.get<std::string>());
            if (!type) throw Error(ErrorKind::BadInput, "the kernel's description names an unknown type " + t.dump());
            s.types.push_back(*type);
        }
        const auto& a = j.at("args");
        const int params = int(s.kernel.params.size());
        auto position = [&](const char* name, int lo) {
            const int v = a.at(name).get<int>();
            if (v < lo || v > params + 4)
                throw Error(ErrorKind::BadInput, std::string("the kernel's description has argument ") + name + " at " +
                                                     std::to_string(v) + " of " + std::to_string(params));
            return v;
        };
        s.args.in = position("in", 0);
        s.args.out = position("out", 0);
        s.args.count = position("count", -1);
        s.args.scratch = position("scratch", 0);
        s.args.traceAt = position("trace_at", 0);
        s.args.sums = position("sums", -1);
        s.args.nbins = a.contains("nbins") ? position("nbins", -1) : -1;  // a description written before histograms
        if (s.ok && (s.args.nbins >= 0) != (patternInfo(s.pattern).contract.nbins >= 0))
            throw Error(ErrorKind::BadInput, "the kernel's description gives a bin count's argument to a " + pattern +
                                                 " kernel, or none to a histogram");
        if (s.ok && (s.args.sums >= 0) != (patternInfo(s.pattern).contract.sums >= 0))
            throw Error(ErrorKind::BadInput, "the kernel's description gives a tile totals' argument to a " + pattern +
                                                 " kernel, or none to a scan");
        s.args.countBytes = a.at("count_bytes").get<int>();
        if (s.args.countBytes != 4 && s.args.countBytes != 8)
            throw Error(ErrorKind::BadInput, "the kernel's description has a count of " +
                                                 std::to_string(s.args.countBytes) + " bytes");
        s.matched = j.at("matched").get<std::vector<std::string>>();
        s.entryNote = j.at("entry_note").get<std::string>();
        if (s.ok && (s.kernel.name.empty() || s.types.empty()))
            throw Error(ErrorKind::BadInput, "the kernel's description keeps the contract but names no kernel or type");
        return s;
    } catch (const nlohmann::json::exception& e) {
        throw Error(ErrorKind::BadInput, std::string("the kernel's description is malformed: ") + e.what());
    }
}

}  // namespace rl::workbench
