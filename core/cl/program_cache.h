// Builds kernel programs once per (variant, build options) and keeps the most recently used of them; a failed build
// throws with its log. Binaries also go to an on-disk cache (binary_cache.h) so that the next run loads them instead
// of compiling.
#pragma once
#include <CL/opencl.hpp>
#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <utility>

#include "core/cl/binary_cache.h"
#include "core/device_info.h"
#include "core/run_config.h"
#include "core/catalogue/variant.h"

namespace rl {

class ProgramCache {
public:
    ProgramCache(cl::Context context, cl::Device clDevice, DeviceInfo device)
        : context_(std::move(context)), clDevice_(std::move(clDevice)), device_(std::move(device)),
          disk_(BinaryCache::fromEnvironment()) {}

    // The kernel of `variant` built for this config; traced builds define RL_TRACE. Throws rl::Error (BuildFailed)
    // with the compiler's log when the build fails. Every call for the same build returns the same kernel object
    // (creating one per launch costs microseconds on some drivers), so callers set all its arguments before each
    // enqueue, and an Engine (with its cache) is used by one thread at a time.
    cl::Kernel kernel(const VariantInfo& variant, const RunConfig& config, bool traced);
    // Another kernel of the same program (a variant of two launches: reduce-then-scan's totals), kept the same way.
    cl::Kernel kernel(const VariantInfo& variant, const RunConfig& config, bool traced, const std::string& entry);

    // The compiler's log of that kernel's build when it succeeded (its warnings; empty when the driver wrote none,
    // or when the program came from the on-disk cache).
    std::string buildLog(const VariantInfo& variant, const RunConfig& config, bool traced) const;

    // Any program from explicit source and options (the copy kernel, helpers), cached the same way.
    // A stored binary is tried first (clCreateProgramWithBinary, then its build); a missing, damaged or refused one
    // is built from source, silently, and stored in its place.
    cl::Program program(const std::string& name, const std::string& source, const std::string& options);

    // How many programs stay in memory (kDefaultMaxPrograms): past it, the least recently used one is let go with its
    // kernels (a cl::Kernel a caller still holds keeps its program alive). An explorer used for hours builds a
    // program for every setting it was shown, and a CPU runtime keeps megabytes in each.
    static constexpr size_t kDefaultMaxPrograms = 64;
    void setMaxPrograms(size_t count) { maxPrograms_ = std::max<size_t>(1, count); }
    size_t size() const { return programs_.size(); }

    // The on-disk cache (the environment's by default; tests give a temporary directory, or a disabled one).
    void setDiskCache(BinaryCache cache) { disk_ = std::move(cache); }
    const BinaryCache& diskCache() const { return disk_; }
    // Platform, device, driver and device versions: the part of a disk key that names the device.
    const std::string& deviceIdentity();

private:
    cl::Context context_;
    cl::Device clDevice_;
    DeviceInfo device_;  // what buildOptions needs to know of it (the OpenCL C versions)
    using Key = std::pair<std::string, std::string>;  // (name, build options)
    struct Kept {
        cl::Program program;
        uint64_t used = 0;  // the tick of its last use
    };
    cl::Program keep(const Key& key, cl::Program program);  // stored, and the least recently used let go past the bound
    void touch(const Key& key);

    std::map<Key, Kept> programs_;
    uint64_t tick_ = 0;
    size_t maxPrograms_ = kDefaultMaxPrograms;
    std::map<std::pair<std::string, std::string>, cl::Kernel> kernels_;  // by (variant id, build options)
    std::map<std::pair<std::string, std::string>, std::string> logs_;   // successful builds' logs
    BinaryCache disk_;
    std::string identity_;  // deviceIdentity(), asked once
};

}  // namespace rl
