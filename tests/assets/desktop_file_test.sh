#!/usr/bin/env bash
# The launcher (assets/org.reducelab.ReduceLab.desktop): desktop-file-validate finds no error or warning, and it
# opens the session it is given (%f), names the icon and the MIME type the install registers.
source "$(dirname "$0")/lib.sh"
need desktop-file-validate
desktop="$REDUCELAB_SOURCE/assets/$APP_ID.desktop"
report="$(desktop-file-validate "$desktop" 2>&1)" || fail "desktop-file-validate failed: $report"
if echo "$report" | grep -qE "error|warning"; then fail "desktop-file-validate: $report"; else pass "desktop-file-validate"; fi
key() { sed -n "s/^$1=//p" "$desktop"; }
[ "$(key Exec)" = "reducelab %f" ] && pass "Exec opens the file it is given" || fail "Exec is '$(key Exec)'"
[ "$(key Icon)" = "$APP_ID" ] && pass "Icon is $APP_ID" || fail "Icon is '$(key Icon)'"
contains "$(key MimeType)" "$MIME_TYPE;" "MimeType has the sessions' type"
contains "$(key Categories)" "Education;Science;Development;" "Categories"
grep -q "type=\"$MIME_TYPE\"" "$REDUCELAB_SOURCE/assets/$APP_ID.mime.xml" && pass "the MIME XML defines $MIME_TYPE" ||
    fail "assets/$APP_ID.mime.xml does not define $MIME_TYPE"
finish
