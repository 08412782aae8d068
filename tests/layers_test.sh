#!/usr/bin/env bash
# The declared layering, read off the #include lines of the source tree: a file that includes across a boundary
# fails this test with its name and line.
#   core/                     no ImGui, GLFW, glad, OpenGL, nothing from app/
#   core's device-free part   (its top level, catalogue/, files/, model/, variants/, predict/) no OpenCL header and nothing from core/cl/
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
mapfile -t free < <(find core -maxdepth 1 -type f \( -name '*.h' -o -name '*.cpp' \); sources core/catalogue core/files core/model core/variants core/predict)
forbid "core's device-free library includes OpenCL" "CL/|core/cl/" "${free[@]}"
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
