#!/usr/bin/env bash
# The AppStream metainfo (assets/org.reducelab.ReduceLab.metainfo.xml): appstreamcli validates it with no warning,
# and it agrees with the rest of the install: launcher, binary, MIME type, version.
source "$(dirname "$0")/lib.sh"
need appstreamcli xmllint
meta="$REDUCELAB_SOURCE/assets/$APP_ID.metainfo.xml"
report="$(appstreamcli validate --no-net "$meta" 2>&1)" && pass "appstreamcli validate --no-net" ||
    fail "appstreamcli validate --no-net: $report"
xpath() { xmllint --xpath "$1" "$meta" 2>/dev/null || true; }
[ "$(xpath 'string(/component/id)')" = "$APP_ID" ] && pass "id" || fail "id is not $APP_ID"
[ "$(xpath 'string(/component/launchable[@type="desktop-id"])')" = "$APP_ID.desktop" ] && pass "launchable" ||
    fail "launchable is not $APP_ID.desktop"
[ -f "$REDUCELAB_SOURCE/assets/$(xpath 'string(/component/launchable)')" ] && pass "the launchable exists" ||
    fail "the launchable names no file in assets/"
[ "$(xpath 'string(/component/provides/binary)')" = reducelab ] && pass "provides the binary" || fail "provides no binary"
[ "$(xpath 'string(/component/provides/mediatype)')" = "$MIME_TYPE" ] && pass "provides the MIME type" ||
    fail "provides no $MIME_TYPE"
[ "$(xpath 'string(/component/releases/release[1]/@version)')" = "$REDUCELAB_VERSION" ] &&
    pass "the newest release is the project's version" || fail "the newest release is not $REDUCELAB_VERSION"
[ "$(xpath 'count(/component/screenshots/screenshot)')" -ge 1 ] && pass "screenshots" || fail "no screenshots"
[ -n "$(xpath 'string(/component/content_rating/@type)')" ] && pass "content rating" || fail "no content rating"
[ -n "$(xpath 'string(/component/description/p[1])')" ] && pass "description" || fail "no description"
finish
