# Installs the npm packages a test needs (a tool such as typescript or
# playwright-core) into TOOLS_DIR with `npm ci`, from the package.json and
# package-lock.json in LOCK_DIR; again only when the lock file changes.
# Used by CTest (wasm/tests/tests.cmake, web/tests/tests.cmake):
#   cmake -DNPM=<npm> -DLOCK_DIR=<dir> -DTOOLS_DIR=<dir> -P npm_tools.cmake
if(NOT NPM OR NOT LOCK_DIR OR NOT TOOLS_DIR)
  message(FATAL_ERROR "usage: cmake -DNPM=<npm> -DLOCK_DIR=<dir> -DTOOLS_DIR=<dir> -P npm_tools.cmake")
endif()
file(MAKE_DIRECTORY ${TOOLS_DIR})
file(COPY ${LOCK_DIR}/package.json ${LOCK_DIR}/package-lock.json DESTINATION ${TOOLS_DIR})
if(EXISTS ${TOOLS_DIR}/node_modules/.package-lock.json AND
   NOT ${LOCK_DIR}/package-lock.json IS_NEWER_THAN ${TOOLS_DIR}/node_modules/.package-lock.json)
  message(STATUS "already installed in ${TOOLS_DIR}")
  return()
endif()
execute_process(COMMAND ${NPM} ci --no-audit --no-fund WORKING_DIRECTORY ${TOOLS_DIR} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "npm ci in ${TOOLS_DIR} failed (${rc})")
endif()
