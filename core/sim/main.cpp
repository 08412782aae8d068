// reducelab-sim: the simulator step of `reducelab check` as a process of its own. Reads a check request (JSON, as
// core/workbench/check_request.h writes it) from the file given, runs the kernel on Oclgrind and prints one JSON
// event per line (core/sim/simulator_step.h). Not meant to be run by hand; `reducelab check` runs it.
#include <fstream>
#include <iostream>

#include "core/sim/simulator.h"
#include "core/sim/simulator_step.h"
#include "core/types.h"
#include "core/workbench/student_kernel.h"

int main(int argc, char** argv) {
    if (argc != 3 || std::string(argv[1]) != "--request") {
        std::cerr << "usage: reducelab-sim --request FILE.json (run by `reducelab check`)\n";
        return 2;
    }
    try {
        if (!rl::sim::available()) {  // not a failure of the kernel: the check marks its checks `not checked`
            std::cout << nlohmann::json{{"event", "unavailable"}, {"why", rl::sim::unavailableReason()}}.dump()
                      << std::endl;
            return 3;
        }
        std::ifstream in(argv[2]);
        if (!in) throw rl::Error(rl::ErrorKind::BadInput, std::string("cannot read the request ") + argv[2]);
        const auto request = rl::workbench::checkRequestFromJson(nlohmann::json::parse(in));
        const rl::VariantInfo variant =
            rl::workbench::studentVariant(rl::workbench::kernelOf(request), request.text, request.file,
                                          request.config.type);
        rl::sim::simulatorStep(request, variant, [](const nlohmann::json& e) { std::cout << e.dump() << std::endl; });
        return 0;
    } catch (const std::exception& e) {
        std::cerr << "reducelab-sim: " << e.what() << "\n";
        return 1;
    }
}
