# The tools' shared command line (command_line_test), then ddsolve: its
# reader, board, formats, options and JSON reader directly
# (cli_reader_test, cli_output_test, cli_json_reader_test), then the binary
# end to end on the fixtures in data/cli/ (cli_ddsolve_test: golden output, the annotated PBN read back, malformed
# files, a progress bar on a pseudo-terminal). The end-to-end tests solve a
# few full deals (list100's in the fixtures, checked against list100.txt when
# DDTB_REF_DIR holds it, and the golden deals of data/golden/); the whole
# executable takes about 20 s.
ddtb_add_test(ddtb_command_line_test SOURCES command_line_test.cpp TIMEOUT 60)
target_link_libraries(ddtb_command_line_test PRIVATE ddtb_tools)

if(NOT TARGET ddsolve)
  return()  # DDTB_BUILD_TOOLS is off
endif()

ddtb_add_test(ddtb_cli_test
  SOURCES cli_reader_test.cpp cli_output_test.cpp cli_ddsolve_test.cpp cli_json_reader_test.cpp
          cli_single_dummy_test.cpp cli_comparison_test.cpp cli_tables_test.cpp cli_script_test.cpp
  TIMEOUT 120)
# The default tables and `ddtb-build build --install` end to end (it builds
# its tables with ddtb-build).
if(TARGET ddtb-build)
  ddtb_add_test(ddtb_cli_default_tables_test SOURCES cli_default_tables_test.cpp TIMEOUT 300)
  target_link_libraries(ddtb_cli_default_tables_test PRIVATE ddtb_cli ddtb_builder)
  target_compile_definitions(ddtb_cli_default_tables_test PRIVATE
    DDSOLVE_PATH="$<TARGET_FILE:ddsolve>" DDTB_BUILD_PATH="$<TARGET_FILE:ddtb-build>")
  add_dependencies(ddtb_cli_default_tables_test ddsolve ddtb-build)
endif()
target_link_libraries(ddtb_cli_test PRIVATE ddtb_cli)
target_compile_definitions(ddtb_cli_test PRIVATE
  DDSOLVE_PATH="$<TARGET_FILE:ddsolve>"
  CLI_DATA_DIR="${CMAKE_CURRENT_SOURCE_DIR}/data/cli")
# The end-to-end tests run the binary (and ddtb-build, for a small
# tablebase, when it is built): build them first.
add_dependencies(ddtb_cli_test ddsolve)
if(TARGET ddtb-build)
  target_compile_definitions(ddtb_cli_test PRIVATE DDTB_BUILD_PATH="$<TARGET_FILE:ddtb-build>")
  add_dependencies(ddtb_cli_test ddtb-build)
endif()
