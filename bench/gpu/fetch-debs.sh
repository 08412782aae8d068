#!/usr/bin/env bash
# Downloads the Debian packages that bench/gpu/setup.sh unpacks on a machine with NVIDIA's OpenCL driver but no ICD
# loader, no OpenCL headers and no way to install packages. Run it on a Debian or Ubuntu machine of the same release
# as the GPU machine (apt-get download needs no root), then copy the checkout with both folders (git ignores them)
# to the GPU machine and run bench/gpu/compare.sh there.
#   .cl/        the OpenCL ICD loader and headers, clinfo, and the build's JSON, command-line and hash libraries
#   .benchdeb/  CLBlast and Boost's headers for the bench's OpenCL peers; giflib, FreeType and stb, which the CLI's
#               export library needs even with the GUI off; GoogleTest for the device tests (REDUCELAB_DEVICE_TESTS)
# The names are Debian 12's (libboost1.74-dev); another release may name a package differently. cupy and torch,
# the peers on a GPU, come from the GPU machine's own Python (pip).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
mkdir -p "$root/.cl" "$root/.benchdeb"
(cd "$root/.cl" && apt-get download ocl-icd-libopencl1 ocl-icd-opencl-dev opencl-c-headers opencl-clhpp-headers \
    clinfo nlohmann-json3-dev libcli11-dev libxxhash-dev libxxhash0)
(cd "$root/.benchdeb" && apt-get download libclblast1 libclblast-dev libboost1.74-dev libgif-dev libgif7 \
    libfreetype-dev libfreetype6 libstb-dev libstb0 libpng16-16 libbrotli1 libgtest-dev libgmock-dev googletest \
    libtbb-dev libtbb12 libtbbmalloc2 libtbbbind-2-5 libhwloc15)
du -sh "$root/.cl" "$root/.benchdeb"
