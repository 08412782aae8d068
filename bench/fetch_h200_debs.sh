#!/usr/bin/env bash
# Fills .cl/ and .benchdeb/ (both ignored by git) with the Debian packages bench/run_h200.sh unpacks on the lent
# H200, which has NVIDIA's OpenCL driver but no ICD loader, headers or package registry: the OpenCL loader and
# headers, nlohmann-json and xxHash (.cl/, as ../shared/GPU.md says), CLBlast and Boost's headers for the bench's peers, and
# giflib, FreeType and stb, which the CLI's export library needs even with the GUI off (.benchdeb/).
# Then: the `run` tool with carry [".cl", ".benchdeb"] and the command `bash bench/run_h200.sh`.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
mkdir -p "$root/.cl" "$root/.benchdeb"
(cd "$root/.cl" && apt-get download ocl-icd-libopencl1 ocl-icd-opencl-dev opencl-c-headers opencl-clhpp-headers \
    clinfo nlohmann-json3-dev libxxhash-dev libxxhash0)
(cd "$root/.benchdeb" && apt-get download libclblast1 libclblast-dev libboost1.74-dev libgif-dev libgif7 \
    libfreetype-dev libfreetype6 libstb-dev libstb0 libpng16-16 libbrotli1)
du -sh "$root/.cl" "$root/.benchdeb"
