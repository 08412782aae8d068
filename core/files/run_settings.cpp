// The run settings' parsing rules and ranges.
#include "core/files/run_settings.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>

#include "core/input.h"
#include "core/types.h"
#include "core/catalogue/variant.h"
#include "core/pattern.h"

namespace rl {
namespace {

constexpr long long kMaxN = 1ll << 40;

}  // namespace

std::string formatRange(double lo, double hi) { return shortestText(lo) + "," + shortestText(hi); }

const std::vector<RunSettingSpec>& runSettings() {
    using K = SettingKind;
    static const std::string patterns = patternNames();  // "reduce|scan|histogram": the registry's, in its order
    static const std::vector<RunSettingSpec> table = {
        {"pattern", patterns, "the pattern (alone, it opens on its first lesson's variant)", "", K::Word, {0, 0},
         "reduce"},
        {"variant", "ID", "kernel variant (`reducelab variants` lists them)", "", K::Word, {0, 0}, "sequential"},
        {"n", "N", "elements: 1048576, 2^20 or 1M (K, M and G are powers of two)", "", K::Size, {1, kMaxN}, "64"},
        {"op", "sum|min|max", "the operation", "", K::Word, {0, 0}, "sum"},
        {"type", "int|float|long|double", "the element type (double needs cl_khr_fp64)", "", K::Word, {0, 0}, "int"},
        {"wg", "SIZE", "work-group size", "", K::Integer, {1, 1 << 16}, "16"},
        {"data", "PATTERN",
         "input data: 0-9, 0-99, random, ones, iota, floats, zipf, constant, file:PATH (a file's numbers) or "
         "text:PATH (its letters a-z as 0..25); a file's count sets N",
         "", K::Word, {0, 0}, "0-9", "0-9|0-99|random|ones|iota|floats|zipf|constant"},
        {"seed", "S", "seed of the random data", "", K::Integer, {0, 1ll << 53}, "1"},
        {"epi", "K", "elements per work-item (multi-element variants)", "the variant's own", K::Integer,
         {0, kMaxElemsPerItem}, "0"},
        {"final", "device|host", "last step as another launch, or the host reduces the partials", "", K::Word, {0, 0},
         "device"},
        {"simd", "W", "SIMD width of the hardware model", "the device's", K::Integer, {0, 1024}, "0", "0|4|8|16|32|64"},
        {"banks", "B", "local-memory banks of the hardware model", "", K::Integer, {1, 1024}, "32", "8|16|32|64"},
        {"bank-width", "BYTES", "bank width of the hardware model", "", K::Integer, {1, 64}, "4", "4|8"},
        {"groups", "G", "work-groups of a fixed-grid variant's launch (grid-stride, best-gpu, ...)",
         "the variant's own per compute unit", K::Integer, {0, 1 << 24}, "0"},
        {"exclusive", "", "scans: each element gets the prefix before it, not including it", "", K::Flag, {0, 0}, "off",
         "off|on"},
        {"bins", "B", "histogram bins (text:PATH sets 26, one per letter)", "", K::Integer, {1, 1 << 16}, "10"},
        {"range", "LO,HI", "the range a histogram's equal bins cover, the last bin closed (numpy's rule)",
         "", K::Word, {0, 0}, "data"},
    };
    return table;
}

const RunConfig& defaultRunConfig() {
    static const RunConfig defaults = [] {
        RunConfig c;
        for (const RunSettingSpec& s : runSettings())  // data after type (the table's order): a file reads as the type
            setRunSetting(c, s.name, s.byDefault, "the default of " + std::string(s.name));
        return c;
    }();
    return defaults;
}

const RunSettingSpec* findRunSetting(std::string_view name) {
    for (const auto& s : runSettings())
        if (s.name == name) return &s;
    return nullptr;
}

std::string runSettingNames() {
    std::string out;
    for (const auto& s : runSettings()) out += (out.empty() ? "" : ", ") + std::string(s.name);
    return out;
}

std::string settingText(const RunConfig& c, std::string_view name) {
    if (name == "pattern") {  // the variant's: a front end keeps its pattern's variant (a student's kernel aside)
        const VariantInfo* v = findVariant(c.variant);
        return patternInfo(v ? v->pattern : Pattern::Reduce).name;
    }
    if (name == "exclusive") return c.exclusive ? "on" : "off";
    if (name == "variant") return c.variant;
    if (name == "n") return std::to_string(c.n);
    if (name == "op") return std::string(toString(c.op));
    if (name == "type") return std::string(toString(c.type));
    if (name == "wg") return std::to_string(c.wg);
    if (name == "data") return fromFile(c.data) ? std::string(toString(c.data)) + ":" + c.dataFile
                                                : std::string(toString(c.data));
    if (name == "seed") return std::to_string(c.seed);
    if (name == "epi") return std::to_string(c.elemsPerItem);
    if (name == "final") return c.finalOnHost ? "host" : "device";
    if (name == "simd") return std::to_string(c.simdWidth);
    if (name == "banks") return std::to_string(c.banks);
    if (name == "bank-width") return std::to_string(c.bankWidthBytes);
    if (name == "groups") return std::to_string(c.groups);
    if (name == "bins") return std::to_string(c.bins);
    if (name == "range") return c.rangeSet ? formatRange(c.rangeLo, c.rangeHi) : std::string("data");
    throw Error(ErrorKind::BadInput, "no run setting is called '" + std::string(name) + "'");
}

std::string settingHelp(const RunSettingSpec& s, bool withDefault) {
    std::string out(s.help);
    std::string notes;
    if (!s.zero.empty()) notes = "0: " + std::string(s.zero);
    if (withDefault) notes += (notes.empty() ? "" : "; ") + std::string("default ") + std::string(s.byDefault);
    return notes.empty() ? out : out + " (" + notes + ")";
}

namespace {

Error bad(std::string_view shown, const std::string& what) {
    return Error(ErrorKind::BadInput, std::string(shown) + ": " + what);
}

bool allDigits(std::string_view t) {
    return !t.empty() && std::all_of(t.begin(), t.end(), [](unsigned char c) { return std::isdigit(c); });
}

}  // namespace

SettingRange settingRange(std::string_view name) {
    const RunSettingSpec* s = findRunSetting(name);
    if (!s || (s->kind != SettingKind::Integer && s->kind != SettingKind::Size))
        throw Error(ErrorKind::BadInput, "no integer run setting is called '" + std::string(name) + "'");
    return s->range;
}

bool isRunSetting(std::string_view name) { return findRunSetting(name) != nullptr; }

std::vector<std::string> settingChoices(std::string_view name) {
    const RunSettingSpec* s = findRunSetting(name);
    if (!s) throw Error(ErrorKind::BadInput, "no run setting is called '" + std::string(name) + "'");
    const std::string_view list = !s->choices.empty() ? s->choices
                                  : s->value.find('|') != std::string_view::npos ? s->value
                                                                                  : std::string_view();
    std::vector<std::string> out;
    std::stringstream ss{std::string(list)};
    std::string item;
    while (std::getline(ss, item, '|'))
        if (!item.empty()) out.push_back(item);
    return out;
}

long long parseInteger(std::string_view shown, std::string_view text, long long lo, long long hi) {
    const bool negative = !text.empty() && text[0] == '-';
    if (!allDigits(negative ? text.substr(1) : text))
        throw bad(shown, "'" + std::string(text) + "' is not a whole number; give one between " + std::to_string(lo) +
                             " and " + std::to_string(hi));
    long long v = 0;
    try {
        v = std::stoll(std::string(text));
    } catch (const std::exception&) {
        v = negative ? lo - 1 : hi + 1;  // too long for 64 bits: out of range either way
    }
    if (v < lo || v > hi)
        throw bad(shown, std::string(text) + " is out of range; give a number between " + std::to_string(lo) + " and " +
                             std::to_string(hi));
    return v;
}

size_t parseSize(std::string_view shown, std::string_view text) {
    const std::string hint = "; give a positive whole number such as 1048576, 2^20 or 1M";
    unsigned long long value = 0;
    bool ok = true;
    if (text.substr(0, 2) == "2^") {
        const std::string_view e = text.substr(2);
        ok = allDigits(e) && e.size() <= 3 && std::stoi(std::string(e)) <= 40;
        if (ok) value = 1ull << std::stoi(std::string(e));
    } else {
        size_t digits = 0;
        while (digits < text.size() && std::isdigit((unsigned char)text[digits])) ++digits;
        const std::string_view suffix = text.substr(digits);
        ok = digits > 0 && digits <= 15;
        if (ok) value = std::stoull(std::string(text.substr(0, digits)));
        if (suffix == "K" || suffix == "k") value <<= 10;
        else if (suffix == "M" || suffix == "m") value <<= 20;
        else if (suffix == "G" || suffix == "g") value <<= 30;
        else if (!suffix.empty()) ok = false;
    }
    if (!ok) throw bad(shown, "'" + std::string(text) + "' is not a size" + hint);
    if (value == 0) throw bad(shown, "the size must be at least 1" + hint);
    if (value > (unsigned long long)kMaxN) throw bad(shown, std::string(text) + " is far past any device's memory");
    return size_t(value);
}

std::vector<size_t> parseSizeList(std::string_view shown, std::string_view text) {
    std::vector<size_t> out;
    std::stringstream ss{std::string(text)};
    std::string item;
    while (std::getline(ss, item, ','))
        if (!item.empty()) out.push_back(parseSize(shown, item));
    if (out.empty()) throw bad(shown, "give at least one size");
    return out;
}

long long checkedSetting(std::string_view name, long long value, std::string_view shown) {
    const SettingRange r = settingRange(name);
    if (value < r.lo || value > r.hi)
        throw bad(shown, std::to_string(value) + " is out of range; give a number between " + std::to_string(r.lo) +
                             " and " + std::to_string(r.hi));
    return value;
}

void setRunSetting(RunConfig& c, std::string_view name, std::string_view text, std::string_view shown) {
    const std::string value(text);
    auto integer = [&] {
        const SettingRange r = settingRange(name);
        return parseInteger(shown, text, r.lo, r.hi);
    };
    if (name == "pattern") {
        const PatternInfo* p = findPattern(value);
        if (!p) throw bad(shown, "'" + value + "' is not a pattern; give " + patternNames());
        // Its first lesson, unless the variant is already one of it.
        const VariantInfo* v = findVariant(c.variant);
        if (!v || v->pattern != p->id) c.variant = p->defaultVariant;
    } else if (name == "exclusive") {
        if (value != "on" && value != "off")
            throw bad(shown, "give 'on' (each element gets the prefix before it) or 'off' (the prefix including it)");
        c.exclusive = value == "on";
    } else if (name == "variant") {
        if (!findVariant(value)) throw bad(shown, "unknown variant '" + value + "'; `reducelab variants` lists them");
        c.variant = value;
    } else if (name == "n") {
        c.n = parseSize(shown, text);
    } else if (name == "op") {
        const auto op = parseOp(value);
        if (!op) throw bad(shown, "'" + value + "' is not an operation; give sum, min or max");
        c.op = *op;
    } else if (name == "type") {
        const auto t = parseElemType(value);
        if (!t) throw bad(shown, "'" + value + "' is not a type; give " + std::string(typeNames()));
        c.type = *t;
    } else if (name == "data") {
        if (value.rfind("file:", 0) == 0) {  // the file is read now: N becomes its count, a bad file is refused here
            const std::string path = value.substr(5);
            if (path.empty()) throw bad(shown, "give the file after file:, e.g. file:values.txt");
            c.n = readDataFile(path, c.type).size();
            c.data = DataPattern::File;
            c.dataFile = path;
            return;
        }
        if (value.rfind("text:", 0) == 0) {  // its letters, 26 bins over 0..26: one bin per letter
            const std::string path = value.substr(5);
            if (path.empty()) throw bad(shown, "give the file after text:, e.g. text:chapter.txt");
            c.n = readTextLetters(path).size();
            c.data = DataPattern::Text;
            c.dataFile = path;
            c.bins = 26;
            c.rangeSet = true;
            c.rangeLo = 0;
            c.rangeHi = 26;
            return;
        }
        const auto d = parseDataPattern(value);
        if (!d || fromFile(*d))
            throw bad(shown, "'" + value + "' is not a pattern; give 0-9, 0-99, random, ones, iota, floats, zipf, "
                             "constant, file:PATH or text:PATH");
        c.data = *d;
        c.dataFile.clear();
    } else if (name == "final") {
        if (value != "host" && value != "device")
            throw bad(shown, "give 'device' (launch down to one value) or 'host' (sum the last partials on the host)");
        c.finalOnHost = value == "host";
    } else if (name == "wg") {
        c.wg = size_t(integer());
    } else if (name == "seed") {
        c.seed = uint64_t(integer());
    } else if (name == "epi") {
        c.elemsPerItem = int(integer());
    } else if (name == "simd") {
        c.simdWidth = int(integer());
    } else if (name == "banks") {
        c.banks = int(integer());
    } else if (name == "bank-width") {
        c.bankWidthBytes = int(integer());
    } else if (name == "groups") {
        c.groups = size_t(integer());
    } else if (name == "bins") {
        c.bins = size_t(integer());
    } else if (name == "range") {
        if (value == "data") {  // the data's minimum and maximum
            c.rangeSet = false;
            return;
        }
        const size_t comma = value.find(',');
        char* end1 = nullptr;
        char* end2 = nullptr;
        const std::string a = comma == std::string::npos ? value : value.substr(0, comma);
        const std::string b = comma == std::string::npos ? "" : value.substr(comma + 1);
        const double lo = std::strtod(a.c_str(), &end1), hi = std::strtod(b.c_str(), &end2);
        if (comma == std::string::npos || a.empty() || b.empty() || *end1 || *end2 || !std::isfinite(lo) ||
            !std::isfinite(hi))
            throw bad(shown, "'" + value + "' is not a range; give two numbers LO,HI (e.g. 0,256), or 'data' for the "
                             "data's minimum and maximum");
        if (!(lo < hi)) throw bad(shown, "the range's low end must be below its high end, e.g. 0,256");
        c.rangeSet = true;
        c.rangeLo = lo;
        c.rangeHi = hi;
    } else {
        throw bad(shown, "not a run setting; give one of " + runSettingNames());
    }
}

}  // namespace rl
