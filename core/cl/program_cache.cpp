// Program building with the build log surfaced in the error.
#include "core/cl/program_cache.h"

#include "core/kernel_source.h"
#include "core/pass_plan.h"
#include "core/types.h"
#include "core/variant_support.h"

namespace rl {

std::string ProgramCache::buildOptions(const VariantInfo& variant, const RunConfig& config, bool traced) {
    std::string o = config.type == ElemType::Int ? "-D RL_TYPE_INT" : "-D RL_TYPE_FLOAT";
    o += config.op == Op::Sum ? " -D RL_OP_SUM" : config.op == Op::Min ? " -D RL_OP_MIN" : " -D RL_OP_MAX";
    if (traced) o += " -D RL_TRACE";
    if (variant.wgFixedAtBuild) o += " -D RL_WG=" + std::to_string(config.wg);
    o += " -D RL_EPI=" + std::to_string(effectiveElemsPerItem(variant, config));
    if (variant.needsOpenCL20 || variant.needsSubGroups) o += " -cl-std=CL2.0";
    return o;
}

cl::Program ProgramCache::program(const std::string& name, const std::string& source, const std::string& options) {
    const auto key = std::make_pair(name, options);
    auto it = programs_.find(key);
    if (it != programs_.end()) return it->second;
    cl::Program program(context_, source);
    try {
        program.build(std::vector<cl::Device>{device_}, options.c_str());
    } catch (const cl::Error&) {
        std::string log;
        try {
            log = program.getBuildInfo<CL_PROGRAM_BUILD_LOG>(device_);
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
    std::string options = buildOptions(variant, config, traced);
    if (const size_t at = options.find("-cl-std=CL2.0"); at != std::string::npos)
        options.replace(at, 13, builtinClStd(device_));  // the device may offer OpenCL C 3.0 but not 2.0 (PoCL)
    const auto key = std::make_pair(variant.id, options);
    if (auto it = kernels_.find(key); it != kernels_.end()) return it->second;
    cl::Program p = program(variant.id, programSource(variant.id), options);
    try {
        return kernels_.emplace(key, cl::Kernel(p, variant.kernelName.c_str())).first->second;
    } catch (const cl::Error& e) {
        throw Error(ErrorKind::BuildFailed, "kernels/" + variant.id + ".cl has no kernel named '" + variant.kernelName +
                                                "' (" + std::to_string(e.err()) + ")");
    }
}

}  // namespace rl
