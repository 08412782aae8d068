// Parsing of `reducelab gui` options.
#include "app/gui/shell/options.h"

#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>

#include "core/run_settings.h"

namespace rl::gui {
namespace {

bool toInt(const std::string& s, int* out) {
    char* end = nullptr;
    const long v = std::strtol(s.c_str(), &end, 10);
    if (s.empty() || *end != '\0') return false;
    *out = int(v);
    return true;
}

bool toDouble(const std::string& s, double* out) {
    char* end = nullptr;
    const double v = std::strtod(s.c_str(), &end);
    if (s.empty() || *end != '\0') return false;
    *out = v;
    return true;
}

}  // namespace

std::string helpText() {
    return R"(usage: reducelab gui [options]      (plain `reducelab` opens it with the last session's settings)

Opens the ReduceLab explorer: the reduction tree recorded on an OpenCL device, stage by stage.

What to load (defaults: the last session's settings):
  --open FILE           a saved session (also `reducelab FILE`); it opens with no OpenCL device
  --variant ID          kernel variant (`reducelab variants` lists them)
  --compare ID          show a second variant side by side, stepping together
  --device SPEC         device index or name substring (`reducelab devices`)
  --n N                 elements (1k = 1024, 1M = 1048576)
  --wg W                work-group size
  --epi K               elements per work-item (multi-element variants)
  --op sum|min|max      operation
  --type int|float|long|double  element type (double: the device needs cl_khr_fp64)
  --data 0-9|0-99|random|ones|iota|floats|file:PATH
                        input data (0-9 by default; a file's numbers set N)
  --seed S              seed of the random data
  --simd W              SIMD width of the hardware model (0: the device's)
  --banks B             local-memory banks of the hardware model
  --stage K             start at step K of the timeline (0 = load; -1 = the last)
  --play                start playing once loaded
  --speed S             playback speed in stages per second

Window and settings:
  --size WxH            window size (screen coordinates)
  --scale S             multiply the display's content scale (HiDPI is followed automatically; 1.5 or 2
                        enlarge everything, e.g. for a projector)
  --config-dir DIR      where settings and imgui.ini live (default $XDG_CONFIG_HOME/reducelab,
                        else ~/.config/reducelab)
  --no-save             do not write settings on exit
  --exercises DIR       the Exercises window's course from DIR (one NN-id folder per exercise, see
                        docs/exercises.md; default: the built-in course)

Scripting and measurement (tests, benchmarks, docs):
  --screenshot PATH     once loaded (and at --stage), save a PNG of the window and quit
  --script ACTIONS      run actions separated by ';' once the window is up:
                          wait-trace          wait until the requested trace is shown
                          key:NAME            press a key (space, left, right, up, down, home, end, pageup,
                                              pagedown, enter, tab, backspace, escape, f5, equal, minus,
                                              or one letter or digit),
                                              with modifiers as ctrl+z, ctrl+enter, shift+enter
                          type:TEXT           type characters into whatever has the keyboard
                          click               press and release the left mouse button at the pointer
                          frames:N            render N frames
                          settle              wait until no transition is moving
                          shot:PATH           save a PNG of the window (and PATH.json: where things are drawn)
                          variant:ID          choose a variant (as in the list), compare:ID / compare:off
                          tab:NAME            show a bottom tab: warps, heatmap, source, messages
                          set:KEY=VALUE       a run setting: n, wg, op, type, data, seed, epi, simd, banks, ...
                          hover:STAGE,CELL    point at a cell of the tree (tooltip and cone)
                          wheel:N             turn the mouse wheel N notches at the pointer (zooms the tree)
                          group:G             show work-group G of the first pass (traced on demand)
                          classroom:KEY=VALUE lecture=on|off, blank=on|off, theme=dark|projector|colorblind,
                                              font=SCALE, preset=VARIANT/16|32, save=PATH, open=PATH (sessions),
                                              shot=SCALE,window|tree|bottom|result|controls,opaque|transparent,PATH,
                                              export=svg|png|gif,current|all,SCALE,PATH
                          retrace             leave a saved session: trace the controls' settings on this
                                              device (the session banner's button)
                          hover-toggle:LABEL  point at a variant toggle by its label, e.g.
                                              hover-toggle:complete unroll (its tooltip opens)
                          timings:ACTION      the Timings view: open, close, toggle,
                                              tab=ladder|bars|sizes|roundoff, n=N, type=int|float|long|double, repeats=R,
                                              warmup=W, sizes=MIN..MAX, round=MIN..MAX, size-variants=A,B,
                                              round-variants=A,B, measure, remeasure, cancel, export=DIR,
                                              report=PATH, hover=none|PLOT@FX,FY (PLOT: bars, time, gbps,
                                              roundoff, table; FX,FY fractions of its rectangle)
                          wait-sweep          wait until the Timings view has finished measuring
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
                          predict:on|off|submit|skip|reveal|start-over|clear  predict mode (reveal: no skip
                                              counted, as the lecture screen's Page Down)
                          predict-kind:K      the question: active, value, divergent, conflict
                          predict-pick:I,J    toggle work-items as predicted active (as clicks on the hidden row)
                          predict-cell:C      predict-value:TEXT  the cell asked and its typed value
                          predict-count:N     the divergent SIMD groups or the conflict degree predicted
                          sleep:SEC           wait SEC seconds
                          quit                exit with code 0
  --frames K            quit after K frames
  --quit-after SEC      quit after SEC seconds
  --frame-stats         print frame-time figures on exit
  --no-pacing           do not cap animation at 60 fps (measures what a frame costs)
  --script-timeout SEC  longest wait of one script step (default 120)

Keys: space play/pause, left/right step, Home/End first/last stage, up/down previous/next pass.
Workbench (the kernel editor): Ctrl+Enter save and check, Ctrl+S save, Ctrl+F find, Ctrl+Z / Ctrl+Y undo / redo.
F5 lecture mode (there: PgDn/PgUp, arrows and space step, B blanks, Esc leaves), Ctrl +/-/0 text size, F11 full screen.
Predict mode (the right column's button; Q in lecture mode, 1-4 the question): Enter submits, PgDn reveals (lecture).
)";
}

bool parseOptions(int argc, char** argv, ExplorerOptions* o, std::string* error) {
    int i = 1;
    if (i < argc && std::strcmp(argv[i], "gui") == 0) ++i;
    for (; i < argc; ++i) {
        const std::string arg = argv[i];
        auto value = [&](std::string* v) {
            if (i + 1 >= argc) {
                *error = "option " + arg + " needs a value (see reducelab gui --help)";
                return false;
            }
            *v = argv[++i];
            return true;
        };
        auto bad = [&](const std::string& v, const std::string& what) {
            *error = "bad value '" + v + "' for " + arg + ": expected " + what;
            return false;
        };
        std::string v;
        if (arg == "--help" || arg == "-h") {
            o->help = true;
        } else if (arg == "--play") {
            o->play = true;
        } else if (arg == "--no-save") {
            o->saveSettings = false;
        } else if (arg == "--frame-stats") {
            o->frameStats = true;
        } else if (arg == "--no-pacing") {
            o->noPacing = true;
        } else if (arg == "--variant") {
            if (!value(&v)) return false;
            o->variant = v;
        } else if (arg == "--compare") {
            if (!value(&v)) return false;
            o->compare = v;
        } else if (arg == "--open") {
            if (!value(&o->open)) return false;
        } else if (arg == "--device") {
            if (!value(&v)) return false;
            o->device = v;
        } else if (arg.size() > 2 && arg.rfind("--", 0) == 0 && arg != "--variant" && isRunSetting(arg.substr(2))) {
            // n, wg, op, type, data, seed, epi, simd, banks, ...: the one rule of core/run_settings.h
            if (!value(&v)) return false;
            RunConfig check;
            try {
                setRunSetting(check, arg.substr(2), v, arg);
            } catch (const Error& e) {
                *error = e.what();
                return false;
            }
            o->settings.emplace_back(arg.substr(2), v);
        } else if (arg == "--stage") {
            if (!value(&v)) return false;
            int x = 0;
            if (!toInt(v, &x)) return bad(v, "an integer");
            o->stage = x;
        } else if (arg == "--speed") {
            if (!value(&v)) return false;
            double d = 0;
            if (!toDouble(v, &d) || d <= 0) return bad(v, "a positive number of stages per second");
            o->speed = float(d);
        } else if (arg == "--scale") {
            if (!value(&v)) return false;
            double d = 0;
            if (!toDouble(v, &d) || d < 0.5 || d > 4) return bad(v, "a scale between 0.5 and 4");
            o->scale = float(d);
        } else if (arg == "--size") {
            if (!value(&v)) return false;
            const size_t x = v.find('x');
            int w = 0, h = 0;
            if (x == std::string::npos || !toInt(v.substr(0, x), &w) || !toInt(v.substr(x + 1), &h) || w < 320 ||
                h < 240 || w > 16384 || h > 16384)
                return bad(v, "WIDTHxHEIGHT, at least 320x240");
            o->width = w;
            o->height = h;
        } else if (arg == "--config-dir") {
            if (!value(&o->configDir)) return false;
        } else if (arg == "--exercises") {
            if (!value(&o->exercisesDir)) return false;
        } else if (arg == "--script") {
            if (!value(&o->script)) return false;
        } else if (arg == "--screenshot") {
            if (!value(&o->screenshot)) return false;
        } else if (arg == "--frames") {
            if (!value(&v)) return false;
            int x = 0;
            if (!toInt(v, &x) || x <= 0) return bad(v, "a positive number of frames");
            o->frames = x;
        } else if (arg == "--quit-after" || arg == "--script-timeout") {
            if (!value(&v)) return false;
            double d = 0;
            if (!toDouble(v, &d) || d <= 0) return bad(v, "a positive number of seconds");
            (arg == "--quit-after" ? o->quitAfter : o->scriptTimeout) = d;
        } else {
            *error = "unknown option '" + arg + "' (see reducelab gui --help)";
            return false;
        }
    }
    return true;
}

}  // namespace rl::gui
