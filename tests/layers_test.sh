#!/usr/bin/env bash
# The declared layering, read off the #include lines of the source tree: a file that includes across a boundary
# fails this test with its name and line.
#   core/                     no ImGui, GLFW, glad, OpenGL, nothing from app/
#   core's device-free part   (its top level, catalogue/, model/, patterns/ but their cl/ folders, files/, workbench/,
#                             session/, predict/, process/) no OpenCL header and nothing from core/cl/; in layers:
#                             vocabulary and catalogue < model < patterns < files < workbench < session (each
#                             includes only from its own layer and those below; predict/ and process/ from the first
#                             two); a pattern's folder includes no other pattern's
#   app/view, app/export      no ImGui, GLFW, glad, nothing from app/gui or app/render
#   app/gui, in layers        state < common < features (panels, predict, timings, workbench, exercises;
#                             then classroom) < shell: each includes only from its own layer and those below
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
failed=0
# forbid DESCRIPTION PATTERN FILES...: every #include line of FILES matching PATTERN (extended regex) is a failure.
forbid() {
    local what="$1" pattern="$2"
    shift 2
    local hits
    hits="$(grep -HnE "^[[:space:]]*#[[:space:]]*include[[:space:]]*[<\"]($pattern)" "$@" 2>/dev/null)"
    if [ -n "$hits" ]; then
        echo "$what:"
        echo "$hits" | sed 's/^/  /'
        failed=1
    fi
}
sources() { find "$@" -type f \( -name '*.h' -o -name '*.cpp' \) 2>/dev/null; }

mapfile -t core < <(sources core)
forbid "core includes GUI or app code" "imgui|backends/|GLFW/|glad/|GL/|app/" "${core[@]}"
pattern_sources() { find core/patterns -type f \( -name '*.h' -o -name '*.cpp' \) -not -path '*/cl/*' 2>/dev/null; }
mapfile -t free < <(find core -maxdepth 1 -type f \( -name '*.h' -o -name '*.cpp' \); sources core/catalogue core/files core/model core/workbench core/session core/predict core/process; pattern_sources)
forbid "core's device-free library includes OpenCL" "CL/|core/cl/|core/patterns/[a-z_]+/cl/" "${free[@]}"
mapfile -t vocabulary < <(find core -maxdepth 1 -type f \( -name '*.h' -o -name '*.cpp' \); sources core/catalogue)
forbid "core's vocabulary or catalogue includes a layer above it" "core/(model|patterns|files|workbench|session|predict|process)/" "${vocabulary[@]}"
mapfile -t model < <(sources core/model)
forbid "core/model includes a layer above it" "core/(patterns|files|workbench|session)/" "${model[@]}"
mapfile -t pats < <(pattern_sources)
forbid "core/patterns includes a layer above it" "core/(files|workbench|session)/" "${pats[@]}"
for dir in core/patterns/*/; do
    own="$(basename "$dir")"
    mapfile -t mine < <(sources "$dir")
    others="$(find core/patterns -mindepth 1 -maxdepth 1 -type d -not -name "$own" -printf '%f|' | sed 's/|$//')"
    [ -n "$others" ] && forbid "core/patterns/$own includes another pattern's folder" "core/patterns/($others)/" "${mine[@]}"
done
mapfile -t files < <(sources core/files)
forbid "core/files includes a layer above it" "core/(workbench|session)/" "${files[@]}"
mapfile -t bench_ < <(sources core/workbench)
forbid "core/workbench includes a layer above it" "core/session/" "${bench_[@]}"
mapfile -t low < <(sources core/predict core/process)
forbid "core/predict or core/process includes a layer above the catalogue" "core/(patterns|files|workbench|session)/" "${low[@]}"
mapfile -t plain < <(sources app/view app/export)
forbid "app/view or app/export includes ImGui, GL or the GUI" "imgui|backends/|GLFW/|glad/|app/gui/|app/render/" "${plain[@]}"

mapfile -t state < <(sources app/gui/state)
forbid "app/gui/state includes a layer above it or ImGui" "imgui|app/gui/(common|panels|predict|timings|workbench|exercises|classroom|shell)/" "${state[@]}"
mapfile -t common < <(sources app/gui/common)
forbid "app/gui/common includes a feature or the shell" "app/gui/(panels|predict|timings|workbench|exercises|classroom|shell)/" "${common[@]}"
mapfile -t features < <(sources app/gui/panels app/gui/predict app/gui/timings app/gui/workbench app/gui/exercises)
forbid "a feature includes the classroom or the shell" "app/gui/(classroom|shell)/" "${features[@]}"
mapfile -t classroom < <(sources app/gui/classroom)
forbid "the classroom includes the shell" "app/gui/shell/" "${classroom[@]}"

# Every folder of app/gui is in a layer (a new one must be placed, here and in app/gui/CMakeLists.txt).
for dir in app/gui/*/; do
    case "$(basename "$dir")" in
        state|common|panels|predict|timings|workbench|exercises|classroom|shell) ;;
        *) echo "app/gui/$(basename "$dir") is in no layer: place it in tests/layers_test.sh"; failed=1 ;;
    esac
done
[ "$failed" = 0 ] && echo "layers: every include follows the declared layering (${#core[@]} core files, $(sources app/gui | wc -l) gui files)"
exit "$failed"
