# add_opgen_library(name sources... LINK libs...): one static library per
# pipeline stage, named opgen<Name>.
function(add_opgen_library name)
  cmake_parse_arguments(ARG "" "" "LINK" ${ARGN})
  add_library(opgen${name} STATIC ${ARG_UNPARSED_ARGUMENTS})
  target_link_libraries(opgen${name} PUBLIC ${ARG_LINK})
endfunction()

# add_opgen_tool(name sources... LINK libs...): a thin executable, with
# mimalloc as its allocator where OPGEN_USE_MIMALLOC found it (see
# tools/ToolAllocator.cpp).
function(add_opgen_tool name)
  cmake_parse_arguments(ARG "" "" "LINK" ${ARGN})
  add_executable(${name} ${ARG_UNPARSED_ARGUMENTS})
  target_link_libraries(${name} PRIVATE ${ARG_LINK})
  if(OPGEN_MIMALLOC)
    target_sources(${name} PRIVATE
      ${PROJECT_SOURCE_DIR}/tools/ToolAllocator.cpp)
    target_link_libraries(${name} PRIVATE mimalloc)
  endif()
endfunction()
