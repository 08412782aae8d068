#!/usr/bin/env bash
# tests/layers_test.sh catches the arrows that run back up: in a copy of the tree, a file of core/files that includes
# the workbench, a catalogue file that includes a pattern's folder, and a scan file that includes the reduction's
# must each fail it, by name; the copy untouched must pass.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/tests"
cp -r "$root/core" "$root/app" "$tmp/"
cp "$root/tests/layers_test.sh" "$tmp/tests/"
failed=0
if ! out="$(bash "$tmp/tests/layers_test.sh")"; then
    echo "the untouched copy fails:"; echo "$out"; failed=1
fi
# arrow FILE INCLUDE EXPECTED: FILE gains #include INCLUDE; the test must fail and print EXPECTED and FILE.
arrow() {
    local file="$1" include="$2" expected="$3"
    cp "$tmp/$file" "$tmp/$file.orig"
    printf '#include "%s"\n' "$include" >>"$tmp/$file"
    if out="$(bash "$tmp/tests/layers_test.sh")"; then
        echo "not caught: $file including $include"; failed=1
    elif ! grep -q "$expected" <<<"$out" || ! grep -q "$file" <<<"$out"; then
        echo "caught without naming it: $file including $include"; echo "$out"; failed=1
    fi
    mv "$tmp/$file.orig" "$tmp/$file"
}
arrow core/files/json_io.cpp core/workbench/student_kernel.h "core/files includes a layer above it"
arrow core/catalogue/variant.cpp core/patterns/reduce/variants.h "core's vocabulary or catalogue includes a layer above it"
arrow core/patterns/scan/raking.cpp core/patterns/reduce/variants.h "core/patterns/scan includes another pattern's folder"
arrow core/model/model.cpp core/patterns/scan/variants.h "core/model includes a layer above it"
arrow core/workbench/check_report.cpp core/session/session.h "core/workbench includes a layer above it"
arrow core/patterns/reduce/sequential.cpp core/cl/engine.h "core's device-free library includes OpenCL"
[ "$failed" = 0 ] && echo "layers self-test: each arrow back up is caught and named (6 cases)"
exit "$failed"
