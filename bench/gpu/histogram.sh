#!/usr/bin/env bash
# The histograms on an NVIDIA GPU: their device tests (every kernel's counts at awkward sizes, bins and data, int and
# float, and each trace against its CPU model), then `reducelab bench --pattern histogram` over the ladder at 2^20,
# 2^24 and 2^28 ints with 256 and 4096 bins on uniform, zipf and constant data, and a student's kernel through
# `reducelab check`. Builds the CLI and the kernel tests with the GUI off (bench/gpu/setup.sh provides what the
# machine lacks, from .cl/ and .benchdeb/).
#
#   bash bench/gpu/histogram.sh [OUTDIR]
#
# REDUCELAB_DEVICE names the OpenCL device (default NVIDIA); REDUCELAB_HIST_SIZES the sizes (default
# 2^20,2^24,2^28); REDUCELAB_HIST_TESTS=0 skips the device tests. Writes OUTDIR/log.txt, device_tests.txt and one
# bench_<data>_<bins>.json per case, and prints a summary.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
out="${1:-${OUT:-/tmp/histogram-gpu}}"
mkdir -p "$out"
log="$out/log.txt"
source bench/gpu/setup.sh
export REDUCELAB_DEVICE="${REDUCELAB_DEVICE:-NVIDIA}"
export XDG_CONFIG_HOME="$out/.config" XDG_DATA_HOME="$out/.data" XDG_CACHE_HOME="$out/.cache"
{
    date -u
    git log -1 --oneline 2>/dev/null
    nvidia-smi --query-gpu=name,driver_version --format=csv
    clinfo -l
} >>"$log" 2>&1
build="${REDUCELAB_BENCH_BUILD_DIR:-build-bench}"
prefix=()
if [ -d /opt/benchdeps/usr ]; then prefix=(-DCMAKE_PREFIX_PATH=/opt/benchdeps/usr); fi
gen=()
if command -v ninja >/dev/null 2>&1 && [ ! -f "$build/Makefile" ]; then gen=(-G Ninja); fi
t0=$(date +%s)
cmake -S . -B "$build" "${gen[@]}" -DCMAKE_BUILD_TYPE=Release -DREDUCELAB_GUI=OFF -DREDUCELAB_TESTS=ON \
    "${prefix[@]}" >>"$log" 2>&1 || { tail -40 "$log"; exit 1; }
cmake --build "$build" -j "$(nproc)" --target reducelab reducelab-sim kernel_tests >>"$log" 2>&1 ||
    { tail -40 "$log"; exit 1; }
echo "build took $(( $(date +%s) - t0 )) s"
rl="$build/app/reducelab"
dev=(--device "$REDUCELAB_DEVICE")

if [ "${REDUCELAB_HIST_TESTS:-1}" = 1 ]; then
    "$build/tests/kernels/kernel_tests" --gtest_filter='*Histogram*:LocalNonatomic.*' >"$out/device_tests.txt" 2>&1
    grep -E "^\[  (PASSED|FAILED) |^\[  FAILED|^\[       OK" "$out/device_tests.txt" | tail -30
fi

for data in random zipf constant; do
    for bins in 256 4096; do
        range=(--range -1000,1000)
        [ "$data" = zipf ] && range=(--range 0,1023)
        [ "$data" = constant ] && range=(--range 0,8)
        "$rl" bench "${dev[@]}" --pattern histogram --variant all --n "${REDUCELAB_HIST_SIZES:-2^20,2^24,2^28}" \
            --type int --bins "$bins" --data "$data" "${range[@]}" --repeats 10 --warmup 3 --json \
            >"$out/bench_${data}_${bins}.json" 2>>"$log"
        echo "== $data, $bins bins"
        "$rl" bench "${dev[@]}" --pattern histogram --variant all --n 2^28 --type int --bins "$bins" --data "$data" \
            "${range[@]}" --repeats 5 --warmup 2 2>&1 | tail -14
    done
done

"$rl" check "${dev[@]}" --pattern histogram --kernel kernels/histogram/starter.cl --wg 64 --model privatized \
    >"$out/check_starter.txt" 2>&1
echo "check of the starter: exit $?"; tail -5 "$out/check_starter.txt"
