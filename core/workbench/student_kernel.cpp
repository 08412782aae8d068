// Reading a student's kernel file and describing it as a variant.
#include "core/workbench/student_kernel.h"

#include <algorithm>
#include <fstream>
#include <sstream>

#include "core/pattern.h"
#include "core/types.h"
#include "core/workbench/diagnostics.h"
#include "core/workbench/kernel_signature.h"

namespace rl::workbench {

std::string readKernelFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw Error(ErrorKind::BadInput, "cannot read the kernel file '" + path + "': check the path");
    in.seekg(0, std::ios::end);
    const std::streamoff size = in.tellg();
    in.seekg(0);
    if (size < 0) throw Error(ErrorKind::BadInput, "cannot read the kernel file '" + path + "' (is it a directory?)");
    if (size_t(size) > kMaxKernelFileBytes)
        throw Error(ErrorKind::BadInput, "the kernel file '" + path + "' is " + std::to_string(size / 1024) +
                                             " KiB; a kernel file is OpenCL C source of at most 1 MiB");
    std::ostringstream text;
    text << in.rdbuf();
    const std::string s = text.str();
    if (s.find_first_not_of(" \t\r\n") == std::string::npos)
        throw Error(ErrorKind::BadInput, "the kernel file '" + path + "' is empty: write a kernel " +
                                             expectedSignature("NAME") + ", or start from `reducelab variants`");
    if (s.find('\0') != std::string::npos)
        throw Error(ErrorKind::BadInput, "the kernel file '" + path + "' is not text (it holds NUL bytes): give the "
                                         ".cl source file");
    return s;
}

VariantInfo studentVariant(std::string_view text, std::string_view fileName, std::string_view entry, ElemType type,
                           Pattern pattern) {
    return studentVariant(checkSignature(text, entry, pattern), text, fileName, type);
}

VariantInfo studentVariant(const SignatureCheck& check, std::string_view text, std::string_view fileName,
                           ElemType type) {
    const std::string base = displayName(fileName);
    if (!check.ok) throw Error(ErrorKind::BadInput, base + ": " + check.message);
    if (std::find(check.types.begin(), check.types.end(), type) == check.types.end())
    {
        const std::string written(toString(check.types.front()));
        throw Error(ErrorKind::BadInput, base + ": '" + check.kernel.name + "' is written for " + written +
                                             " elements, not " + std::string(toString(type)) + ": give --type " +
                                             written + ", or write T so that it builds for every type");
    }
    VariantInfo v = patternInfo(check.pattern).studentKernel;  // its kind, lesson and scratch
    const std::string source = studentProgramSource(text, fileName);
    v.pattern = check.pattern;
    v.id = "kernel:" + base;
    v.kernelName = check.kernel.name;
    v.title = "Your kernel '" + check.kernel.name + "' (" + base + ")";
    v.requirements = "the launch contract " + expectedSignature(check.kernel.name, check.pattern) +
                     "; a power-of-two work-group size";
    v.source = source;
    v.recordsStages = check.kernel.annotated;
    v.args = check.args;
    return v;
}

}  // namespace rl::workbench
