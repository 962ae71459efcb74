# Prepares <TEST_DIR> for the page's browser test: page.test.mjs, the
# list100 reader, and playwright-core installed with `npm ci` from the
# committed package-lock.json (no browser download: playwright-core has
# none; the test runs Debian's Chromium). Used by CTest (tests.cmake):
#   cmake -DNPM=<npm> -DTEST_DIR=<dir> -DSOURCE_DIR=<repo> -P setup.cmake
if(NOT NPM OR NOT TEST_DIR OR NOT SOURCE_DIR)
  message(FATAL_ERROR "usage: cmake -DNPM=<npm> -DTEST_DIR=<dir> -DSOURCE_DIR=<repo> -P setup.cmake")
endif()
file(MAKE_DIRECTORY ${TEST_DIR}/shots)
file(COPY ${SOURCE_DIR}/web/tests/page.test.mjs ${SOURCE_DIR}/web/tests/package.json
          ${SOURCE_DIR}/web/tests/package-lock.json ${SOURCE_DIR}/wasm/tests/list100.mjs
     DESTINATION ${TEST_DIR})
# Installed once; again only when the lock file changes.
if(EXISTS ${TEST_DIR}/node_modules/.package-lock.json AND
   NOT ${SOURCE_DIR}/web/tests/package-lock.json IS_NEWER_THAN ${TEST_DIR}/node_modules/.package-lock.json)
  message(STATUS "playwright-core already installed in ${TEST_DIR}")
  return()
endif()
execute_process(COMMAND ${NPM} ci --no-audit --no-fund WORKING_DIRECTORY ${TEST_DIR} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "npm ci in ${TEST_DIR} failed (${rc})")
endif()
