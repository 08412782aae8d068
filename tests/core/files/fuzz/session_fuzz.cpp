// libFuzzer target for the session loader: any bytes must be accepted or refused with rl::Error; an accepted
// session must save again and reopen to the same text. Built by run_fuzz.sh (clang, ASan + UBSan + fuzzer).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "core/session/session.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    rl::Session session;
    try {
        session = rl::parseSession(text);
    } catch (const rl::Error&) {
        return 0;  // refused cleanly: what hostile input should get
    }
    // Accepted: it must save, and the saved text must reopen to the same text.
    const std::string saved = rl::serializeSession(session);
    const std::string again = rl::serializeSession(rl::parseSession(saved));
    if (saved != again) {
        std::fprintf(stderr, "an accepted session changed on a second save\n");
        std::abort();
    }
    return 0;
}
