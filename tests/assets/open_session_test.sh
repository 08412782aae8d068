#!/usr/bin/env bash
# A saved session opens from the command line: `reducelab FILE` (what a file manager runs for the launcher's
# `Exec=reducelab %f`). A path that does not exist or is not a session gets one clear line and exit code 2 before any
# window opens; a command is still a command. Under a display: `reducelab gui --open FILE` shows the session as
# recorded, with no OpenCL device at all, and the bare `reducelab FILE` keeps the explorer open on it.
source "$(dirname "$0")/lib.sh"
bin="$REDUCELAB_BINARY"
cd "$TMP"

expect_refused() {  # expect_refused ARG TEXT WHAT: exit code 2 and TEXT on stderr
    local rc=0 err
    err="$("$bin" "$1" 2>&1 >/dev/null)" || rc=$?
    if [ "$REDUCELAB_GUI" != 1 ]; then
        [ "$rc" = 1 ] && contains "$err" "no explorer" "$3: this build has no explorer" || fail "$3: exit $rc, '$err'"
        return
    fi
    [ "$rc" = 2 ] && pass "$3: exit code 2" || fail "$3: exit code $rc (expected 2)"
    contains "$err" "$2" "$3: the message"
    [ "$(echo "$err" | wc -l)" = 1 ] && pass "$3: one line" || fail "$3: more than one line: $err"
}
echo "some notes" > notes.txt
echo '{"format": "spreadsheet", "version": 1}' > other.reducelab.json
mkdir folder.reducelab.json
expect_refused missing.reducelab.json "cannot open the session 'missing.reducelab.json': No such file or directory (reducelab FILE opens a saved session" "a missing file"
expect_refused notes.txt "'notes.txt': this is not a usable session: the file is not valid JSON" "a text file"
expect_refused other.reducelab.json "its 'format' is not \"reducelab-session\"" "JSON of another format"
expect_refused folder.reducelab.json "not a file" "a directory"
out="$("$bin" variants 2>&1)" && contains "$out" sequential "a command name is still a command" ||
    fail "reducelab variants failed: $out"

if [ "$REDUCELAB_GUI" != 1 ] || [ -z "${DISPLAY:-}" ]; then
    echo "note: no explorer or no display: the session is not opened in a window"
    finish
fi
# No OpenCL platform at all: the session must show as it was recorded.
mkdir no_vendors
export OCL_ICD_VENDORS="$TMP/no_vendors" OCL_ICD_FILENAMES= XDG_CONFIG_HOME="$TMP/config"
cp "$SESSION" lecture3.reducelab.json
rc=0
out="$(timeout 120 "$bin" gui --open lecture3.reducelab.json --config-dir "$TMP/config/reducelab" --size 1280x800 \
    --stage -1 --screenshot shot.png 2>&1)" || rc=$?
[ "$rc" = 0 ] && pass "gui --open: the explorer opened the session and took a screenshot" || fail "gui --open: exit $rc: $out"
shot="$(cat shot.png.json 2>/dev/null || true)"
contains "$shot" '"sessionBannerText": "Showing saved session lecture3.reducelab.json' "the session's banner"
contains "$shot" '"variant": "sequential"' "the session's variant"
contains "$shot" '"step": 4' "--stage -1 reached the session's last step"
contains "$shot" '"steps": 5' "the session's five steps"
contains "$(cat "$TMP/config/reducelab/settings.json")" "\"lastSession\": \"$TMP/lecture3.reducelab.json\"" \
    "the session is remembered as the last one"

# The bare form: the explorer stays open on the session until closed (here: until the timeout ends it).
rc=0
out="$(timeout 10 "$bin" lecture3.reducelab.json 2>&1)" || rc=$?
[ "$rc" = 124 ] && pass "reducelab lecture3.reducelab.json keeps the explorer open" ||
    fail "reducelab lecture3.reducelab.json ended with exit code $rc: $out"
if echo "$out" | grep -v "No OpenCL device" | grep -q "reducelab"; then fail "it complained: $out"; else pass "no complaint"; fi
finish
