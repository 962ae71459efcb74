# The Python tests (pytest), one CTest test per file. They need an
# interpreter of the module's Python version that has pytest: the one CMake
# found, else Debian's /usr/bin/python3 (a pyenv or other python3 first on
# PATH often lacks Debian's python3-pytest). DDTB_PYTEST_PYTHON overrides.
set(ddtb_pytest_candidates ${DDTB_PYTEST_PYTHON} ${Python3_EXECUTABLE} /usr/bin/python3)
set(ddtb_pytest_python "")
foreach(candidate IN LISTS ddtb_pytest_candidates)
  execute_process(
    COMMAND ${candidate} -c "import sys, pytest; print('%d.%d' % sys.version_info[:2])"
    OUTPUT_VARIABLE version OUTPUT_STRIP_TRAILING_WHITESPACE
    RESULT_VARIABLE rc ERROR_QUIET)
  if(rc EQUAL 0 AND version STREQUAL "${Python3_VERSION_MAJOR}.${Python3_VERSION_MINOR}")
    set(ddtb_pytest_python ${candidate})
    break()
  endif()
endforeach()
if(NOT ddtb_pytest_python)
  message(WARNING "Python tests not registered: no Python ${Python3_VERSION_MAJOR}."
                  "${Python3_VERSION_MINOR} with pytest among: ${ddtb_pytest_candidates} "
                  "(install python3-pytest, or set DDTB_PYTEST_PYTHON)")
  return()
endif()
message(STATUS "Python tests run with ${ddtb_pytest_python}")

# Random positions and the C++ API's answers for them, to compare with the
# module's (test_random.py).
add_executable(ddtb_python_reference ${CMAKE_CURRENT_LIST_DIR}/cpp_reference.cpp)
target_link_libraries(ddtb_python_reference PRIVATE ddtb_test_support)

# Small endgame tables for the tablebase tests (test_api.py).
add_executable(ddtb_python_small_tables ${CMAKE_CURRENT_LIST_DIR}/small_tables_main.cpp)
target_link_libraries(ddtb_python_small_tables PRIVATE ddtb_capi_small_tables)

set(ddtb_pytest_env
  PYTHONPATH=${CMAKE_CURRENT_BINARY_DIR}
  PYTHONDONTWRITEBYTECODE=1
  DDTB_REF_DIR=${DDTB_REF_DIR}
  DDTB_SOURCE_DIR=${PROJECT_SOURCE_DIR}
  DDTB_PYTHON_REFERENCE=$<TARGET_FILE:ddtb_python_reference>
  DDTB_PYTHON_SMALL_TABLES=$<TARGET_FILE:ddtb_python_small_tables>)
foreach(name api golden random errors batch setup install single_dummy sample_constraints
        comparison)
  add_test(NAME ddtb_python_${name}
           COMMAND ${ddtb_pytest_python} -m pytest -q -p no:cacheprovider
                   ${CMAKE_CURRENT_LIST_DIR}/test_${name}.py)
  set_tests_properties(ddtb_python_${name} PROPERTIES
    ENVIRONMENT "${ddtb_pytest_env}" LABELS python TIMEOUT 600)
endforeach()
# test_golden.py on DDS's list100.txt as well, when DDTB_REF_DIR holds it; its
# tests skip when not, and CTest counts the test as skipped.
add_test(NAME ddtb_python_golden_list100
         COMMAND ${ddtb_pytest_python} -m pytest -q -p no:cacheprovider
                 ${CMAKE_CURRENT_LIST_DIR}/test_golden.py)
set_tests_properties(ddtb_python_golden_list100 PROPERTIES
  ENVIRONMENT "${ddtb_pytest_env};DDTB_GOLDEN_LIST=list100.txt"
  SKIP_REGULAR_EXPRESSION "[0-9]+ skipped" LABELS python TIMEOUT 600)
# `cmake --install` of this build into a fresh prefix, then the module
# imported from there (test_cmake_install.py).
add_test(NAME ddtb_python_cmake_install
         COMMAND ${ddtb_pytest_python} -m pytest -q -p no:cacheprovider
                 ${CMAKE_CURRENT_LIST_DIR}/test_cmake_install.py)
set_tests_properties(ddtb_python_cmake_install PROPERTIES
  ENVIRONMENT "${ddtb_pytest_env};DDTB_BUILD_DIR=${PROJECT_BINARY_DIR};DDTB_PYTHON_INSTALL_DIR=${DDTB_PYTHON_INSTALL_DIR}"
  LABELS python TIMEOUT 600)
# Builds the whole library again through pip in a fresh venv: minutes.
set_tests_properties(ddtb_python_install PROPERTIES LABELS "python;long" TIMEOUT 1800)
# Measures CPU time against wall time: alone, so other tests do not take its cores.
set_tests_properties(ddtb_python_batch PROPERTIES RUN_SERIAL ON)
if(COMMAND ddtb_tests_without_default_tables)
  ddtb_tests_without_default_tables()  # cmake/ddtbTestEnvironment.cmake
endif()
