# Packs the npm package with `npm pack` and installs the tarball in a fresh
# consumer project (CONSUMER_DIR), with the package's tests in its test/
# folder: the tests then import 'ddtb' as a user's code does. Used by CTest
# (tests.cmake):
#   cmake -DNPM=<npm> -DPACKAGE_DIR=<dir> -DCONSUMER_DIR=<dir> -DTESTS_DIR=<dir> -P pack.cmake
# The package has no dependencies: npm installs from the tarball alone,
# offline.
if(NOT NPM OR NOT PACKAGE_DIR OR NOT CONSUMER_DIR OR NOT TESTS_DIR)
  message(FATAL_ERROR "usage: cmake -DNPM=<npm> -DPACKAGE_DIR=<dir> -DCONSUMER_DIR=<dir> -DTESTS_DIR=<dir> -P pack.cmake")
endif()
file(REMOVE_RECURSE ${CONSUMER_DIR})
file(MAKE_DIRECTORY ${CONSUMER_DIR}/test)
execute_process(COMMAND ${NPM} pack --silent --pack-destination ${CONSUMER_DIR}
                WORKING_DIRECTORY ${PACKAGE_DIR}
                OUTPUT_VARIABLE tarball OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT EXISTS ${CONSUMER_DIR}/${tarball})
  message(FATAL_ERROR "npm pack failed (${rc}): '${tarball}'")
endif()
message(STATUS "packed ${tarball}")

# The tarball holds what package.json's "files" names, and nothing else.
execute_process(COMMAND ${CMAKE_COMMAND} -E tar tf ${CONSUMER_DIR}/${tarball}
                OUTPUT_VARIABLE listing RESULT_VARIABLE rc)
foreach(f package.json index.js index.d.ts worker.js worker-client.js ddtb-core.js ddtb-core.wasm README.md)
  if(NOT listing MATCHES "package/${f}\n")
    message(FATAL_ERROR "${tarball} lacks ${f}:\n${listing}")
  endif()
endforeach()

file(WRITE ${CONSUMER_DIR}/package.json
     "{\"name\": \"ddtb-consumer-test\", \"private\": true, \"type\": \"module\"}\n")
execute_process(COMMAND ${NPM} install --offline --no-audit --no-fund --no-save ./${tarball}
                WORKING_DIRECTORY ${CONSUMER_DIR} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "npm install ${tarball} failed (${rc})")
endif()
file(GLOB tests ${TESTS_DIR}/*.mjs ${TESTS_DIR}/*.ts)
file(COPY ${tests} DESTINATION ${CONSUMER_DIR}/test)
