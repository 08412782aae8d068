// What the explorer shows of a check: its trace, the student's variant and the comparison with the model the student
// chose, as the engine worker makes a built-in variant's bundle.
#pragma once
#include <cstdint>
#include <memory>
#include <string>

#include "app/view/tree/trace_bundle.h"
#include "core/workbench/check_report.h"

namespace rl::gui {

// The bundle of `report`'s trace (it must have one) for the kernel `text`; `serial` numbers it, `ms` is the check's
// time (the trace is one of its steps).
std::shared_ptr<const view::TraceBundle> studentBundle(const rl::workbench::CheckReport& report, const std::string& text,
                                                     uint64_t serial, double ms);

}  // namespace rl::gui
