# FindLibYAML: libyaml (Debian's libyaml-dev), the C YAML parser behind
# PyYAML's CSafeLoader, which opgen reads yaml with (lib/Parse/LibYaml.cpp).
# Found with find_path/find_library, since pkg-config may be absent. Defines
# LibYAML_FOUND and the imported target LibYAML::LibYAML. Used by opgen's
# build and, installed beside opgenConfig.cmake, by the package.
find_path(LibYAML_INCLUDE_DIR yaml.h)
find_library(LibYAML_LIBRARY NAMES yaml libyaml)
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(LibYAML
  REQUIRED_VARS LibYAML_LIBRARY LibYAML_INCLUDE_DIR)
if(LibYAML_FOUND AND NOT TARGET LibYAML::LibYAML)
  add_library(LibYAML::LibYAML UNKNOWN IMPORTED)
  set_target_properties(LibYAML::LibYAML PROPERTIES
    IMPORTED_LOCATION "${LibYAML_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${LibYAML_INCLUDE_DIR}")
endif()
mark_as_advanced(LibYAML_INCLUDE_DIR LibYAML_LIBRARY)
