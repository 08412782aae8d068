#!/usr/bin/env bash
# NVIDIA's OpenCL for the bench on a Linux machine with an NVIDIA GPU. Sourced by bench/gpu/compare.sh; also runs
# alone (`sudo bash bench/gpu/setup.sh`). Each step is done only where it is needed:
#
# - .cl/*.deb, where that folder holds packages (bench/gpu/fetch-debs.sh): for a machine with NVIDIA's OpenCL driver
#   but no ICD loader, no OpenCL headers and no way to install packages, the loader, the headers, clinfo and the
#   build's JSON, command-line and hash libraries are unpacked into /.
# - .benchdeb/*.deb, likewise: CLBlast and Boost (the bench's OpenCL peers), giflib, FreeType and stb (which the
#   CLI's export library needs even with the GUI off) and GoogleTest, unpacked under /opt/benchdeps, with
#   LD_LIBRARY_PATH, PKG_CONFIG_PATH and their .pc files pointing there (compare.sh adds it to CMAKE_PREFIX_PATH).
# - NVIDIA's ICD: where the driver's libnvidia-opencl.so.1 is installed but no file in /etc/OpenCL/vendors names it
#   (a container that mounts the driver, a driver from NVIDIA's own installer), nvidia.icd is written there.
#
# On a machine whose driver, ICD loader and peers came from its own packages it changes nothing.

if [ "${BASH_SOURCE[0]}" = "$0" ]; then  # run alone: .cl/ and .benchdeb/ are in the repository root
    cd "$(dirname "$0")/../.." || exit 1
fi

rl_unpack() {  # rl_unpack DIR DEST: every .deb in DIR unpacked into DEST
    local f any=0
    for f in "$1"/*.deb; do
        [ -e "$f" ] || continue
        dpkg -x "$f" "$2" && any=1
    done
    [ "$any" = 1 ]
}

if [ -d .cl ] && rl_unpack .cl /; then
    ldconfig
fi

if [ -d .benchdeb ]; then
    mkdir -p /opt/benchdeps
    if rl_unpack .benchdeb /opt/benchdeps; then
        export LD_LIBRARY_PATH=/opt/benchdeps/usr/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
        # The packages' .pc files say prefix=/usr.
        for pc in /opt/benchdeps/usr/lib/x86_64-linux-gnu/pkgconfig/*.pc; do
            [ -e "$pc" ] && sed -i 's|^prefix=/usr$|prefix=/opt/benchdeps/usr|' "$pc"
        done
        export PKG_CONFIG_PATH=/opt/benchdeps/usr/lib/x86_64-linux-gnu/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}
    fi
fi

if ! grep -qs libnvidia-opencl /etc/OpenCL/vendors/*.icd; then
    rl_icd_lib=
    for rl_dir in /usr/local/nvidia/lib64 /usr/lib/x86_64-linux-gnu /usr/lib64 /usr/lib; do
        if [ -e "$rl_dir/libnvidia-opencl.so.1" ]; then rl_icd_lib="$rl_dir/libnvidia-opencl.so.1"; break; fi
    done
    if [ -z "$rl_icd_lib" ]; then  # elsewhere on the loader's path
        rl_icd_lib=$(ldconfig -p 2>/dev/null | awk '/libnvidia-opencl\.so\.1 /{print $NF; exit}')
    fi
    if [ -n "$rl_icd_lib" ]; then
        if mkdir -p /etc/OpenCL/vendors 2>/dev/null && echo "$rl_icd_lib" >/etc/OpenCL/vendors/nvidia.icd 2>/dev/null; then
            echo "setup.sh: registered $rl_icd_lib in /etc/OpenCL/vendors/nvidia.icd"
        else
            echo "setup.sh: $rl_icd_lib is not registered with the ICD loader, and /etc/OpenCL/vendors is not writable" \
                 "(run as root: sudo bash bench/gpu/setup.sh)" >&2
        fi
    else
        echo "setup.sh: no libnvidia-opencl.so.1 found: is NVIDIA's driver (with its OpenCL part) installed?" >&2
    fi
    unset rl_icd_lib rl_dir
fi
unset -f rl_unpack
