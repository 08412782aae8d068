#!/usr/bin/env bash
# A build with REDUCELAB_GUI=OFF (how ReduceLab is built on a GPU server) still exports SVG: no display, no GL.
# The GUI-less `reducelab` is configured and built here (its own tree, the tests off), then asked, with DISPLAY
# unset, for every stage of a tree as SVG (well-formed, the values drawn) and for a PNG (refused: what to do).
source "$(dirname "$0")/lib.sh"
need cmake xmllint
build="$TMP/build-gui-off"
gen=()
command -v ninja >/dev/null 2>&1 && gen=(-G Ninja)
# Build type None: no optimisation and no debug information, the quickest build that shows the configuration works
# (what this test proves; the optimised build is the suite's own).
if ! cmake -S "$REDUCELAB_SOURCE" -B "$build" "${gen[@]}" -DCMAKE_BUILD_TYPE=None -DREDUCELAB_GUI=OFF \
        -DREDUCELAB_TESTS=OFF >"$TMP/configure.log" 2>&1; then
    cat "$TMP/configure.log" >&2
    fail "the GUI-less build does not configure"
    finish
fi
if ! cmake --build "$build" -j "$(nproc)" --target reducelab >"$TMP/build.log" 2>&1; then
    tail -30 "$TMP/build.log" >&2
    fail "the GUI-less build does not build"
    finish
fi
pass "REDUCELAB_GUI=OFF builds reducelab"
bin="$build/app/reducelab"
mkdir -p "$TMP/out"
out="$(env -u DISPLAY -u WAYLAND_DISPLAY "$bin" export --variant sequential --n 16 --wg 16 --type int --data iota \
    --stage all --format svg --out "$TMP/out/tree.svg" 2>&1)" && pass "export --format svg runs without a display" ||
    fail "export --format svg failed: $out"
count="$(ls "$TMP/out"/tree-*.svg 2>/dev/null | wc -l)"
[ "$count" -ge 5 ] && pass "one SVG per stage ($count)" || fail "expected one SVG per stage, got $count"
last="$(ls "$TMP/out"/tree-*.svg | sort | tail -1)"
xmllint --noout "$last" && pass "the SVG is well-formed" || fail "the SVG is not well-formed"
# iota of 16 sums to 120: the last stage shows it in a cell.
grep -q '>120<' "$last" && pass "the last stage draws the sum 120" || fail "the sum 120 is not drawn in $last"
png="$(env -u DISPLAY "$bin" export --variant sequential --n 16 --format png --out "$TMP/out/t.png" 2>&1)" && rc=0 || rc=$?
[ "$rc" = 2 ] && pass "PNG is refused with exit code 2" || fail "PNG without the GUI: exit $rc, expected 2"
contains "$png" "--format svg works here" "the refusal says what works and how to get PNG"
finish
