// `reducelab check` as a library call: a student's kernel built on the chosen device, run on the check's sizes
// against the host reference, traced (on Oclgrind when it has no recording macros, on the device when it has),
// checked by Oclgrind for races, uninitialised reads, out-of-bounds accesses and barrier divergence, and compared
// with a model. The device and the simulator each run in a child process with a time limit, so a kernel that hangs
// or crashes the driver becomes a failed check, never a hung or crashed caller. The exercises grade with it.
#pragma once
#include <string>

#include "core/workbench/check_report.h"
#include "core/workbench/check_request.h"

namespace rl::check {

using workbench::CheckRequest;

// Never throws for anything the kernel does; throws rl::Error (BadInput) only for a request that cannot be checked
// at all (an unknown model, a device that does not exist).
workbench::CheckReport checkKernel(const CheckRequest& request);

// The exit status `reducelab check` gives a report: 0 when every check that ran passed, 1 when some failed (with
// `requireAll`, also when some could not run here), 2 when the kernel does not build or breaks the launch contract.
int exitStatus(const workbench::CheckReport& report, bool requireAll = false);

}  // namespace rl::check
