// Embedded kernel sources (generated at build time by scripts/cmake/EmbedFiles.cmake).
#include "core/catalogue/kernel_source.h"

#include <fstream>
#include <sstream>
#include <utility>

#include "core/catalogue/variant.h"
#include "core/types.h"

namespace rl::embedded {
const std::vector<std::pair<std::string_view, std::string_view>>& files();
}

namespace rl {

std::string kernelFileText(std::string_view relativePath) {
#ifdef REDUCELAB_SOURCE_DIR
    std::ifstream file(std::string(REDUCELAB_SOURCE_DIR) + "/" + std::string(relativePath));
    if (file) {
        std::ostringstream text;
        text << file.rdbuf();
        return text.str();
    }
#endif
    for (const auto& [path, text] : embedded::files())
        if (path == relativePath) return std::string(text);
    throw Error(ErrorKind::BadInput, "no embedded kernel file '" + std::string(relativePath) + "'");
}

std::string kernelPrelude() { return kernelFileText(kCommonKernelFile) + "\n" + kernelFileText(kRecordKernelFile); }

std::string programSource(std::string_view kernelFile) { return programSourceOfText(kernelFileText(kernelFile)); }

std::string programSourceOfText(std::string_view kernelText) {
    return kernelPrelude() + "\n#line 1\n" + std::string(kernelText);
}

std::string programSourceOf(const VariantInfo& variant) {
    return variant.source.empty() ? programSource(variant.kernelFile) : variant.source;
}

std::vector<std::string> embeddedKernelFiles() {
    std::vector<std::string> out;
    for (const auto& entry : embedded::files()) out.emplace_back(entry.first);
    return out;
}

}  // namespace rl
