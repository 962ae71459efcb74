# Runs a program built against Debian's libdds twice: as linked, and with
# ddtb's libdds.so.0 first on LD_LIBRARY_PATH. Both runs must succeed and
# print byte-identical standard output; standard error must show that each
# run used the library it should (DDS's own "DDS DLL" banner vs "ddtb").
#
#   cmake -DPROGRAM=<exe> -DDDTB_LIBDDS_DIR=<dir of ddtb's libdds.so.0>
#         -DOUT_DIR=<dir for the two outputs> -P run_swap.cmake
foreach(var PROGRAM DDTB_LIBDDS_DIR OUT_DIR)
  if(NOT ${var})
    message(FATAL_ERROR "run_swap.cmake: ${var} is not set")
  endif()
endforeach()
if(NOT EXISTS "${DDTB_LIBDDS_DIR}/libdds.so.0")
  message(FATAL_ERROR "run_swap.cmake: no libdds.so.0 in ${DDTB_LIBDDS_DIR}")
endif()

# The reference run: no ddtb directory on the library path.
set(saved "$ENV{LD_LIBRARY_PATH}")
execute_process(COMMAND "${PROGRAM}"
  RESULT_VARIABLE dds_rc OUTPUT_VARIABLE dds_out ERROR_VARIABLE dds_err)
set(ENV{LD_LIBRARY_PATH} "${DDTB_LIBDDS_DIR}")
execute_process(COMMAND "${PROGRAM}"
  RESULT_VARIABLE ddtb_rc OUTPUT_VARIABLE ddtb_out ERROR_VARIABLE ddtb_err)
set(ENV{LD_LIBRARY_PATH} "${saved}")

file(WRITE "${OUT_DIR}/swap_dds.txt" "${dds_out}")
file(WRITE "${OUT_DIR}/swap_ddtb.txt" "${ddtb_out}")
if(NOT dds_rc EQUAL 0 OR NOT ddtb_rc EQUAL 0)
  message(FATAL_ERROR "exit codes: Debian libdds ${dds_rc}, ddtb ${ddtb_rc}\n${dds_err}\n${ddtb_err}")
endif()
if(NOT dds_err MATCHES "DDS DLL")
  message(FATAL_ERROR "the reference run did not use Debian's libdds: ${dds_err}")
endif()
if(NOT ddtb_err MATCHES "ddtb")
  message(FATAL_ERROR "the LD_LIBRARY_PATH run did not use ddtb's libdds.so.0: ${ddtb_err}")
endif()
if(NOT dds_out STREQUAL ddtb_out)
  execute_process(COMMAND diff "${OUT_DIR}/swap_dds.txt" "${OUT_DIR}/swap_ddtb.txt"
    OUTPUT_VARIABLE diff)
  message(FATAL_ERROR "outputs differ (${OUT_DIR}/swap_dds.txt vs swap_ddtb.txt):\n${diff}")
endif()
string(LENGTH "${dds_out}" bytes)
message(STATUS "identical output (${bytes} bytes) with Debian's libdds and with ddtb's libdds.so.0")
