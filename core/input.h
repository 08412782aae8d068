// Input arrays for reductions: generated on the host from a pattern and seed, or read from a text file, typed as
// the device sees them.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/run_config.h"
#include "core/types.h"

namespace rl {

// The generator every input pattern draws from (SplitMix64): one stream per seed, the same on every machine.
struct SplitMix64 {
    uint64_t state;
    uint64_t next() {
        uint64_t z = (state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
};

struct HostArray {
    ElemType type = ElemType::Float;
    std::vector<int32_t> ints;      // type Int
    std::vector<float> floats;      // type Float
    std::vector<int64_t> longs;     // type Long
    std::vector<double> doubles;    // type Double

    size_t size() const {
        switch (type) {
            case ElemType::Int: return ints.size();
            case ElemType::Long: return longs.size();
            case ElemType::Double: return doubles.size();
            default: return floats.size();
        }
    }
    double at(size_t i) const {
        switch (type) {
            case ElemType::Int: return double(ints[i]);
            case ElemType::Long: return double(longs[i]);
            case ElemType::Double: return doubles[i];
            default: return double(floats[i]);
        }
    }
    const void* data() const {
        switch (type) {
            case ElemType::Int: return ints.data();
            case ElemType::Long: return longs.data();
            case ElemType::Double: return doubles.data();
            default: return floats.data();
        }
    }
    size_t bytes() const { return size() * elemSize(type); }
};

// Generated patterns, deterministic for a given seed on every platform:
//   random: ints and longs uniform in [-1000, 1000], floats and doubles uniform in [-1, 1) (never all zeros; the
//   double values are the float ones, so a seed gives the same data in both);
//   0-9 (Digits) and 0-99 (Small): whole numbers uniform in that range (as floats for the float type);
//   floats: multiples of 0.25 uniform in [-8, 8], exact in float (whole numbers in [-8, 8] for the int type);
//   iota: 0, 1, 2, ...; ones: all 1; constant: all 3; zipf: whole numbers 0..1023, k drawn with weight 1 / (k + 1).
// File needs the file's name: throws rl::Error (BadInput) here; use makeInput(const RunConfig&).
HostArray makeInput(ElemType type, DataPattern pattern, size_t n, uint64_t seed);

// Every value v of `input` made side x (|v| + 1): all of them 1 or more (side 1) or -1 or less (side -1), in their
// drawn order and spread. For the generated patterns, whose values lie far from the type's limits.
void awayFromZero(HostArray& input, int side);

// `elements` values of `type`: those of `from` first (when given), then the identity of `op` (a kernel that takes no
// element count reads whole work-groups of this).
HostArray paddedWithIdentity(const HostArray* from, size_t elements, ElemType type, Op op);

// The value a check puts past the end of an input: one that changes the op's result wherever it is taken in (sum:
// a large odd number, so no count of them wraps an int to zero; min: the type's lowest; max: its highest).
double guardValue(Op op, ElemType type);

// `input` followed by `tail` copies of guardValue(op, type).
HostArray withGuardTail(const HostArray& input, size_t tail, Op op);
// ... followed by `tail` copies of `guard` (a pattern's own: a histogram's is a value inside its range).
HostArray withGuardTail(const HostArray& input, size_t tail, double guard);

// The input a configuration describes: its pattern, or (File) the values of config.dataFile, which must still hold
// exactly config.n of them. Throws rl::Error (BadInput) naming the file and the problem.
HostArray makeInput(const RunConfig& config);

// Largest data file read, in bytes, and most values in one.
inline constexpr size_t kMaxDataFileBytes = size_t(64) << 20;
inline constexpr size_t kMaxDataFileValues = size_t(1) << 24;

// The numbers of a text file, separated by white space, commas or semicolons; '#' starts a comment to the end of
// the line. For the int type every number must be whole and fit 32 bits; for long, whole and within +-2^53 (values
// travel as double, exact only that far); for float, finite and within float's range (it is rounded to float); for
// double, finite. Throws rl::Error (BadInput) with the path, the line and what to do: a file that
// cannot be read, is too large, holds no number or holds something that is not one.
std::vector<double> readDataFile(const std::string& path, ElemType type);

// Parses the text of a data file (`shown` names it in messages); the rules of readDataFile.
std::vector<double> parseDataText(const std::string& text, ElemType type, const std::string& shown);

// The letters a-z of a text file (A-Z folded to them) as 0..25, in order; every other byte skipped. Throws
// rl::Error (BadInput) naming the file: unreadable, past kMaxDataFileBytes, or without a letter.
std::vector<double> readTextLetters(const std::string& path);
// Values as the device's element type (ints and longs exactly, floats rounded to float).
HostArray arrayOf(ElemType type, const std::vector<double>& values);

}  // namespace rl
