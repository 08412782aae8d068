#!/usr/bin/env bash
# Gradescope runs this once, when it builds the autograder's image (this zip was made by `reducelab exercise
# autograder`). It installs ReduceLab's command line (no GUI: no display libraries) and PoCL, the CPU OpenCL driver
# every shipped exercise's thresholds pass on.
#
# What it assumes of Gradescope's image: an Ubuntu base image (22.04 or 24.04), run as root, with apt-get, the
# network and Ubuntu's universe component (PoCL and Oclgrind are in it); the zip unpacked in /autograder/source.
# ReduceLab comes one of two ways, chosen when the zip was made:
#   - package: the .deb beside this script, made with `cpack -G DEB` in a build directory. Build it on the image's
#     Ubuntu release (a container of it will do): a package built on another system names that system's library
#     versions in its Depends, and apt refuses it.
#   - source: a git clone (reducelab-src/ beside this script) built with `REDUCELAB_GUI=OFF scripts/build` and
#     installed under /usr/local; its scripts/install-deps installs what the build needs (Debian 12's package names,
#     which Ubuntu shares).
# Check it once on your course's image: Gradescope shows this script's output when it builds the image.
set -euo pipefail
package=@PACKAGE@        # the .deb's file name beside this script, or empty
source_url=@SOURCE_URL@  # a git repository to clone and build, or empty
source_ref=@SOURCE_REF@  # its branch or tag (empty: the default branch)

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
if [ -n "$package" ]; then
    apt-get install -y -q --no-install-recommends "$here/$package" pocl-opencl-icd
else
    apt-get install -y -q --no-install-recommends git ca-certificates pocl-opencl-icd
    src="$here/reducelab-src"
    rm -rf "$src"
    ref=()
    if [ -n "$source_ref" ]; then ref=(--branch "$source_ref"); fi
    git clone --depth 1 "${ref[@]}" "$source_url" "$src"
    REDUCELAB_GUI=OFF "$src/scripts/install-deps"
    REDUCELAB_GUI=OFF REDUCELAB_BUILD_DIR="$src/build" REDUCELAB_CMAKE_ARGS=-DREDUCELAB_TESTS=OFF "$src/scripts/build"
    cmake --install "$src/build"
fi
# What the submissions will be graded on: ReduceLab and the OpenCL devices it sees.
reducelab --version
reducelab devices
