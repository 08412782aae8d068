// The text after the options in `reducelab gui --help`: the script's actions and the keys.
#include "app/gui/shell/options.h"

namespace rl::gui {

const char* scriptHelp() {
    return R"(
Script actions (--script ACTIONS, separated by ';'):
  wait-trace          wait until the requested trace is shown
  wait-export         wait until a video export is written
  key:NAME            press a key (space, left, right, up, down, home, end, pageup,
                      pagedown, enter, tab, backspace, escape, f5, equal, minus,
                      or one letter or digit),
                      with modifiers as ctrl+z, ctrl+enter, shift+enter
  projector-key:NAME  the same key pressed over the presenter view's projector window
  type:TEXT           type characters into whatever has the keyboard
  click               press and release the left mouse button at the pointer
  frames:N            render N frames
  settle              wait until no transition is moving
  shot:PATH           save a PNG of the window (and PATH.json: where things are drawn)
  variant:ID          choose a variant (as in the list), compare:ID / compare:off
  tab:NAME            show a bottom tab: warps, heatmap, source, messages, words, tiles
  tiles-time:K        the Tiles tab's cursor at entry K of a look-back's log (-1: its end)
  tiles-pick:T        the Tiles tab draws tile T's reads (-1: the hovered tile's)
  set:KEY=VALUE       a run setting: n, wg, op, type, data, seed, epi, simd, banks, ...
  hover:STAGE,CELL    point at a cell of the tree (tooltip and cone)
  wheel:N             turn the mouse wheel N notches at the pointer (zooms the tree)
  group:G             show work-group G of the first pass (traced on demand)
  classroom:KEY=VALUE lecture=on|off, blank=on|off, theme=dark|projector|colorblind,
                      font=SCALE, preset=VARIANT/16|32, save=PATH, open=PATH (sessions),
                      shot=SCALE,window|tree|bottom|result|controls,opaque|transparent,PATH,
                      export=svg|png|gif|mp4|webm,current|all,SCALE,PATH (the tree;
                      tiles|tiles-all for a multi-tile scan's Tiles tab),
                      panel=on|off (the sessions and export window),
                      presenter=on|off (the presenter view: a second window for the
                      projector), projector-shot=PATH (that window's next frame)
  retrace             leave a saved session: trace the controls' settings on this
                      device (the session banner's button)
  hover-toggle:LABEL  point at a variant toggle by its label, e.g.
                      hover-toggle:complete unroll (its tooltip opens)
  hover-variant:ID    point at a variant's name in the list (its lesson opens)
  timings:ACTION      the Timings view: open, close, toggle,
                      tab=ladder|bars|sizes|roundoff, n=N, type=int|float|long|double, repeats=R,
                      warmup=W, sizes=MIN..MAX, round=MIN..MAX, size-variants=A,B,
                      round-variants=A,B, measure, remeasure, cancel, export=DIR,
                      report=PATH, hover=none|PLOT@FX,FY (PLOT: bars, time, gbps,
                      roundoff, table; FX,FY fractions of its rectangle)
  wait-sweep          wait until the Timings view has finished measuring
  wait-warm           wait until the ladder's kernels are built in the background
  kernel-new          the workbench on a new kernel from the template
  kernel-edit         the workbench on a copy of the current variant's kernel
  kernel-open:PATH    the workbench on a .cl file
  kernel-browse:DIR   the workbench's Open dialog, in DIR
  kernel-edit-line:N:TEXT  replace line N of the kernel (\; is a ; in TEXT)
  kernel-replace:OLD=>NEW  replace the first OLD in the kernel with NEW
  kernel-save         save the kernel to its file
  kernel-check        save, run `reducelab check` on it, wait for the report
  wait-check          wait until no kernel check is running (e.g. after a reload)
  kernel-find:TEXT    find TEXT in the kernel (the find bar)
  kernel-goto:N       put the editor's cursor on line N
  kernel-hover:N      point at line N of the editor (a marked line's tooltip opens)
  kernel-point-problem:K  point at row K (from 0) of the workbench's problems list
  kernel-cancel       stop the check that is running (the Cancel button)
  kernel-model:ID     compare the trace with variant ID's CPU model (none: no model)
  course:ACTION       the Exercises window: open, close, select=ID, hint, solution,
                      start (the attempt into the workbench; kernel-check grades it),
                      reset, report=PATH
  kernel-close        close the workbench (back to the built-in variants)
  kernel-reopen       reopen the autosaved kernel kept behind "Reopen your kernel"
  predict:on|off|submit|skip|reveal|start-over|clear  predict mode (reveal: no skip
                      counted, as the lecture screen's Page Down)
  predict-kind:K      the question: active, value, divergent, conflict, contention (histograms)
  predict-pick:I,J    toggle work-items as predicted active (as clicks on the hidden row)
  predict-cell:C      predict-value:TEXT  the cell asked and its typed value
  predict-count:N     the divergent SIMD groups, the conflict or the contention degree predicted
  sleep:SEC           wait SEC seconds
  quit                exit with code 0

Keys: space play/pause, left/right step, Home/End first/last stage, up/down previous/next pass.
Workbench (the kernel editor): Ctrl+Enter save and check, Ctrl+S save, Ctrl+F find, Ctrl+Z / Ctrl+Y undo / redo.
F5 lecture mode (there: PgDn/PgUp, arrows and space step, B blanks, T a scan's tiles, Esc leaves), Ctrl +/-/0 text
size, F11 full screen.
F7 presenter view: the lecture screen on the projector's window (full screen on a second monitor; F5 opens it too
when one is connected), the console here (controls, now and next, notes, predict's answers, a clock); the keys work
from either window; F7, F5 or Esc give one window back.
Predict mode (the right column's button; Q in lecture mode, 1-5 the question): Enter submits, PgDn reveals (lecture).
Without a mouse: Tab enters keyboard navigation (a yellow ring on the control in focus): arrows move, Space or Enter
presses (a list or a field: Space enters it), F6 / Shift+F6 next / previous panel, Esc leaves (the arrows step again).
)";
}

}  // namespace rl::gui
