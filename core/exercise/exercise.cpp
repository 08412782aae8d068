// Reading an exercise from its files.
#include "core/exercise/exercise.h"

#include <algorithm>
#include <cctype>
#include <sstream>

#include <nlohmann/json.hpp>

#include "core/model/model.h"
#include "core/pattern.h"
#include "core/catalogue/variant.h"

namespace rl::exercise {
namespace {

using nlohmann::json;

const std::vector<std::string> kFiles = {"exercise.json", "statement.md", "starter.cl", "solution.cl", "hints.md"};

[[noreturn]] void bad(const std::string& dirName, const std::string& what) {
    throw Error(ErrorKind::BadInput, dirName + ": " + what);
}

bool blank(const std::string& s) {
    for (char c : s)
        if (!std::isspace(static_cast<unsigned char>(c))) return false;
    return true;
}

// A field that is one name or a list of names, read with `parse`.
template <typename T, typename Parse>
std::vector<T> names(const std::string& dirName, const json& j, const char* key, Parse parse, const char* known) {
    if (!j.contains(key)) bad(dirName, std::string("exercise.json has no \"") + key + "\" (" + known + ")");
    const json& v = j.at(key);
    std::vector<std::string> list;
    if (v.is_string()) list.push_back(v.get<std::string>());
    else if (v.is_array())
        for (const json& e : v) {
            if (!e.is_string()) bad(dirName, std::string("exercise.json: \"") + key + "\" holds a non-string");
            list.push_back(e.get<std::string>());
        }
    else
        bad(dirName, std::string("exercise.json: \"") + key + "\" must be a name or a list of names (" + known + ")");
    if (list.empty()) bad(dirName, std::string("exercise.json: \"") + key + "\" is empty");
    std::vector<T> out;
    for (const std::string& s : list) {
        const auto parsed = parse(s);
        if (!parsed) bad(dirName, std::string("exercise.json: \"") + key + "\": unknown '" + s + "' (" + known + ")");
        out.push_back(*parsed);
    }
    return out;
}

}  // namespace

double Exercise::maxScore() const {
    double total = 0;
    for (const CheckSpec& c : checks) total += c.points;
    return total;
}

bool splitDirName(const std::string& dirName, int* order, std::string* id) {
    size_t i = 0;
    while (i < dirName.size() && std::isdigit(static_cast<unsigned char>(dirName[i]))) ++i;
    if (i == 0 || i > 6 || i + 1 >= dirName.size() || dirName[i] != '-') return false;
    for (size_t k = i + 1; k < dirName.size(); ++k) {
        const char c = dirName[k];
        if (!std::islower(static_cast<unsigned char>(c)) && !std::isdigit(static_cast<unsigned char>(c)) && c != '-')
            return false;
    }
    *order = std::stoi(dirName.substr(0, i));
    *id = dirName.substr(i + 1);
    return true;
}

std::vector<std::string> splitHints(const std::string& markdown) {
    std::vector<std::string> hints;
    std::istringstream in(markdown);
    std::string line, current;
    bool inside = false;
    auto flush = [&] {
        while (!current.empty() && std::isspace(static_cast<unsigned char>(current.back()))) current.pop_back();
        if (inside && !current.empty()) hints.push_back(current);
        current.clear();
    };
    while (std::getline(in, line)) {
        if (line.rfind("## ", 0) == 0) {
            flush();
            inside = true;
            current = line.substr(3) + "\n";
        } else if (inside) {
            current += line + "\n";
        }
    }
    flush();
    return hints;
}

Exercise parseExercise(const std::string& dirName, const ExerciseFiles& files, const std::string& origin) {
    Exercise e;
    e.dirName = dirName;
    e.origin = origin;
    if (!splitDirName(dirName, &e.order, &e.id))
        bad(dirName, "the directory name must be NN-id: digits, a dash, then lower-case letters, digits and dashes "
                     "(e.g. 01-first-reduce)");
    for (const std::string& f : kFiles) {
        const auto it = files.find(f);
        if (it == files.end()) bad(dirName, "missing file " + f + " (an exercise has exercise.json, statement.md, "
                                            "starter.cl, solution.cl and hints.md)");
        if (blank(it->second)) bad(dirName, f + " is empty");
    }
    json j;
    try {
        j = json::parse(files.at("exercise.json"));
    } catch (const json::parse_error& err) {
        bad(dirName, std::string("exercise.json is not valid JSON: ") + err.what());
    }
    if (!j.is_object()) bad(dirName, "exercise.json must hold one object {...}");
    static const std::vector<std::string> known = {"title", "summary", "pattern", "op", "type", "work_group_sizes",
                                                   "model", "timeout", "checks"};
    for (const auto& item : j.items())
        if (std::find(known.begin(), known.end(), item.key()) == known.end())
            bad(dirName, "exercise.json: unknown field \"" + item.key() +
                             "\" (fields: title, summary, pattern, op, type, work_group_sizes, model, timeout, "
                             "checks)");
    if (!j.contains("title") || !j.at("title").is_string() || blank(j.at("title").get<std::string>()))
        bad(dirName, "exercise.json has no \"title\" (a string)");
    e.title = j.at("title").get<std::string>();
    if (j.contains("summary")) {
        if (!j.at("summary").is_string()) bad(dirName, "exercise.json: \"summary\" must be a string");
        e.summary = j.at("summary").get<std::string>();
    }
    if (j.contains("pattern")) {
        const PatternInfo* p = j.at("pattern").is_string() ? findPattern(j.at("pattern").get<std::string>()) : nullptr;
        if (!p) bad(dirName, "exercise.json: \"pattern\" must be " + patternNames() + " (the contract the kernels keep)");
        e.pattern = p->id;
    }
    e.ops = names<Op>(dirName, j, "op", parseOp, "sum, min, max");
    e.types = names<ElemType>(dirName, j, "type", parseElemType, "int, float, long, double");
    if (!j.contains("work_group_sizes") || !j.at("work_group_sizes").is_array() || j.at("work_group_sizes").empty())
        bad(dirName, "exercise.json has no \"work_group_sizes\" (a list such as [64, 256])");
    for (const json& w : j.at("work_group_sizes")) {
        if (!w.is_number_unsigned()) bad(dirName, "exercise.json: work_group_sizes holds " + w.dump() +
                                                      ", not a whole number");
        const size_t wg = w.get<size_t>();
        if (wg < 2 || wg > 1024 || (wg & (wg - 1)) != 0)
            bad(dirName, "exercise.json: work-group size " + std::to_string(wg) +
                             " is not a power of two from 2 to 1024");
        e.workGroupSizes.push_back(wg);
    }
    if (j.contains("model")) {
        if (!j.at("model").is_string()) bad(dirName, "exercise.json: \"model\" must be a variant id");
        e.model = j.at("model").get<std::string>();
        const VariantInfo* v = findVariant(e.model);
        if (!v || !hasModel(*v))
            bad(dirName, "exercise.json: model '" + e.model + "' is not a built-in variant with a CPU model "
                         "(reducelab variants lists them)");
        if (v->pattern != e.pattern)
            bad(dirName, "exercise.json: model '" + e.model + "' is a " + patternInfo(v->pattern).name +
                             " kernel, and the exercise's kernels are " + patternInfo(e.pattern).name + " kernels");
    }
    if (j.contains("timeout")) {
        if (!j.at("timeout").is_number() || j.at("timeout").get<double>() < 1 || j.at("timeout").get<double>() > 600)
            bad(dirName, "exercise.json: \"timeout\" must be seconds from 1 to 600");
        e.timeoutSeconds = j.at("timeout").get<double>();
    }
    if (!j.contains("checks") || !j.at("checks").is_array() || j.at("checks").empty())
        bad(dirName, "exercise.json has no \"checks\" (a list of {\"kind\": ...}; docs/exercises.md lists the kinds)");
    size_t index = 0;
    int models = 0;
    for (const json& c : j.at("checks")) {
        try {
            e.checks.push_back(readCheckSpec(c, index++));
        } catch (const Error& err) {
            bad(dirName, std::string("exercise.json: ") + err.what());
        }
        const CheckSpec& spec = e.checks.back();
        if (spec.kind == "matches_model") {
            ++models;
            const VariantInfo* v = findVariant(spec.text("variant"));
            if (!v || !hasModel(*v))
                bad(dirName, "exercise.json: checks[" + std::to_string(index - 1) + "] (matches_model): '" +
                                 spec.text("variant") + "' is not a built-in variant with a CPU model");
            if (v->pattern != e.pattern)
                bad(dirName, "exercise.json: checks[" + std::to_string(index - 1) + "] (matches_model): '" +
                                 spec.text("variant") + "' is a " + patternInfo(v->pattern).name + " kernel");
        }
    }
    if (models > 1) bad(dirName, "exercise.json: one matches_model check at most (a run compares with one model)");
    e.statement = files.at("statement.md");
    e.starter = files.at("starter.cl");
    e.solution = files.at("solution.cl");
    e.hints = splitHints(files.at("hints.md"));
    if (e.hints.empty()) bad(dirName, "hints.md has no hint: each hint starts with a line \"## ...\"");
    return e;
}

}  // namespace rl::exercise
