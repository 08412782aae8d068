// Program building with the build log surfaced in the error; binaries loaded from and stored to the disk cache.
#include "core/cl/program_cache.h"

#include <functional>
#include <iterator>
#include <optional>

#include "core/catalogue/build_options.h"
#include "core/catalogue/kernel_source.h"
#include "core/types.h"

namespace rl {

namespace {

// The (name, options) a variant's kernel is kept under in memory; a student's text is keyed by its hash too, so an
// edited kernel is built again.
std::pair<std::string, std::string> memoryKey(const VariantInfo& variant, const RunConfig& config, bool traced,
                                              const DeviceInfo& device) {
    std::string name = variant.source.empty()
                           ? variant.id
                           : variant.id + "#" + std::to_string(std::hash<std::string>{}(variant.source));
    return {std::move(name), buildOptions(variant, config, traced, device)};
}

// A program built from a stored binary, or nothing when the driver refuses it (a newer compiler, another device).
std::optional<cl::Program> fromBinary(const cl::Context& context, const cl::Device& device,
                                      const std::vector<unsigned char>& binary, const std::string& options) {
    try {
        std::vector<cl_int> status;
        cl::Program program(context, std::vector<cl::Device>{device}, cl::Program::Binaries{binary}, &status);
        if (status.empty() || status[0] != CL_SUCCESS) return std::nullopt;
        program.build(std::vector<cl::Device>{device}, options.c_str());
        return program;
    } catch (const cl::Error&) {
        return std::nullopt;
    }
}

}  // namespace

const std::string& ProgramCache::deviceIdentity() {
    if (identity_.empty()) {
        const cl::Platform platform(clDevice_.getInfo<CL_DEVICE_PLATFORM>());
        identity_ = platform.getInfo<CL_PLATFORM_NAME>() + "\n" + platform.getInfo<CL_PLATFORM_VERSION>() + "\n" +
                    clDevice_.getInfo<CL_DEVICE_VENDOR>() + "\n" + clDevice_.getInfo<CL_DEVICE_NAME>() + "\n" +
                    clDevice_.getInfo<CL_DRIVER_VERSION>() + "\n" + clDevice_.getInfo<CL_DEVICE_VERSION>();
    }
    return identity_;
}

cl::Program ProgramCache::program(const std::string& name, const std::string& source, const std::string& options) {
    const Key key(name, options);
    if (auto it = programs_.find(key); it != programs_.end()) {
        it->second.used = ++tick_;
        return it->second.program;
    }
    const std::string diskKey = disk_.enabled() ? BinaryCache::key(deviceIdentity(), source, options) : "";
    if (!diskKey.empty())
        if (auto binary = disk_.load(diskKey)) {
            if (auto loaded = fromBinary(context_, clDevice_, *binary, options)) {
                disk_.noteHit();
                return keep(key, *loaded);
            }
            disk_.noteStale();
        }
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
    try {
        logs_[key] = program.getBuildInfo<CL_PROGRAM_BUILD_LOG>(clDevice_);
    } catch (const cl::Error&) {
    }
    if (!diskKey.empty()) {
        try {  // a driver that gives no binary only costs the next run a build
            const auto binaries = program.getInfo<CL_PROGRAM_BINARIES>();
            if (binaries.size() == 1) disk_.store(diskKey, binaries[0]);
        } catch (const cl::Error&) {
        }
    }
    return keep(key, program);
}

cl::Program ProgramCache::keep(const Key& key, cl::Program program) {
    programs_[key] = Kept{program, ++tick_};
    while (programs_.size() > maxPrograms_) {
        auto oldest = programs_.begin();
        for (auto it = programs_.begin(); it != programs_.end(); ++it)
            if (it->second.used < oldest->second.used) oldest = it;
        const Key gone = oldest->first;
        programs_.erase(oldest);
        logs_.erase(gone);
        for (auto it = kernels_.begin(); it != kernels_.end();) {  // its kernels: NAME or NAME/ENTRY, same options
            const bool ofIt = it->first.second == gone.second &&
                              (it->first.first == gone.first || it->first.first.rfind(gone.first + "/", 0) == 0);
            it = ofIt ? kernels_.erase(it) : std::next(it);
        }
    }
    return program;
}

void ProgramCache::touch(const Key& key) {
    if (auto it = programs_.find(key); it != programs_.end()) it->second.used = ++tick_;
}

std::string ProgramCache::buildLog(const VariantInfo& variant, const RunConfig& config, bool traced) const {
    const auto it = logs_.find(memoryKey(variant, config, traced, device_));
    return it == logs_.end() ? std::string() : it->second;
}

cl::Kernel ProgramCache::kernel(const VariantInfo& variant, const RunConfig& config, bool traced) {
    return kernel(variant, config, traced, variant.kernelName);
}

cl::Kernel ProgramCache::kernel(const VariantInfo& variant, const RunConfig& config, bool traced,
                                const std::string& entry) {
    const auto programKey = memoryKey(variant, config, traced, device_);
    const auto& [name, options] = programKey;
    auto key = programKey;
    if (entry != variant.kernelName) key.first += "/" + entry;
    if (auto it = kernels_.find(key); it != kernels_.end()) {
        touch(programKey);
        return it->second;
    }
    cl::Program p = program(name, programSourceOf(variant), options);
    try {
        return kernels_.emplace(key, cl::Kernel(p, entry.c_str())).first->second;
    } catch (const cl::Error& e) {
        throw Error(ErrorKind::BuildFailed, (variant.source.empty() ? variant.kernelFile : variant.id) +
                                                " has no kernel named '" + entry +
                                                "' (" + std::to_string(e.err()) + ")");
    }
}

}  // namespace rl
