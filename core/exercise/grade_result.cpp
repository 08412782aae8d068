// The grade's JSON and terminal forms.
#include "core/exercise/grade_result.h"

#include "core/files/run_settings.h"

#include <cmath>
#include <sstream>

#include "core/types.h"

namespace rl::exercise {

using nlohmann::json;

double GradeResult::score() const {
    double s = 0;
    for (const CheckOutcome& c : checks) s += c.score;
    return s;
}

double GradeResult::maxScore() const {
    double s = 0;
    for (const CheckOutcome& c : checks) s += c.graded ? c.maxScore : 0;
    return s;
}

int GradeResult::ungraded() const {
    int n = 0;
    for (const CheckOutcome& c : checks) n += c.graded ? 0 : 1;
    return n;
}

json toJson(const GradeResult& r, bool withReport) {
    json checks = json::array();
    for (const CheckOutcome& c : r.checks)
        checks.push_back({{"name", c.name},   {"kind", c.kind},   {"passed", c.passed}, {"score", c.score},
                          {"max_score", c.maxScore}, {"message", c.message}, {"wg", c.wg}, {"run", c.run},
                          {"stage", c.stage}, {"cell", c.cell}, {"line", c.line}, {"hidden", c.hidden},
                          {"state", c.state()}});
    json j = {{"exercise", r.exercise}, {"title", r.title},   {"file", r.file},         {"device", r.device},
              {"seed", r.seed},         {"status", r.status}, {"passed", r.passed()},   {"error", r.error},
              {"build_log", r.buildLog}, {"score", r.score()}, {"max_score", r.maxScore()},
              {"checks", checks},       {"runs", r.runs},     {"seconds", r.seconds}};
    j["report"] = withReport && r.report ? workbench::toJson(*r.report) : json(nullptr);
    return j;
}

GradeResult gradeResultFromJson(const json& j) {
    try {
        GradeResult r;
        r.exercise = j.at("exercise").get<std::string>();
        r.title = j.value("title", "");
        r.file = j.value("file", "");
        r.device = j.value("device", "");
        r.seed = j.value("seed", uint64_t(0));
        checkedSetting("seed", (long long)std::min<uint64_t>(r.seed, uint64_t(1) << 62), "the grade's seed");
        r.status = j.at("status").get<std::string>();
        if (r.status != "pass" && r.status != "fail" && r.status != "error")
            throw Error(ErrorKind::BadInput, "the grade's status is '" + r.status + "', not pass, fail or error");
        r.error = j.value("error", "");
        r.buildLog = j.value("build_log", "");
        for (const json& c : j.at("checks")) {
            CheckOutcome o;
            o.name = c.at("name").get<std::string>();
            o.kind = c.value("kind", "");
            o.passed = c.at("passed").get<bool>();
            o.score = c.value("score", 0.0);
            o.maxScore = c.value("max_score", 1.0);
            o.message = c.value("message", "");
            o.wg = c.value("wg", size_t(0));  // 0: no launch of its own (a hidden check's, kept from the student)
            if (o.wg != 0) checkedSetting("wg", (long long)std::min<size_t>(o.wg, size_t(1) << 62), "check '" + o.name + "': wg");
            if (!(o.maxScore >= 0 && o.score >= 0 && o.score <= o.maxScore + 1e-9))
                throw Error(ErrorKind::BadInput, "check '" + o.name + "' scores " + std::to_string(o.score) + " of " +
                                                     std::to_string(o.maxScore));
            o.run = c.value("run", "");
            o.stage = c.value("stage", -1);
            o.cell = c.value("cell", -1);
            o.line = c.value("line", 0);
            o.hidden = c.value("hidden", false);
            const std::string state = c.value("state", o.passed ? "passed" : "failed");
            if (state != "passed" && state != "failed" && state != "not_checked")
                throw Error(ErrorKind::BadInput, "check '" + o.name + "' has state '" + state +
                                                     "', not passed, failed or not_checked");
            o.graded = state != "not_checked";
            r.checks.push_back(std::move(o));
        }
        r.runs = j.value("runs", std::vector<std::string>{});
        r.seconds = j.value("seconds", 0.0);
        if (j.contains("report") && !j.at("report").is_null())
            r.report = workbench::checkReportFromJson(j.at("report"));
        return r;
    } catch (const json::exception& e) {
        throw Error(ErrorKind::BadInput, std::string("the grade is malformed: ") + e.what());
    }
}

GradeResult studentView(const GradeResult& r) {
    GradeResult v = r;
    bool hiddenFailed = false;
    for (CheckOutcome& c : v.checks)
        if (c.hidden) {
            hiddenFailed = hiddenFailed || (c.graded && !c.passed);
            if (c.graded) c.message = c.passed ? "" : "a hidden check failed: the statement says what the kernel must do";
            c.stage = c.cell = -1;
            c.line = 0;
            c.run.clear();
            c.wg = 0;
        }
    // The report (findings with lines, cells and stages) would say what a failed hidden check saw.
    if (hiddenFailed) v.report.reset();
    return v;
}

namespace {

std::string number(double v) {
    std::ostringstream o;
    if (std::fabs(v - std::round(v)) < 1e-9) o << static_cast<long long>(std::llround(v));
    else o << v;
    return o.str();
}

}  // namespace

std::string formatGrade(const GradeResult& r) {
    std::ostringstream o;
    o << "exercise " << r.exercise << ": " << r.title << "\n";
    o << "attempt " << r.file << (r.device.empty() ? "" : " on " + r.device) << "\n";
    if (r.status == "error") {
        o << "  FAIL  " << r.error << "\n";
        if (!r.buildLog.empty()) o << r.buildLog << (r.buildLog.back() == '\n' ? "" : "\n");
    }
    for (const CheckOutcome& c : r.checks) {
        if (!c.graded) {
            o << "  --    " << c.name << ": not graded here\n        " << c.message << "\n";
            continue;
        }
        o << "  " << (c.passed ? "ok  " : "FAIL") << "  " << c.name;
        if (c.maxScore != 1 || c.score != (c.passed ? 1 : 0))
            o << " (" << number(c.score) << "/" << number(c.maxScore) << ")";
        o << "\n";
        if (!c.message.empty()) o << "        " << c.message << "\n";
    }
    const int ungraded = r.ungraded();
    o << "score " << number(r.score()) << " / " << number(r.maxScore()) << ": "
      << (r.status == "pass" && ungraded == 0 ? "every check passed"
          : r.status == "pass"               ? "every graded check passed"
          : r.status == "fail"               ? "some checks failed"
                                             : "no check could run")
      << "\n";
    if (ungraded > 0)
        o << ungraded << " check" << (ungraded > 1 ? "s" : "")
          << " not graded here (the score leaves them out; --require-all counts them as failed)\n";
    o << "seed " << r.seed << " (reducelab exercise check " << r.exercise << " --kernel " << r.file << " --seed "
      << r.seed << " runs the same inputs again)\n";
    return o.str();
}

int exitStatus(const GradeResult& r) { return r.status == "pass" ? 0 : r.status == "fail" ? 1 : 2; }

}  // namespace rl::exercise
