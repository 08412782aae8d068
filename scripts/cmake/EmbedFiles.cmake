# Embeds text files (kernels, shaders) into a generated C++ source, so the binary runs from any directory.
# Usage from CMake: reducelab_embed(OUTPUT <cpp> BASE <dir> [NAMESPACE <ns>] FILES <relative paths...>)
# The generated file defines <ns>::files() (default rl::embedded::files()), a table of {relative path, contents}.

function(reducelab_embed)
    cmake_parse_arguments(ARG "" "OUTPUT;BASE;NAMESPACE" "FILES" ${ARGN})
    if(NOT ARG_NAMESPACE)
        set(ARG_NAMESPACE rl::embedded)
    endif()
    set(abs_files "")
    foreach(f IN LISTS ARG_FILES)
        list(APPEND abs_files "${ARG_BASE}/${f}")
    endforeach()
    string(REPLACE ";" "|" files_arg "${ARG_FILES}")
    add_custom_command(
        OUTPUT "${ARG_OUTPUT}"
        COMMAND ${CMAKE_COMMAND} -DOUTPUT=${ARG_OUTPUT} -DBASE=${ARG_BASE} -DNAMESPACE=${ARG_NAMESPACE} "-DFILES=${files_arg}"
                -P "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/EmbedFilesScript.cmake"
        DEPENDS ${abs_files} "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/EmbedFilesScript.cmake"
        COMMENT "Embedding ${ARG_OUTPUT}"
        VERBATIM)
endfunction()
