// Basic vocabulary of ReduceLab: operations, element types, data patterns, and the error type core throws.
#pragma once
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace rl {

// The parallel patterns ReduceLab teaches (core/pattern.h describes each; core/patterns/registry.cpp lists
// them).
enum class Pattern {
    Reduce,  // one value from many: sum, min or max of an array
    Scan,    // every prefix: out[i] = in[0] op ... op in[i] (inclusive) or up to in[i - 1] (exclusive)
    Histogram  // counts: bins[b] = how many elements fall in bin b of equal-width bins over a range
};

enum class Op { Sum, Min, Max };
// Int and Float are 32-bit; Long and Double 64-bit (Double needs the device's cl_khr_fp64). Values travel as double
// through traces and models, so a long is exact while |v| <= 2^53 (kMaxExactLong): generated data always is, and a
// data file past it is refused.
enum class ElemType { Int, Float, Long, Double };
inline constexpr ElemType kAllTypes[] = {ElemType::Int, ElemType::Float, ElemType::Long, ElemType::Double};
inline constexpr double kMaxExactLong = 9007199254740992.0;  // 2^53
// Input data. Digits: whole numbers 0..9 (the presets' and lecture mode's data: every sum fits a cell and a head);
// Small: 0..99; Random: ints in [-1000, 1000], floats in [-1, 1); Ones; Iota: 0, 1, 2, ...; Floats: quarters in
// [-8, 8] (short, exact in float); Zipf: whole numbers 0..1023 where k comes with a weight of 1 / (k + 1) (skewed:
// a few values take most elements); Constant: every element 3 (a histogram's worst contention); File: the numbers of
// a text file; Text: the letters a-z of a text file as 0..25, case folded, everything else skipped (RunConfig::dataFile,
// core/input.h).
enum class DataPattern { Random, Iota, Ones, Digits, Small, Floats, File, Zipf, Constant, Text };

std::string_view toString(Op op);
std::string_view toString(ElemType type);
// Whether the data come from a text file (RunConfig::dataFile): its numbers (File) or its letters (Text).
inline constexpr bool fromFile(DataPattern d) { return d == DataPattern::File || d == DataPattern::Text; }

std::string_view toString(DataPattern pattern);
std::optional<Op> parseOp(std::string_view text);
std::optional<ElemType> parseElemType(std::string_view text);
std::optional<DataPattern> parseDataPattern(std::string_view text);

// A number as the shortest text that reads back as the same double ("0.1", "-1.5", "256").
std::string shortestText(double v);

// Size in bytes of one element on the device (int and float 32-bit, long and double 64-bit).
inline constexpr size_t elemSize(ElemType type) { return type == ElemType::Long || type == ElemType::Double ? 8 : 4; }
// Whole-number types (int, long): exact arithmetic that wraps; the others round.
inline constexpr bool isIntegral(ElemType type) { return type == ElemType::Int || type == ElemType::Long; }
inline constexpr bool isWide(ElemType type) { return elemSize(type) == 8; }
// "int, float, long or double": the names parseElemType takes, for messages.
std::string_view typeNames();

// One element as the device stores it (elemSize(type) bytes, host byte order), as the value it holds.
double valueFromBytes(const void* bytes, ElemType type);

// The operation's identity, used to pad inputs that do not fill the last work-group.
double identity(Op op, ElemType type);

// Applies the operation exactly as the device does for this element type (int and long wrap, float rounds to float,
// double to double).
double apply(Op op, ElemType type, double a, double b);

// What went wrong, so front ends can pick exit codes and wording.
enum class ErrorKind {
    BadInput,      // the user asked for something impossible: exit code 2 in the CLI
    Unsupported,   // the device cannot run this (work-group size, missing feature): exit code 1
    BuildFailed,   // a kernel did not compile; the message carries the build log
    DeviceFailure  // an OpenCL call failed at run time
};

class Error : public std::runtime_error {
public:
    Error(ErrorKind kind, const std::string& what) : std::runtime_error(what), kind_(kind) {}
    ErrorKind kind() const { return kind_; }

private:
    ErrorKind kind_;
};

}  // namespace rl
