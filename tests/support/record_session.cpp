// record_session: traces and times one variant on the OpenCL device and saves it as a session file (used to make
// the valid seeds of the loader's corpus and the examples in docs/).
#include <cstdio>
#include <cstdlib>
#include <string>

#include "core/cl/engine.h"
#include "core/session/session.h"

int main(int argc, char** argv) {
    if (argc != 6) {
        std::fprintf(stderr, "usage: record_session VARIANT N WG int|float OUT.json\n");
        return 2;
    }
    try {
        rl::RunConfig c;
        c.variant = argv[1];
        c.n = std::stoul(argv[2]);
        c.wg = std::stoul(argv[3]);
        c.type = *rl::parseElemType(argv[4]) ;
        c.data = rl::DataPattern::Random;
        c.seed = 7;
        rl::Engine engine(rl::selectDevice(""));
        const rl::HostArray input = rl::makeInput(c.type, c.data, c.n, c.seed);
        rl::Session s;
        s.device = engine.device();
        s.config = c;
        s.trace = engine.trace(c, input);
        s.timings = engine.run(c, input, 1, 3);
        s.savedBy = "ReduceLab record_session";
        rl::saveSession(s, argv[5]);
        std::printf("saved %s (%s, n=%zu, wg=%zu, %s)\n", argv[5], argv[1], c.n, c.wg, argv[4]);
        return 0;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "record_session: %s\n", e.what());
        return 1;
    }
}
