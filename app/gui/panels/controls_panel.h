// The controls column: device (with its key limits), the variant as a list and as the toggles that compose it
// (impossible combinations greyed out with the reason), the problem (N, work-group size, operation, type, data,
// seed), the hardware model (SIMD width, banks), the comparison and the view options. Any change re-traces.
#pragma once
#include <string>

#include "app/gui/state/explorer_state.h"
#include "app/gui/common/ui_context.h"

namespace rl::gui {

struct ControlsPanel {
    void Draw(ExplorerState& state, const UiContext& ctx);

private:
    void device(ExplorerState& state, const UiContext& ctx);
    void variants(ExplorerState& state, const UiContext& ctx);
    void ownKernel(ExplorerState& state, const UiContext& ctx);  // Edit / New / Open: the workbench
    void toggles(ExplorerState& state, const UiContext& ctx);
    void problem(ExplorerState& state, const UiContext& ctx);
    void data(ExplorerState& state, const UiContext& ctx);  // the data choice, and a file's path when chosen
    void hardware(ExplorerState& state, const UiContext& ctx);
    void compare(ExplorerState& state, const UiContext& ctx);
    void viewOptions(ExplorerState& state, const UiContext& ctx);

    std::string dataPath_;   // the data file's path as typed
    std::string dataError_;  // why the last file did not load (empty after a success)
    bool fileOpen_ = false;  // "from a file…" chosen: the path field is shown
};

// Why a variant cannot run on a device ("" when it can).
std::string unavailableReason(const VariantInfo& variant, const DeviceInfo* device);
// The same for elements of `type` too: a variant whose kernel holds 32-bit words only is unavailable for long and
// double.
std::string unavailableReason(const VariantInfo& variant, const DeviceInfo* device, ElemType type);

}  // namespace rl::gui
