// Sessions: a recorded run (device description, variant, parameters, trace, timings) saved to a file and opened
// again anywhere, including on a machine with no OpenCL device: nothing here makes an OpenCL call.
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "core/device_info.h"
#include "core/run_result.h"
#include "core/run_config.h"
#include "core/trace.h"
#include "core/catalogue/variant.h"

namespace rl {

inline constexpr const char* kSessionFormat = "reducelab-session";
inline constexpr int kSessionVersion = 1;
// Files larger than this are refused before anything is parsed. The explorer's largest trace (256 work-groups of
// 256 items, every stage, float) saves to 21 MiB and opens in 0.7 s with 126 MB resident (measured on PoCL).
inline constexpr size_t kMaxSessionBytes = size_t(64) << 20;
// Deepest nesting of arrays and objects a session has (it is 10); deeper text is refused before it is parsed.
inline constexpr int kMaxSessionDepth = 16;

// A student's kernel kept in a session (core/workbench/student_kernel.h): the session replays without the file.
struct SessionKernel {
    std::string file;   // its file name, as shown (the variant id is "kernel:<file>")
    std::string entry;  // the kernel chosen; empty: the file's only one
    std::string text;   // the source as it was when the trace was recorded
    Pattern pattern = Pattern::Reduce;  // the launch contract it keeps ("pattern" in the file; absent: reduce)
};

struct Session {
    DeviceInfo device;  // the description of the device that recorded it (its OpenCL handle stays empty)
    RunConfig config;   // the parameters the user chose
    TraceRun trace;     // what the kernel recorded, with the analysis
    std::optional<RunResult> timings;  // the timed run, when one was made
    std::string savedBy;  // "ReduceLab 0.1", informative
    std::optional<SessionKernel> kernel;  // when the variant is a student's kernel ("kernel:<file>")
};

// The variant a session recorded: a built-in one, or the student's kernel rebuilt from the text it keeps. Throws
// rl::Error (BadInput) when neither (checkSession refuses such a session).
VariantInfo sessionVariant(const Session& session);

// Text of a session file (JSON). Throws rl::Error (BadInput) if the session is inconsistent or too large to save.
std::string serializeSession(const Session& session);

// Parses and checks a session file's text: size, nesting, format name and version, every field, and that the
// trace is consistent (lengths, indices, values of the element type, the analysis its operations imply).
// Throws rl::Error (BadInput) naming the first problem; returns only a session that passed every check.
Session parseSession(std::string_view text);

// Writes through a temporary file renamed over `path`, so a failed save leaves an existing file untouched.
// Throws rl::Error (BadInput) naming the path and the reason when it cannot be written.
void saveSession(const Session& session, const std::string& path);

// Reads `path` (refusing files over kMaxSessionBytes before reading them) and parses it.
Session loadSession(const std::string& path);

// The checks parseSession applies to a session built in memory; throws rl::Error (BadInput).
void checkSession(const Session& session);

}  // namespace rl
