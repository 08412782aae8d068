// Program building with the build log surfaced in the error.
#include "core/cl/program_cache.h"

#include <functional>

#include "core/build_options.h"
#include "core/kernel_source.h"
#include "core/types.h"

namespace rl {

cl::Program ProgramCache::program(const std::string& name, const std::string& source, const std::string& options) {
    const auto key = std::make_pair(name, options);
    auto it = programs_.find(key);
    if (it != programs_.end()) return it->second;
    cl::Program program(context_, source);
    try {
        program.build(std::vector<cl::Device>{clDevice_}, options.c_str());
    } catch (const cl::Error&) {
        std::string log;
        try {
            log = program.getBuildInfo<CL_PROGRAM_BUILD_LOG>(clDevice_);
        } catch (const cl::Error&) {
            log = "(the driver gave no build log)";
        }
        throw Error(ErrorKind::BuildFailed, "kernel '" + name + "' failed to build with options '" + options +
                                                "'; fix the kernel source. Build log:\n" + log);
    }
    programs_.emplace(key, program);
    return program;
}

cl::Kernel ProgramCache::kernel(const VariantInfo& variant, const RunConfig& config, bool traced) {
    const std::string options = buildOptions(variant, config, traced, device_);
    // A student's text is keyed by its hash too, so an edited kernel is built again.
    const std::string name =
        variant.source.empty() ? variant.id : variant.id + "#" + std::to_string(std::hash<std::string>{}(variant.source));
    const auto key = std::make_pair(name, options);
    if (auto it = kernels_.find(key); it != kernels_.end()) return it->second;
    cl::Program p = program(name, variant.source.empty() ? programSource(variant.id) : variant.source, options);
    try {
        return kernels_.emplace(key, cl::Kernel(p, variant.kernelName.c_str())).first->second;
    } catch (const cl::Error& e) {
        throw Error(ErrorKind::BuildFailed, (variant.source.empty() ? "kernels/" + variant.id + ".cl" : variant.id) +
                                                " has no kernel named '" + variant.kernelName +
                                                "' (" + std::to_string(e.err()) + ")");
    }
}

}  // namespace rl
