# The WebAssembly build's tests (label wasm), registered in the native build
# (tests/CMakeLists.txt) and run by CTest like the others:
#   ddtb_wasm_build      configures and builds <build>/wasm with emcmake
#                        (build.cmake): libddtb, the binding and ddtb-bench.js,
#                        no tests; about a minute on two cores
#   ddtb_wasm_signature  ddtb-bench.js under Node gives the native node count
#                        (bench/signature.txt)
#   ddtb_wasm_npm_pack   `npm pack`s the package and installs the tarball in a
#                        fresh consumer project with these tests (pack.cmake)
#   ddtb_wasm_<name>     node --test <name>.test.mjs in that project: the
#                        package as a user gets it, `import ... from 'ddtb'`
#   ddtb_wasm_types      tsc --strict on types.check.ts in that project
# They need emscripten, Node.js and npm (scripts/install-deps.sh).
find_program(DDTB_EMCMAKE emcmake)
find_program(DDTB_NODE node)
find_program(DDTB_NPM npm)
if(NOT DDTB_EMCMAKE OR NOT DDTB_NODE OR NOT DDTB_NPM)
  message(WARNING "WebAssembly tests not registered: emcmake, node or npm not found "
                  "(scripts/install-deps.sh installs emscripten, nodejs and npm)")
  return()
endif()

set(ddtb_wasm_build ${PROJECT_BINARY_DIR}/wasm)
set(ddtb_wasm_consumer ${PROJECT_BINARY_DIR}/wasm-consumer)
set(ddtb_wasm_tests ${CMAKE_CURRENT_LIST_DIR})

add_test(NAME ddtb_wasm_build
         COMMAND ${CMAKE_COMMAND} -DSOURCE_DIR=${PROJECT_SOURCE_DIR} -DBUILD_DIR=${ddtb_wasm_build}
                 -DEMCMAKE=${DDTB_EMCMAKE} -DGENERATOR=${CMAKE_GENERATOR}
                 -P ${ddtb_wasm_tests}/build.cmake)
set_tests_properties(ddtb_wasm_build PROPERTIES
  FIXTURES_SETUP ddtb_wasm LABELS wasm TIMEOUT 1800)

add_test(NAME ddtb_wasm_signature
         COMMAND ${CMAKE_COMMAND} -DRUNNER=${DDTB_NODE} -DBENCH=${ddtb_wasm_build}/bin/ddtb-bench.js
                 -DEXPECTED=${PROJECT_SOURCE_DIR}/bench/signature.txt
                 -P ${PROJECT_SOURCE_DIR}/bench/check_signature.cmake)
set_tests_properties(ddtb_wasm_signature PROPERTIES
  FIXTURES_REQUIRED ddtb_wasm LABELS wasm TIMEOUT 900)

add_test(NAME ddtb_wasm_npm_pack
         COMMAND ${CMAKE_COMMAND} -DNPM=${DDTB_NPM} -DPACKAGE_DIR=${ddtb_wasm_build}/wasm/package
                 -DCONSUMER_DIR=${ddtb_wasm_consumer} -DTESTS_DIR=${ddtb_wasm_tests}
                 -P ${ddtb_wasm_tests}/pack.cmake)
set_tests_properties(ddtb_wasm_npm_pack PROPERTIES
  FIXTURES_SETUP ddtb_wasm_npm FIXTURES_REQUIRED ddtb_wasm LABELS wasm TIMEOUT 600)

foreach(name golden api errors worker single_dummy comparison)
  add_test(NAME ddtb_wasm_${name}
           COMMAND ${DDTB_NODE} --test ${ddtb_wasm_consumer}/test/${name}.test.mjs
           WORKING_DIRECTORY ${ddtb_wasm_consumer})
  set_tests_properties(ddtb_wasm_${name} PROPERTIES
    ENVIRONMENT "DDTB_GOLDEN_DIR=${DDTB_GOLDEN_DIR};DDTB_REF_DIR=${DDTB_REF_DIR}"
    FIXTURES_REQUIRED ddtb_wasm_npm LABELS wasm TIMEOUT 900)
endforeach()
# golden.test.mjs on DDS's list100.txt as well, when DDTB_REF_DIR holds it;
# its tests skip when not, and CTest counts the test as skipped.
add_test(NAME ddtb_wasm_golden_list100
         COMMAND ${DDTB_NODE} --test ${ddtb_wasm_consumer}/test/golden.test.mjs
         WORKING_DIRECTORY ${ddtb_wasm_consumer})
set_tests_properties(ddtb_wasm_golden_list100 PROPERTIES
  ENVIRONMENT "DDTB_GOLDEN_LIST=list100.txt;DDTB_GOLDEN_DIR=${DDTB_GOLDEN_DIR};DDTB_REF_DIR=${DDTB_REF_DIR}"
  SKIP_REGULAR_EXPRESSION "skipped [1-9]"
  FIXTURES_REQUIRED ddtb_wasm_npm LABELS wasm TIMEOUT 900)

# The types: tsc (typescript from the npm registry, pinned by
# types/package-lock.json, installed once into <build>/wasm-types) checks
# types.check.ts against the installed package's index.d.ts.
set(ddtb_wasm_types_dir ${PROJECT_BINARY_DIR}/wasm-types)
add_test(NAME ddtb_wasm_types_setup
         COMMAND ${CMAKE_COMMAND} -DNPM=${DDTB_NPM} -DLOCK_DIR=${ddtb_wasm_tests}/types
                 -DTOOLS_DIR=${ddtb_wasm_types_dir} -P ${ddtb_wasm_tests}/npm_tools.cmake)
set_tests_properties(ddtb_wasm_types_setup PROPERTIES
  FIXTURES_SETUP ddtb_wasm_types LABELS wasm TIMEOUT 600)
add_test(NAME ddtb_wasm_types
         COMMAND ${DDTB_NODE} ${ddtb_wasm_types_dir}/node_modules/typescript/bin/tsc --noEmit --strict
                 --target es2022 --module nodenext --moduleResolution nodenext
                 ${ddtb_wasm_consumer}/test/types.check.ts
         WORKING_DIRECTORY ${ddtb_wasm_consumer})
set_tests_properties(ddtb_wasm_types PROPERTIES
  FIXTURES_REQUIRED "ddtb_wasm_npm;ddtb_wasm_types" LABELS wasm TIMEOUT 300)

# The web page built from the same tree, in a real browser.
include(${PROJECT_SOURCE_DIR}/web/tests/tests.cmake)
