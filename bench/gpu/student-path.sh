#!/usr/bin/env bash
# The student path on a machine with an NVIDIA GPU: every kernel a student might write (tests/data/workbench/kernels:
# right ones, typos, hostile ones) and every exercise attempt (assets/exercises, tests/data/exercise) through the same
# commands a student runs, with the NVIDIA device selected. Builds the CLI with the GUI and the tests off.
#
#   bash bench/gpu/student-path.sh [OUTDIR]
#
# Needs NVIDIA's OpenCL driver and an OpenCL ICD loader. Where the machine has neither the loader nor the build's
# packages, put their Debian packages in .cl/ (bench/gpu/fetch-debs.sh: .cl/, and from .benchdeb/ the export
# library's giflib, FreeType, stb, libpng and brotli). Oclgrind is optional: without it the simulator's checks say
# `not checked`. To have it, put in .clsim/ a `reducelab-sim` built on a Debian 12 machine with liboclgrind-dev and
# Oclgrind's runtime: the Debian packages liboclgrind-21.10, libllvm14, libz3-4 and libicu72, or their files packed
# as one archive, .clsim/*.tar.xz (about 10% smaller than the packages, without the 32-bit headers). Every
# package and archive there is unpacked into / first.
#
# Writes OUTDIR/log.txt (what a reader compares with PoCL: one line per command, its exit status and its verdict)
# and OUTDIR/student-path.tar.gz (every JSON report and every terminal report in full).
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
out="${1:-${OUT:-/tmp/student-path}}"
mkdir -p "$out"
work=$(mktemp -d)
log="$out/log.txt"
: >"$log"
say() { echo "$*" | tee -a "$log"; }
# The full reports are packed however the run ends (a time limit included).
trap 'tar -C "$work" -czf "$out/student-path.tar.gz" . 2>/dev/null' EXIT
# REDUCELAB_PARTS: which parts run (default all): check, kernel, course. REDUCELAB_EXERCISES: the course's
# exercises, a glob of their folders' names (default all: *), e.g. '1[5-9]-*' for the histograms'.
parts=" ${REDUCELAB_PARTS:-check kernel course} "
exercises="${REDUCELAB_EXERCISES:-*}"

for dir in .cl .clsim; do
    [ -d "$dir" ] || continue
    for f in "$dir"/*.deb; do [ -e "$f" ] && dpkg -x "$f" /; done
    for f in "$dir"/*.tar.xz; do [ -e "$f" ] && tar -xJf "$f" -C /; done
done
ldconfig
if [ -e /usr/local/nvidia/lib64/libnvidia-opencl.so.1 ] && [ ! -e /etc/OpenCL/vendors/nvidia.icd ]; then
    mkdir -p /etc/OpenCL/vendors
    echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 >/etc/OpenCL/vendors/nvidia.icd
fi

# A reducelab-sim built with Oclgrind elsewhere (the same source) may come in .clsim/: the check runs it.
if [ -x .clsim/reducelab-sim ] && [ -z "${REDUCELAB_SIM:-}" ]; then export REDUCELAB_SIM="$PWD/.clsim/reducelab-sim"; fi
build="${REDUCELAB_BUILD_DIR:-/tmp/reducelab-gpu}"
t0=$(date +%s)
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DREDUCELAB_GUI=OFF -DREDUCELAB_TESTS=OFF \
    >"$work/configure.txt" 2>&1 || { tail -30 "$work/configure.txt"; exit 1; }
cmake --build "$build" -j "$(nproc)" --target reducelab reducelab-sim >"$work/build.txt" 2>&1 ||
    { tail -40 "$work/build.txt"; exit 1; }
say "built in $(( $(date +%s) - t0 )) s; $(grep -o 'Oclgrind .*' "$work/configure.txt" | head -1)"
say "simulator: ${REDUCELAB_SIM:-$build/app/reducelab-sim}"
R="$build/app/reducelab"
dev="${REDUCELAB_GPU_DEVICE:-NVIDIA}"
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; "$R" devices; } 2>&1 | tee -a "$log"

# One command: its full output kept, one line in the log with the exit status and the last line it printed.
n=0
step() {
    local name="$1"; shift
    n=$((n + 1))
    local file
    file=$(printf '%s/%03d_%s' "$work" "$n" "$name")
    local t=$SECONDS
    timeout 600 "$@" >"$file.out" 2>"$file.err"
    local rc=$?
    local last
    last=$(grep -v '^\s*$' "$file.out" "$file.err" 2>/dev/null | tail -1 | cut -d: -f2- | cut -c1-150)
    say "$(printf '%-48s rc=%-3s %4ss  %s' "$name" "$rc" "$((SECONDS - t))" "$last")"
}
# After a hostile kernel: a built-in reduction on the same device must still be right.
still_right() { step "after-$1:builtin-run" "$R" run --variant sequential --n 1000003 --type int --device "$dev"; }

if [[ $parts == *" check "* ]]; then
say ""
say "== reducelab check on every workbench kernel"
for k in tests/data/workbench/kernels/*.cl; do
    name=$(basename "$k" .cl)
    step "check:$name" "$R" check --kernel "$k" --device "$dev" --timeout 30
    step "check-json:$name" "$R" check --kernel "$k" --device "$dev" --timeout 30 --json
    case "$name" in never_ends|writes_far_past_output|huge_local|divides_by_zero|reads_null|builds_for_minutes)
        still_right "$name" ;;
    esac
done
# A histogram kernel: the workbench's starter, against the model of private bins.
k=kernels/histogram/starter.cl
step "check:histogram-starter" "$R" check --pattern histogram --kernel "$k" --device "$dev" --model privatized
step "check-json:histogram-starter" "$R" check --pattern histogram --kernel "$k" --device "$dev" --model privatized --json
fi

if [[ $parts == *" kernel "* ]]; then
say ""
say "== trace, run and bench of a student's kernel"
k=tests/data/workbench/kernels/plain_sequential.cl
step "trace:plain_sequential" "$R" trace --kernel "$k" --device "$dev" --n 64 --wg 16
step "run:plain_sequential" "$R" run --kernel "$k" --device "$dev" --n 1000003
step "bench:plain_sequential" "$R" bench --kernel "$k" --device "$dev" --n 16777216 --repeats 20
k=tests/data/workbench/kernels/annotated_sequential.cl
step "trace:annotated_sequential" "$R" trace --kernel "$k" --device "$dev" --n 64 --wg 16
step "run:annotated_sequential" "$R" run --kernel "$k" --device "$dev" --n 1000003
fi

if [[ $parts == *" course "* ]]; then
say ""
say "== the course: every exercise's solution and starter, then the wrong attempts"
for ex in assets/exercises/$exercises/; do
    id=$(basename "$ex")
    for which in solution starter; do
        [ -f "$ex/$which.cl" ] || continue
        step "exercise:$id:$which" "$R" exercise check "$id" --kernel "$ex/$which.cl" --device "$dev" --reveal
        step "exercise-json:$id:$which" "$R" exercise check "$id" --kernel "$ex/$which.cl" --device "$dev" --json
    done
done
for a in tests/data/exercise/attempts/*.cl; do
    name=$(basename "$a" .cl)
    ex=$(ls -d assets/exercises/"${name%%-*}"-* 2>/dev/null | head -1)
    [ -n "$ex" ] || continue
    case "$(basename "$ex")" in $exercises) ;; *) continue ;; esac
    step "attempt:$name" "$R" exercise check "$(basename "$ex")" --kernel "$a" --device "$dev" --reveal
done
fi

say ""
say "full reports: student-path.tar.gz ($(ls "$work" | wc -l) files)"
