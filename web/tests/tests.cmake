# The web page in headless Chromium (labels wasm and browser), registered in
# the native build next to the package's tests (wasm/tests/tests.cmake),
# whose ddtb_wasm_build fixture builds the site:
#   ddtb_web_setup  a folder <build>/web-test with page.test.mjs and
#                   playwright-core installed by `npm ci` from the committed
#                   package-lock.json (setup.cmake): the npm registry, once
#   ddtb_web_page   page.test.mjs drives Debian's Chromium (/usr/bin/chromium)
#                   over the site; screenshots land in <build>/web-test/shots
# They need Debian's chromium (scripts/install-deps.sh); without it they are
# not registered.
find_program(DDTB_CHROMIUM NAMES chromium chromium-browser)
if(NOT DDTB_CHROMIUM)
  message(WARNING "The page's browser test is not registered: no chromium "
                  "(scripts/install-deps.sh installs Debian's chromium)")
  return()
endif()

# libdds's table of a deal, for the test to check the page against DDS 2.9.0.
add_executable(ddtb_dds_table ${CMAKE_CURRENT_LIST_DIR}/dds_table_main.cpp)
target_link_libraries(ddtb_dds_table PRIVATE ddtb_dds_peer)

set(ddtb_web_test_dir ${PROJECT_BINARY_DIR}/web-test)
add_test(NAME ddtb_web_setup
         COMMAND ${CMAKE_COMMAND} -DNPM=${DDTB_NPM} -DTEST_DIR=${ddtb_web_test_dir}
                 -DSOURCE_DIR=${PROJECT_SOURCE_DIR} -P ${CMAKE_CURRENT_LIST_DIR}/setup.cmake)
set_tests_properties(ddtb_web_setup PROPERTIES
  FIXTURES_SETUP ddtb_web LABELS "wasm;browser" TIMEOUT 600)

add_test(NAME ddtb_web_page
         COMMAND ${DDTB_NODE} --test ${ddtb_web_test_dir}/page.test.mjs
         WORKING_DIRECTORY ${ddtb_web_test_dir})
set_tests_properties(ddtb_web_page PROPERTIES
  ENVIRONMENT "DDTB_GOLDEN_DIR=${DDTB_GOLDEN_DIR};DDTB_SITE_DIR=${ddtb_wasm_build}/wasm/site;DDTB_SCREENSHOT_DIR=${ddtb_web_test_dir}/shots;DDTB_CHROMIUM=${DDTB_CHROMIUM};DDTB_DDS_TABLE=$<TARGET_FILE:ddtb_dds_table>"
  FIXTURES_REQUIRED "ddtb_wasm;ddtb_web" LABELS "wasm;browser" TIMEOUT 600)
