# forocl.cmake: build an application with its kernel files ported by
# forocl port (README "Porting an application", "Build systems").
#
#   include(path/to/forocl.cmake)
#   add_executable(app main.f90 kernels/a_kernel.f90 kernels/b_kernel.f90)
#   forocl_port(TARGET app FILES kernels/*.f90 [INCLUDE dir...] [DEFINES NAME[=VALUE]...]
#               [OPTIONS flag...] [DEPENDS file...] [OUTPUT_DIR dir])
#
# forocl_port runs `forocl port` at build time into OUTPUT_DIR (default
# <build dir>/forocl_<target>), again whenever a kernel file, forocl or
# this file changes; it removes FILES from the target's sources (those
# added before the call; a file that is not among them is simply added
# ported), adds the runtime forocl_cl.f90 and the ported files in their
# place (CMake's Fortran support scans their module dependencies, so they
# compile in the order forocl port prints), and links OpenCL. A FILES entry
# with a wildcard is a glob, relative to the current source folder.
# INCLUDE and DEFINES are forocl port's -I and -D (for #include and #if in
# .F90 kernel files: the ported files are preprocessed); OPTIONS are
# other forocl flags (--auto-reduce, --target gpu, -ffixed-form); DEPENDS
# are other files whose change ports again (those the kernel files
# #include or include: forocl_port does not find them). Call it
# in the folder that creates the target. The target's Fortran modules go
# to OUTPUT_DIR/mod unless Fortran_MODULE_DIRECTORY is set, so that a CPU
# build of the same kernels may sit in the same folder.
#
# forocl is the cache variable FOROCL_EXECUTABLE, else `forocl` on PATH.
# Needs CMake 3.20 and a project with the Fortran language enabled.

if(CMAKE_VERSION VERSION_LESS 3.20)
  message(FATAL_ERROR "forocl.cmake needs CMake 3.20 or later (this is ${CMAKE_VERSION})")
endif()

if(CMAKE_SCRIPT_MODE_FILE AND CMAKE_SCRIPT_MODE_FILE STREQUAL CMAKE_CURRENT_LIST_FILE)
  # The build step (cmake -DFOROCL_ARGS=file -P forocl.cmake): run forocl
  # port, check that it wrote the files forocl_port expects, and write an
  # empty file for each expected one it did not write (a fixed-form file
  # with no ported procedure has no NAME_cl.f90).
  cmake_policy(VERSION 3.20)
  include("${FOROCL_ARGS}")
  execute_process(COMMAND "${FOROCL_EXECUTABLE}" port ${FOROCL_FLAGS} -o "${FOROCL_DIR}" ${FOROCL_FILES}
    RESULT_VARIABLE rc OUTPUT_VARIABLE printed)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "forocl port failed (${rc}): see its messages above")
  endif()
  string(REGEX REPLACE "\n$" "" printed "${printed}")
  string(REPLACE "\n" ";" printed "${printed}")
  set(written "")
  foreach(p IN LISTS printed)
    get_filename_component(name "${p}" NAME)
    if(NOT name IN_LIST FOROCL_OUTPUTS)
      message(FATAL_ERROR "forocl port wrote ${p}, which forocl_port (cmake/forocl.cmake) did not expect: "
        "forocl and forocl.cmake are of different versions; use the forocl.cmake of this forocl")
    endif()
    list(APPEND written "${name}")
  endforeach()
  foreach(name IN LISTS FOROCL_OUTPUTS)
    if(NOT name IN_LIST written)
      file(WRITE "${FOROCL_DIR}/${name}" "! forocl port wrote nothing here: no procedure of its file is ported\n")
    endif()
  endforeach()
  return()
endif()

include_guard(GLOBAL)
set(_FOROCL_CMAKE "${CMAKE_CURRENT_LIST_FILE}")
find_program(FOROCL_EXECUTABLE forocl DOC "the forocl compiler (forocl port)")

# _forocl_outputs(VAR FILE FIXED): the names forocl port writes for FILE,
# as Note [the port] in port/port.go says: NAME.f90 (also for .F90), or for
# a fixed-form file NAME.f and its host module NAME_cl.f90 before it.
function(_forocl_outputs var file fixed)
  get_filename_component(stem "${file}" NAME_WLE)
  get_filename_component(ext "${file}" LAST_EXT)
  string(TOLOWER "${ext}" ext)
  if(fixed STREQUAL "" AND ext MATCHES "^\\.(f|for|ftn|f77)$")
    set(fixed ON)
  endif()
  if(fixed)
    set(${var} "${stem}_cl.f90;${stem}.f" PARENT_SCOPE)
  else()
    set(${var} "${stem}.f90" PARENT_SCOPE)
  endif()
endfunction()

# _forocl_files(VAR ENTRY...): the absolute paths of the entries, globs
# expanded (sorted), relative to the current source folder.
function(_forocl_files var)
  set(out "")
  foreach(f IN LISTS ARGN)
    if(f MATCHES "[*?[]")
      file(GLOB g CONFIGURE_DEPENDS "${f}")
      if(NOT g)
        message(FATAL_ERROR "forocl_port: ${f} matches no file")
      endif()
      list(SORT g)
      list(APPEND out ${g})
    else()
      get_filename_component(a "${f}" ABSOLUTE)
      if(NOT EXISTS "${a}")
        message(FATAL_ERROR "forocl_port: ${f}: no such file (${a})")
      endif()
      list(APPEND out "${a}")
    endif()
  endforeach()
  list(REMOVE_DUPLICATES out)
  set(${var} "${out}" PARENT_SCOPE)
endfunction()

# _forocl_swap(TARGET FILES...): removes FILES (absolute) from the target's
# sources.
function(_forocl_swap target)
  get_target_property(srcs ${target} SOURCES)
  get_target_property(dir ${target} SOURCE_DIR)
  set(keep "")
  foreach(s IN LISTS srcs)
    get_filename_component(a "${s}" ABSOLUTE BASE_DIR "${dir}")
    if(NOT a IN_LIST ARGN)
      list(APPEND keep "${s}")
    endif()
  endforeach()
  set_property(TARGET ${target} PROPERTY SOURCES "${keep}")
endfunction()

function(forocl_port)
  cmake_parse_arguments(PARSE_ARGV 0 FP "" "TARGET;OUTPUT_DIR" "FILES;INCLUDE;DEFINES;OPTIONS;DEPENDS")
  if(FP_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "forocl_port: unknown arguments ${FP_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT FP_TARGET OR NOT TARGET "${FP_TARGET}")
    message(FATAL_ERROR "forocl_port: TARGET '${FP_TARGET}' is not a target; call forocl_port after add_executable or add_library")
  endif()
  if(NOT FP_FILES)
    message(FATAL_ERROR "forocl_port: no FILES (the kernel files to port)")
  endif()
  if(FOROCL_EXECUTABLE)
    get_filename_component(exe "${FOROCL_EXECUTABLE}" PROGRAM)
  endif()
  if(NOT FOROCL_EXECUTABLE OR NOT EXISTS "${exe}")
    message(FATAL_ERROR "forocl_port: forocl not found (FOROCL_EXECUTABLE is '${FOROCL_EXECUTABLE}'): "
      "put it on PATH or set FOROCL_EXECUTABLE (-DFOROCL_EXECUTABLE=/path/to/forocl)")
  endif()
  if(NOT FP_OUTPUT_DIR)
    set(FP_OUTPUT_DIR "${CMAKE_CURRENT_BINARY_DIR}/forocl_${FP_TARGET}")
  endif()
  get_filename_component(dir "${FP_OUTPUT_DIR}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
  _forocl_files(files ${FP_FILES})
  set(deps "")
  if(FP_DEPENDS)
    _forocl_files(deps ${FP_DEPENDS})
  endif()
  set(flags "")
  foreach(i IN LISTS FP_INCLUDE)
    get_filename_component(a "${i}" ABSOLUTE)
    list(APPEND flags "-I" "${a}")
  endforeach()
  foreach(d IN LISTS FP_DEFINES)
    list(APPEND flags "-D" "${d}")
  endforeach()
  list(APPEND flags ${FP_OPTIONS})
  set(fixed "")
  if("-ffixed-form" IN_LIST FP_OPTIONS)
    set(fixed ON)
  elseif("-ffree-form" IN_LIST FP_OPTIONS)
    set(fixed OFF)
  endif()
  set(names "forocl_cl.f90")
  foreach(f IN LISTS files)
    _forocl_outputs(n "${f}" "${fixed}")
    list(APPEND names ${n})
  endforeach()
  set(dup "${names}")
  list(REMOVE_DUPLICATES dup)
  if(NOT dup STREQUAL names)
    message(FATAL_ERROR "forocl_port: two FILES of ${FP_TARGET} have the same name: port them with two calls and OUTPUT_DIRs")
  endif()
  list(TRANSFORM names PREPEND "${dir}/" OUTPUT_VARIABLE outputs)
  # The arguments of the build step, in a file rewritten only when they
  # change (a change re-ports).
  set(args "${dir}/forocl_port_args.cmake")
  string(CONCAT text "set(FOROCL_EXECUTABLE [==[${exe}]==])\n"
    "set(FOROCL_DIR [==[${dir}]==])\nset(FOROCL_FILES [==[${files}]==])\n"
    "set(FOROCL_FLAGS [==[${flags}]==])\nset(FOROCL_OUTPUTS [==[${names}]==])\n")
  file(CONFIGURE OUTPUT "${args}" CONTENT "${text}" @ONLY)
  add_custom_command(OUTPUT ${outputs}
    COMMAND "${CMAKE_COMMAND}" "-DFOROCL_ARGS=${args}" -P "${_FOROCL_CMAKE}"
    DEPENDS ${files} ${deps} "${args}" "${exe}" "${_FOROCL_CMAKE}"
    COMMENT "forocl port: ${FP_TARGET}'s kernel files into ${dir}"
    VERBATIM)
  _forocl_swap(${FP_TARGET} ${files})
  target_sources(${FP_TARGET} PRIVATE ${outputs})
  get_target_property(moddir ${FP_TARGET} Fortran_MODULE_DIRECTORY)
  if(NOT moddir)
    set_property(TARGET ${FP_TARGET} PROPERTY Fortran_MODULE_DIRECTORY "${dir}/mod")
  endif()
  find_library(FOROCL_OPENCL_LIBRARY NAMES OpenCL DOC "the OpenCL ICD loader (libOpenCL) that forocl's runtime calls")
  if(NOT FOROCL_OPENCL_LIBRARY)
    message(FATAL_ERROR "forocl_port: libOpenCL not found (Debian: apt-get install ocl-icd-opencl-dev); or set FOROCL_OPENCL_LIBRARY")
  endif()
  target_link_libraries(${FP_TARGET} PRIVATE "${FOROCL_OPENCL_LIBRARY}")
endfunction()
