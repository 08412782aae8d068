// Writing a zip with libzip.
#include "app/cli/zip_archive.h"

#include <sys/stat.h>
#include <zip.h>

namespace rl::cli {

namespace {

std::string archiveError(zip_t* za) { return zip_strerror(za); }

}  // namespace

std::string writeZip(const std::string& path, const std::vector<ZipEntry>& entries) {
    int code = 0;
    zip_t* za = zip_open(path.c_str(), ZIP_CREATE | ZIP_TRUNCATE, &code);
    if (!za) {
        zip_error_t error;
        zip_error_init_with_code(&error, code);
        const std::string why = zip_error_strerror(&error);
        zip_error_fini(&error);
        return why;
    }
    for (const ZipEntry& e : entries) {
        // A buffer source reads `e.text` when the archive is closed: `entries` outlives zip_close below.
        zip_source_t* source = e.file.empty() ? zip_source_buffer(za, e.text.data(), e.text.size(), 0)
                                              : zip_source_file(za, e.file.c_str(), 0, -1);
        if (!source) {
            const std::string why = (e.file.empty() ? e.name : e.file) + ": " + archiveError(za);
            zip_discard(za);
            return why;
        }
        const zip_int64_t index = zip_file_add(za, e.name.c_str(), source, ZIP_FL_ENC_UTF_8 | ZIP_FL_OVERWRITE);
        if (index < 0) {
            zip_source_free(source);
            const std::string why = e.name + ": " + archiveError(za);
            zip_discard(za);
            return why;
        }
        // Unix attributes in the high 16 bits: a regular file and its permissions.
        const zip_uint32_t attributes = zip_uint32_t(S_IFREG | (e.mode & 07777)) << 16;
        if (zip_file_set_external_attributes(za, zip_uint64_t(index), 0, ZIP_OPSYS_UNIX, attributes) < 0) {
            const std::string why = e.name + ": " + archiveError(za);
            zip_discard(za);
            return why;
        }
    }
    if (zip_close(za) < 0) {
        const std::string why = archiveError(za);
        zip_discard(za);
        return why;
    }
    return "";
}

}  // namespace rl::cli
