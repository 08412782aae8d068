#!/usr/bin/env bash
# The histograms on an NVIDIA GPU: their device tests (every kernel's counts at awkward sizes, bins and data, int and
# float, and each trace against its CPU model); `reducelab_bench --pattern histogram`, ReduceLab's histograms against
# cupy.histogram (CUB and not), cupy.bincount, torch.bincount and torch.histc with the read-only and copy kernels as
# ceilings, every bin of every method checked; optionally the app's whole ladder (`reducelab bench --variant all`);
# and a student's kernel through `reducelab check`. Builds with the GUI off (bench/gpu/setup.sh provides what the
# machine lacks, from .cl/ and .benchdeb/).
#
#   bash bench/gpu/histogram.sh [OUTDIR]
#
# REDUCELAB_HIST_TESTS=0 skips the device tests. The comparison runs every REDUCELAB_HIST_TYPES (int float) x
# REDUCELAB_HIST_DATA (uniform zipf constant) x REDUCELAB_HIST_BINS (256 4096) x REDUCELAB_HIST_TIMINGS (device
# wall), runs REDUCELAB_RUN_FROM (1) to REDUCELAB_RUNS (1), at REDUCELAB_HIST_SIZES
# (2^16,2^20,3000017,2^24,50000017,2^28), REDUCELAB_REPEATS calls per median (30), with REDUCELAB_HIST_VARIANTS (the
# bench's default; REDUCELAB_HIST_TRIALS=a.cl,... times edited copies of its first kernel beside it, --trials) and
# REDUCELAB_HIST_PEERS (torch; none skips the CUDA peers): hist_TYPE_DATA_BINS_TIMING_runN.json
# and .txt. REDUCELAB_HIST_VERSUS=0 skips it. REDUCELAB_HIST_LADDER=1 adds `reducelab bench --variant all` at
# REDUCELAB_HIST_LADDER_SIZES (2^20,2^24,2^28), ints, both bin counts, every distribution (ladder_DATA_BINS.json).
# REDUCELAB_HIST_PASSES sets wall timing's --passes (the bench's default: 3 on a GPU; 1 times each size in one go).
# REDUCELAB_WARM_ONCE=1 gives --warm-once (the 200 ms warm-up floor once per size, not per method).
# REDUCELAB_CALLS=1 keeps every call (--calls) and writes bench/slow_calls.py's account beside each run
# (NAME_calls.txt); REDUCELAB_CLOCKS=1 samples the GPU's clocks meanwhile (clocks.csv, which that account then reads).
# REDUCELAB_DEVICE names the OpenCL device (default NVIDIA). REDUCELAB_HIST_STOP_AT (seconds since the epoch) skips the
# comparison's cases that would start after it, so that a machine lent for minutes returns what it measured.
set -uo pipefail
if [ -n "${1:-${OUT:-}}" ]; then mkdir -p "${1:-$OUT}" && out="$(cd "${1:-$OUT}" && pwd)"; fi
cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 1
out="${out:-/tmp/histogram-gpu}"
mkdir -p "$out"
log="$out/log.txt"
source bench/gpu/setup.sh
source bench/gpu/clocks.sh
export REDUCELAB_DEVICE="${REDUCELAB_DEVICE:-NVIDIA}"
export XDG_CONFIG_HOME="$out/.config" XDG_DATA_HOME="$out/.data" XDG_CACHE_HOME="$out/.cache"
{
    date -u
    git log -1 --oneline 2>/dev/null
    nvidia-smi --query-gpu=name,driver_version --format=csv
    clinfo -l
    python3 -c 'import torch; print("torch", torch.__version__, torch.cuda.get_device_name(0))'
    python3 -c 'import cupy; print("cupy", cupy.__version__)'
} >>"$log" 2>&1
build="${REDUCELAB_BENCH_BUILD_DIR:-build-bench}"
prefix=()
if [ -d /opt/benchdeps/usr ]; then prefix=(-DCMAKE_PREFIX_PATH=/opt/benchdeps/usr); fi
gen=()
if command -v ninja >/dev/null 2>&1 && [ ! -f "$build/Makefile" ]; then gen=(-G Ninja); fi
tests=ON
[ "${REDUCELAB_HIST_TESTS:-1}" = 1 ] || tests=OFF
t0=$(date +%s)
cmake -S . -B "$build" "${gen[@]}" -DCMAKE_BUILD_TYPE=Release -DREDUCELAB_GUI=OFF -DREDUCELAB_TESTS=$tests \
    -DREDUCELAB_BENCH=ON "${prefix[@]}" >>"$log" 2>&1 || { tail -40 "$log"; exit 1; }
targets="reducelab reducelab-sim reducelab_bench"
[ "$tests" = ON ] && targets="$targets kernel_tests"
cmake --build "$build" -j "$(nproc)" --target $targets >>"$log" 2>&1 || { tail -40 "$log"; exit 1; }
echo "build took $(( $(date +%s) - t0 )) s"
rl="$build/app/reducelab"
dev=(--device "$REDUCELAB_DEVICE")

if [ "$tests" = ON ]; then
    "$build/tests/kernels/kernel_tests" --gtest_filter='*Histogram*:LocalNonatomic.*' >"$out/device_tests.txt" 2>&1
    grep -E "^\[  (PASSED|FAILED) |^\[  FAILED" "$out/device_tests.txt" | tail -12
fi

if [ "${REDUCELAB_HIST_VERSUS:-1}" = 1 ]; then
    sampler=
    if [ "${REDUCELAB_CLOCKS:-0}" = 1 ]; then start_clocks "$out/clocks.csv"; fi
    for run in $(seq "${REDUCELAB_RUN_FROM:-1}" "${REDUCELAB_RUNS:-1}"); do
        for t in ${REDUCELAB_HIST_TYPES:-int float}; do
            for data in ${REDUCELAB_HIST_DATA:-uniform zipf constant}; do
                for bins in ${REDUCELAB_HIST_BINS:-256 4096}; do
                    for timing in ${REDUCELAB_HIST_TIMINGS:-device wall}; do
                        name="hist_${t}_${data}_${bins}_${timing}_run$run"
                        if [ -n "${REDUCELAB_HIST_STOP_AT:-}" ] && [ "$(date +%s)" -ge "$REDUCELAB_HIST_STOP_AT" ]; then
                            echo "$name: skipped (REDUCELAB_HIST_STOP_AT passed)"; continue
                        fi
                        c0=$(date +%s)
                        variants=()
                        [ -n "${REDUCELAB_HIST_VARIANTS:-}" ] && variants=(--variants "$REDUCELAB_HIST_VARIANTS")
                        [ -n "${REDUCELAB_HIST_TRIALS:-}" ] && variants+=(--trials "$REDUCELAB_HIST_TRIALS")
                        [ "$timing" = wall ] && [ -n "${REDUCELAB_HIST_PASSES:-}" ] && \
                            variants+=(--passes "$REDUCELAB_HIST_PASSES")
                        [ "${REDUCELAB_WARM_ONCE:-0}" = 1 ] && variants+=(--warm-once)
                        [ "${REDUCELAB_CALLS:-0}" = 1 ] && variants+=(--calls)
                        "$build/bench/reducelab_bench" "${dev[@]}" --pattern histogram --type "$t" --data "$data" \
                            --bins "$bins" --timing "$timing" --repeats "${REDUCELAB_REPEATS:-30}" \
                            --sizes "${REDUCELAB_HIST_SIZES:-2^16,2^20,3000017,2^24,50000017,2^28}" \
                            "${variants[@]}" --peers "${REDUCELAB_HIST_PEERS:-torch}" --python python3 \
                            --json "$out/$name.json" >"$out/$name.txt" 2>>"$log"
                        if [ -s "$out/$name.json" ]; then
                            echo "== $name ($(( $(date +%s) - c0 )) s)"; grep -E "^best histogram" "$out/$name.txt"
                            if [ "${REDUCELAB_CALLS:-0}" = 1 ]; then
                                python3 bench/slow_calls.py "$out/$name.json" ${sampler:+--clocks "$out/clocks.csv"} \
                                    >"$out/${name}_calls.txt" 2>&1
                            fi
                        else
                            echo "$name: the bench wrote no JSON (log.txt says why)"; tail -3 "$log"
                        fi
                    done
                done
            done
        done
    done
    stop_clocks
fi

if [ "${REDUCELAB_HIST_LADDER:-0}" = 1 ]; then
    for data in random zipf constant; do
        for bins in 256 4096; do
            range=(--range -1000,1000)
            [ "$data" = zipf ] && range=(--range 0,1023)
            [ "$data" = constant ] && range=(--range 0,8)
            "$rl" bench "${dev[@]}" --pattern histogram --variant all \
                --n "${REDUCELAB_HIST_LADDER_SIZES:-2^20,2^24,2^28}" --type int --bins "$bins" --data "$data" \
                "${range[@]}" --repeats 10 --warmup 3 --json >"$out/ladder_${data}_${bins}.json" 2>>"$log"
        done
    done
fi

"$rl" check "${dev[@]}" --pattern histogram --kernel kernels/histogram/starter.cl --wg 64 --model privatized \
    >"$out/check_starter.txt" 2>&1
echo "check of the starter: exit $?"; tail -3 "$out/check_starter.txt"
