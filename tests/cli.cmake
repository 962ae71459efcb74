# ddsolve: its reader, formats and options directly, and the binary end to end
# on the fixtures in data/cli/ (a few seconds: three full deals are solved).
if(NOT TARGET ddsolve)
  return()  # DDTB_BUILD_TOOLS is off
endif()

ddtb_add_test(ddtb_cli_test SOURCES cli_test.cpp TIMEOUT 120)
target_link_libraries(ddtb_cli_test PRIVATE ddtb_cli)
target_compile_definitions(ddtb_cli_test PRIVATE
  DDSOLVE_PATH="$<TARGET_FILE:ddsolve>"
  CLI_DATA_DIR="${CMAKE_CURRENT_SOURCE_DIR}/data/cli")
# The end-to-end tests run the binary: build it before them.
add_dependencies(ddtb_cli_test ddsolve)
