// Oclgrind's messages read into findings: the kind from the first line, the student's lines from "line N of FILE".
#include "core/workbench/findings.h"

#include <cctype>

#include <algorithm>
#include <regex>
#include <sstream>

#include "core/pattern.h"

namespace rl::workbench {

std::string_view toString(FindingKind kind) {
    switch (kind) {
        case FindingKind::Race: return "race";
        case FindingKind::Uninitialised: return "uninitialised";
        case FindingKind::OutOfBounds: return "out_of_bounds";
        case FindingKind::BarrierDivergence: return "barrier_divergence";
        case FindingKind::Other: break;
    }
    return "other";
}

namespace {

bool contains(std::string_view text, std::string_view part) { return text.find(part) != std::string_view::npos; }

std::string memoryOf(std::string_view firstLine) {
    for (const char* space : {"local", "global", "private", "constant"})
        if (contains(firstLine, std::string(space) + " memory")) return space;
    return {};
}

}  // namespace

std::string adviceFor(FindingKind kind, const std::string& memory, bool write, Pattern pattern) {
    const PatternInfo& info = patternInfo(pattern);  // a pattern's own words where its contract needs them
    if (kind == FindingKind::Race && memory == "local" && !info.localRaceAdvice.empty()) return info.localRaceAdvice;
    if (kind == FindingKind::Race && memory == "global" && !info.globalRaceAdvice.empty()) return info.globalRaceAdvice;
    if (kind == FindingKind::OutOfBounds && write && !info.writePastEndAdvice.empty()) return info.writePastEndAdvice;
    if (kind == FindingKind::OutOfBounds && !write && !info.readPastEndAdvice.empty()) return info.readPastEndAdvice;
    if (kind == FindingKind::Uninitialised && !info.uninitialisedAdvice.empty()) return info.uninitialisedAdvice;
    switch (kind) {
        case FindingKind::Race:
            return memory == "local"
                       ? "put barrier(CLK_LOCAL_MEM_FENCE) after the writes of each stage, where every work-item "
                         "reaches it (outside any `if` that only some take): two work-items touched this cell with "
                         "no barrier between them"
                       : "let each work-item write only its own cells, or put a barrier between the accesses: two "
                         "work-items touched this cell with nothing ordering them";
        case FindingKind::Uninitialised:
            return "make every work-item write its scratch cell in the load (RL_IDENTITY when its index is past n) "
                   "before the first barrier: a value was used before anything was written to it";
        case FindingKind::OutOfBounds:
            if (write)
                return "write out[get_group_id(0)] once, from one work-item (`out` holds one partial per "
                       "work-group), and keep scratch indices below get_local_size(0): a write went past the end";
            return "guard reads of `in` with `i < n` (RL_IDENTITY otherwise) and keep scratch indices below "
                   "get_local_size(0): an index went past the end of a buffer";
        case FindingKind::BarrierDivergence:
            return "move the barrier out of the `if`, so every work-item of the group reaches the same barrier the "
                   "same number of times: some work-items reached it and others did not";
        case FindingKind::Other: break;
    }
    return "";
}

std::string sentence(std::string text) {
    while (!text.empty() && (text.back() == ' ' || text.back() == '\n')) text.pop_back();
    if (text.empty()) return text;
    if (std::islower(static_cast<unsigned char>(text[0]))) text[0] = char(std::toupper(static_cast<unsigned char>(text[0])));
    char& last = text.back();
    if (last == ':' || last == ';' || last == ',') last = '.';
    else if (last != '.' && last != '!' && last != '?') text += '.';
    return text;
}

std::string findingText(const Finding& f) {
    const std::string seen = sentence(f.message), todo = sentence(f.advice);
    return todo.empty() ? seen : seen + " " + todo;
}

Finding readOclgrindMessage(std::string_view message, std::string_view file) {
    Finding f;
    f.details = std::string(message);
    std::istringstream in(f.details);
    std::string first;
    std::getline(in, first);
    if (contains(first, "data race"))
        f.kind = FindingKind::Race;
    else if (contains(first, "ninitiali"))
        f.kind = FindingKind::Uninitialised;
    else if (contains(first, "Invalid read") || contains(first, "Invalid write") || contains(first, "out of bounds") ||
             contains(first, "out-of-bounds"))
        f.kind = FindingKind::OutOfBounds;
    else if (contains(first, "divergence"))
        f.kind = FindingKind::BarrierDivergence;
    f.memory = memoryOf(first);
    f.message = first;
    static const std::regex address(R"(address 0x([0-9a-fA-F]+))");
    if (std::smatch m; std::regex_search(first, m, address))  // Oclgrind keeps the buffer in the top 16 bits
        f.byteOffset = (long long)(std::stoull(m[1].str(), nullptr, 16) & ((1ull << 48) - 1));
    f.advice = adviceFor(f.kind, f.memory, contains(first, "Invalid write"));

    static const std::regex lineOf(R"(line (\d+)(?: \(column \d+\))? of ([^\s:]+))");
    static const std::regex local(R"(Local\((\d+),)");
    static const std::regex group(R"(Group\((\d+),)");
    for (std::string row; std::getline(in, row);) {
        std::smatch m;
        if (std::regex_search(row, m, lineOf) && (file.empty() || m[2].str() == file)) {
            const int line = std::stoi(m[1].str());
            if (std::find(f.lines.begin(), f.lines.end(), line) == f.lines.end()) f.lines.push_back(line);
        }
        if (std::regex_search(row, m, local)) f.workItems.push_back(std::stoi(m[1].str()));
        if (f.group < 0 && std::regex_search(row, m, group)) f.group = std::stoi(m[1].str());
    }
    return f;
}

std::vector<Finding> mergeFindings(std::vector<Finding> findings, size_t maxItems) {
    std::vector<Finding> merged;
    for (Finding& f : findings) {
        auto same = std::find_if(merged.begin(), merged.end(), [&](const Finding& m) {
            return m.kind == f.kind && m.lines == f.lines && m.memory == f.memory;
        });
        if (same == merged.end()) {
            if (f.workItems.size() > maxItems) f.workItems.resize(maxItems);
            merged.push_back(std::move(f));
            continue;
        }
        if (f.group != same->group) continue;  // the work-items of the first group that showed it
        for (int item : f.workItems)
            if (same->workItems.size() < maxItems &&
                std::find(same->workItems.begin(), same->workItems.end(), item) == same->workItems.end())
                same->workItems.push_back(item);
    }
    return merged;
}

}  // namespace rl::workbench
