// The check request's JSON form.
#include "core/workbench/check_request.h"

#include <algorithm>

#include "core/files/json_io.h"
#include "core/pattern.h"
#include "core/types.h"

namespace rl::workbench {

size_t tracedSize(const CheckRequest& request) {
    const size_t n = request.config.n > 0 ? request.config.n : 4 * request.config.wg;
    return std::min<size_t>(std::max<size_t>(n, 1), 65536);
}

nlohmann::json toJson(const CheckRequest& r) {
    nlohmann::json j = {{"text", r.text},       {"file", r.file},         {"entry", r.entry},
            {"config", rl::json::config(r.config)},           {"device", r.device},
            {"model", r.model},     {"timeout", r.timeoutSeconds}, {"simulate", r.simulate},
            {"all_ops_and_types", r.allOpsAndTypes}, {"uninitialised", r.checkUninitialised}};
    j["input_seed"] = r.inputSeed;
    j["pattern"] = patternInfo(r.pattern).name;
    if (r.kernel) j["kernel"] = toJson(*r.kernel);
    j["extra_sizes"] = nlohmann::json::array();
    for (const SizeCase& c : r.extraSizes) j["extra_sizes"].push_back({{"n", c.n}, {"why", c.why}});
    return j;
}

SignatureCheck kernelOf(const CheckRequest& request) {
    return request.kernel ? *request.kernel : checkSignature(request.text, request.entry, request.pattern);
}

CheckRequest checkRequestFromJson(const nlohmann::json& j) {
    try {
        CheckRequest r;
        r.text = j.at("text").get<std::string>();
        r.file = j.at("file").get<std::string>();
        r.entry = j.at("entry").get<std::string>();
        r.config = rl::json::readConfig(j.at("config"));
        r.device = j.value("device", "");
        r.model = j.value("model", "");
        r.timeoutSeconds = j.value("timeout", 30.0);
        r.simulate = j.value("simulate", true);
        r.allOpsAndTypes = j.value("all_ops_and_types", true);
        r.checkUninitialised = j.value("uninitialised", true);
        r.inputSeed = j.value("input_seed", uint64_t(0));
        const std::string pattern = j.at("pattern").get<std::string>();
        const PatternInfo* known = findPattern(pattern);
        if (!known) throw Error(ErrorKind::BadInput, "the check request names an unknown pattern '" + pattern + "'");
        r.pattern = known->id;
        if (j.contains("kernel")) r.kernel = signatureFromJson(j.at("kernel"));
        if (j.contains("extra_sizes"))
            for (const nlohmann::json& c : j.at("extra_sizes"))
                r.extraSizes.push_back({c.at("n").get<size_t>(), c.at("why").get<std::string>()});
        return r;
    } catch (const nlohmann::json::exception& e) {
        throw Error(ErrorKind::BadInput, std::string("the check request is malformed: ") + e.what());
    }
}

}  // namespace rl::workbench
