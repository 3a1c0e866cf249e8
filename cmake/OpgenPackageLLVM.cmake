# What the installed package needs to know of the LLVM opgen's libraries
# were built with, so that it can find it again on the consumer's machine
# without LLVM's own package (whose dependencies, FindFFI and FindTerminfo,
# run C compile checks, which a project(x CXX) cannot run):
#
#   OPGEN_PKG_LLVM_VERSION       major.minor; the consumer's must match it
#   OPGEN_PKG_LLVM_INCLUDE_DIRS  where its headers were
#   OPGEN_PKG_LLVM_DEFINITIONS   the definitions its headers need
#   OPGEN_PKG_LLVM_RTTI          whether it was built with RTTI
#   OPGEN_PKG_LLVM_LINK          what linking its Support library takes: the
#                                archives and libraries as files (found again
#                                by name, near where they were), and the
#                                system libraries by name
#
# cmake/opgenConfig.cmake.in writes them into its _opgen_find_llvm.

set(OPGEN_PKG_LLVM_VERSION "${LLVM_VERSION_MAJOR}.${LLVM_VERSION_MINOR}")
set(OPGEN_PKG_LLVM_INCLUDE_DIRS ${LLVM_INCLUDE_DIRS})
separate_arguments(OPGEN_PKG_LLVM_DEFINITIONS NATIVE_COMMAND
  "${LLVM_DEFINITIONS}")
if(LLVM_ENABLE_RTTI)
  set(OPGEN_PKG_LLVM_RTTI ON)
else()
  set(OPGEN_PKG_LLVM_RTTI OFF)
endif()

# The link closure of OPGEN_LLVM_LIBS: imported targets become their files
# (then their own dependencies), genexes of LINK_ONLY their argument.
set(_pending ${OPGEN_LLVM_LIBS})
set(_seen)
set(OPGEN_PKG_LLVM_LINK)
while(_pending)
  list(POP_FRONT _pending _item)
  if(_item MATCHES "^\\$<LINK_ONLY:(.*)>$")
    set(_item "${CMAKE_MATCH_1}")
  endif()
  if(_item IN_LIST _seen)
    continue()
  endif()
  list(APPEND _seen "${_item}")
  if(TARGET "${_item}")
    get_target_property(_type "${_item}" TYPE)
    if(NOT _type STREQUAL "INTERFACE_LIBRARY")
      set(_location)
      get_target_property(_configs "${_item}" IMPORTED_CONFIGURATIONS)
      foreach(_config ${_configs} NOCONFIG)
        get_target_property(_location "${_item}" IMPORTED_LOCATION_${_config})
        if(_location)
          break()
        endif()
      endforeach()
      if(NOT _location)
        get_target_property(_location "${_item}" IMPORTED_LOCATION)
      endif()
      if(NOT _location)
        message(FATAL_ERROR "opgen's package: no file for LLVM's `${_item}`")
      endif()
      list(APPEND OPGEN_PKG_LLVM_LINK "${_location}")
    endif()
    get_target_property(_deps "${_item}" INTERFACE_LINK_LIBRARIES)
    if(_deps)
      list(APPEND _pending ${_deps})
    endif()
  else()
    list(APPEND OPGEN_PKG_LLVM_LINK "${_item}")
  endif()
endwhile()
unset(_pending)
unset(_seen)
unset(_item)
unset(_type)
unset(_location)
unset(_configs)
unset(_config)
unset(_deps)
