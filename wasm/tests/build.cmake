# Configures and builds the WebAssembly tree (the npm package and
# ddtb-bench.js) with emscripten. Used by CTest (tests.cmake):
#   cmake -DSOURCE_DIR=<repo> -DBUILD_DIR=<dir> -DEMCMAKE=<emcmake> [-DGENERATOR=Ninja]
#         -P build.cmake
# Debian's emscripten runs its JavaScript tools with Node and needs acorn,
# which node-acorn installs under /usr/share/nodejs.
if(NOT SOURCE_DIR OR NOT BUILD_DIR OR NOT EMCMAKE)
  message(FATAL_ERROR "usage: cmake -DSOURCE_DIR=<repo> -DBUILD_DIR=<dir> -DEMCMAKE=<emcmake> -P build.cmake")
endif()
set(ENV{NODE_PATH} "/usr/share/nodejs")
set(options -DCMAKE_BUILD_TYPE=Release)
if(GENERATOR)
  list(APPEND options -G "${GENERATOR}")
endif()
execute_process(COMMAND ${EMCMAKE} ${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${BUILD_DIR} ${options}
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "configuring the WebAssembly build failed (${rc})")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --build ${BUILD_DIR} --parallel 2 RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "building the WebAssembly build failed (${rc})")
endif()
