// The workbench's script verbs, for the tests and the docs' screenshots: they act through the same paths as the
// buttons and the keyboard (an edit is autosaved like typing, a check runs the same child process).
#include "app/gui/workbench/workbench.h"

#include <cstdlib>

#include "app/gui/workbench/code_text.h"
#include "core/catalogue/variant.h"

namespace rl::gui {

std::string Workbench::scriptAction(const std::string& verb, const std::string& arg, ExplorerState& state,
                                    MessageLog& log) {
    if (verb == "kernel-new") {
        newKernel(state, log);
        return open_ ? "" : "kernel-new: no kernel was made (see the messages)";
    }
    if (verb == "kernel-reopen") {  // the controls' "Reopen your kernel"
        if (!reopenOffered_) return "kernel-reopen: no kernel waits to be reopened";
        state.kernelRequest = ExplorerState::KernelRequest::Reopen;
        return "";
    }
    if (verb == "kernel-edit") {
        editVariant(state, log);
        return open_ ? "" : "kernel-edit: no copy was made (see the messages)";
    }
    if (verb == "kernel-open") {
        if (arg.empty()) return "kernel-open needs a path";
        return openFile(arg, state, log) ? "" : "kernel-open: cannot open " + arg + " (see the messages)";
    }
    if (verb == "kernel-browse") {  // the Open dialog, in DIR
        open(state);
        openDialog_.show(arg);
        return "";
    }
    if (!open_) return verb + ": the workbench is not open (kernel-new, kernel-edit or kernel-open first)";
    if (verb == "kernel-edit-line") {  // N:TEXT
        const size_t colon = arg.find(':');
        char* end = nullptr;
        const long line = std::strtol(arg.c_str(), &end, 10);
        if (colon == std::string::npos || end != arg.c_str() + colon || line < 1)
            return "kernel-edit-line needs LINE:TEXT, not '" + arg + "'";
        if (!workbench::replaceLine(text_, int(line), arg.substr(colon + 1)))
            return "kernel-edit-line: the kernel has no line " + std::to_string(line);
    } else if (verb == "kernel-replace") {  // OLD=>NEW
        const size_t arrow = arg.find("=>");
        if (arrow == std::string::npos || arrow == 0) return "kernel-replace needs OLD=>NEW, not '" + arg + "'";
        if (!workbench::replaceFirst(text_, arg.substr(0, arrow), arg.substr(arrow + 2)))
            return "kernel-replace: '" + arg.substr(0, arrow) + "' is not in the kernel";
    } else if (verb == "kernel-save") {
        return save(log) ? "" : "kernel-save failed (see the messages)";
    } else if (verb == "kernel-check") {
        checkRequested_ = true;
        return "";
    } else if (verb == "kernel-cancel") {
        worker_->cancel();
        recheckWanted_ = checkRequested_ = false;
        return "";
    } else if (verb == "kernel-find") {
        editor_.findBar().setQuery(arg);
        editor_.findBar().step(text_, 1, 0);
        return "";
    } else if (verb == "kernel-goto") {
        const int line = std::atoi(arg.c_str());
        if (line < 1) return "kernel-goto needs a line number";
        editor_.gotoLine(line);
        return "";
    } else if (verb == "kernel-model") {
        const std::string id = arg == "none" ? "" : arg;
        const VariantInfo* v = id.empty() ? nullptr : findVariant(id);
        if (!id.empty() && (!v || !v->model)) return "kernel-model: '" + arg + "' is not a variant with a CPU model";
        model_ = id;
        problemChanged(now_);
        return "";
    } else if (verb == "kernel-close") {
        close(state);
        return "";
    } else {
        return "unknown workbench action '" + verb + "'";
    }
    editor_.textReplaced();
    edited(now_);
    return "";
}

}  // namespace rl::gui
