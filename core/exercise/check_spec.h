// The checks an exercise grades with, as its exercise.json names them: a kind (a fact about the recorded run), its
// parameters, a name, points, and whether the student sees its details. Plain data; the kinds and their parameters
// are listed here once, so a malformed checks file is refused with the kind or parameter that is wrong.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace rl::exercise {

struct CheckSpec {
    std::string kind;            // one of checkKinds()
    std::string name;            // shown to the student; defaults to the kind's description
    nlohmann::json params = nlohmann::json::object();
    double points = 1;
    bool hidden = false;         // the student-facing output says only whether it passed

    double number(const std::string& key, double fallback) const;
    std::string text(const std::string& key, const std::string& fallback = "") const;
};

struct CheckKind {
    std::string kind;
    std::string describes;                 // the default name: what the check asks of the kernel
    std::vector<std::string> required;     // parameters it needs
    std::vector<std::string> optional;     // parameters it may take
    bool timed = false;                    // measured on the device after the correctness runs
};

const std::vector<CheckKind>& checkKinds();
const CheckKind* findCheckKind(const std::string& kind);

// Reads one entry of the "checks" array. Throws rl::Error (BadInput) naming the entry, the kind or the parameter
// that is wrong (an unknown kind lists the known ones).
CheckSpec readCheckSpec(const nlohmann::json& j, size_t index);
nlohmann::json toJson(const CheckSpec& spec);

}  // namespace rl::exercise
