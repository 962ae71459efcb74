# Builds and runs the consumer projects of tests/consumers against libddtb,
# the way other projects will use it. Run by CTest (tests/consumers/
# consumers.cmake) as: cmake -DMODE=... -P check_package.cmake
#
#   MODE=installed     installs BUILD_DIR (the project's own build, static
#                      by default) into WORK_DIR/prefix and checks the tree,
#                      then builds the find_package and pkg-config consumers
#                      against it and runs them;
#   MODE=shared        configures SOURCE_DIR with BUILD_SHARED_LIBS=ON (the
#                      library alone), builds and installs it, checks the
#                      SONAME and that the library exports ddtb's symbols
#                      only, then the same two consumers;
#   MODE=subdirectory  builds the add_subdirectory consumer from SOURCE_DIR.
#
# Each consumer project builds two programs: consumer.cpp (the C++ API,
# ddtb::ddtb) and consumer_dds.c (DDS's C API, ddtb::dds).
#
# Also needed: SOURCE_DIR, WORK_DIR, CXX_COMPILER, GENERATOR, BUILD_TYPE,
# VERSION (the project's). Child builds use one job: CTest already runs
# tests side by side.
cmake_minimum_required(VERSION 3.25)

foreach(var MODE SOURCE_DIR WORK_DIR CXX_COMPILER GENERATOR BUILD_TYPE VERSION)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "check_package.cmake: -D${var}=... is required")
  endif()
endforeach()
set(CONSUMERS "${SOURCE_DIR}/tests/consumers")
string(REGEX MATCH "^[0-9]+" MAJOR "${VERSION}")

# Runs a command; stops with its output when it fails. The output of the
# last command is in LAST_OUTPUT.
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    list(JOIN ARGN " " command)
    message(FATAL_ERROR "failed (${rc}): ${command}\n${out}\n${err}")
  endif()
  set(LAST_OUTPUT "${out}" PARENT_SCOPE)
endfunction()

function(configure_and_build source build)
  file(REMOVE_RECURSE "${build}")
  run(${CMAKE_COMMAND} -S "${source}" -B "${build}" -G "${GENERATOR}"
      "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}" "-DCMAKE_BUILD_TYPE=${BUILD_TYPE}" ${ARGN})
  run(${CMAKE_COMMAND} --build "${build}" --parallel 1)
endfunction()

# The consumer prints what it solved and exits 0 when the numbers are right.
function(run_consumer exe)
  run(${ARGN} "${exe}")
  if(NOT LAST_OUTPUT MATCHES "ddtb ${VERSION}: 1NT by N takes 6, spades by W 8")
    message(FATAL_ERROR "${exe} printed: ${LAST_OUTPUT}")
  endif()
  message(STATUS "${exe}: ${LAST_OUTPUT}")
endfunction()

# The C program of the DDS API, linked with ddtb::dds.
function(run_dds_consumer exe)
  run(${ARGN} "${exe}")
  if(NOT LAST_OUTPUT MATCHES "ddtb dds: 1NT by N takes 6, spades by W 8")
    message(FATAL_ERROR "${exe} printed: ${LAST_OUTPUT}")
  endif()
  message(STATUS "${exe}: ${LAST_OUTPUT}")
endfunction()

# The files an install must hold; sets LIBDIR (lib or lib/<multiarch>) and
# KIND (static or shared).
function(check_tree prefix)
  file(GLOB_RECURSE config "${prefix}/*/ddtbConfig.cmake")
  if(NOT config)
    message(FATAL_ERROR "no ddtbConfig.cmake under ${prefix}")
  endif()
  get_filename_component(libdir "${config}" DIRECTORY)  # <libdir>/cmake/ddtb
  get_filename_component(libdir "${libdir}/../.." ABSOLUTE)
  foreach(file include/ddtb/solver.hpp include/ddtb/position.hpp include/ddtb/cards.hpp
               include/ddtb/expected.hpp include/ddtb/export.hpp include/ddtb/version.hpp)
    if(NOT EXISTS "${prefix}/${file}")
      message(FATAL_ERROR "missing from the install: ${file}")
    endif()
  endforeach()
  if(NOT EXISTS "${prefix}/include/ddtb/dll.h")
    message(FATAL_ERROR "missing from the install: include/ddtb/dll.h")
  endif()
  foreach(file cmake/ddtb/ddtbConfigVersion.cmake cmake/ddtb/ddtbTargets.cmake pkgconfig/ddtb.pc)
    if(NOT EXISTS "${libdir}/${file}")
      message(FATAL_ERROR "missing from the install: ${libdir}/${file}")
    endif()
  endforeach()
  if(EXISTS "${libdir}/libddtb.so.${VERSION}")
    foreach(link libddtb.so libddtb.so.${MAJOR})
      if(NOT IS_SYMLINK "${libdir}/${link}")
        message(FATAL_ERROR "${libdir}/${link} is not a link to libddtb.so.${VERSION}")
      endif()
    endforeach()
    set(kind shared)
  elseif(EXISTS "${libdir}/libddtb.a")
    set(kind static)
  else()
    message(FATAL_ERROR "no libddtb.a nor libddtb.so.${VERSION} in ${libdir}")
  endif()
  if(kind STREQUAL "shared")
    set(capi "${libdir}/libddtb_dds.so.${VERSION}")
  else()
    set(capi "${libdir}/libddtb_dds.a")
  endif()
  if(NOT EXISTS "${capi}")
    message(FATAL_ERROR "missing from the install: ${capi} (the C API, ddtb::dds)")
  endif()
  file(GLOB_RECURSE files RELATIVE "${prefix}" "${prefix}/*")
  list(SORT files)
  list(JOIN files "\n  " listing)
  message(STATUS "install tree (${kind}):\n  ${listing}")
  set(LIBDIR "${libdir}" PARENT_SCOPE)
  set(KIND "${kind}" PARENT_SCOPE)
endfunction()

# SONAME libddtb.so.<major>, and nothing exported but ddtb's own names.
function(check_shared_library library)
  run(readelf -d "${library}")
  if(NOT LAST_OUTPUT MATCHES "Library soname: \\[libddtb\\.so\\.${MAJOR}\\]")
    message(FATAL_ERROR "${library}: SONAME is not libddtb.so.${MAJOR}:\n${LAST_OUTPUT}")
  endif()
  run(nm -D --defined-only -C "${library}")
  string(REPLACE "\n" ";" lines "${LAST_OUTPUT}")
  set(count 0)
  set(foreign "")
  foreach(line IN LISTS lines)
    if(line STREQUAL "")
      continue()
    endif()
    math(EXPR count "${count} + 1")
    string(REGEX REPLACE "^[0-9a-f]+ [A-Za-z] " "" symbol "${line}")
    if(NOT symbol MATCHES "^((typeinfo|typeinfo name|vtable|VTT|guard variable) for |(non-)?virtual thunk to )?ddtb::")
      string(APPEND foreign "  ${symbol}\n")
    endif()
  endforeach()
  if(foreign)
    message(FATAL_ERROR "${library} exports symbols outside namespace ddtb:\n${foreign}")
  endif()
  if(count EQUAL 0)
    message(FATAL_ERROR "${library} exports nothing")
  endif()
  message(STATUS "${library}: SONAME libddtb.so.${MAJOR}, ${count} dynamic symbols, all ddtb::")
endfunction()

# find_package(ddtb) against `prefix`; a version the install cannot give
# must be refused.
function(check_find_package prefix kind)
  set(build "${WORK_DIR}/find_package")
  configure_and_build("${CONSUMERS}/find_package" "${build}" "-DCMAKE_PREFIX_PATH=${prefix}"
                      "-DDDTB_WANTED_VERSION=${MAJOR}.0")
  run_consumer("${build}/consumer")
  run_dds_consumer("${build}/consumer_dds")
  file(REMOVE_RECURSE "${build}-newer")
  math(EXPR next "${MAJOR} + 1")
  execute_process(
    COMMAND ${CMAKE_COMMAND} -S "${CONSUMERS}/find_package" -B "${build}-newer" -G "${GENERATOR}"
            "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}" "-DCMAKE_PREFIX_PATH=${prefix}"
            "-DDDTB_WANTED_VERSION=${next}.0"
    RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
  if(rc EQUAL 0)
    message(FATAL_ERROR "find_package(ddtb ${next}.0) accepted version ${VERSION}")
  endif()
endfunction()

# A plain compiler command with pkg-config's flags.
function(check_pkg_config prefix libdir kind)
  set(ENV{PKG_CONFIG_PATH} "${libdir}/pkgconfig")
  set(static "")
  if(kind STREQUAL "static")
    set(static --static)
  endif()
  run(pkg-config --modversion ddtb)
  string(STRIP "${LAST_OUTPUT}" modversion)
  if(NOT modversion STREQUAL VERSION)
    message(FATAL_ERROR "pkg-config says version ${modversion}, not ${VERSION}")
  endif()
  run(pkg-config --cflags --libs ${static} ddtb)
  string(STRIP "${LAST_OUTPUT}" flags)
  separate_arguments(flags UNIX_COMMAND "${flags}")
  set(exe "${WORK_DIR}/pkg_config_consumer")
  run("${CXX_COMPILER}" -std=c++20 -O1 "${CONSUMERS}/consumer.cpp" -o "${exe}" ${flags})
  run_consumer("${exe}" ${CMAKE_COMMAND} -E env "LD_LIBRARY_PATH=${libdir}")
endfunction()

file(MAKE_DIRECTORY "${WORK_DIR}")
if(MODE STREQUAL "installed")
  if(NOT DEFINED BUILD_DIR)
    message(FATAL_ERROR "MODE=installed needs -DBUILD_DIR=...")
  endif()
  set(prefix "${WORK_DIR}/prefix")
  file(REMOVE_RECURSE "${prefix}")
  run(${CMAKE_COMMAND} --install "${BUILD_DIR}" --prefix "${prefix}" --component ddtb_development)
  run(${CMAKE_COMMAND} --install "${BUILD_DIR}" --prefix "${prefix}" --component ddtb_runtime)
  check_tree("${prefix}")
  if(KIND STREQUAL "shared")
    check_shared_library("${LIBDIR}/libddtb.so.${VERSION}")
  endif()
  check_find_package("${prefix}" ${KIND})
  check_pkg_config("${prefix}" "${LIBDIR}" ${KIND})
elseif(MODE STREQUAL "shared")
  set(prefix "${WORK_DIR}/prefix")
  file(REMOVE_RECURSE "${prefix}")
  configure_and_build("${SOURCE_DIR}" "${WORK_DIR}/ddtb" -DBUILD_SHARED_LIBS=ON
                      -DDDTB_BUILD_TESTS=OFF -DDDTB_BUILD_BENCH=OFF -DDDTB_BUILD_TOOLS=OFF
                      "-DCMAKE_INSTALL_PREFIX=${prefix}")
  run(${CMAKE_COMMAND} --install "${WORK_DIR}/ddtb")
  check_tree("${prefix}")
  if(NOT KIND STREQUAL "shared")
    message(FATAL_ERROR "BUILD_SHARED_LIBS=ON installed no shared library")
  endif()
  check_shared_library("${LIBDIR}/libddtb.so.${VERSION}")
  check_find_package("${prefix}" shared)
  check_pkg_config("${prefix}" "${LIBDIR}" shared)
elseif(MODE STREQUAL "subdirectory")
  set(build "${WORK_DIR}/add_subdirectory")
  configure_and_build("${CONSUMERS}/add_subdirectory" "${build}" "-DDDTB_SOURCE_DIR=${SOURCE_DIR}")
  if(EXISTS "${build}/ddtb/cli" OR EXISTS "${build}/ddtb/tests" OR EXISTS "${build}/ddtb/builder")
    message(FATAL_ERROR "as a subdirectory, ddtb configured its tools, tests or builder")
  endif()
  run_consumer("${build}/consumer")
  run_dds_consumer("${build}/consumer_dds")
else()
  message(FATAL_ERROR "unknown MODE '${MODE}'")
endif()
