#!/bin/sh
# Runs one test program with config, data and cache folders of its own, made empty for it and removed after it:
# a test never reads or writes the user's settings, autosaved kernel, progress or caches, whoever used the app
# before. (Set as the test programs' launcher by tests/CMakeLists.txt.)
home=$(mktemp -d "${TMPDIR:-/tmp}/reducelab-test-XDG-XXXXXX") || exit 1
trap 'rm -rf "$home"' EXIT INT TERM
export XDG_CONFIG_HOME="$home/config" XDG_DATA_HOME="$home/data" XDG_CACHE_HOME="$home/cache"
mkdir -p "$XDG_CONFIG_HOME" "$XDG_DATA_HOME" "$XDG_CACHE_HOME"
"$@"
