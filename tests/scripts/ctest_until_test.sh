#!/usr/bin/env bash
# scripts/lib/ctest-until, the judge of scripts/test --deadline (CI's sanitizer run), against real ctest runs of a
# small project of sleeping tests: cut at the deadline with nothing failed, it passes and counts what was left out;
# a test that failed before the deadline still fails the run; a run that ends before its deadline is ctest's own.
set -uo pipefail
until_="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/scripts/lib/ctest-until"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

project() {  # project DIR FIRST_COMMAND: six tests of one second each, the first running FIRST_COMMAND instead
    mkdir -p "$1"
    cat >"$1/CMakeLists.txt" <<CMAKE
cmake_minimum_required(VERSION 3.20)
project(deadline NONE)
enable_testing()
add_test(NAME t1 COMMAND $2)
foreach(i RANGE 2 6)
    add_test(NAME t\${i} COMMAND sleep 1)
endforeach()
CMAKE
    cmake -S "$1" -B "$1/build" >/dev/null || fail "cmake could not configure the test project"
}
at() { date -d "@$(( $(date +%s) + $1 ))" +%H:%M:%S; }

project "$work/ok" "sleep 1"
cd "$work/ok/build"
out=$("$until_" ctest --stop-time "$(at 3)" 2>&1); rc=$?
[ "$rc" = 0 ] || fail "a run cut at its deadline with nothing failed should pass (exit $rc):
$out"
grep -q "The stop time has been passed" <<<"$out" || fail "ctest was not cut at the deadline:
$out"
grep -qE "ctest-until: the deadline came after [0-9]+ of 6 tests ran, none failed; the test it cut and the [1-9][0-9]* not reached are left out" <<<"$out" ||
    fail "the cut run does not say what it left out:
$out"

out=$("$until_" ctest --stop-time "$(at 600)" 2>&1); rc=$?
[ "$rc" = 0 ] || fail "a run that ends before its deadline should pass (exit $rc):
$out"
grep -q "ctest-until:" <<<"$out" && fail "a whole run should not speak of a deadline:
$out"

project "$work/bad" "false"
cd "$work/bad/build"
out=$("$until_" ctest --stop-time "$(at 3)" 2>&1); rc=$?
[ "$rc" != 0 ] || fail "a test that failed before the deadline should fail the run:
$out"
grep -q "ctest-until:" <<<"$out" && fail "a failed run should not be excused:
$out"
out=$("$until_" ctest --stop-time "$(at 600)" 2>&1); rc=$?
[ "$rc" != 0 ] || fail "a failed test without a deadline reached should fail the run"
echo "ctest-until: a cut run passes and counts, failures still fail"
