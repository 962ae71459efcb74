# The CMake package of libddtb: find_package(ddtb) gives the target
# ddtb::ddtb (headers, library, and what it links). Generated from
# cmake/ddtbConfig.cmake.in by cmake/ddtbInstall.cmake.

####### Expanded from @PACKAGE_INIT@ by configure_package_config_file() #######
####### Any changes to this file will be overwritten by the next CMake run ####
####### The input file was ddtbConfig.cmake.in                            ########

get_filename_component(PACKAGE_PREFIX_DIR "${CMAKE_CURRENT_LIST_DIR}/../../../" ABSOLUTE)

macro(set_and_check _var _file)
  set(${_var} "${_file}")
  if(NOT EXISTS "${_file}")
    message(FATAL_ERROR "File or directory ${_file} referenced by variable ${_var} does not exist !")
  endif()
endmacro()

macro(check_required_components _NAME)
  foreach(comp ${${_NAME}_FIND_COMPONENTS})
    if(NOT ${_NAME}_${comp}_FOUND)
      if(${_NAME}_FIND_REQUIRED_${comp})
        set(${_NAME}_FOUND FALSE)
      endif()
    endif()
  endforeach()
endmacro()

####################################################################################

include(CMakeFindDependencyMacro)
# What the library's link interface needs found again (for a static
# libddtb this includes its private dependencies).
find_dependency(Threads)

include("${CMAKE_CURRENT_LIST_DIR}/ddtbTargets.cmake")
check_required_components(ddtb)
