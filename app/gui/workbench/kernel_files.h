// The student's files, so that nothing typed is lost: where the workbench keeps its kernels and the autosave of the
// editor's buffer ($XDG_DATA_HOME/reducelab/workbench, written atomically like the settings), reading and saving a
// kernel file, the New template, the Open list, and a watcher that notices a save from another editor.
#pragma once
#include <atomic>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "core/catalogue/variant.h"

namespace rl::gui::workbench {

// $XDG_DATA_HOME/reducelab/workbench, else $HOME/.local/share/reducelab/workbench, else "" (nothing kept).
std::string defaultWorkbenchDir();

// What the editor held when it was last autosaved: restored after a crash or a restart.
struct Autosave {
    std::string path;       // the kernel file being edited ("" for a buffer never saved)
    std::string text;       // the buffer
    bool modified = false;  // the buffer differs from the file on disk (unsaved edits)
    bool open = false;      // the workbench was open
    std::string entry;      // the entry point chosen (empty: the file's only kernel)
    std::string savedAt;    // local time, for the message on restore
};

// dir/autosave.cl and dir/autosave.json, each written to a temporary file and renamed (a crash never leaves half).
bool writeAutosave(const std::string& dir, const Autosave& autosave, std::string* error);
// Nothing when there is none; a warning (and nothing) when it cannot be read.
std::optional<Autosave> readAutosave(const std::string& dir, std::string* warning);

// A kernel file's text for the editor. Throws rl::Error (BadInput) naming the file and what to do for one that
// cannot be read, is binary or larger than 1 MiB (core's rule); an empty file gives an empty text.
std::string readKernelText(const std::string& path);
// Writes the text (temporary file, then rename: the watcher never sees half a file). "" or the error.
std::string saveKernelText(const std::string& path, const std::string& text);

// dir/STEM.cl, or dir/STEM-2.cl, -3, ... whichever does not exist yet.
std::string freshKernelPath(const std::string& dir, const std::string& stem);

// The New template: a short, commented sequential-addressing reduce that builds and is correct.
std::string newKernelTemplate(const std::string& fileName, Pattern pattern = Pattern::Reduce);

// The Open dialog's list: sub-directories (ending in '/') then .cl files of `dir`, sorted; "" or the error.
std::vector<std::string> listKernelDir(const std::string& dir, std::string* error);

// Watches one file from a thread (its modification time and size, every `interval` seconds) and calls `wake` when
// it changes, so the window needs no frames while nothing happens.
class FileWatcher {
public:
    explicit FileWatcher(std::function<void()> wake, double intervalSeconds = 0.5);
    ~FileWatcher();
    FileWatcher(const FileWatcher&) = delete;
    FileWatcher& operator=(const FileWatcher&) = delete;

    void watch(const std::string& path);  // "" stops watching
    void acknowledge();                   // the file as it is now is known (after loading or saving it here)
    bool takeChange();                    // true once after the file changed on disk since acknowledged

private:
    struct Stamp {
        long long mtimeNs = -1, size = -1;
        bool operator!=(const Stamp& o) const { return mtimeNs != o.mtimeNs || size != o.size; }
    };
    static Stamp stampOf(const std::string& path);
    void loop();

    std::function<void()> wake_;
    double interval_;
    std::mutex mutex_;
    std::condition_variable cv_;
    std::string path_;
    Stamp known_;
    bool changed_ = false, stop_ = false;
    std::thread thread_;
};

}  // namespace rl::gui::workbench
