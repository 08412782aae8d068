# Shared by the install tests (sourced): failing with a reason, a temporary directory, the files an install holds.
# The test's environment comes from tests/assets/CMakeLists.txt: REDUCELAB_SOURCE, REDUCELAB_BUILD, REDUCELAB_BINARY,
# REDUCELAB_VERSION, REDUCELAB_GUI (1 or 0), REDUCELAB_ICON_SIZES ("16 32 ...").
set -euo pipefail

APP_ID=org.reducelab.ReduceLab
MIME_TYPE=application/x-reducelab-session
SESSION="$REDUCELAB_SOURCE/tests/data/session-corpus/valid_sequential_int16.json"  # a session recorded on PoCL

failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
pass() { echo "ok: $*"; }
# Ends the test: 1 if anything failed.
finish() {
    if [ "$failures" -ne 0 ]; then echo "$failures check(s) failed" >&2; exit 1; fi
    echo "all checks passed"
    exit 0
}
need() {  # the tools a test cannot do without (scripts/install-deps installs them)
    for tool in "$@"; do
        command -v "$tool" >/dev/null 2>&1 || { echo "FAIL: $tool is missing (run scripts/install-deps)" >&2; exit 1; }
    done
}
contains() {  # contains TEXT NEEDLE WHAT
    case "$1" in *"$2"*) pass "$3" ;; *) fail "$3: '$2' not found in: $1" ;; esac
}

TMP="$(mktemp -d "${TMPDIR:-/tmp}/reducelab-install-test.XXXXXX")"
trap 'rm -rf "$TMP"' EXIT

# The files an install under PREFIX holds, relative to the root, one per line, sorted.
expected_files() {
    local p="${1#/}"
    {
        echo "$p/bin/reducelab"
        echo "$p/libexec/reducelab/reducelab-sim"  # the simulator step of `reducelab check` (core/sim)
        echo "$p/share/man/man1/reducelab.1.gz"
        if [ "$REDUCELAB_GUI" = 1 ]; then
            for s in $REDUCELAB_ICON_SIZES; do echo "$p/share/icons/hicolor/${s}x${s}/apps/$APP_ID.png"; done
            echo "$p/share/icons/hicolor/scalable/apps/$APP_ID.svg"
            echo "$p/share/applications/$APP_ID.desktop"
            echo "$p/share/metainfo/$APP_ID.metainfo.xml"
            echo "$p/share/mime/packages/$APP_ID.xml"
        fi
    } | sort
}

# Checks that ROOT holds exactly the expected files of an install under PREFIX.
check_tree() {  # check_tree ROOT PREFIX
    local got want
    got="$(cd "$1" && find . -type f -o -type l | sed 's|^\./||' | sort)"
    want="$(expected_files "$2")"
    if [ "$got" = "$want" ]; then pass "every file in its place under $2 ($(echo "$want" | wc -l) files)"; else
        fail "the installed files differ from the expected ones (< missing, > unexpected):"
        diff <(echo "$want") <(echo "$got") >&2 || true
    fi
}

# Runs an installed binary the way a user would, from an empty directory far from the source tree: --version, a
# headless trace on the OpenCL device (PoCL on CI) checked against the CPU reference, and a student's kernel without
# the recording macros traced on Oclgrind by the installed reducelab-sim (found from bin/ in ../libexec/reducelab).
check_runs() {  # check_runs BINARY
    local out
    mkdir -p "$TMP/elsewhere"
    out="$(cd "$TMP/elsewhere" && "$1" --version)" || fail "$1 --version failed"
    [ "$out" = "reducelab $REDUCELAB_VERSION" ] && pass "--version: $out" || fail "--version printed '$out'"
    out="$(cd "$TMP/elsewhere" && "$1" trace --variant sequential --n 64 --json)" || fail "the trace failed"
    contains "$out" '"correct":true' "a trace of 64 elements (sequential) equals the CPU reference"
    contains "$out" '"n":64' "the trace is of 64 elements"
    cat >"$TMP/elsewhere/plain.cl" <<'KERNEL'
// A plain sequential reduction with none of the recording macros.
__kernel void reduce(__global const T *in, __global T *out, const uint n, __local T *scratch) {
    const uint lid = get_local_id(0), gid = get_global_id(0);
    scratch[lid] = gid < n ? in[gid] : RL_IDENTITY;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (lid < s) scratch[lid] = RL_APPLY(scratch[lid], scratch[lid + s]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) out[get_group_id(0)] = scratch[0];
}
KERNEL
    out="$(cd "$TMP/elsewhere" && env -u REDUCELAB_SIM "$1" trace --kernel plain.cl --n 16 --wg 16 --json 2>&1)" ||
        fail "the trace of a kernel without macros failed: $out"
    contains "$out" '"correct":true' "a kernel without macros traced on Oclgrind by the installed reducelab-sim"
}
