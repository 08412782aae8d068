// Session files: writing, and a loader that checks everything before it returns anything.
#include "core/session/session.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <limits>
#include <sys/stat.h>
#include <unistd.h>

#include "core/model/analysis.h"
#include "core/pattern.h"
#include "core/files/json_io.h"
#include "core/catalogue/variant.h"
#include "core/workbench/student_kernel.h"

namespace rl {
namespace {

using Json = nlohmann::json;

[[noreturn]] void bad(const std::string& what) { throw Error(ErrorKind::BadInput, "this is not a usable session: " + what); }

// Error text that may quote the file's bytes: keep it printable ASCII.
std::string printable(const std::string& s) {
    std::string out;
    for (unsigned char c : s) out += (c >= 32 && c < 127) ? char(c) : '?';
    return out;
}

// Nesting depth of arrays and objects, counted outside strings, so deep text is refused before parsing it.
int nestingDepth(std::string_view text) {
    int depth = 0, worst = 0;
    bool inString = false, escaped = false;
    for (char c : text) {
        if (inString) {
            if (escaped) escaped = false;
            else if (c == '\\') escaped = true;
            else if (c == '"') inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            worst = std::max(worst, ++depth);
            if (worst > kMaxSessionDepth) return worst;
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return worst;
}

// Runs one of json_io's readers, naming the section of the file in its error.
template <typename F>
void inSection(const char* name, F read) {
    try {
        read();
    } catch (const Error& e) {
        bad(std::string("in '") + name + "': " + e.what());
    }
}

std::string where(size_t pass, size_t group, size_t stage) {
    return "pass " + std::to_string(pass) + ", group " + std::to_string(group) + ", stage " + std::to_string(stage);
}

// A value the element type can hold: an int32 for int, a whole number within long's range for long (LONG_MAX, the
// identity of min, reads as 2^63), a float (or inf/nan) for float, any double for double.
bool holdsType(double v, ElemType type) {
    if (type == ElemType::Long) return v == std::floor(v) && std::fabs(v) <= 9223372036854775808.0;
    if (type == ElemType::Double) return true;
    if (type == ElemType::Int)
        return v == std::floor(v) && v >= double(std::numeric_limits<int32_t>::min()) &&
               v <= double(std::numeric_limits<int32_t>::max());
    return std::isnan(v) || std::isinf(v) || double(float(v)) == v;
}

bool sameAnalysis(const StageAnalysis& a, const StageAnalysis& b) {
    return a.activeItems == b.activeItems && a.activeWarps == b.activeWarps && a.idleWarps == b.idleWarps &&
           a.divergentWarps == b.divergentWarps && a.bankConflictDegree == b.bankConflictDegree;
}

void checkText(const std::string& s, const char* what, size_t limit) {
    if (s.size() > limit) bad(std::string(what) + " is longer than " + std::to_string(limit) + " characters");
}

void checkDevice(const DeviceInfo& d) {
    for (const std::string* s : {&d.platform, &d.platformVersion, &d.name, &d.vendor, &d.version, &d.driver, &d.type,
                                 &d.simdWidthSource})
        checkText(*s, "a device field", 1024);
}

void checkTrace(const RunConfig& c, const TraceRun& t) {
    if (t.variant != c.variant) bad("the trace is of variant '" + t.variant + "' but the parameters name '" + c.variant + "'");
    if (t.n != c.n || t.wg != c.wg || t.op != c.op || t.type != c.type)
        bad("the trace's N, work-group size, operation or type differ from the parameters");
    if (t.banks != c.banks || t.bankWidthBytes != c.bankWidthBytes || (c.simdWidth > 0 && t.simdWidth != c.simdWidth))
        bad("the trace's SIMD width or bank model differ from the parameters");
    checkText(t.device, "the trace's device name", 1024);
    checkText(t.verdict, "the verdict", 16384);
    if (!holdsType(t.result, t.type)) bad("the result is not a value of type " + std::string(toString(t.type)));
    if (t.passes.empty()) bad("the trace has no pass");
    const HardwareModel hw = hardwareOf(t);
    for (size_t p = 0; p < t.passes.size(); ++p) {
        const PassTrace& pass = t.passes[p];
        if (pass.pass != int(p)) bad("pass " + std::to_string(p) + " is numbered " + std::to_string(pass.pass));
        if (pass.traced.empty()) bad("pass " + std::to_string(p) + " has no recorded work-group");
        for (size_t g = 0; g < pass.traced.size(); ++g) {
            const GroupTrace& group = pass.traced[g];
            if (size_t(group.group) >= pass.groups || (g > 0 && group.group <= pass.traced[g - 1].group))
                bad("pass " + std::to_string(p) + " lists work-group " + std::to_string(group.group) +
                    " out of order or beyond its " + std::to_string(pass.groups) + " work-groups");
            for (size_t s = 0; s < group.stages.size(); ++s) {
                const Stage& stage = group.stages[s];
                if (stage.values.size() != group.stages[0].values.size())
                    bad(where(p, g, s) + " holds " + std::to_string(stage.values.size()) + " cells, stage 0 " +
                        std::to_string(group.stages[0].values.size()) + ": a work-group's memory has one size");
                if (stage.label.empty() || stage.label.size() > 64)
                    bad(where(p, g, s) + " has an empty label or one longer than 64 characters");
                for (double v : stage.values)
                    if (!holdsType(v, t.type))
                        bad(where(p, g, s) + " holds a value that is not of type " + std::string(toString(t.type)));
                if (!sameAnalysis(stage.analysis, analyzeStage(stage, hw)))
                    bad(where(p, g, s) + ": the stored counts (active, divergent, conflicts) do not match its operations");
            }
        }
    }
}

void checkTimings(const RunConfig& c, const RunResult& r) {
    if (r.variant != c.variant) bad("the timings are of variant '" + r.variant + "', not '" + c.variant + "'");
    const RunConfig& rc = r.config;
    if (rc.n != c.n || rc.op != c.op || rc.type != c.type || rc.wg != c.wg || rc.data != c.data || rc.seed != c.seed ||
        rc.finalOnHost != c.finalOnHost)
        bad("the timings were measured with other parameters than the trace");
    checkText(r.device, "the timings' device name", 1024);
    checkText(r.verdict, "the timings' verdict", 16384);
    if (!holdsType(r.result, c.type)) bad("the timed result is not a value of type " + std::string(toString(c.type)));
    if (r.minMs > r.medianMs || r.medianMs > r.maxMs) bad("the timings' minimum, median and maximum are out of order");
}

}  // namespace

VariantInfo sessionVariant(const Session& s) {
    if (s.kernel) {
        const VariantInfo v = workbench::studentVariant(s.kernel->text, s.kernel->file, s.kernel->entry, s.config.type,
                                                            s.kernel->pattern);
        if (v.id != s.config.variant)
            bad("it keeps the kernel of '" + printable(s.kernel->file.substr(0, 80)) + "' but the parameters name '" +
                printable(s.config.variant.substr(0, 80)) + "'");
        return v;
    }
    const VariantInfo* v = findVariant(s.config.variant);
    if (!v)
        bad("it uses variant '" + printable(s.config.variant.substr(0, 80)) +
            "', which this build of ReduceLab does not know (`reducelab variants` lists them)");
    return *v;
}

void checkSession(const Session& s) {
    if (s.kernel) {
        checkText(s.kernel->file, "the kernel's file name", 1024);
        checkText(s.kernel->entry, "the kernel's name", 1024);
        if (s.kernel->text.size() > workbench::kMaxKernelFileBytes) bad("the kernel's source is longer than 1 MiB");
        try {
            sessionVariant(s);
        } catch (const Error& e) {
            bad(std::string("its kernel does not keep the contract: ") + e.what());
        }
    } else if (!findVariant(s.config.variant))
        bad("it uses variant '" + printable(s.config.variant.substr(0, 80)) +
            "', which this build of ReduceLab does not know (`reducelab variants` lists them)");
    checkDevice(s.device);
    checkText(s.savedBy, "'saved_by'", 200);
    checkTrace(s.config, s.trace);
    if (s.timings) checkTimings(s.config, *s.timings);
}

std::string serializeSession(const Session& s) {
    checkSession(s);
    const VariantInfo variant = sessionVariant(s);
    const VariantInfo* v = &variant;
    Json j = {{"format", kSessionFormat},
              {"version", kSessionVersion},
              {"saved_by", s.savedBy},
              {"device", json::device(s.device)},
              {"variant", json::variant(*v)},
              {"config", json::config(s.config)},
              {"trace", json::trace(s.trace)},
              {"timings", s.timings ? json::runResult(*s.timings) : Json(nullptr)}};
    if (s.kernel)
        j["kernel"] = {{"file", s.kernel->file}, {"entry", s.kernel->entry}, {"text", s.kernel->text},
                       {"pattern", patternInfo(s.kernel->pattern).name}};
    std::string text = j.dump() + "\n";
    if (text.size() > kMaxSessionBytes)
        throw Error(ErrorKind::BadInput, "the session would be " + std::to_string(text.size() >> 20) +
                                             " MiB, more than the " + std::to_string(kMaxSessionBytes >> 20) +
                                             " MiB a session may hold: trace a smaller N or fewer work-groups");
    return text;
}

Session parseSession(std::string_view text) {
    if (text.empty()) bad("the file is empty");
    if (text.size() > kMaxSessionBytes)
        bad("the file is larger than " + std::to_string(kMaxSessionBytes >> 20) + " MiB");
    if (nestingDepth(text) > kMaxSessionDepth)
        bad("arrays and objects are nested deeper than " + std::to_string(kMaxSessionDepth) + " levels");
    Json j;
    try {
        j = Json::parse(text.begin(), text.end());
    } catch (const Json::parse_error& e) {
        bad("the file is not valid JSON (at byte " + std::to_string(e.byte) + "; it may be truncated): " +
            printable(e.what()));
    } catch (const Json::exception& e) {  // e.g. a number too large for a double
        bad("the file is not valid JSON: " + printable(e.what()));
    }
    try {
        if (!j.is_object()) bad("the file does not hold a JSON object");
        auto format = j.find("format");
        if (format == j.end() || !format->is_string() || format->get<std::string>() != kSessionFormat)
            bad(std::string("its 'format' is not \"") + kSessionFormat + "\"");
        auto version = j.find("version");
        if (version == j.end() || !version->is_number_integer() || version->get<int64_t>() < 1)
            bad("its 'version' is missing or not a positive whole number");
        if (version->get<int64_t>() > kSessionVersion)
            bad("it was saved in format version " + std::to_string(version->get<int64_t>()) +
                " by a newer ReduceLab; this build reads version " + std::to_string(kSessionVersion));
        Session s;
        auto savedBy = j.find("saved_by");
        if (savedBy == j.end() || !savedBy->is_string()) bad("'saved_by' is missing or not a string");
        s.savedBy = savedBy->get<std::string>();
        for (const char* key : {"device", "variant", "config", "trace", "timings"})
            if (!j.contains(key)) bad(std::string("missing field '") + key + "'");
        inSection("device", [&] { s.device = json::readDevice(j["device"]); });
        const Json& variant = j["variant"];
        if (!variant.is_object() || !variant.contains("id") || !variant["id"].is_string())
            bad("'variant' does not hold the variant's id");
        inSection("config", [&] { s.config = json::readConfig(j["config"]); });
        if (variant["id"].get<std::string>() != s.config.variant)
            bad("'variant' and the parameters name different variants");
        inSection("trace", [&] { s.trace = json::readTrace(j["trace"]); });
        if (j.contains("kernel") && !j["kernel"].is_null()) {
            const Json& k = j["kernel"];
            if (!k.is_object() || !k.contains("file") || !k["file"].is_string() || !k.contains("text") ||
                !k["text"].is_string() || (k.contains("entry") && !k["entry"].is_string()))
                bad("'kernel' does not hold the kernel's file name and text");
            s.kernel = SessionKernel{k["file"].get<std::string>(), k.value("entry", ""), k["text"].get<std::string>()};
            if (k.contains("pattern")) {
                const PatternInfo* p = k["pattern"].is_string() ? findPattern(k["pattern"].get<std::string>()) : nullptr;
                if (!p) bad("'kernel' names a pattern this build does not know (give " + patternNames() + ")");
                s.kernel->pattern = p->id;
            }
        }
        if (!j["timings"].is_null()) inSection("timings", [&] { s.timings = json::readRunResult(j["timings"]); });
        if (s.timings) {
            // The timed run's parameters are the session's; the JSON form of a run repeats only some of them.
            const RunConfig timed = s.timings->config;
            s.timings->config = s.config;
            s.timings->config.n = timed.n;
            s.timings->config.op = timed.op;
            s.timings->config.type = timed.type;
            s.timings->config.wg = timed.wg;
            s.timings->config.data = timed.data;
            s.timings->config.seed = timed.seed;
            s.timings->config.finalOnHost = timed.finalOnHost;
            // Written since histograms: the elements per work-item the run completed (a session's 0 is "the
            // variant's own"), the bins and the range.
            const Json& t = j["timings"];
            if (t.contains("epi")) s.timings->config.elemsPerItem = timed.elemsPerItem;
            if (t.contains("bins")) s.timings->config.bins = timed.bins;
            if (t.contains("range")) {
                s.timings->config.rangeSet = timed.rangeSet;
                s.timings->config.rangeLo = timed.rangeLo;
                s.timings->config.rangeHi = timed.rangeHi;
            }
        }
        checkSession(s);
        return s;
    } catch (const Error& e) {
        const std::string what = e.what();
        if (what.rfind("this is not a usable session", 0) == 0) throw;
        bad(what);
    } catch (const Json::exception& e) {
        bad(printable(e.what()));
    }
}

void saveSession(const Session& session, const std::string& path) {
    const std::string text = serializeSession(session);
    const std::string tmp = path + ".saving";
    auto fail = [&](const std::string& why) {
        std::remove(tmp.c_str());
        throw Error(ErrorKind::BadInput, "cannot write the session to '" + path + "': " + why);
    };
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) fail("it is a directory");
    std::FILE* f = std::fopen(tmp.c_str(), "wb");
    if (!f) fail(std::strerror(errno));
    const bool written = std::fwrite(text.data(), 1, text.size(), f) == text.size();
    const int writeErrno = errno;
    const bool flushed = std::fflush(f) == 0 && ::fsync(fileno(f)) == 0;
    if (std::fclose(f) != 0 || !written || !flushed) fail(std::strerror(written ? errno : writeErrno));
    if (std::rename(tmp.c_str(), path.c_str()) != 0) fail(std::strerror(errno));
}

Session loadSession(const std::string& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0)
        throw Error(ErrorKind::BadInput, "cannot open the session '" + path + "': " + std::strerror(errno));
    if (!S_ISREG(st.st_mode)) throw Error(ErrorKind::BadInput, "cannot open the session '" + path + "': not a file");
    if (size_t(st.st_size) > kMaxSessionBytes)
        throw Error(ErrorKind::BadInput, "cannot open the session '" + path + "': it is " +
                                             std::to_string(size_t(st.st_size) >> 20) + " MiB, more than the " +
                                             std::to_string(kMaxSessionBytes >> 20) + " MiB a session may hold");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw Error(ErrorKind::BadInput, "cannot open the session '" + path + "': " + std::strerror(errno));
    std::string text(size_t(st.st_size), '\0');
    in.read(text.data(), std::streamsize(text.size()));
    text.resize(size_t(in.gcount()));
    if (in.bad()) throw Error(ErrorKind::BadInput, "cannot read the session '" + path + "'");
    try {
        return parseSession(text);
    } catch (const Error& e) {
        throw Error(ErrorKind::BadInput, "'" + path + "': " + e.what());
    }
}

}  // namespace rl
