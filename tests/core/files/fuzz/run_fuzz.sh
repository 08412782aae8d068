#!/bin/sh
# Builds the session loader's libFuzzer target with clang (ASan + UBSan) and runs it.
# Usage: tests/core/files/fuzz/run_fuzz.sh [SECONDS] [JOBS]   (defaults: 300 seconds, 1 job)
# Needs clang and libclang-rt-14-dev (Debian). New inputs that crash are written to the build directory as
# crash-*; copy the small interesting ones into tests/data/session-corpus/ as fuzz_<what>.json.
set -eu
root=$(cd "$(dirname "$0")/../../../.." && pwd)
build=${FUZZ_BUILD_DIR:-$root/build-class-fuzz}
seconds=${1:-300}
jobs=${2:-1}
flags="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -g -O1"
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo -DREDUCELAB_GUI=OFF "-DCMAKE_CXX_FLAGS=$flags" \
    "-DCMAKE_EXE_LINKER_FLAGS=-fsanitize=address,undefined" >/dev/null
cmake --build "$build" --target session_fuzz -j2
work="$build/fuzz-corpus"
mkdir -p "$work"
cd "$build"
# The regression corpus seeds the run; what the fuzzer finds grows in $work, not in the source tree.
UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 ASAN_OPTIONS=detect_leaks=1 \
    "$build/tests/core/session_fuzz" "$work" "$root/tests/data/session-corpus" \
    -dict="$root/tests/core/files/fuzz/session.dict" -max_len=65536 -rss_limit_mb=2048 -timeout=10 \
    -max_total_time="$seconds" -jobs="$jobs" -workers="$jobs" -print_final_stats=1
