// Measurements remembered per device and point, in memory and in one JSON file in the config directory, so that
// reopening the Timings view (or the app) shows the last sweep at once instead of measuring again.
#pragma once
#include <map>
#include <string>

#include "app/view/timing/timing_data.h"

namespace rl::view {

class TimingCache {
  public:
    // `path`: the JSON file (e.g. ~/.config/reducelab/timings-cache.json); empty keeps everything in memory only.
    explicit TimingCache(std::string path = {});

    // Reads the file once (later calls do nothing). A missing file is an empty cache; a corrupt one is ignored
    // with a warning (and replaced at the next save).
    void load(std::string* warning);
    bool loaded() const { return loaded_; }
    bool loadedFromDisk() const { return fromDisk_; }

    const Measurement* find(const DeviceKey& device, const PointKey& point) const;
    void put(const DeviceKey& device, const PointKey& point, const Measurement& m);
    void erase(const DeviceKey& device, const PointKey& point);
    size_t size(const DeviceKey& device) const;

    // Read-only: save() keeps the measurements in memory and leaves the file as it is (the app's --no-save).
    void setReadOnly(bool readOnly) { readOnly_ = readOnly; }

    // Writes the file (through a temporary file and a rename). Returns false with a message on failure.
    bool save(std::string* error) const;
    bool dirty() const { return dirty_; }
    int revision() const { return revision_; }  // grows with every change (views rebuild on a new revision)
    const std::string& path() const { return path_; }

  private:
    struct DeviceEntry {
        DeviceKey key;
        std::map<std::string, Measurement> points;  // by PointKey::text()
    };
    std::string path_;
    std::map<std::string, DeviceEntry> devices_;  // by DeviceKey::text()
    bool loaded_ = false, fromDisk_ = false, readOnly_ = false;
    mutable bool dirty_ = false;
    int revision_ = 0;
};

}  // namespace rl::view
