# Packaging of libddtb: what a consumer of the library sees, in the build
# tree (add_subdirectory) and once installed (cmake --install):
#   - headers       <prefix>/include/ddtb/*.hpp, *.h
#   - the library   libddtb.a, or libddtb.so.<version> with SONAME
#                   libddtb.so.<major> when BUILD_SHARED_LIBS=ON
#   - the C API     libddtb_dds.a / libddtb_dds.so: DDS's functions (dll.h)
#   - CMake package <libdir>/cmake/ddtb: find_package(ddtb) -> ddtb::ddtb and
#                   ddtb::dds, with a version file (same major version is
#                   compatible)
#   - pkg-config    <libdir>/pkgconfig/ddtb.pc
# Only declarations marked DDTB_EXPORT (include/ddtb/export.hpp) leave the
# shared library; the top-level CMakeLists.txt compiles its objects with
# hidden visibility (and defines DDTB_STATIC for a static library).
#
# Included once from the top-level CMakeLists.txt, after every directory that
# adds sources or link dependencies to `ddtb`: the package's dependencies are
# read from the target, so a dependency added later elsewhere is carried into
# the package without touching this file (see ddtb_package_dependencies).

include(CMakePackageConfigHelpers)
include(GNUInstallDirs)

option(DDTB_INSTALL "Generate the install rules of libddtb" ${PROJECT_IS_TOP_LEVEL})

set(DDTB_CMAKE_DIR "${CMAKE_INSTALL_LIBDIR}/cmake/ddtb" CACHE STRING
    "Where the CMake package files go, relative to the install prefix")
mark_as_advanced(DDTB_CMAKE_DIR)

# --- the version header and the project agree ----------------------------
file(STRINGS "${PROJECT_SOURCE_DIR}/include/ddtb/version.hpp" _ddtb_version_lines
     REGEX "^#define DDTB_VERSION_(MAJOR|MINOR|PATCH) ")
set(_ddtb_header_version "")
foreach(_part MAJOR MINOR PATCH)
  string(REGEX MATCH "DDTB_VERSION_${_part} ([0-9]+)" _match "${_ddtb_version_lines}")
  list(APPEND _ddtb_header_version "${CMAKE_MATCH_1}")
endforeach()
list(JOIN _ddtb_header_version "." _ddtb_header_version)
if(NOT _ddtb_header_version STREQUAL PROJECT_VERSION)
  message(FATAL_ERROR "include/ddtb/version.hpp says ${_ddtb_header_version} but project() "
                      "says ${PROJECT_VERSION}: change both together")
endif()

# --- the exported symbols of a shared library -----------------------------
get_target_property(_ddtb_type ddtb TYPE)
if(_ddtb_type STREQUAL "SHARED_LIBRARY" AND CMAKE_SYSTEM_NAME MATCHES "Linux|BSD|GNU")
  # Export ddtb's names only, not the std:: template instantiations hidden
  # visibility cannot reach (see the script).
  target_link_options(ddtb PRIVATE "LINKER:--version-script=${CMAKE_CURRENT_LIST_DIR}/ddtb.map")
  set_property(TARGET ddtb APPEND PROPERTY LINK_DEPENDS "${CMAKE_CURRENT_LIST_DIR}/ddtb.map")
endif()

# --- dependencies of the installed package --------------------------------
# The link interface of `ddtb` (PUBLIC dependencies; for a static library
# also the PRIVATE ones, as $<LINK_ONLY:...>) becomes:
#   DDTB_FIND_DEPENDENCIES  find_dependency() calls for ddtbConfig.cmake, one
#                           per imported target the interface names;
#   DDTB_PC_LIBS_PRIVATE    the -l flags and -pthread of ddtb.pc.
# Plain names and file paths (-lzstd, /usr/lib/.../libzstd.so) need no
# find_dependency. An imported target this function does not know stops the
# configuration, rather than installing a package that fails to load.
function(ddtb_package_dependencies)
  get_target_property(libs ddtb INTERFACE_LINK_LIBRARIES)
  if(NOT libs)
    set(libs "")
  endif()
  set(find "")
  set(pc_libs "")
  foreach(lib IN LISTS libs)
    string(REGEX REPLACE "^\\$<LINK_ONLY:(.*)>$" "\\1" lib "${lib}")
    if(lib MATCHES "^\\$<BUILD_INTERFACE:" OR lib MATCHES "^::@")
      continue()  # build-tree only, or CMake's marker of the directory that linked it
    endif()
    if(TARGET "${lib}")
      if(lib STREQUAL "Threads::Threads")
        string(APPEND find "find_dependency(Threads)\n")
        if(CMAKE_THREAD_LIBS_INIT)
          list(APPEND pc_libs "${CMAKE_THREAD_LIBS_INIT}")
        endif()
      elseif(lib MATCHES "^zstd::")
        string(APPEND find "find_dependency(zstd)\n")
        list(APPEND pc_libs "-lzstd")
      elseif(lib MATCHES "^PkgConfig::(.+)$" AND DEFINED ${CMAKE_MATCH_1}_MODULE_NAME)
        set(prefix "${CMAKE_MATCH_1}")
        string(APPEND find "find_dependency(PkgConfig)\n"
               "pkg_check_modules(${prefix} REQUIRED QUIET IMPORTED_TARGET "
               "${${prefix}_MODULE_NAME})\n")
        list(APPEND pc_libs ${${prefix}_LDFLAGS})
      else()
        message(FATAL_ERROR
          "cmake/ddtbInstall.cmake: libddtb links the target '${lib}'. Tell "
          "ddtb_package_dependencies() which package provides it, so that the "
          "installed ddtb package can find it again.")
      endif()
    elseif(IS_ABSOLUTE "${lib}")
      # /usr/lib/x86_64-linux-gnu/libzstd.so -> -lzstd
      get_filename_component(name "${lib}" NAME_WE)
      string(REGEX REPLACE "^lib" "" name "${name}")
      list(APPEND pc_libs "-l${name}")
    elseif(lib MATCHES "^-")
      list(APPEND pc_libs "${lib}")
    elseif(NOT lib STREQUAL "")
      list(APPEND pc_libs "-l${lib}")
    endif()
  endforeach()
  list(REMOVE_DUPLICATES pc_libs)
  list(JOIN pc_libs " " pc_libs)
  set(DDTB_FIND_DEPENDENCIES "${find}" PARENT_SCOPE)
  set(DDTB_PC_LIBS_PRIVATE "${pc_libs}" PARENT_SCOPE)
endfunction()

if(NOT DDTB_INSTALL)
  return()
endif()

ddtb_package_dependencies()

# ddtb::dds is the DDS-compatible C API (include/ddtb/dll.h, capi/): a C or
# C++ program written for DDS links it instead of libdds.
# A shared libddtb_dds finds libddtb beside it wherever the two are installed.
set_target_properties(ddtb_dds PROPERTIES EXPORT_NAME dds)
if(NOT APPLE AND NOT WIN32)
  set_target_properties(ddtb_dds PROPERTIES INSTALL_RPATH "$ORIGIN")
endif()
install(TARGETS ddtb ddtb_dds EXPORT ddtbTargets
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT ddtb_runtime
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT ddtb_runtime
          NAMELINK_COMPONENT ddtb_development
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT ddtb_development)
install(DIRECTORY "${PROJECT_SOURCE_DIR}/include/ddtb"
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} COMPONENT ddtb_development
  FILES_MATCHING PATTERN "*.hpp" PATTERN "*.h")
install(EXPORT ddtbTargets NAMESPACE ddtb::
  DESTINATION ${DDTB_CMAKE_DIR} COMPONENT ddtb_development)

configure_package_config_file(
  "${CMAKE_CURRENT_LIST_DIR}/ddtbConfig.cmake.in"
  "${PROJECT_BINARY_DIR}/ddtbConfig.cmake"
  INSTALL_DESTINATION ${DDTB_CMAKE_DIR})
# SONAME is libddtb.so.<major>: the same major version is the same ABI.
write_basic_package_version_file(
  "${PROJECT_BINARY_DIR}/ddtbConfigVersion.cmake"
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMajorVersion)
install(FILES "${PROJECT_BINARY_DIR}/ddtbConfig.cmake" "${PROJECT_BINARY_DIR}/ddtbConfigVersion.cmake"
  DESTINATION ${DDTB_CMAKE_DIR} COMPONENT ddtb_development)

# ddtb.pc finds its prefix from its own place (${pcfiledir}), so the installed
# tree can be moved.
set(_ddtb_pc_dir "${CMAKE_INSTALL_LIBDIR}/pkgconfig")
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}" OR IS_ABSOLUTE "${CMAKE_INSTALL_INCLUDEDIR}")
  set(DDTB_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
  set(DDTB_PC_LIBDIR "${CMAKE_INSTALL_FULL_LIBDIR}")
  set(DDTB_PC_INCLUDEDIR "${CMAKE_INSTALL_FULL_INCLUDEDIR}")
else()
  file(RELATIVE_PATH _ddtb_up "/prefix/${_ddtb_pc_dir}" "/prefix")  # "../.." or deeper
  string(REGEX REPLACE "/$" "" _ddtb_up "${_ddtb_up}")
  set(DDTB_PC_PREFIX "\${pcfiledir}/${_ddtb_up}")
  set(DDTB_PC_LIBDIR "\${prefix}/${CMAKE_INSTALL_LIBDIR}")
  set(DDTB_PC_INCLUDEDIR "\${prefix}/${CMAKE_INSTALL_INCLUDEDIR}")
endif()
set(DDTB_PC_CFLAGS "")
if(_ddtb_type STREQUAL "STATIC_LIBRARY")
  set(DDTB_PC_CFLAGS " -DDDTB_STATIC")
endif()
configure_file("${CMAKE_CURRENT_LIST_DIR}/ddtb.pc.in" "${PROJECT_BINARY_DIR}/ddtb.pc" @ONLY)
install(FILES "${PROJECT_BINARY_DIR}/ddtb.pc"
  DESTINATION ${_ddtb_pc_dir} COMPONENT ddtb_development)
