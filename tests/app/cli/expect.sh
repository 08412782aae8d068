#!/usr/bin/env bash
# expect.sh RC REGEX COMMAND...: runs COMMAND, fails unless it exits with RC and its output matches REGEX.
set -u
want_rc=$1; pattern=$2; shift 2
out=$("$@" 2>&1); rc=$?
echo "$out"
if [ "$rc" != "$want_rc" ]; then echo "expected exit code $want_rc, got $rc" >&2; exit 1; fi
if ! grep -Eq -- "$pattern" <<<"$out"; then echo "output does not match /$pattern/" >&2; exit 1; fi
