// reducelab check: a student's kernel built, run on the check's sizes, traced, checked by Oclgrind and compared
// with a model; a report on the terminal or as JSON, and an exit status a script can grade with.
#include <iostream>

#include "app/cli/commands.h"
#include "core/check/check.h"
#include "core/files/run_settings.h"
#include "core/workbench/student_kernel.h"

namespace rl::cli {

int cmdCheck(const Options& o) {
    if (!o.raw.count("kernel"))
        throw UsageError("check needs --kernel FILE: the kernel to check (docs/kernels.md says what it must look like)");
    if (o.raw.count("variant"))
        throw UsageError("check checks your kernel (--kernel FILE); compare it with a built-in one with --model ID");
    if (o.config.data == DataPattern::File)
        throw UsageError("check runs your kernel on its own sizes with random data, so --data file: does not apply; "
                         "run it on a file's values with `reducelab run --kernel FILE --data file:PATH`");
    check::CheckRequest request;
    request.file = o.raw.at("kernel");
    request.text = o.kernel ? o.kernelText : workbench::readKernelFile(request.file);  // unreadable: its message
    request.entry = o.raw.count("entry") ? o.raw.at("entry") : "";
    request.pattern = o.pattern;
    request.kernel = o.kernel;  // read once, by the options: the check and its steps do not read the text again
    request.config = o.config;
    if (!o.raw.count("n")) request.config.n = 0;  // the traced size: four work-groups
    request.device = o.device;
    request.model = o.raw.count("model") ? o.raw.at("model") : "";
    if (o.raw.count("timeout"))
        request.timeoutSeconds = double(parseInteger("--timeout", o.raw.at("timeout"), 1, 3600));
    request.simulate = !o.raw.count("no-sim");
    // Nothing here has started a thread: the device and simulator steps fork from this process.
    const workbench::CheckReport report = check::checkKernel(request);
    if (o.json)
        std::cout << workbench::toJson(report).dump(2) << "\n";
    else
        std::cout << workbench::formatReport(report);
    return check::exitStatus(report, o.raw.count("require-all") > 0);
}

}  // namespace rl::cli
