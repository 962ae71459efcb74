# The library as other projects use it (cmake/ddtbInstall.cmake): CTest
# builds the consumer projects of this directory and runs them.
#   ddtb_package_installed       cmake --install of this build (static unless
#                                BUILD_SHARED_LIBS=ON) -> find_package and
#                                pkg-config consumers; a few seconds
#   ddtb_package_shared          a shared build of the library alone: SONAME,
#                                only ddtb:: symbols exported, both consumers;
#                                builds libddtb once more (about 30 s)
#   ddtb_consumer_add_subdirectory  ddtb's sources inside a consumer's tree;
#                                builds libddtb once more (about 30 s)
#   ddtb_library_exports         the symbols libddtb.so exports are those of
#                                tests/library_exports.txt (docs/USAGE.md,
#                                "ABI"): the library of a shared build, else
#                                the one ddtb_package_shared builds
# They need a C++ compiler, pkg-config, readelf and nm, as the build does.
if(NOT DDTB_INSTALL)
  return()  # no install rules to test
endif()

set(_ddtb_consumer_args
  -DSOURCE_DIR=${PROJECT_SOURCE_DIR}
  -DCXX_COMPILER=${CMAKE_CXX_COMPILER}
  -DGENERATOR=${CMAKE_GENERATOR}
  -DBUILD_TYPE=$<IF:$<CONFIG:>,Release,$<CONFIG>>
  -DVERSION=${PROJECT_VERSION})
set(_ddtb_consumer_script ${CMAKE_CURRENT_SOURCE_DIR}/consumers/check_package.cmake)
set(_ddtb_consumer_work ${CMAKE_CURRENT_BINARY_DIR}/consumers)

add_test(NAME ddtb_package_installed
  COMMAND ${CMAKE_COMMAND} -DMODE=installed -DBUILD_DIR=${PROJECT_BINARY_DIR}
          -DWORK_DIR=${_ddtb_consumer_work}/installed ${_ddtb_consumer_args}
          -P ${_ddtb_consumer_script})
add_test(NAME ddtb_package_shared
  COMMAND ${CMAKE_COMMAND} -DMODE=shared -DWORK_DIR=${_ddtb_consumer_work}/shared
          ${_ddtb_consumer_args} -P ${_ddtb_consumer_script})
add_test(NAME ddtb_consumer_add_subdirectory
  COMMAND ${CMAKE_COMMAND} -DMODE=subdirectory -DWORK_DIR=${_ddtb_consumer_work}/subdirectory
          ${_ddtb_consumer_args} -P ${_ddtb_consumer_script})
set_tests_properties(ddtb_package_installed ddtb_package_shared ddtb_consumer_add_subdirectory
  PROPERTIES LABELS package TIMEOUT 900)

if(DDTB_LIBRARY_TYPE STREQUAL "SHARED_LIBRARY")
  set(_ddtb_exported_library $<TARGET_FILE:ddtb>)
else()
  set(_ddtb_exported_library ${_ddtb_consumer_work}/shared/ddtb/libddtb.so.${PROJECT_VERSION})
  set_tests_properties(ddtb_package_shared PROPERTIES FIXTURES_SETUP ddtb_shared_library)
endif()
add_test(NAME ddtb_library_exports
  COMMAND ${CMAKE_COMMAND} -DNM=${CMAKE_NM} -DLIBRARY=${_ddtb_exported_library}
          -DLIST=${CMAKE_CURRENT_SOURCE_DIR}/library_exports.txt
          -P ${CMAKE_CURRENT_SOURCE_DIR}/library_exports.cmake)
set_tests_properties(ddtb_library_exports PROPERTIES LABELS package TIMEOUT 60)
if(NOT DDTB_LIBRARY_TYPE STREQUAL "SHARED_LIBRARY")
  set_tests_properties(ddtb_library_exports PROPERTIES FIXTURES_REQUIRED ddtb_shared_library)
endif()
