// The banner over the tree while a saved session is shown: which file, recorded on which device, whether the
// controls changed since, and the "Re-trace here" button (the only way the session's trace is replaced).
#pragma once
#include "app/gui/state/explorer_state.h"
#include "app/gui/common/ui_context.h"

namespace rl::gui {

// Draws the banner when a session is shown (records its place and text in the frame geometry).
void drawSessionBanner(ExplorerState& state, const UiContext& ctx);
// Leaves the session: the controls' settings are traced on the chosen device.
void retraceSession(ExplorerState& state, MessageLog& log);
// Called where a request would be sent: while a session is shown, a control change is announced (banner and
// Messages, once) instead of traced. Returns true when the request must not be sent.
bool holdForSession(ExplorerState& state, MessageLog& log);

}  // namespace rl::gui
