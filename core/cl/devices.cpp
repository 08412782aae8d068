// Device enumeration and selection over the OpenCL ICD loader.
#include "core/cl/devices.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>

#include "core/types.h"

namespace rl {
namespace {

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return s;
}

std::string trim(std::string s) {
    while (!s.empty() && (s.back() == '\0' || std::isspace((unsigned char)s.back()))) s.pop_back();
    return s;
}

std::string typeName(cl_device_type t) {
    if (t & CL_DEVICE_TYPE_GPU) return "GPU";
    if (t & CL_DEVICE_TYPE_CPU) return "CPU";
    if (t & CL_DEVICE_TYPE_ACCELERATOR) return "accelerator";
    return "other";
}

// The device's vendor and platform names, lower case: what tells NVIDIA's or AMD's driver.
std::string vendorOf(const DeviceInfo& info) {
    return lower(info.vendor + " " + info.platform);
}

bool nvidia(const DeviceInfo& info) {
    return vendorOf(info).find("nvidia") != std::string::npos;
}

void fillSimdWidth(DeviceInfo& info, const cl::Device& device) {
    const std::string vendor = vendorOf(info);
    const std::string extensions = device.getInfo<CL_DEVICE_EXTENSIONS>();
    if (nvidia(info)) {
        info.simdWidth = 32;
        info.simdWidthSource = "NVIDIA warp";
        if (extensions.find("cl_nv_device_attribute_query") != std::string::npos) {
            cl_uint warp = 0;
            if (clGetDeviceInfo(device(), 0x4003 /* CL_DEVICE_WARP_SIZE_NV */, sizeof warp, &warp, nullptr) ==
                    CL_SUCCESS && warp > 0) {
                info.simdWidth = int(warp);
                info.simdWidthSource = "CL_DEVICE_WARP_SIZE_NV";
            }
        }
    } else if (vendor.find("advanced micro devices") != std::string::npos || vendor.find("amd") == 0) {
        info.simdWidth = 64;
        info.simdWidthSource = "AMD wavefront";
        if (extensions.find("cl_amd_device_attribute_query") != std::string::npos) {
            cl_uint wave = 0;
            if (clGetDeviceInfo(device(), 0x4043 /* CL_DEVICE_WAVEFRONT_WIDTH_AMD */, sizeof wave, &wave,
                                nullptr) == CL_SUCCESS && wave > 0) {
                info.simdWidth = int(wave);
                info.simdWidthSource = "CL_DEVICE_WAVEFRONT_WIDTH_AMD";
            }
        }
    } else {
        info.simdWidth = 32;
        info.simdWidthSource = "default (the device does not say)";
    }
}

bool compilesOpenClC3(const cl::Device& device) {
    try {
        for (const auto& v : device.getInfo<CL_DEVICE_OPENCL_C_ALL_VERSIONS>())
            if (CL_VERSION_MAJOR(v.version) == 3) return true;
    } catch (const cl::Error&) {  // an OpenCL 1.x/2.x platform: no list of versions
    }
    return false;
}

std::vector<cl::Platform> platformsOrThrow() {
    std::vector<cl::Platform> platforms;
    try {
        cl::Platform::get(&platforms);
    } catch (const cl::Error&) {
        platforms.clear();
    }
    if (platforms.empty())
        throw Error(ErrorKind::Unsupported,
                    "no OpenCL platform found: install an OpenCL driver (on Debian: apt-get install pocl-opencl-icd "
                    "for the CPU, or your GPU vendor's OpenCL ICD)");
    return platforms;
}

// Every device in the flat order that DeviceInfo::index counts.
std::vector<std::pair<cl::Platform, cl::Device>> allClDevices() {
    std::vector<std::pair<cl::Platform, cl::Device>> out;
    for (const auto& platform : platformsOrThrow()) {
        std::vector<cl::Device> devices;
        try {
            platform.getDevices(CL_DEVICE_TYPE_ALL, &devices);
        } catch (const cl::Error&) {
            continue;  // a platform with no devices
        }
        for (const auto& device : devices) out.emplace_back(platform, device);
    }
    return out;
}

}  // namespace

std::vector<DeviceInfo> listDevices() {
    std::vector<DeviceInfo> out;
    for (const auto& [platform, device] : allClDevices()) {
        DeviceInfo info;
        info.index = int(out.size());
        info.platform = trim(platform.getInfo<CL_PLATFORM_NAME>());
        info.platformVersion = trim(platform.getInfo<CL_PLATFORM_VERSION>());
        info.name = trim(device.getInfo<CL_DEVICE_NAME>());
        info.vendor = trim(device.getInfo<CL_DEVICE_VENDOR>());
        info.version = trim(device.getInfo<CL_DEVICE_VERSION>());
        info.driver = trim(device.getInfo<CL_DRIVER_VERSION>());
        info.type = typeName(device.getInfo<CL_DEVICE_TYPE>());
        info.computeUnits = int(device.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>());
        info.maxWorkGroup = device.getInfo<CL_DEVICE_MAX_WORK_GROUP_SIZE>();
        info.localMemBytes = device.getInfo<CL_DEVICE_LOCAL_MEM_SIZE>();
        info.globalMemBytes = device.getInfo<CL_DEVICE_GLOBAL_MEM_SIZE>();
        info.maxAllocBytes = device.getInfo<CL_DEVICE_MAX_MEM_ALLOC_SIZE>();
        info.globalCacheBytes = size_t(device.getInfo<CL_DEVICE_GLOBAL_MEM_CACHE_SIZE>());
        const std::string extensions = device.getInfo<CL_DEVICE_EXTENSIONS>();
        const std::string cVersion = trim(device.getInfo<CL_DEVICE_OPENCL_C_VERSION>());
        info.openclC = cVersion;
        info.openclC3 = compilesOpenClC3(device);
        info.subGroups = extensions.find("cl_khr_subgroups") != std::string::npos;
        info.int64Atomics = extensions.find("cl_khr_int64_base_atomics") != std::string::npos;
        info.fp64 = extensions.find("cl_khr_fp64") != std::string::npos;
        const bool nvidiaGpu = info.type == "GPU" && nvidia(info);
        info.startsGroupsInOrder = nvidiaGpu;  // as CUB's single-pass scan relies on
        info.ptxWarps = nvidiaGpu;             // NVIDIA's OpenCL C takes inline PTX
        if (nvidiaGpu && extensions.find("cl_nv_device_attribute_query") != std::string::npos) {
            try {
                info.ptxMatch = device.getInfo<CL_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV>() >= 7;
            } catch (const cl::Error&) {
            }
        }
        info.workGroupCollectives = cVersion.find("OpenCL C 2.") != std::string::npos;
        if (cVersion.find("OpenCL C 3.") != std::string::npos) {
            // OpenCL 3.0 made these optional: ask for the feature macros.
            try {
                for (const auto& feature : device.getInfo<CL_DEVICE_OPENCL_C_FEATURES>()) {
                    const std::string name = feature.name;
                    if (name == "__opencl_c_work_group_collective_functions") info.workGroupCollectives = true;
                    if (name == "__opencl_c_subgroups") info.subGroups = true;
                }
            } catch (const cl::Error&) {
            }
        }
        fillSimdWidth(info, device);
        out.push_back(std::move(info));
    }
    if (out.empty())
        throw Error(ErrorKind::Unsupported, "OpenCL platforms were found but none has a device: check the driver");
    return out;
}

DeviceInfo selectDevice(const std::string& spec) {
    std::string wanted = spec;
    if (wanted.empty()) {
        const char* env = std::getenv("REDUCELAB_DEVICE");
        if (env && *env) wanted = env;
    }
    auto devices = listDevices();
    if (wanted.empty()) return devices.front();
    const bool numeric = std::all_of(wanted.begin(), wanted.end(), [](unsigned char c) { return std::isdigit(c); });
    if (numeric) {
        const size_t index = std::stoul(wanted);
        if (index < devices.size()) return devices[index];
    } else {
        for (const auto& d : devices)
            if (lower(d.platform + " " + d.name).find(lower(wanted)) != std::string::npos) return d;
    }
    std::string names;
    for (const auto& d : devices)
        names += (names.empty() ? " " : "; ") + std::to_string(d.index) + " = " + d.platform + " / " + d.name;
    throw Error(ErrorKind::BadInput,
                "no OpenCL device matches '" + wanted + "'; give an index or part of a name (reducelab devices lists them):" + names);
}

cl::Device openDevice(const DeviceInfo& info) {
    const auto all = allClDevices();
    if (info.index >= 0 && size_t(info.index) < all.size() &&
        trim(all[size_t(info.index)].second.getInfo<CL_DEVICE_NAME>()) == info.name)
        return all[size_t(info.index)].second;
    for (const auto& entry : all)  // the list changed since the description was taken: find it by name
        if (trim(entry.second.getInfo<CL_DEVICE_NAME>()) == info.name) return entry.second;
    throw Error(ErrorKind::Unsupported, "the OpenCL device '" + info.name +
                                            "' is no longer listed by the driver: `reducelab devices` lists those there are");
}

}  // namespace rl
