#!/usr/bin/env bash
# Runs on the lent H200 (the `run` tool with carry [".cl", ".benchdeb"], filled by bench/fetch_h200_debs.sh; see
# ../shared/GPU.md): sets up NVIDIA's OpenCL from .cl/ and the bench's extras from .benchdeb/ (CLBlast and Boost
# for the peers; giflib, FreeType and stb for the CLI's export library), builds reducelab and reducelab_bench with
# the GUI and tests off, then runs, as the environment asks:
#   REDUCELAB_DEVICE_TESTS=1  first builds the tests too and runs the device tests of the best kernels on NVIDIA
#   REDUCELAB_SWEEP=1    best-gpu over work-group sizes and groups per compute unit (REDUCELAB_SWEEP_SIZES)
#   REDUCELAB_LAYOUTS=1  load-layout experiments and the one-launch (atomic) experiment
#   REDUCELAB_PROBE=1    where a small reduction's time goes (each pass, the gap between launches, empty kernels)
#   always               the bench against torch.sum and cupy.sum at 2^20..2^28 floats, device timing
#   REDUCELAB_WALL=0     skips the same bench with wall-clock timing
#   REDUCELAB_LADDER=0   skips the full ladder (`reducelab bench --variant all`) at 2^22 and 2^28 ints
#   REDUCELAB_REPEATS    timed runs per figure (default 15)
# Everything lands in $OUT; the short tables are printed last.
set -uo pipefail
out="${OUT:-/tmp/out}"
mkdir -p "$out"
log="$out/log.txt"
source "$(dirname "$0")/device_setup.sh"
{
    date -u
    nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu,power.draw --format=csv
    clinfo -l
    python3 -c 'import torch; print("torch", torch.__version__, torch.cuda.get_device_name(0))'
} >>"$log" 2>&1
build=/tmp/build-h200
tests=OFF
targets="reducelab reducelab_bench"
if [ "${REDUCELAB_DEVICE_TESTS:-0}" = 1 ]; then
    tests=ON
    targets="$targets device_tests"
fi
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DREDUCELAB_GUI=OFF -DREDUCELAB_TESTS=$tests \
    -DREDUCELAB_BENCH=ON -DCMAKE_PREFIX_PATH=/opt/benchdeps/usr >>"$log" 2>&1 &&
    cmake --build "$build" -j 16 --target $targets >>"$log" 2>&1 || {
    tail -40 "$log"
    exit 1
}
bin="$build/app/reducelab"
bench="$build/bench/reducelab_bench"
"$bin" devices >>"$log" 2>&1
dev=NVIDIA
if [ "${REDUCELAB_DEVICE_TESTS:-0}" = 1 ]; then
    REDUCELAB_DEVICE=$dev "$build/tests/device/device_tests" \
        --gtest_filter="${REDUCELAB_TEST_FILTER:-BestVariants.*:TraceMatchesModel.*:*LadderResults*}" \
        >"$out/device_tests.txt" 2>&1
    tail -4 "$out/device_tests.txt"
fi
if [ "${REDUCELAB_SWEEP:-0}" = 1 ]; then
    "$bench" --device $dev --sweep --variants best-gpu,grid-stride --sizes "${REDUCELAB_SWEEP_SIZES:-2^20,2^24,2^28}" \
        >"$out/sweep.txt" 2>>"$log"
fi
if [ "${REDUCELAB_LAYOUTS:-0}" = 1 ]; then
    "$bench" --device $dev --layouts --sizes 2^20,2^21,2^22,2^24,2^28 >"$out/layouts.txt" 2>>"$log"
fi
if [ "${REDUCELAB_PROBE:-0}" = 1 ]; then
    "$bench" --device $dev --probe --sizes 2^20,2^22,2^24 >"$out/probe.txt" 2>>"$log"
fi
"$bench" --device $dev --repeats "${REDUCELAB_REPEATS:-15}" --peers clblast,boost,torch --python python3 --json "$out/bench_h200.json" \
    >"$out/bench_h200.txt" 2>>"$log"
if [ "${REDUCELAB_WALL:-1}" = 1 ]; then
    "$bench" --device $dev --repeats "${REDUCELAB_REPEATS:-15}" --peers clblast,boost,torch --python python3 --timing wall \
        --json "$out/bench_h200_wall.json" >"$out/bench_h200_wall.txt" 2>>"$log"
fi
if [ "${REDUCELAB_LADDER:-1}" = 1 ]; then
    for n in 4194304 268435456; do
        "$bin" bench --device $dev --variant all --n $n --type int >>"$out/ladder_h200.txt" 2>&1
        "$bin" bench --device $dev --variant all --n $n --type int --json >"$out/ladder_h200_$n.json" 2>>"$log"
    done
fi
nvidia-smi --query-gpu=clocks.sm,clocks.mem,temperature.gpu,power.draw --format=csv >>"$log" 2>&1
date -u >>"$log"
for f in layouts.txt probe.txt sweep.txt ladder_h200.txt bench_h200_wall.txt bench_h200.txt; do
    [ -f "$out/$f" ] && grep -v "^Best variant" "$out/$f"
done
