#----------------------------------------------------------------
# Generated CMake target import file for configuration "Release".
#----------------------------------------------------------------

# Commands may need to know the format version.
set(CMAKE_IMPORT_FILE_VERSION 1)

# Import target "ddtb::ddtb" for configuration "Release"
set_property(TARGET ddtb::ddtb APPEND PROPERTY IMPORTED_CONFIGURATIONS RELEASE)
set_target_properties(ddtb::ddtb PROPERTIES
  IMPORTED_LINK_INTERFACE_LANGUAGES_RELEASE "CXX"
  IMPORTED_LOCATION_RELEASE "${_IMPORT_PREFIX}/lib/libddtb.a"
  )

list(APPEND _cmake_import_check_targets ddtb::ddtb )
list(APPEND _cmake_import_check_files_for_ddtb::ddtb "${_IMPORT_PREFIX}/lib/libddtb.a" )

# Import target "ddtb::dds" for configuration "Release"
set_property(TARGET ddtb::dds APPEND PROPERTY IMPORTED_CONFIGURATIONS RELEASE)
set_target_properties(ddtb::dds PROPERTIES
  IMPORTED_LINK_INTERFACE_LANGUAGES_RELEASE "CXX"
  IMPORTED_LOCATION_RELEASE "${_IMPORT_PREFIX}/lib/libddtb_dds.a"
  )

list(APPEND _cmake_import_check_targets ddtb::dds )
list(APPEND _cmake_import_check_files_for_ddtb::dds "${_IMPORT_PREFIX}/lib/libddtb_dds.a" )

# Commands beyond this point should not need to know the version.
set(CMAKE_IMPORT_FILE_VERSION)
