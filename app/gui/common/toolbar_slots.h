// The right end of the toolbar, where features put their own buttons: the width each takes, declared here so the
// toolbar leaves them room (and each feature finds its place) without one feature knowing another.
#pragma once

namespace rl::gui::toolbar_slots {

// Lecture and Classroom (app/gui/classroom), at the right edge.
inline float classroom(float scale) { return 236 * scale; }
// Timings (app/gui/timings), left of the classroom's.
inline float timings(float scale) { return 104 * scale; }

}  // namespace rl::gui::toolbar_slots
