// A student's progress through the course, kept per user in $XDG_DATA_HOME/reducelab/exercises/progress.json (else
// ~/.local/share/reducelab/exercises/progress.json): per exercise the attempts, the hints revealed, whether it was
// solved, whether the solution was shown, and the last attempt's text. Pure data and files: the explorer's
// Exercises panel and `reducelab exercise check` (which records an attempt) share it.
#pragma once
#include <map>
#include <set>
#include <string>

namespace rl::exercise {

struct ExerciseProgress {
    int attempts = 0;
    int hintsRevealed = 0;     // hints 1..hintsRevealed have been shown
    bool solved = false;       // some attempt passed every check
    bool solutionShown = false;
    std::string lastAttempt;   // the text of the last attempt checked
    std::string lastStatus;    // "pass", "fail" or "error"
    double lastScore = 0, lastMaxScore = 0;
};

class ProgressStore {
public:
    // The store at `path` (a JSON file; created on the first save). Reads it when it exists: a missing file is an
    // empty store; an unreadable or corrupt one is an empty store too, with warning() saying so (the bad file is
    // kept beside as progress.json.bad on the next save, never silently lost).
    explicit ProgressStore(std::string path);

    // $XDG_DATA_HOME/reducelab/exercises/progress.json, else $HOME/.local/share/..., else "" (nothing kept).
    static std::string defaultPath();

    const std::string& path() const { return path_; }
    const std::string& warning() const { return warning_; }

    // The progress of one exercise (all zero when it has none).
    ExerciseProgress get(const std::string& exerciseId) const;
    const std::map<std::string, ExerciseProgress>& all() const { return progress_; }

    // An attempt checked: counts it, keeps its text and verdict; solved stays true once reached.
    void recordAttempt(const std::string& exerciseId, const std::string& text, const std::string& status,
                       double score, double maxScore);
    // Reveals the next hint of an exercise with `hintCount` hints; returns its index (0-based), or -1 when all are
    // already shown.
    int revealHint(const std::string& exerciseId, int hintCount);
    void markSolutionShown(const std::string& exerciseId);
    void reset(const std::string& exerciseId);  // forgets one exercise
    void resetAll();

    // Writes the store atomically (a temporary file renamed over it). Exercises this store did not change since
    // its last save are taken from the file as it is now (another process may have recorded attempts), so two
    // stores on one file lose nothing of each other's. Returns false with *error on failure.
    bool save(std::string* error = nullptr);

private:
    std::string path_;
    std::string warning_;
    bool keepBad_ = false;     // a corrupt file was read: set it aside on the next save
    bool replaceAll_ = false;  // resetAll since the last save: the file is replaced, not merged
    std::set<std::string> touched_;  // exercises changed since the last save
    std::map<std::string, ExerciseProgress> progress_;
};

}  // namespace rl::exercise
