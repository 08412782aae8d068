// Input generation (splitmix64, so results do not depend on the standard library's distributions) and data files.
#include "core/input.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>

namespace rl {
namespace {

constexpr size_t kZipfValues = 1024;

// Element i of a pattern, as a double (whole numbers for every integer pattern).
double patternValue(DataPattern pattern, ElemType type, size_t i, SplitMix64& rng) {
    switch (pattern) {
        case DataPattern::Random:
            if (isIntegral(type)) return double(int32_t(rng.next() % 2001) - 1000);
            return double(float(double(rng.next() >> 40) / double(1ull << 24)) * 2.f - 1.f);
        case DataPattern::Iota:
            if (type == ElemType::Int) return double(int32_t(uint32_t(i)));
            return type == ElemType::Float ? double(float(i)) : double(i);
        case DataPattern::Ones: return 1;
        case DataPattern::Digits: return double(rng.next() % 10);
        case DataPattern::Small: return double(rng.next() % 100);
        case DataPattern::Floats: {
            const double quarters = double(int64_t(rng.next() % 65) - 32);  // -32 .. 32
            return isIntegral(type) ? std::trunc(quarters / 4) : quarters / 4;
        }
        case DataPattern::Constant: return 3;
        case DataPattern::Zipf: {  // the inverse of the weights' running sum, found by bisection
            static const std::vector<double> cdf = [] {
                std::vector<double> c(kZipfValues);
                double sum = 0;
                for (size_t k = 0; k < c.size(); ++k) c[k] = sum += 1.0 / double(k + 1);
                for (double& v : c) v /= sum;
                return c;
            }();
            const double u = double(rng.next() >> 11) / double(1ull << 53);
            return double(std::upper_bound(cdf.begin(), cdf.end() - 1, u) - cdf.begin());
        }
        case DataPattern::File:
        case DataPattern::Text: break;
    }
    return 0;
}

[[noreturn]] void bad(const std::string& what) { throw Error(ErrorKind::BadInput, what); }

}  // namespace

HostArray arrayOf(ElemType type, const std::vector<double>& values) {
    HostArray out;
    out.type = type;
    switch (type) {
        case ElemType::Int:
            for (double v : values) out.ints.push_back(int32_t(v));
            break;
        case ElemType::Long:
            for (double v : values) out.longs.push_back(int64_t(v));
            break;
        case ElemType::Double: out.doubles = values; break;
        case ElemType::Float:
            for (double v : values) out.floats.push_back(float(v));
            break;
    }
    return out;
}

HostArray makeInput(ElemType type, DataPattern pattern, size_t n, uint64_t seed) {
    if (pattern == DataPattern::File)
        bad("data from a file needs the file's name: give --data file:PATH (or choose the file in the explorer)");
    if (pattern == DataPattern::Text)
        bad("the letters of a text need the file's name: give --data text:PATH (a plain text file)");
    SplitMix64 rng{seed};
    std::vector<double> values(n);
    for (size_t i = 0; i < n; ++i) values[i] = patternValue(pattern, type, i, rng);
    return arrayOf(type, values);
}

HostArray makeInput(const RunConfig& c) {
    if (!fromFile(c.data)) return makeInput(c.type, c.data, c.n, c.seed);
    const std::vector<double> values =
        c.data == DataPattern::Text ? readTextLetters(c.dataFile) : readDataFile(c.dataFile, c.type);
    if (values.size() != c.n)
        bad(c.dataFile + " now holds " + std::to_string(values.size()) + " values, not the " + std::to_string(c.n) +
            " chosen; choose the file again (--data " + std::string(toString(c.data)) +
            ":PATH sets N to its count)");
    return arrayOf(c.type, values);
}

std::vector<double> parseDataText(const std::string& text, ElemType type, const std::string& shown) {
    std::vector<double> out;
    size_t line = 1, i = 0;
    const size_t size = text.size();
    auto where = [&] { return shown + " line " + std::to_string(line) + ": "; };
    while (i < size) {
        const char c = text[i];
        if (c == '\n') {
            ++line;
            ++i;
        } else if (c == ' ' || c == '\t' || c == '\r' || c == ',' || c == ';' || c == '\f' || c == '\v') {
            ++i;
        } else if (c == '#') {
            while (i < size && text[i] != '\n') ++i;
        } else {
            size_t end = i;
            while (end < size && !std::strchr(" \t\r\n,;#\f\v", text[end]) && text[end] != '\0') ++end;
            if (end == i) end = i + 1;  // a NUL byte: one character that is not a number
            std::string token = text.substr(i, end - i);
            std::string shownToken = token.size() > 24 ? token.substr(0, 24) + "..." : token;
            for (char& ch : shownToken)
                if ((unsigned char)ch < 32 || (unsigned char)ch > 126) ch = '?';
            errno = 0;
            char* stop = nullptr;
            const double v = std::strtod(token.c_str(), &stop);
            if (token.empty() || stop != token.c_str() + token.size())
                bad(where() + "'" + shownToken + "' is not a number; give numbers separated by spaces, commas or "
                              "new lines ('#' starts a comment)");
            if (!std::isfinite(v) || errno == ERANGE)
                bad(where() + "'" + shownToken + "' is not a finite number within range");
            if (type == ElemType::Long) {
                if (v != std::trunc(v))
                    bad(where() + shownToken + " is not a whole number; the type is long (choose double for it)");
                // strtod rounds 2^53 + 1 to 2^53: the token read as a whole number decides.
                errno = 0;
                const long long whole = std::strtoll(token.c_str(), &stop, 10);
                const bool exactWhole = errno == 0 && stop == token.c_str() + token.size();
                if (std::fabs(v) > kMaxExactLong || (exactWhole && (whole > 9007199254740992LL ||
                                                                    whole < -9007199254740992LL)))
                    bad(where() + shownToken + " is past 2^53 = 9007199254740992, the largest long ReduceLab shows "
                                               "exactly (values travel as double)");
            } else if (type == ElemType::Double) {
                // any finite number (checked above)
            } else if (type == ElemType::Int) {
                if (v != std::trunc(v))
                    bad(where() + shownToken + " is not a whole number; the type is int (choose float for it)");
                if (v < double(std::numeric_limits<int32_t>::min()) || v > double(std::numeric_limits<int32_t>::max()))
                    bad(where() + shownToken + " does not fit a 32-bit int");
            } else if (std::fabs(v) > double(std::numeric_limits<float>::max())) {
                bad(where() + shownToken + " is past the largest float");
            }
            if (out.size() >= kMaxDataFileValues)
                bad(shown + " holds more than " + std::to_string(kMaxDataFileValues) + " values");
            out.push_back(v);
            i = end;
        }
    }
    if (out.empty()) bad(shown + " holds no numbers; give numbers separated by spaces, commas or new lines");
    return out;
}

std::vector<double> readDataFile(const std::string& path, ElemType type) {
    if (path.empty()) bad("no data file chosen; give --data file:PATH");
    std::error_code ec;
    const std::filesystem::file_status status = std::filesystem::status(path, ec);
    if (std::filesystem::is_directory(status)) bad("cannot read the data file " + path + ": it is a folder");
    // Anything but a regular file (a FIFO, a device) is refused before it is opened: opening a FIFO for reading
    // waits for a writer, which would hang the command or the explorer.
    if (std::filesystem::exists(status) && !std::filesystem::is_regular_file(status))
        bad("cannot read the data file " + path + ": it is not a regular file; give a text file of numbers");
    std::ifstream in(path, std::ios::binary);
    if (!in) bad("cannot read the data file " + path + ": " + std::strerror(errno));
    in.seekg(0, std::ios::end);
    const std::streamoff size = in.tellg();
    if (size < 0) bad("cannot read the data file " + path + " (not a regular file?)");
    if (size_t(size) > kMaxDataFileBytes)
        bad("the data file " + path + " is larger than " + std::to_string(kMaxDataFileBytes >> 20) + " MiB");
    in.seekg(0);
    std::string text(size_t(size), '\0');
    in.read(text.data(), size);
    if (in.gcount() != size) bad("cannot read the data file " + path);
    return parseDataText(text, type, path);
}

void awayFromZero(HostArray& input, int side) {
    const int s = side < 0 ? -1 : 1;
    for (int32_t& v : input.ints) v = s * (v < 0 ? -v + 1 : v + 1);
    for (int64_t& v : input.longs) v = s * (v < 0 ? -v + 1 : v + 1);
    for (float& v : input.floats) v = float(s) * (std::fabs(v) + 1.f);
    for (double& v : input.doubles) v = double(s) * (std::fabs(v) + 1.0);
}

HostArray paddedWithIdentity(const HostArray* from, size_t elements, ElemType type, Op op) {
    HostArray out;
    out.type = type;
    const double id = identity(op, type);
    for (size_t i = 0; i < elements; ++i) {
        const double v = from && i < from->size() ? from->at(i) : id;
        switch (type) {
            case ElemType::Int: out.ints.push_back(int32_t(v)); break;
            case ElemType::Long: out.longs.push_back(int64_t(v)); break;
            case ElemType::Double: out.doubles.push_back(v); break;
            default: out.floats.push_back(float(v)); break;
        }
    }
    return out;
}

double guardValue(Op op, ElemType type) {
    const bool wide = type == ElemType::Long || type == ElemType::Double;
    const bool whole = type == ElemType::Int || type == ElemType::Long;
    switch (op) {
        case Op::Min:
            if (whole) return wide ? -9007199254740991.0 : double(std::numeric_limits<int32_t>::min());
            return wide ? -std::numeric_limits<double>::max() : -double(std::numeric_limits<float>::max());
        case Op::Max:
            if (whole) return wide ? 9007199254740991.0 : double(std::numeric_limits<int32_t>::max());
            return wide ? std::numeric_limits<double>::max() : double(std::numeric_limits<float>::max());
        default: return whole ? 777777777.0 : 1.0e6;
    }
}

HostArray withGuardTail(const HostArray& input, size_t tail, Op op) {
    return withGuardTail(input, tail, guardValue(op, input.type));
}

HostArray withGuardTail(const HostArray& input, size_t tail, double guard) {
    HostArray out = input;
    const double g = guard;
    switch (input.type) {
        case ElemType::Int: out.ints.insert(out.ints.end(), tail, int32_t(g)); break;
        case ElemType::Long: out.longs.insert(out.longs.end(), tail, int64_t(g)); break;
        case ElemType::Double: out.doubles.insert(out.doubles.end(), tail, g); break;
        default: out.floats.insert(out.floats.end(), tail, float(g)); break;
    }
    return out;
}

}  // namespace rl

namespace rl {

std::vector<double> readTextLetters(const std::string& path) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (!fs::is_regular_file(path, ec))
        bad(path + ": no such file (give --data text:PATH with a plain text file, e.g. a chapter of a book)");
    const auto size = fs::file_size(path, ec);
    if (ec || size > kMaxDataFileBytes)
        bad(path + ": too large or unreadable; give a text file of at most " +
            std::to_string(kMaxDataFileBytes >> 20) + " MiB");
    std::ifstream f(path, std::ios::binary);
    if (!f) bad(path + ": cannot be read (check its permissions)");
    std::vector<double> out;
    for (char ch; f.get(ch);) {
        const unsigned char c = static_cast<unsigned char>(ch);
        if (c >= 'a' && c <= 'z') out.push_back(double(c - 'a'));
        else if (c >= 'A' && c <= 'Z') out.push_back(double(c - 'A'));
        if (out.size() > kMaxDataFileValues)
            bad(path + ": more than " + std::to_string(kMaxDataFileValues) + " letters; give a shorter text");
    }
    if (out.empty()) bad(path + ": holds no letter a-z; give a text file (its letters are counted, case folded)");
    return out;
}

}  // namespace rl
