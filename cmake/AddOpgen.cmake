# add_opgen_library(name sources... LINK libs...): one static library per
# pipeline stage, named opgen<Name>, installed and exported as opgen::<Name>
# (the opgenLibraryTargets export set).
function(add_opgen_library name)
  cmake_parse_arguments(ARG "" "" "LINK" ${ARGN})
  add_library(opgen${name} STATIC ${ARG_UNPARSED_ARGUMENTS})
  add_library(opgen::${name} ALIAS opgen${name})
  set_target_properties(opgen${name} PROPERTIES EXPORT_NAME ${name})
  if(OPGEN_UNITY_BUILD)
    set_target_properties(opgen${name} PROPERTIES UNITY_BUILD ON)
  endif()
  target_include_directories(opgen${name} PUBLIC
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
  target_link_libraries(opgen${name} PUBLIC ${ARG_LINK})
  install(TARGETS opgen${name} EXPORT opgenLibraryTargets
    ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
endfunction()

# add_opgen_tool(name sources... LINK libs...): a thin executable, with
# mimalloc as its allocator where OPGEN_USE_MIMALLOC found it (see
# tools/ToolAllocator.cpp), installed and exported as opgen::<name>.
function(add_opgen_tool name)
  cmake_parse_arguments(ARG "" "" "LINK" ${ARGN})
  add_executable(${name} ${ARG_UNPARSED_ARGUMENTS})
  add_executable(opgen::${name} ALIAS ${name})
  target_link_libraries(${name} PRIVATE ${ARG_LINK})
  if(OPGEN_MIMALLOC)
    target_sources(${name} PRIVATE
      ${PROJECT_SOURCE_DIR}/tools/ToolAllocator.cpp)
    target_link_libraries(${name} PRIVATE mimalloc)
  endif()
  # A tool runs once per build step, so its start counts: loading
  # libstdc++.so and libgcc_s.so (whose constructor asks the CPU for its
  # features, which traps to the hypervisor on a VM) cost about 0.4 ms of a
  # 1.0 ms start. The libraries keep the embedder's runtime.
  if(OPGEN_STATIC_CXX_RUNTIME AND NOT OPGEN_SANITIZE AND
     CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
    target_link_options(${name} PRIVATE -static-libstdc++ -static-libgcc)
  endif()
  install(TARGETS ${name} EXPORT opgenToolTargets
    RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endfunction()
