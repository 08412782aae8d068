// The measurement cache and its JSON file.
#include "app/view/timing/timing_cache.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace rl::view {
namespace {

constexpr int kVersion = 1;

}  // namespace

TimingCache::TimingCache(std::string path) : path_(std::move(path)) {}

void TimingCache::load(std::string* warning) {
    if (loaded_) return;
    loaded_ = true;
    if (path_.empty()) return;
    std::ifstream in(path_);
    if (!in) return;  // no file yet
    std::stringstream text;
    text << in.rdbuf();
    try {
        const auto j = nlohmann::json::parse(text.str());
        if (j.at("version").get<int>() != kVersion) {
            if (warning) *warning = "the timing cache " + path_ + " has another version; it will be rebuilt";
            return;
        }
        std::map<std::string, DeviceEntry> devices;
        for (const auto& d : j.at("devices")) {
            DeviceEntry e;
            e.key.name = d.at("name").get<std::string>();
            e.key.driver = d.at("driver").get<std::string>();
            e.key.platform = d.at("platform").get<std::string>();
            for (const auto& [k, v] : d.at("points").items()) e.points[k] = measurementFromJson(v);
            devices[e.key.text()] = std::move(e);
        }
        devices_ = std::move(devices);
        fromDisk_ = true;
        ++revision_;
    } catch (const std::exception& e) {
        if (warning)
            *warning = "the timing cache " + path_ + " is unreadable (" + e.what() + "); measuring again replaces it";
    }
}

const Measurement* TimingCache::find(const DeviceKey& device, const PointKey& point) const {
    const auto d = devices_.find(device.text());
    if (d == devices_.end()) return nullptr;
    const auto p = d->second.points.find(point.text());
    return p == d->second.points.end() ? nullptr : &p->second;
}

void TimingCache::put(const DeviceKey& device, const PointKey& point, const Measurement& m) {
    auto& e = devices_[device.text()];
    e.key = device;
    e.points[point.text()] = m;
    dirty_ = true;
    ++revision_;
}

void TimingCache::erase(const DeviceKey& device, const PointKey& point) {
    const auto d = devices_.find(device.text());
    if (d == devices_.end()) return;
    if (d->second.points.erase(point.text())) {
        dirty_ = true;
        ++revision_;
    }
}

size_t TimingCache::size(const DeviceKey& device) const {
    const auto d = devices_.find(device.text());
    return d == devices_.end() ? 0 : d->second.points.size();
}

bool TimingCache::save(std::string* error) const {
    if (path_.empty() || readOnly_) {
        dirty_ = false;
        return true;
    }
    nlohmann::json devices = nlohmann::json::array();
    for (const auto& [text, e] : devices_) {
        nlohmann::json points = nlohmann::json::object();
        for (const auto& [k, m] : e.points) points[k] = toJson(m);
        devices.push_back(
            {{"name", e.key.name}, {"driver", e.key.driver}, {"platform", e.key.platform}, {"points", points}});
    }
    const nlohmann::json j = {{"version", kVersion}, {"devices", devices}};
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::path target(path_);
    if (target.has_parent_path()) fs::create_directories(target.parent_path(), ec);
    const std::string tmp = path_ + ".tmp";
    {
        std::ofstream out(tmp);
        out << j.dump(1) << "\n";
        if (!out) {
            if (error) *error = "cannot write the timing cache " + tmp + " (is the config directory writable?)";
            return false;
        }
    }
    fs::rename(tmp, target, ec);
    if (ec) {
        if (error) *error = "cannot replace the timing cache " + path_ + ": " + ec.message();
        return false;
    }
    dirty_ = false;
    return true;
}

}  // namespace rl::view
