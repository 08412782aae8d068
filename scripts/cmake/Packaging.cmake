# CPack: `cpack -G DEB` in the build directory makes reducelab_<version>_<arch>.deb of what `cmake --install`
# installs, under /usr. Its Depends come from dpkg-shlibdeps (the shared libraries the binary links) plus an OpenCL
# driver: PoCL, or any other ICD (the virtual package opencl-icd). Debian: dpkg-dev, file.
set(REDUCELAB_PACKAGE_MAINTAINER "The ReduceLab developers <maintainers@reducelab.org>"
    CACHE STRING "Maintainer field of the .deb")

set(CPACK_PACKAGE_NAME reducelab)
set(CPACK_PACKAGE_VENDOR "The ReduceLab developers")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "${REDUCELAB_PACKAGE_MAINTAINER}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "visualizer of parallel reduction on OpenCL devices")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_GENERATOR DEB)
set(CPACK_STRIP_FILES ON)

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${REDUCELAB_PACKAGE_MAINTAINER}")
set(CPACK_DEBIAN_PACKAGE_SECTION education)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE https://reducelab.org)
set(CPACK_DEBIAN_COMPRESSION_TYPE xz)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "pocl-opencl-icd | opencl-icd")
if(REDUCELAB_GUI)
    # The window's fonts are embedded; SVG exports measure their text with DejaVu from disk, and PNG/GIF exports
    # without a display need an X server.
    set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "fonts-dejavu-core")
    set(CPACK_DEBIAN_PACKAGE_SUGGESTS "xvfb, clinfo")
else()
    set(CPACK_DEBIAN_PACKAGE_SUGGESTS "clinfo")
endif()
# The long description (CPack puts the summary above it, indents it and turns the empty line into " ."; lines that
# start with a space stay as they are: the list).
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "ReduceLab runs real OpenCL reduction kernels (the sum, minimum or maximum of
an array) on a real device, a GPU or the CPU through PoCL, and shows stage by
stage what each work-group's local memory holds, which work-items work, which
SIMD groups diverge and where local-memory banks conflict. It times the same
kernels beside Mark Harris's classic ladder.

 * the explorer: the reduction tree, played, stepped and scrubbed
 * two variants side by side; a lecture mode for projectors
 * timings and plots of the ladder on your device
 * exports to PNG, SVG and GIF; sessions that open with no OpenCL device
 * a command line (devices, variants, run, trace, bench) with JSON output
")  # the newline keeps the last line's indent

include(CPack)
