// The workbench's pieces without a display: OpenCL C tokens for the colours, line and UTF-8 bookkeeping, find and
// the script's line edits; the autosave round trip, kernel files (binary and huge ones refused), fresh names, the
// New template keeping the launch contract; the file watcher; the `reducelab check` command line.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "app/gui/workbench/check_worker.h"
#include "app/gui/workbench/code_text.h"
#include "app/gui/workbench/kernel_files.h"
#include "core/workbench/kernel_signature.h"

namespace rl::gui::workbench {
namespace {
namespace fs = std::filesystem;

std::string tempDir() {
    std::string base = ::testing::TempDir() + "reducelab-wbunit-XXXXXX";
    if (!mkdtemp(base.data())) return ::testing::TempDir();
    return base;
}

TokenKind kindOf(std::string_view line, std::string_view word) {
    bool comment = false;
    for (const Token& t : tokenizeLine(line, &comment))
        if (line.substr(size_t(t.begin), size_t(t.end - t.begin)) == word) return t.kind;
    ADD_FAILURE() << "no token '" << word << "' in " << line;
    return TokenKind::Plain;
}

TEST(WorkbenchText, ColoursOpenCLKeywordsTypesQualifiersBuiltinsAndReduceLabMacros) {
    const std::string line = "__kernel void reduce(__global const T *in, local float4 *s) { barrier(CLK_LOCAL_MEM_FENCE);"
                             " x = RL_APPLY(a, 0x1f) + 2.5e-3f; if (get_local_id(0) < n) return; }";
    EXPECT_EQ(kindOf(line, "__kernel"), TokenKind::Qualifier);
    EXPECT_EQ(kindOf(line, "__global"), TokenKind::Qualifier);
    EXPECT_EQ(kindOf(line, "local"), TokenKind::Qualifier);
    EXPECT_EQ(kindOf(line, "void"), TokenKind::Type);
    EXPECT_EQ(kindOf(line, "T"), TokenKind::Type);
    EXPECT_EQ(kindOf(line, "float4"), TokenKind::Type);
    EXPECT_EQ(kindOf(line, "const"), TokenKind::Keyword);
    EXPECT_EQ(kindOf(line, "if"), TokenKind::Keyword);
    EXPECT_EQ(kindOf(line, "return"), TokenKind::Keyword);
    EXPECT_EQ(kindOf(line, "barrier"), TokenKind::Builtin);
    EXPECT_EQ(kindOf(line, "CLK_LOCAL_MEM_FENCE"), TokenKind::Builtin);
    EXPECT_EQ(kindOf(line, "get_local_id"), TokenKind::Builtin);
    EXPECT_EQ(kindOf(line, "RL_APPLY"), TokenKind::Macro);
    EXPECT_EQ(kindOf(line, "0x1f"), TokenKind::Number);
    EXPECT_EQ(kindOf(line, "2.5e-3f"), TokenKind::Number);
    EXPECT_EQ(kindOf(line, "reduce"), TokenKind::Plain);
    // The prelude's vectors and their lane-by-lane operation.
    const std::string vectors = "T16 v = vload16(0, in); const T8 h = RL_APPLYV(v.lo, v.hi, 8); T2 d; T4 q;";
    for (const char* type : {"T16", "T8", "T4", "T2"}) EXPECT_EQ(kindOf(vectors, type), TokenKind::Type) << type;
    EXPECT_EQ(kindOf(vectors, "vload16"), TokenKind::Builtin);
    EXPECT_EQ(kindOf(vectors, "RL_APPLYV"), TokenKind::Macro);
    EXPECT_EQ(kindOf("#define WG 64 // tunable", "#define WG 64 "), TokenKind::Preprocessor);
    EXPECT_EQ(kindOf("#define WG 64 // tunable", "// tunable"), TokenKind::Comment);
}

TEST(WorkbenchText, BlockCommentsCarryAcrossLines) {
    const std::string text = "int a; /* one\ntwo RL_APPLY\nthree */ int b;\nint c;";
    const auto starts = lineStarts(text);
    ASSERT_EQ(starts.size(), 4u);
    const auto in = blockCommentAtLineStarts(text, starts);
    EXPECT_EQ(in, (std::vector<char>{0, 1, 1, 0}));
    bool comment = true;
    const auto tokens = tokenizeLine(lineAt(text, starts, 2), &comment);
    EXPECT_FALSE(comment);
    ASSERT_GE(tokens.size(), 2u);
    EXPECT_EQ(tokens[0].kind, TokenKind::Comment);  // "three */"
    EXPECT_EQ(tokens[1].kind, TokenKind::Type);     // int
    comment = true;
    EXPECT_EQ(tokenizeLine(lineAt(text, starts, 1), &comment)[0].kind, TokenKind::Comment);  // not a macro inside
}

TEST(WorkbenchText, LinesAndBytes) {
    const std::string text = "a\xc3\xa9z\nsecond\r\n\nlast";  // é is two bytes
    const auto starts = lineStarts(text);
    EXPECT_EQ(starts, (std::vector<int>{0, 5, 13, 14}));
    EXPECT_EQ(lineAt(text, starts, 1), "second");  // without the \r
    EXPECT_EQ(lineAt(text, starts, 3), "last");
    EXPECT_EQ(lineOfByte(starts, 0), 0);
    EXPECT_EQ(lineOfByte(starts, 6), 1);
    EXPECT_EQ(lineOfByte(starts, 14), 3);
}

TEST(WorkbenchText, FindAndTheScriptsEdits) {
    const std::string text = "Scratch scratch SCRATCH";
    EXPECT_EQ(findAll(text, "scratch", false).size(), 3u);
    ASSERT_EQ(findAll(text, "scratch", true).size(), 1u);
    EXPECT_EQ(findAll(text, "scratch", true)[0].begin, 8);
    EXPECT_TRUE(findAll(text, "", false).empty());

    std::string k = "one\ntwo\nthree\n";
    EXPECT_TRUE(replaceLine(k, 2, "TWO;"));
    EXPECT_EQ(k, "one\nTWO;\nthree\n");
    EXPECT_TRUE(replaceLine(k, 4, "four"));  // one past the end appends
    EXPECT_EQ(k, "one\nTWO;\nthree\nfour\n");
    EXPECT_FALSE(replaceLine(k, 9, "x"));
    EXPECT_FALSE(replaceLine(k, 0, "x"));
    EXPECT_TRUE(replaceFirst(k, "three", "3"));
    EXPECT_EQ(k, "one\nTWO;\n3\nfour\n");
    EXPECT_FALSE(replaceFirst(k, "five", "5"));
}

TEST(WorkbenchFiles, TheAutosaveComesBackAsWritten) {
    const std::string dir = tempDir() + "/wb";
    std::string error, warning;
    EXPECT_FALSE(readAutosave(dir, &warning).has_value());
    EXPECT_TRUE(warning.empty());
    ASSERT_TRUE(writeAutosave(dir, {"/x/mine.cl", "__kernel void k() {}\n", true, true, "k", ""}, &error)) << error;
    const auto a = readAutosave(dir, &warning);
    ASSERT_TRUE(a.has_value()) << warning;
    EXPECT_EQ(a->path, "/x/mine.cl");
    EXPECT_EQ(a->text, "__kernel void k() {}\n");
    EXPECT_TRUE(a->modified);
    EXPECT_TRUE(a->open);
    EXPECT_EQ(a->entry, "k");
    EXPECT_FALSE(a->savedAt.empty());
    // A text that does not match its record (a torn write) is refused with a warning, not restored half.
    std::ofstream(dir + "/autosave.cl") << "__kern";
    EXPECT_FALSE(readAutosave(dir, &warning).has_value());
    EXPECT_NE(warning.find("could not be read"), std::string::npos) << warning;
}

TEST(WorkbenchFiles, KernelFilesTemplateAndNames) {
    const std::string dir = tempDir();
    EXPECT_EQ(saveKernelText(dir + "/sub/a.cl", "x"), "");
    EXPECT_EQ(readKernelText(dir + "/sub/a.cl"), "x");
    std::ofstream(dir + "/empty.cl").close();
    EXPECT_EQ(readKernelText(dir + "/empty.cl"), "");  // an empty file opens as an empty buffer
    std::ofstream(dir + "/binary.cl", std::ios::binary) << std::string("ab\0cd", 5);
    EXPECT_THROW(readKernelText(dir + "/binary.cl"), std::exception);
    std::ofstream(dir + "/huge.cl") << std::string(2 << 20, 'x');
    EXPECT_THROW(readKernelText(dir + "/huge.cl"), std::exception);
    EXPECT_THROW(readKernelText(dir + "/missing.cl"), std::exception);

    EXPECT_EQ(freshKernelPath(dir, "mine"), dir + "/mine.cl");
    std::ofstream(dir + "/mine.cl") << "1";
    EXPECT_EQ(freshKernelPath(dir, "mine"), dir + "/mine-2.cl");

    const std::string t = newKernelTemplate("mine.cl");
    EXPECT_EQ(t.rfind("// mine.cl: ", 0), 0u);
    const auto check = rl::workbench::checkSignature(t, "");
    EXPECT_TRUE(check.ok) << check.message;
    EXPECT_EQ(check.types.size(), 4u);  // written with T: builds for int, float, long and double
    EXPECT_NE(t.find("RL_IDENTITY"), std::string::npos);
    EXPECT_NE(t.find("barrier(CLK_LOCAL_MEM_FENCE)"), std::string::npos);
    // With the explorer on a scan, New starts from a scan that keeps the scan contract (and not the reduction's).
    const std::string scan = newKernelTemplate("mine.cl", Pattern::Scan);
    const auto scanCheck = rl::workbench::checkSignature(scan, "", Pattern::Scan);
    EXPECT_TRUE(scanCheck.ok) << scanCheck.message;
    EXPECT_EQ(scanCheck.types.size(), 4u);
    EXPECT_EQ(scanCheck.args.sums, 2);
    EXPECT_NE(scan.find("RL_EXCLUSIVE"), std::string::npos);  // the exclusive scan too, when asked for
    EXPECT_FALSE(rl::workbench::checkSignature(scan, "").ok);  // one global pointer too many for a reduction

    const auto list = listKernelDir(dir, nullptr);
    EXPECT_EQ(list.front(), "sub/");  // folders first, then .cl files, sorted
    EXPECT_NE(std::find(list.begin(), list.end(), "mine.cl"), list.end());
}

TEST(WorkbenchFiles, TheWatcherSeesAnotherEditorsSaveButNotOurs) {
    const std::string file = tempDir() + "/k.cl";
    std::ofstream(file) << "one";
    std::atomic<int> wakes{0};
    FileWatcher watcher([&] { ++wakes; }, 0.05);
    watcher.watch(file);
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    EXPECT_FALSE(watcher.takeChange());
    ASSERT_EQ(saveKernelText(file, "two, ours"), "");
    watcher.acknowledge();
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    EXPECT_FALSE(watcher.takeChange());
    std::ofstream(file) << "three, from another editor";
    bool seen = false;
    for (int i = 0; i < 40 && !seen; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        seen = watcher.takeChange();
    }
    EXPECT_TRUE(seen);
    EXPECT_GE(wakes.load(), 1);
    EXPECT_FALSE(watcher.takeChange());  // once
}

TEST(WorkbenchCheck, TheChildsCommandLine) {
    CheckRequest r;
    r.file = "/k/mine.cl";
    r.op = "min";
    r.type = "float";
    r.wg = 32;
    r.device = 1;
    r.stepTimeoutSeconds = 12.5;
    EXPECT_EQ(checkCommand("/bin/reducelab", r),
              (std::vector<std::string>{"/bin/reducelab", "check", "--kernel", "/k/mine.cl", "--json", "--op", "min",
                                        "--type", "float", "--wg", "32", "--device", "1", "--data", "digits",
                                        "--timeout", "12.5"}));
    r.entry = "reduce";
    r.model = "sequential";
    const auto argv = checkCommand("/bin/reducelab", r);
    EXPECT_NE(std::find(argv.begin(), argv.end(), "--entry"), argv.end());
    EXPECT_NE(std::find(argv.begin(), argv.end(), "--model"), argv.end());
    EXPECT_EQ(std::find(argv.begin(), argv.end(), "--pattern"), argv.end());  // a reduction: the default
    r.pattern = "scan";
    r.exclusive = true;
    const auto scan = checkCommand("/bin/reducelab", r);
    const auto at = std::find(scan.begin(), scan.end(), "--pattern");
    ASSERT_NE(at, scan.end());
    EXPECT_EQ(*(at + 1), "scan");
    EXPECT_NE(std::find(scan.begin(), scan.end(), "--exclusive"), scan.end());
}

TEST(WorkbenchCheck, CancelStopsAChildThatNeverAnswersAndNoReportIsNoCrash) {
    // A stand-in for `reducelab check` that hangs, like a kernel that never ends would.
    const std::string self = tempDir() + "/hangs.sh";
    std::ofstream(self) << "#!/bin/sh\nexec sleep 60\n";
    fs::permissions(self, fs::perms::owner_all);
    std::atomic<int> wakes{0};
    CheckWorker worker([&] { ++wakes; }, self);
    CheckRequest r;
    r.id = 7;
    r.file = "/k/mine.cl";
    worker.submit(r);
    EXPECT_TRUE(worker.busy());
    for (int i = 0; i < 100 && worker.running().empty(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    EXPECT_EQ(worker.running(), "/k/mine.cl");
    const auto start = std::chrono::steady_clock::now();
    worker.cancel();
    std::optional<CheckOutcome> out;
    for (int i = 0; i < 300 && !out; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
        out = worker.take();
    }
    ASSERT_TRUE(out.has_value());
    EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 3.0);
    EXPECT_EQ(out->id, 7u);
    EXPECT_TRUE(out->cancelled);
    EXPECT_FALSE(out->report.has_value());
    EXPECT_FALSE(worker.busy());
    EXPECT_GE(wakes.load(), 1);

    // A child that prints no report: an outcome that says so, no report.
    CheckWorker silent([] {}, "/bin/true");
    r.id = 8;
    silent.submit(r);
    out.reset();
    for (int i = 0; i < 300 && !out; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
        out = silent.take();
    }
    ASSERT_TRUE(out.has_value());
    EXPECT_FALSE(out->report.has_value());
    EXPECT_NE(out->problem.find("without a report"), std::string::npos) << out->problem;
}

}  // namespace
}  // namespace rl::gui::workbench
