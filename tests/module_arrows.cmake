# Fails when a source file includes a header against the modules' arrows
# (docs/ARCHITECTURE.md): core/ at the bottom; tablebase/ and solver/ on
# core/ only; analysis/ (single-dummy analysis) on the public API only,
# with core's one thread pool, one seeded generator and reader of a
# caller's option structs (core/parallel.hpp, core/random.hpp,
# core/given_options.hpp); the builder on core/, tablebase/ and the search interface
# (solver/search.hpp) and tools/; the C API on the public headers
# (include/ddtb/) and core/, as the Python module (python/) and the
# WebAssembly binding (wasm/src/); the CLI on those and tools/ (the tools'
# shared command line and progress bar, itself on core/ only). Every module
# may include include/ddtb/, whose headers include only each other. bench/,
# tests/ and examples/ may include anything. Used by CTest:
#   cmake -DSOURCE_DIR=<repo> -P module_arrows.cmake
#
# Every include is resolved as the compiler finds it, whatever its form
# ("solver/search.hpp", <solver/search.hpp>, "bits.hpp", "../core/bits.hpp"):
# next to the includer (quoted includes only), then from the project root and
# from include/ (the project's include directories). The module is the folder of
# the file it resolves to. An include that resolves to no file of the
# project is a system or third-party header and is not checked, unless it
# names a module's folder ("solver/<a missing file>"), which is then
# checked by that folder.
cmake_minimum_required(VERSION 3.25)  # a script: the policies of the project's CMake
if(NOT SOURCE_DIR)
  message(FATAL_ERROR "usage: cmake -DSOURCE_DIR=<repo> -P module_arrows.cmake")
endif()
get_filename_component(SOURCE_DIR "${SOURCE_DIR}" REALPATH)

set(modules core solver tablebase analysis builder capi cli tools python wasm include)
# module -> what its files may include besides include/ddtb/ and themselves
set(allowed_core "")
set(allowed_solver "core")
set(allowed_tablebase "core")
set(allowed_analysis "core/parallel.hpp;core/random.hpp;core/given_options.hpp")
set(allowed_builder "core;tablebase;solver/search.hpp;tools")
set(allowed_capi "core")
set(allowed_cli "core;tools")
set(allowed_tools "core")
set(allowed_python "core")
set(allowed_wasm "core")
set(allowed_include "")

# The project file `header` resolves to from `dir` (empty: none).
function(resolve_include header quoted dir out)
  set(candidates "${SOURCE_DIR}/${header}" "${SOURCE_DIR}/include/${header}")
  if(quoted)
    list(PREPEND candidates "${dir}/${header}")
  endif()
  foreach(c IN LISTS candidates)
    if(EXISTS "${c}" AND NOT IS_DIRECTORY "${c}")
      get_filename_component(c "${c}" REALPATH)
      set(${out} "${c}" PARENT_SCOPE)
      return()
    endif()
  endforeach()
  set(${out} "" PARENT_SCOPE)
endfunction()

set(violations 0)
set(includes_checked 0)
foreach(module IN LISTS modules)
  if(module STREQUAL "include")
    file(GLOB_RECURSE files "${SOURCE_DIR}/include/*.h" "${SOURCE_DIR}/include/*.hpp")
  elseif(module STREQUAL "python" OR module STREQUAL "wasm")
    # The binding's sources; its tests (python/tests/, wasm/tests/) and
    # wasm/bench_main.cpp (a benchmark) may include anything.
    file(GLOB_RECURSE files "${SOURCE_DIR}/${module}/src/*.hpp" "${SOURCE_DIR}/${module}/src/*.cpp")
  else()
    file(GLOB_RECURSE files "${SOURCE_DIR}/${module}/*.h" "${SOURCE_DIR}/${module}/*.hpp"
         "${SOURCE_DIR}/${module}/*.c" "${SOURCE_DIR}/${module}/*.cpp")
  endif()
  if(NOT files)
    message(SEND_ERROR "module ${module}: no source files found under ${SOURCE_DIR}")
    math(EXPR violations "${violations} + 1")
  endif()
  foreach(f IN LISTS files)
    get_filename_component(dir "${f}" DIRECTORY)
    file(STRINGS "${f}" lines REGEX "^[ \t]*#[ \t]*include[ \t]*[\"<]")
    foreach(line IN LISTS lines)
      if(line MATCHES "^[ \t]*#[ \t]*include[ \t]*\"([^\"]*)\"")
        set(header "${CMAKE_MATCH_1}")
        set(quoted TRUE)
      elseif(line MATCHES "^[ \t]*#[ \t]*include[ \t]*<([^>]*)>")
        set(header "${CMAKE_MATCH_1}")
        set(quoted FALSE)
      else()
        continue()
      endif()
      resolve_include("${header}" ${quoted} "${dir}" target)
      if(target)
        file(RELATIVE_PATH target_rel "${SOURCE_DIR}" "${target}")
      elseif(header MATCHES "^([^/]+)/" AND CMAKE_MATCH_1 IN_LIST modules)
        set(target_rel "${header}")  # a module's file that is not there
      else()
        continue()  # a system or third-party header
      endif()
      math(EXPR includes_checked "${includes_checked} + 1")
      string(REGEX REPLACE "/.*" "" folder "${target_rel}")
      if(folder STREQUAL "include" OR folder STREQUAL module)
        continue()
      endif()
      set(ok FALSE)
      foreach(a IN LISTS allowed_${module})
        if(folder STREQUAL a OR target_rel STREQUAL a)
          set(ok TRUE)
        endif()
      endforeach()
      if(NOT ok)
        file(RELATIVE_PATH rel "${SOURCE_DIR}" "${f}")
        set(seen "")
        if(NOT target_rel STREQUAL header)
          set(seen " (${target_rel})")
        endif()
        set(also "")
        if(allowed_${module})
          string(REPLACE ";" ", " also "${allowed_${module}}")
          set(also " and ${also}")
        endif()
        message(SEND_ERROR "${rel}: ${line}${seen}: module ${module}/ may include only "
                           "include/ddtb/, ${module}/${also}")
        math(EXPR violations "${violations} + 1")
      endif()
    endforeach()
  endforeach()
endforeach()
if(violations GREATER 0)
  message(FATAL_ERROR "${violations} include(s) against the module arrows")
endif()
message(STATUS "module arrows: all ${includes_checked} includes of the project's own headers "
               "go the right way")
