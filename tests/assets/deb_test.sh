#!/usr/bin/env bash
# `cpack -G DEB` on the build: one reducelab_<version>_<arch>.deb holding exactly the files of an install under /usr,
# its control fields (Depends from dpkg-shlibdeps plus an OpenCL driver, section, maintainer, description), its
# dependencies resolvable by apt, and its binary, extracted with dpkg-deb -x, answering --version and tracing on the
# OpenCL device (PoCL on CI).
source "$(dirname "$0")/lib.sh"
need cpack dpkg-deb dpkg-shlibdeps file
(cd "$TMP" && cpack -G DEB --config "$REDUCELAB_BUILD/CPackConfig.cmake" -B "$TMP/out" >"$TMP/cpack.log" 2>&1) ||
    { cat "$TMP/cpack.log" >&2; fail "cpack -G DEB failed"; finish; }
debs=("$TMP"/out/*.deb)
name="reducelab_${REDUCELAB_VERSION}_$(dpkg --print-architecture).deb"
[ "${#debs[@]}" = 1 ] && [ "$(basename "${debs[0]}")" = "$name" ] && pass "cpack made $name" ||
    { fail "cpack made ${debs[*]}, not one $name"; finish; }
deb="${debs[0]}"
echo "note: $name is $(stat -c %s "$deb") bytes"

listed="$(dpkg-deb -c "$deb" | awk '$1 !~ /^d/ { print $6 }' | sed 's|^\./||' | sort)"
want="$(expected_files /usr)"
[ "$listed" = "$want" ] && pass "dpkg-deb -c lists every file of the install and nothing else" ||
    { fail "the package's files differ (< missing, > unexpected):"; diff <(echo "$want") <(echo "$listed") >&2 || true; }

field() { dpkg-deb -f "$deb" "$1"; }
[ "$(field Package)" = reducelab ] && pass "Package" || fail "Package is '$(field Package)'"
[ "$(field Version)" = "$REDUCELAB_VERSION" ] && pass "Version" || fail "Version is '$(field Version)'"
[ "$(field Section)" = education ] && pass "Section" || fail "Section is '$(field Section)'"
[[ "$(field Maintainer)" =~ ^[^\<]+\ \<[^@\>]+@[^\>]+\>$ ]] && pass "Maintainer: $(field Maintainer)" ||
    fail "Maintainer is '$(field Maintainer)'"
contains "$(field Description)" "parallel reduction" "Description"
depends="$(field Depends)"
echo "note: Depends: $depends"
contains "$depends" "pocl-opencl-icd | opencl-icd" "Depends on an OpenCL driver (PoCL or any ICD)"
for lib in ocl-icd-libopencl1 libc6 libstdc++6 libzip4; do contains "$depends" "$lib" "Depends on $lib (dpkg-shlibdeps)"; done
if [ "$REDUCELAB_GUI" = 1 ]; then
    for lib in libglfw3 libfreetype6 libgif7 libavcodec59 libavformat59 libswscale6; do contains "$depends" "$lib" "Depends on $lib (dpkg-shlibdeps)"; done
    contains "$(field Recommends)" fonts-dejavu-core "Recommends the fonts SVG exports measure with"
fi
if command -v apt-get >/dev/null 2>&1; then
    out="$(apt-get install -s "$deb" 2>&1)" && pass "apt-get resolves every dependency (simulated install)" ||
        fail "apt-get cannot install it: $out"
fi

x="$TMP/x"
dpkg-deb -x "$deb" "$x" || fail "dpkg-deb -x failed"
check_tree "$x" /usr
contains "$(file -b "$x/usr/bin/reducelab")" ", stripped" "the packaged binary is stripped"
check_runs "$x/usr/bin/reducelab"
finish
