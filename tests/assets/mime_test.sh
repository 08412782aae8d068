#!/usr/bin/env bash
# The MIME type of sessions (assets/org.reducelab.ReduceLab.mime.xml), registered into an empty data directory as an
# install registers it: a session is recognised by its name (*.reducelab.json) and, renamed, by its content, while
# other JSON is not taken; with the launcher installed beside it, ReduceLab is the program sessions open with, and
# under a display `gio open` (a double click) starts `reducelab FILE`, which keeps the explorer open on it.
source "$(dirname "$0")/lib.sh"
need xmllint update-mime-database update-desktop-database gio
xml="$REDUCELAB_SOURCE/assets/$APP_ID.mime.xml"
xmllint --noout "$xml" && pass "the MIME XML is well-formed" || fail "the MIME XML is not well-formed"

data="$TMP/share"
mkdir -p "$data/mime/packages" "$data/applications" "$TMP/bin"
# The launcher's TryExec must find reducelab on the PATH, as after an install: here a stand-in that notes its
# arguments, runs the real binary for 10 s and notes how it ended (124: still running when stopped).
cat >"$TMP/bin/reducelab" <<STANDIN
#!/bin/sh
echo "\$@" >"$TMP/launched.args"
timeout 10 "$REDUCELAB_BINARY" "\$@" >"$TMP/launched.log" 2>&1
echo \$? >"$TMP/launched.rc"
STANDIN
chmod +x "$TMP/bin/reducelab"
export XDG_DATA_HOME="$data" XDG_DATA_DIRS=/usr/share XDG_CONFIG_HOME="$TMP/config" XDG_CACHE_HOME="$TMP/cache"
export PATH="$TMP/bin:$PATH"
cp "$xml" "$data/mime/packages/$APP_ID.xml"
cp "$REDUCELAB_SOURCE/assets/$APP_ID.desktop" "$data/applications/"
report="$(update-mime-database "$data/mime" 2>&1)" && [ -z "$report" ] && pass "update-mime-database" ||
    fail "update-mime-database: $report"
update-desktop-database "$data/applications" || fail "update-desktop-database"
[ -f "$data/mime/application/x-reducelab-session.xml" ] && pass "the type is registered" || fail "no type registered"

type_of() { gio info -a standard::content-type "$1" | sed -n 's/^ *standard::content-type: //p'; }
cp "$SESSION" "$TMP/lecture3.reducelab.json"
cp "$SESSION" "$TMP/lecture3"
echo '{"name": "not a session", "values": [1, 2, 3]}' > "$TMP/other.json"
t="$(type_of "$TMP/lecture3.reducelab.json")"
[ "$t" = "$MIME_TYPE" ] && pass "lecture3.reducelab.json is a session" || fail "lecture3.reducelab.json is '$t'"
t="$(type_of "$TMP/lecture3")"
[ "$t" = "$MIME_TYPE" ] && pass "a session without its extension is recognised by its content" || fail "lecture3 is '$t'"
t="$(type_of "$TMP/other.json")"
[ "$t" != "$MIME_TYPE" ] && pass "other JSON is $t" || fail "other.json is taken for a session"
apps="$(gio mime "$MIME_TYPE" 2>&1)"
contains "$(echo "$apps" | head -1)" "$APP_ID.desktop" "sessions open with ReduceLab by default"

if [ "$REDUCELAB_GUI" != 1 ] || [ -z "${DISPLAY:-}" ]; then
    echo "note: no explorer or no display: no double click"
    finish
fi
mkdir "$TMP/no_vendors"  # no OpenCL device: a session needs none
OCL_ICD_VENDORS="$TMP/no_vendors" OCL_ICD_FILENAMES= gio open "$TMP/lecture3.reducelab.json" || fail "gio open failed"
for _ in $(seq 60); do [ -f "$TMP/launched.rc" ] && break; sleep 0.5; done
[ "$(cat "$TMP/launched.args" 2>/dev/null)" = "$TMP/lecture3.reducelab.json" ] &&
    pass "a double click runs reducelab with the session's path" || fail "the launcher ran: $(cat "$TMP/launched.args" 2>&1)"
[ "$(cat "$TMP/launched.rc" 2>/dev/null)" = 124 ] && pass "the explorer stayed open on the session" ||
    fail "reducelab ended with $(cat "$TMP/launched.rc" 2>&1): $(cat "$TMP/launched.log" 2>&1)"
finish
