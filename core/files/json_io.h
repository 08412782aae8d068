// JSON forms of ReduceLab's results, with the stable field names documented in README.md ("JSON output").
// Non-finite floats (the identity of float min/max pads with +-inf) are written as the strings "inf", "-inf", "nan".
#pragma once
#include <nlohmann/json.hpp>

#include "core/device_info.h"
#include "core/run_result.h"
#include "core/trace.h"
#include "core/catalogue/variant.h"

namespace rl::json {

nlohmann::json value(double v);
double toValue(const nlohmann::json& j);  // accepts numbers and "inf" / "-inf" / "nan"; throws rl::Error otherwise

nlohmann::json device(const DeviceInfo& d);
nlohmann::json variant(const VariantInfo& v);
nlohmann::json config(const RunConfig& c);
nlohmann::json runResult(const RunResult& r);
nlohmann::json copyCeiling(const CopyCeiling& c);
nlohmann::json trace(const TraceRun& t);

// Readers for saved files. Throw rl::Error (BadInput) naming the first field that is missing or malformed.
DeviceInfo readDevice(const nlohmann::json& j);  // the description only: no OpenCL handle, no OpenCL call
RunConfig readConfig(const nlohmann::json& j);
RunResult readRunResult(const nlohmann::json& j);
TraceRun readTrace(const nlohmann::json& j);

}  // namespace rl::json
