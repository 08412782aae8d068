// reducelab variants: the kernels, what each teaches, and whether the selected device can run it.
#include <iostream>

#include "app/cli/commands.h"
#include "app/cli/table.h"
#include "core/cl/devices.h"
#include "core/files/json_io.h"
#include "core/pattern.h"
#include "core/catalogue/variant.h"
#include "core/catalogue/variant_support.h"

namespace rl::cli {
namespace {

// Why the device cannot run a variant, or "" when it can (or when there is no device to ask).
std::string unavailable(const VariantInfo& v, const DeviceInfo* d) { return d ? unavailableReason(v, *d) : ""; }

// The element types the variant reduces (on the device, when there is one: double needs cl_khr_fp64).
std::vector<std::string> typesOf(const VariantInfo& v, const DeviceInfo* d) {
    std::vector<std::string> out;
    for (ElemType t : kAllTypes)
        if (typeUnsupportedReason(v, t, d).empty()) out.emplace_back(toString(t));
    return out;
}

std::string joined(const std::vector<std::string>& items) {
    std::string s;
    for (const auto& i : items) s += (s.empty() ? "" : ", ") + i;
    return s;
}

}  // namespace

int cmdVariants(const Options& o) {
    std::unique_ptr<DeviceInfo> device;
    try {
        device = std::make_unique<DeviceInfo>(selectDevice(o.device));
    } catch (const Error& e) {
        if (!o.device.empty()) throw;  // the user asked for a device that is not there
    }
    if (o.json) {
        nlohmann::json out = nlohmann::json::array();
        for (const auto& v : patternVariants(o.pattern)) {
            auto j = json::variant(v);
            const std::string why = unavailable(v, device.get());
            j["available"] = why.empty();
            j["unavailable_reason"] = why;
            j["types"] = typesOf(v, device.get());
            out.push_back(j);
        }
        std::cout << out.dump(2) << "\n";
        return 0;
    }
    // One variant asked for: its whole card. Otherwise a table narrow enough for a terminal.
    if (o.raw.count("variant")) {
        const VariantInfo& v = *findVariant(o.config.variant);
        const std::string why = unavailable(v, device.get());
        std::cout << v.id << ": " << v.title << (v.harrisStep ? " (Harris step " + std::to_string(v.harrisStep) + ")" : "")
                  << "\n\n" << v.lesson << "\n\nrequires: " << v.requirements << "\ncorrect by design: "
                  << (v.correctByDesign ? "yes" : "NO: " + v.wrongReason) << "\n"
                  << "on this device: " << (!device ? "(no device)" : why.empty() ? "available" : "unavailable: " + why)
                  << "\ntypes: " << joined(typesOf(v, device.get()))
                  << (v.no64BitReason.empty() ? "" : " (no long or double: it " + v.no64BitReason + ")")
                  << "\nkernel: " << v.kernelFile << "\n";
        return 0;
    }
    Table t({"id", "Harris", "title", "by design", "on this device"});
    std::vector<std::string> notes;
    for (const auto& v : patternVariants(o.pattern)) {
        const std::string why = unavailable(v, device.get());
        t.add({v.id, v.harrisStep ? std::to_string(v.harrisStep) : "", v.title, v.correctByDesign ? "correct" : "WRONG",
               device ? (why.empty() ? "available" : "unavailable (below)") : "(no device)"});
        if (!why.empty()) notes.push_back(v.id + " is unavailable: " + why);
        if (!v.correctByDesign) notes.push_back(v.id + " is wrong by design: " + v.wrongReason);
        if (!v.no64BitReason.empty()) notes.push_back(v.id + " takes int and float only: it " + v.no64BitReason);
    }
    t.print(std::cout);
    for (const auto& n : notes) std::cout << "\n" << n << "\n";
    std::cout << "\nreducelab variants --variant ID shows one variant's lesson and requirements.\n";
    for (const auto& p : allPatterns())
        if (p.id != o.pattern)
            std::cout << "reducelab variants --pattern " << p.name << " lists the " << p.title << " kernels.\n";
    if (device) std::cout << "\nDevice: " << device->platform << " / " << device->name << "\n";
    return 0;
}

}  // namespace rl::cli
