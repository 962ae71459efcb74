# The DDS-compatible C API (include/ddtb/dll.h, dds_c_api.h, capi/): DDS's
# golden hands through it, its semantics and input checks against the real
# libdds, par against libdds on random tables, threads, the struct layouts
# against DDS's header, C programs, an unchanged DDS program run against
# Debian's libdds and against ours (libdds.so.0 via LD_LIBRARY_PATH) and
# the names ours exports, and DDS 3.1's additions against libdds 2.9's
# equivalent calls.
if(NOT TARGET ddtb_dds OR NOT TARGET ddtb_dds_peer)
  return()
endif()

function(ddtb_add_capi_test name)
  ddtb_add_test(${name} ${ARGN})
  target_link_libraries(${name} PRIVATE ddtb_dds_internal)
endfunction()

# The project's golden data (data/golden/: deals, positions, par) and, when
# DDTB_REF_DIR holds it, list100.txt (a few seconds each); list1000.txt in
# the long run, skipped without the file.
ddtb_add_capi_test(ddtb_capi_golden_test SOURCES capi_golden_test.cpp)
ddtb_add_capi_test(ddtb_capi_golden_long_test SOURCES capi_golden_test.cpp LABELS long TIMEOUT 3600)
target_compile_definitions(ddtb_capi_golden_long_test PRIVATE DDTB_GOLDEN_LONG)

# Small endgame tables. (The reference libdds's C functions, typed with our
# dll.h, for the tests that call the same function on both libraries, are in
# ddtb_test_support: tests/support/dds_c_api.hpp.)
add_library(ddtb_capi_small_tables STATIC support/small_tables.cpp)
target_include_directories(ddtb_capi_small_tables PUBLIC ${PROJECT_SOURCE_DIR})
target_link_libraries(ddtb_capi_small_tables PUBLIC ddtb_builder)

# SolveBoard and AnalysePlay semantics and input checks vs libdds (~20 s).
ddtb_add_capi_test(ddtb_capi_solve_test SOURCES capi_solve_test.cpp)
# Par vs libdds: 6,000 random tables, the golden deals' tables and (when
# DDTB_REF_DIR holds it) list1000's 1,000 tables, each with
# every par function (~10 s); the long run: 300,000 tables, and 20,000
# tables with every entry random (agreement measured, not required).
ddtb_add_capi_test(ddtb_capi_par_test SOURCES capi_par_test.cpp)
ddtb_add_capi_test(ddtb_capi_par_long_test SOURCES capi_par_test.cpp LABELS long TIMEOUT 3600)
target_compile_definitions(ddtb_capi_par_long_test PRIVATE DDTB_PAR_LONG)
# Every return code, provoked once each.
ddtb_add_capi_test(ddtb_capi_errors_test SOURCES capi_errors_test.cpp)
# The current trick: a revoke in it taken as played, as DDS takes it:
# SolveBoard's combinations, batches and AnalysePlay vs libdds (~1 s).
ddtb_add_capi_test(ddtb_capi_trick_test SOURCES capi_trick_test.cpp)
# The PBN deal reader on text beyond four hands or four suits vs libdds.
ddtb_add_capi_test(ddtb_capi_pbn_test SOURCES capi_pbn_test.cpp)
# Threads, configuration, batch checks, the tablebase path (~30 s).
ddtb_add_capi_test(ddtb_capi_threads_test SOURCES capi_threads_test.cpp)
target_link_libraries(ddtb_capi_threads_test PRIVATE ddtb_capi_small_tables)
# DDTB_TABLEBASE, in a process of its own.
ddtb_add_capi_test(ddtb_capi_env_test SOURCES capi_env_test.cpp)
target_link_libraries(ddtb_capi_env_test PRIVATE ddtb_capi_small_tables)
# dll.h against DDS's header: compile-time checks.
ddtb_add_capi_test(ddtb_capi_layout_test SOURCES capi_layout_test.cpp)
target_include_directories(ddtb_capi_layout_test PRIVATE ${DDTB_DDS_INCLUDE_DIR})

# A program in strict C11 (no warning allowed) on ddtb_dds: the headers
# from C.
function(ddtb_add_capi_c_test name source)
  add_executable(${name} ${source})
  set_target_properties(${name} PROPERTIES C_STANDARD 11 C_STANDARD_REQUIRED ON
                                           C_EXTENSIONS OFF LINKER_LANGUAGE CXX)
  target_link_libraries(${name} PRIVATE ddtb_dds_internal)
  ddtb_warnings(${name} PEDANTIC ERRORS)
  add_test(NAME ${name} COMMAND ${name})
  set_tests_properties(${name} PROPERTIES TIMEOUT 120)
endfunction()

# dll.h from C.
ddtb_add_capi_c_test(ddtb_capi_c_test capi_c_test.c)

# An unchanged DDS program (Debian's header, linked with -ldds) run with
# Debian's libdds and with ours first on LD_LIBRARY_PATH: identical output.
if(TARGET ddtb_dds_soname)
  add_executable(ddtb_capi_dds_program capi_swap/dds_program.c)
  set_target_properties(ddtb_capi_dds_program PROPERTIES C_STANDARD 11)
  target_include_directories(ddtb_capi_dds_program PRIVATE ${DDTB_DDS_INCLUDE_DIR})
  target_link_libraries(ddtb_capi_dds_program PRIVATE ${DDTB_LIBDDS})
  add_dependencies(ddtb_capi_dds_program ddtb_dds_soname)
  add_test(NAME ddtb_capi_ld_library_path_swap
           COMMAND ${CMAKE_COMMAND}
                   -DPROGRAM=$<TARGET_FILE:ddtb_capi_dds_program>
                   -DDDTB_LIBDDS_DIR=$<TARGET_FILE_DIR:ddtb_dds_soname>
                   -DOUT_DIR=${CMAKE_CURRENT_BINARY_DIR}
                   -P ${CMAKE_CURRENT_SOURCE_DIR}/capi_swap/run_swap.cmake)
  set_tests_properties(ddtb_capi_ld_library_path_swap PROPERTIES TIMEOUT 300)
  # Its exported names: those the headers declare, no more.
  add_test(NAME ddtb_capi_exports
           COMMAND ${CMAKE_COMMAND} -DNM=${CMAKE_NM} -DLIBRARY=$<TARGET_FILE:ddtb_dds_soname>
                   "-DHEADERS=${PROJECT_SOURCE_DIR}/include/ddtb/dll.h ${PROJECT_SOURCE_DIR}/include/ddtb/dds_c_api.h"
                   -P ${CMAKE_CURRENT_SOURCE_DIR}/capi_exports.cmake)
  set_tests_properties(ddtb_capi_exports PROPERTIES TIMEOUT 60)
endif()

# A worker thread that cannot start: RETURN_THREAD_CREATE (own process).
add_executable(ddtb_capi_thread_create_test capi_thread_create_test.cpp)
target_link_libraries(ddtb_capi_thread_create_test PRIVATE ddtb_dds_internal)
add_test(NAME ddtb_capi_thread_create_test COMMAND ddtb_capi_thread_create_test)
set_tests_properties(ddtb_capi_thread_create_test PROPERTIES TIMEOUT 120 SKIP_RETURN_CODE 77)

# DDS 3.1's additions: the handle API of dds_c_api.h against libdds's
# SolveBoard, CalcDDtable and par functions (~15 s), and the thread-count,
# any-size and sequential batch calls against its batch calls (~20 s).
ddtb_add_capi_test(ddtb_capi_dds3_handle_test SOURCES capi_dds3_handle_test.cpp)
target_link_libraries(ddtb_capi_dds3_handle_test PRIVATE ddtb_capi_small_tables)
if(DDTB_SANITIZE)
  # Their allocators abort where malloc returns NULL.
  target_compile_definitions(ddtb_capi_dds3_handle_test PRIVATE DDTB_SANITIZED_ALLOCATOR)
endif()
ddtb_add_capi_test(ddtb_capi_dds3_batch_test SOURCES capi_dds3_batch_test.cpp)

# dds_c_api.h and DDS 3.1's dll.h calls from C.
ddtb_add_capi_c_test(ddtb_capi_dds3_c_test capi_dds3_c_test.c)
