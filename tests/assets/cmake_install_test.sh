#!/usr/bin/env bash
# `cmake --install` of the build into a temporary DESTDIR under /usr: every file in its FHS place and nothing else,
# icons of the right sizes, a man page, and the installed binary working from anywhere (its kernels, shaders and
# fonts are embedded): --version, a headless trace, an SVG export, and under a display a PNG export (OpenGL).
source "$(dirname "$0")/lib.sh"
need cmake file
root="$TMP/root"
DESTDIR="$root" cmake --install "$REDUCELAB_BUILD" --prefix /usr >"$TMP/install.log" 2>&1 ||
    { cat "$TMP/install.log" >&2; fail "cmake --install failed"; finish; }
check_tree "$root" /usr
bin="$root/usr/bin/reducelab"
[ -x "$bin" ] && pass "the binary is executable" || fail "$bin is not executable"
check_runs "$bin"

man="$(gzip -dc "$root/usr/share/man/man1/reducelab.1.gz" 2>/dev/null || true)"
contains "$man" '.TH REDUCELAB "1"' "the man page is section 1"
contains "$man" "reducelab $REDUCELAB_VERSION" "the man page has the version"
contains "$man" "trace" "the man page lists the commands"
contains "$man" ".reducelab.json" "the man page says how sessions open"
if command -v man >/dev/null 2>&1; then
    warnings="$(MANWIDTH=80 man --warnings -l "$root/usr/share/man/man1/reducelab.1.gz" 2>&1 >/dev/null)"
    [ -z "$warnings" ] && pass "man renders it without warnings" || fail "man: $warnings"
fi

if [ "$REDUCELAB_GUI" = 1 ]; then
    for s in $REDUCELAB_ICON_SIZES; do
        png="$root/usr/share/icons/hicolor/${s}x${s}/apps/$APP_ID.png"
        info="$(file -b "$png")"
        contains "$info" "PNG image data, $s x $s, 8-bit/color RGBA" "the ${s}px icon"
        [ "$(stat -c %s "$png")" -gt 300 ] || fail "the ${s}px icon is nearly empty"
    done
    out="$(cd "$TMP/elsewhere" && "$bin" export --variant sequential --n 16 --wg 16 --format svg \
        --out tree.svg 2>&1)" || fail "the SVG export failed: $out"
    [ -s "$TMP/elsewhere/tree.svg" ] && grep -q "<svg" "$TMP/elsewhere/tree.svg" && pass "an SVG export" ||
        fail "no SVG written"
    if [ -n "${DISPLAY:-}" ]; then
        out="$(cd "$TMP/elsewhere" && "$bin" export --variant sequential --n 16 --wg 16 --format png \
            --out tree.png 2>&1)" || fail "the PNG export failed: $out"
        contains "$(file -b "$TMP/elsewhere/tree.png" 2>&1)" "PNG image data" "a PNG export (embedded shaders and fonts)"
    else
        echo "note: no display, the PNG export is not tried"
    fi
fi
finish
