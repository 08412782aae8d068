# Sourced by the scripts that run on a lent NVIDIA GPU (bench/run_h200.sh, bench/run_issue14.sh): NVIDIA's OpenCL
# through the ICD loader carried in .cl/ (../shared/GPU.md), and the bench's extras carried in .benchdeb/ (CLBlast and
# Boost for the peers; giflib, FreeType and stb for the CLI's export library) unpacked under /opt/benchdeps.
for f in .cl/*.deb; do dpkg -x "$f" /; done
ldconfig
mkdir -p /etc/OpenCL/vendors
echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
mkdir -p /opt/benchdeps
for f in .benchdeb/*.deb; do dpkg -x "$f" /opt/benchdeps; done
export LD_LIBRARY_PATH=/opt/benchdeps/usr/lib/x86_64-linux-gnu:${LD_LIBRARY_PATH:-}
# The carried .pc files point at /usr.
sed -i 's|^prefix=/usr$|prefix=/opt/benchdeps/usr|' /opt/benchdeps/usr/lib/x86_64-linux-gnu/pkgconfig/*.pc
export PKG_CONFIG_PATH=/opt/benchdeps/usr/lib/x86_64-linux-gnu/pkgconfig:${PKG_CONFIG_PATH:-}
