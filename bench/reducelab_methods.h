// ReduceLab's own rows of the bench: a variant timed as a whole reduction (every pass), and the copy ceilings.
#pragma once
#include <string>
#include <vector>

#include "bench/measure.h"
#include "bench/options.h"
#include "core/cl/engine.h"
#include "core/model/scan_reference.h"

namespace rl::bench {

// One size's data as every OpenCL method sees it: the host array, its CPU reference and one device buffer, and the
// operation every method computes on it.
struct DeviceData {
    const HostArray& input;
    const Reference& ref;
    cl::Buffer buffer;
    Op op = Op::Sum;
    const ScanSpec* scan = nullptr;  // a scan bench: how the scans' rows check every element
    const HistogramSpec* histogram = nullptr;  // a histogram bench: the bins, the range and every bin's count
};

// Variant `id` (the data's type and operation) through the engine's own launch code. A scan variant counts the bytes
// read and written, and its output is checked element by element against data.scan after the runs. The launch's
// work-group size, grid and elements per work-item are RunConfig's (0: the variant's default for this device). Its
// device time spans the first pass's start to the last pass's end; the note gives the launch shape and each pass's
// median kernel time.
// inPlace (a scan whose descriptor says scansInPlace): it scans a buffer of its own over itself, each call the last
// call's output, as CUB's in-place DeviceScan is timed; the check scans a fresh copy of the input.
Method makeVariant(Engine& engine, const std::string& id, const LaunchShape& launch, const DeviceData& data,
                   bool inPlace = false);

// A trial (--trials): the file at `path`, an edited copy of variant `id`'s kernel, built with the variant's options
// (its own program, beside the shipped kernel's), launched by the variant's runner on the same shape and checked as
// the variant is: an edit timed against the kernel it would replace in one round-robin. Labelled "trial FILE"; a file
// that cannot be read, or does not build, is a skipped row with the reason.
Method makeTrial(Engine& engine, const std::string& id, const std::string& path, const LaunchShape& launch,
                 const DeviceData& data, bool inPlace = false);
// NVIDIA's compiler's account of kernel `entry` in a build log made with -cl-nv-verbose (cl_nv_compiler_options):
// "ptxas: Used R registers, ... bytes smem, ...; F bytes stack frame, S bytes spill stores, L bytes spill loads", or
// empty where the log has no such lines. On NVIDIA, each variant's row carries it in its note (and the bench prints
// it once per build): the registers a work-item takes decide how many work-groups a compute unit holds at once.
std::string ptxasSummary(const std::string& log, const std::string& entry);

// A trial file's text (--trials); throws rl::Error (BadInput) "cannot read PATH" where it cannot be read or is empty.
std::string trialText(const std::string& path);

// A pattern bench's --trials edit its first --variants kernel: refused (BadInput, with what to give) where --variants
// was not given, so that the kernel a trial stands beside is always the one named.
void checkTrials(const BenchOptions& o, const std::vector<std::string>& variants);

// The engine's copy kernel (one float4 per work-item) over the same number of floats: bytes read + written over
// its event time, warmed up for kMinWarmupMs.
Measurement measureCopyCeiling(Engine& engine, size_t n, int warmup, int repeats);

// The same copy kernel as a method of the round-robin (kernels/copy.cl over n elements of `type`, bytes read +
// written), so that in device timing it is queued behind a busy device like the reductions. Output checked.
Method makeCopyKernel(Engine& engine, size_t n, ElemType type);

// A read-only kernel (bench/gpu_layouts.cl's layout_reduce: grid-stride, `unroll` 16-byte loads per step,
// restrict; `source` its text), one launch of `groups` groups of wg over the data, each group's partial read back
// and added on the host: the read-only ceiling at that grid (a reduction's own limit where the input fits in the
// L2 cache, past the copy's). A sum of the data's type whatever the bench's operation (the same bytes and loads).
Method makeReadOnlyCeiling(Engine& engine, const std::string& source, const DeviceData& data, size_t groups, size_t wg,
                           int unroll, const std::string& label);

// bench/copy_chunks.cl (one contiguous chunk per work-item, a few work-groups per compute unit): the copy a CPU
// device does best. Its output is compared with its input. `source` is the kernel's text.
Method makeChunkedCopy(Engine& engine, const std::string& source, size_t n);

}  // namespace rl::bench
