// The simulator's stand-in for builds configured without liboclgrind-dev: it says what to install.
#include "core/types.h"
#include "core/sim/simulator.h"

namespace rl::sim {

bool available() { return false; }

std::string unavailableReason() {
    return "this ReduceLab was built without Oclgrind, the OpenCL simulator that traces kernels without the "
           "recording macros and finds races: install liboclgrind-dev and llvm-14-dev (scripts/install-deps does) "
           "and build again";
}

SimRun simulate(const VariantInfo&, const RunConfig&, const HostArray&, const TraceSelection&, const std::string&,
                bool) {
    throw Error(ErrorKind::Unsupported, unavailableReason());
}

}  // namespace rl::sim
