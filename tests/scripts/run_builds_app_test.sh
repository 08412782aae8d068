#!/usr/bin/env bash
# scripts/run builds what it runs: the `reducelab` target (the explorer and the CLI in one binary) and, where the
# build has the simulator, reducelab-sim, which `reducelab check` starts as a child; none of the tests. Read from the
# build system itself (ninja's inputs of the target), not from the script's text alone.
source "$(dirname "$0")/../assets/lib.sh"
contains "$(grep -E '^[^#]*scripts/build' "$REDUCELAB_SOURCE/scripts/run")" 'scripts/build" reducelab' \
    "scripts/run builds the reducelab target"
if [ ! -f "$REDUCELAB_BUILD/build.ninja" ]; then
    echo "ok: not a Ninja build; the target's inputs cannot be listed here"
    finish
fi
need ninja
inputs="$(ninja -C "$REDUCELAB_BUILD" -t inputs reducelab)"
count="$(printf '%s\n' "$inputs" | grep -c .)"
[ "$count" -gt 50 ] && pass "reducelab has $count inputs" || fail "reducelab lists only $count inputs"
tests="$(printf '%s\n' "$inputs" | grep -E '(^|/)tests/|gtest' | head -5 || true)"
[ -z "$tests" ] && pass "no test is built for scripts/run" || fail "building reducelab builds tests: $tests"
if [ -f "$REDUCELAB_BUILD/app/reducelab-sim" ]; then
    contains "$inputs" "core/sim/CMakeFiles/reducelab-sim.dir" "building reducelab builds its simulator step"
fi
finish
