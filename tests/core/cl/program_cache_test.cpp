// The in-memory program cache keeps the most recently used programs up to its bound and lets the oldest go with
// its kernels; a kernel a caller still holds keeps working, and a program let go is built again when asked for.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "core/cl/devices.h"
#include "core/cl/engine.h"
#include "core/catalogue/variant.h"
#include "tests/support/test_values.h"

namespace rl {
namespace {

const char* kSource = "__kernel void k(__global int *x) { x[get_global_id(0)] += VALUE; }";

TEST(ProgramCache, TheLeastRecentlyUsedProgramIsLetGoPastTheBound) {
    Engine e(selectDevice(""));
    ProgramCache& cache = e.programs();
    cache.setDiskCache(BinaryCache());  // nothing from or to the disk
    cache.setMaxPrograms(2);
    const cl::Program one = cache.program("k", kSource, "-DVALUE=1");
    const cl::Program two = cache.program("k", kSource, "-DVALUE=2");
    EXPECT_EQ(cache.program("k", kSource, "-DVALUE=1")(), one());  // kept, and now the more recent of the two
    const cl::Program three = cache.program("k", kSource, "-DVALUE=3");
    EXPECT_EQ(cache.size(), 2u);
    EXPECT_EQ(cache.program("k", kSource, "-DVALUE=1")(), one());    // still kept
    EXPECT_EQ(cache.program("k", kSource, "-DVALUE=3")(), three());  // kept
    EXPECT_NE(cache.program("k", kSource, "-DVALUE=2")(), two());    // let go, built again
    EXPECT_EQ(cache.size(), 2u);
    // The program let go still runs for whoever holds it.
    cache.setMaxPrograms(1);  // only the newest (VALUE=2's second build) stays
    EXPECT_EQ(cache.size(), 2u);  // the bound is applied at the next build
    cache.program("k", kSource, "-DVALUE=4");
    EXPECT_EQ(cache.size(), 1u);
    cl::Kernel k(one, "k");
    std::vector<cl_int> x(4, 10);
    cl::Buffer b(e.context(), CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, x.size() * sizeof(cl_int), x.data());
    k.setArg(0, b);
    e.queue().enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(x.size()));
    e.queue().enqueueReadBuffer(b, CL_TRUE, 0, x.size() * sizeof(cl_int), x.data());
    EXPECT_EQ(x, (std::vector<cl_int>{11, 11, 11, 11}));
}

TEST(ProgramCache, AVariantsKernelLetGoIsBuiltAgainAndOneStillHeldKeepsWorking) {
    Engine e(selectDevice(""));
    e.programs().setDiskCache(BinaryCache());
    e.programs().setMaxPrograms(1);
    RunConfig c = test::makeConfig("sequential", 64, 16, Op::Sum, ElemType::Int, 1);
    const VariantInfo& v = *findVariant("sequential");
    cl::Kernel held = e.programs().kernel(v, c, false);
    EXPECT_EQ(e.programs().kernel(v, c, false)(), held());  // the same object while it is kept
    e.programs().kernel(v, c, true);                         // the traced build pushes the timed one out
    EXPECT_EQ(e.programs().size(), 1u);
    EXPECT_NE(e.programs().kernel(v, c, false)(), held());  // built again
    // And the explorer's runs go on as before, building what was let go.
    const RunResult r = e.run(c, makeInput(ElemType::Int, DataPattern::Ones, 64, 1), 0, 1);
    EXPECT_TRUE(r.correct) << r.verdict;
    EXPECT_EQ(r.result, 64);
}

}  // namespace
}  // namespace rl
