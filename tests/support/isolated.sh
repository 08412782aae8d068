#!/bin/sh
# Runs one test program with config and data folders of its own, made empty for it and removed after it: a test
# never reads or writes the user's settings, autosaved kernel or progress, whoever used the app before.
# ReduceLab's own cache (kernel binaries) is the build tree's (REDUCELAB_CACHE_DIR, set by tests/CMakeLists.txt);
# XDG_CACHE_HOME is left as it is, for what the OpenCL and GL drivers cache for themselves (PoCL's compiled
# work-group functions, Mesa's shaders), which the tests' time limits count on.
# (Set as the test programs' launcher by tests/CMakeLists.txt.)
home=$(mktemp -d "${TMPDIR:-/tmp}/reducelab-test-XDG-XXXXXX") || exit 1
trap 'rm -rf "$home"' EXIT INT TERM
export XDG_CONFIG_HOME="$home/config" XDG_DATA_HOME="$home/data"
mkdir -p "$XDG_CONFIG_HOME" "$XDG_DATA_HOME"
"$@"
