# Prepares <TEST_DIR> for the page's browser test: page.test.mjs (and
# measure_leads.mjs, the lead analysis timed, run by hand), the
# hand-list reader, and playwright-core installed with `npm ci` from the
# committed package-lock.json (wasm/tests/npm_tools.cmake; no browser
# download: playwright-core has none, the test runs Debian's Chromium).
# Used by CTest (tests.cmake):
#   cmake -DNPM=<npm> -DTEST_DIR=<dir> -DSOURCE_DIR=<repo> -P setup.cmake
if(NOT NPM OR NOT TEST_DIR OR NOT SOURCE_DIR)
  message(FATAL_ERROR "usage: cmake -DNPM=<npm> -DTEST_DIR=<dir> -DSOURCE_DIR=<repo> -P setup.cmake")
endif()
file(MAKE_DIRECTORY ${TEST_DIR}/shots)
file(COPY ${SOURCE_DIR}/web/tests/page.test.mjs ${SOURCE_DIR}/web/tests/measure_leads.mjs
     ${SOURCE_DIR}/wasm/tests/hand_list.mjs
     DESTINATION ${TEST_DIR})
set(LOCK_DIR ${SOURCE_DIR}/web/tests)
set(TOOLS_DIR ${TEST_DIR})
include(${SOURCE_DIR}/wasm/tests/npm_tools.cmake)
