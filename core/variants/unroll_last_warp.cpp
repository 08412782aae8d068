// Descriptor of kernels/unroll-last-warp.cl (Harris step 5 as published: not correct by design in OpenCL).
#include "core/variants/descriptors.h"

namespace rl::variants {

VariantInfo unrollLastWarp() {
    VariantInfo v;
    v.id = "unroll-last-warp";
    v.title = "Unroll the last warp (warp-synchronous, as published)";
    v.harrisStep = 5;
    v.lesson =
        "When 32 or fewer work-items remain active they fit in one warp, and on the GPUs of Harris's talk a warp's "
        "32 lanes ran every instruction together. So the last six stages drop the barrier and the `if (tid < s)`: "
        "the first 32 work-items run s = 32, 16, ..., 1 straight through on a volatile pointer, all lanes active. "
        "That saves the loop and five barriers per group. It teaches what lockstep execution buys, and why relying on "
        "it is a bet: OpenCL promises nothing about work-items running together, so the tail is a data race, and "
        "ReduceLab shows it giving the wrong answer on a device that runs work-items one after another.";
    v.requirements = "power-of-two work-group size of at least 64; lockstep 32-wide warps (not guaranteed anywhere)";
    v.toggles.sequentialAddressing = true;
    v.toggles.compactBranching = true;
    v.toggles.firstAddDuringLoad = true;
    v.toggles.unrollLastWarp = true;
    v.defaultElementsPerItem = 2;
    v.minWorkGroup = 64;
    v.correctByDesign = false;
    v.wrongReason =
        "the tail assumes the 32 lanes of a warp run in lockstep, each step's reads finishing before any lane's "
        "write, with no barrier. Devices without lockstep 32-wide warps (PoCL runs a work-group's items one after "
        "another) read cells their neighbours have not yet written and give wrong results; under OpenCL's memory "
        "model the unsynchronised reads and writes are a data race, undefined behaviour even on GPUs, which with "
        "independent thread scheduling need not keep a warp converged. unroll-last-warp-safe is the correct tail";
    return v;
}

}  // namespace rl::variants
