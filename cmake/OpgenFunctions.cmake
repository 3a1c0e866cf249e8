# OpgenFunctions.cmake: build rules that run opgen's tools, in the spirit of
# LLVM's tablegen().
#
#   opgen_backend_stubs(SOURCE_YAML <yaml> OUTPUT_DIR <dir>
#                       [SOURCE_PATH <ATen dir>] [IMPL_PATH <cpp>]
#                       [OUTPUTS_VAR <var>])
#   opgen_aten(INSTALL_DIR <dir> [SOURCE_PATH <ATen dir>]
#              [PER_OPERATOR_HEADERS] [EXTRA_ARGS <flags>...]
#              [OUTPUTS_VAR <var>])
#   opgen_autograd(OUTPUT_DIR <dir> AUTOGRAD_DIR <dir>
#                  [NATIVE_FUNCTIONS <yaml>] [TAGS <yaml>]
#                  [SOURCE_PATH <ATen dir>] [DISABLE_AUTOGRAD]
#                  [EXTRA_ARGS <flags>...] [OUTPUTS_VAR <var>])
#   opgen_generate_code(ROOT <checkout root> NATIVE_FUNCTIONS <yaml>
#                       TAGS <yaml> [GEN_DIR <dir>] [INSTALL_DIR <dir>]
#                       [SUBSET <name>] [DISABLE_AUTOGRAD]
#                       [AUTOGRAD_DIR <dir>] [EXTRA_ARGS <flags>...]
#                       [OUTPUTS_VAR <var>])
#
# Without SOURCE_PATH, the ATen folder is the one the tool finds as torchgen
# does (OPGEN_SOURCE_PATH, else the torchgen python3 imports; opgen first
# takes aten/src/ATen in the build folder, torchgen.gen's default), asked of
# the tool when CMake configures and then passed to it: the build reads the
# folder the configuration saw, whatever its environment.
#
# Each adds one custom command whose OUTPUT is every file the tool writes.
# That list must be known when CMake configures, so the function runs the
# tool once then in its listing mode (`--dry-run` for opgen-backend-stubs,
# `--list-outputs` for opgen and opgen-autograd), which writes nothing. The command DEPENDS on
# the yamls and the tool; the templates and the rest come from the tool's
# --depfile. The tools rewrite only files whose content changed, and CMake's
# Ninja generator marks custom commands `restat = 1`, so an edit that changes
# no output rebuilds nothing downstream.
#
# The tools: the cache variables OPGEN_EXECUTABLE and
# OPGEN_BACKEND_STUBS_EXECUTABLE when set (a path), else the imported targets
# opgen::opgen and opgen::opgen-backend-stubs of find_package(opgen), else
# opgen's own build-tree targets (which must have been built before CMake
# configures, since the listing runs them).

include_guard(GLOBAL)

set(OPGEN_EXECUTABLE "" CACHE FILEPATH
  "The opgen tool the opgen_aten() rules run (empty: the opgen target)")
set(OPGEN_AUTOGRAD_EXECUTABLE "" CACHE FILEPATH
  "The opgen-autograd tool the opgen_autograd() rules run (empty: the \
opgen-autograd target)")
set(OPGEN_GENERATE_CODE_EXECUTABLE "" CACHE FILEPATH
  "The opgen-generate-code tool the opgen_generate_code() rules run (empty: \
the opgen-generate-code target)")
set(OPGEN_BACKEND_STUBS_EXECUTABLE "" CACHE FILEPATH
  "The opgen-backend-stubs tool the opgen_backend_stubs() rules run (empty: \
the opgen-backend-stubs target)")

# _opgen_tool(<var> <cache path> <imported target> <build-tree target>):
# sets <var>_RUN to a path execute_process can run now and <var>_COMMAND to
# what the custom command runs and depends on.
function(_opgen_tool var path imported local)
  if(path)
    set(run "${path}")
    set(cmd "${path}")
  elseif(TARGET ${imported})
    set(cmd ${imported})
    get_target_property(run ${imported} LOCATION)
  elseif(TARGET ${local})
    set(cmd ${local})
    get_target_property(dir ${local} RUNTIME_OUTPUT_DIRECTORY)
    if(NOT dir)
      set(dir "${CMAKE_RUNTIME_OUTPUT_DIRECTORY}")
    endif()
    set(run "${dir}/${local}${CMAKE_EXECUTABLE_SUFFIX}")
  else()
    message(FATAL_ERROR "OpgenFunctions: no ${local} tool: set the cache "
      "variable naming it, or find_package(opgen) first")
  endif()
  if(NOT EXISTS "${run}")
    message(FATAL_ERROR "OpgenFunctions: `${run}` does not exist yet: the "
      "list of outputs comes from running it when CMake configures; build it "
      "first or set the cache variable naming a built one")
  endif()
  set(${var}_RUN "${run}" PARENT_SCOPE)
  set(${var}_COMMAND "${cmd}" PARENT_SCOPE)
endfunction()

# _opgen_list_outputs(<var> <tool> <args>...): the files the tool's listing
# reports (`would write PATH` lines), as absolute paths; the tool runs in
# the current binary folder.
function(_opgen_list_outputs var run)
  _opgen_list_outputs_in(files "${CMAKE_CURRENT_BINARY_DIR}" "${run}" ${ARGN})
  set(${var} "${files}" PARENT_SCOPE)
endfunction()

# _opgen_list_outputs_in(<var> <dir> <tool> <args>...): the same, the tool
# run in <dir>, its relative paths taken from there.
function(_opgen_list_outputs_in var dir run)
  execute_process(COMMAND "${run}" ${ARGN}
    WORKING_DIRECTORY "${dir}"
    OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "OpgenFunctions: listing the outputs failed "
      "(${rc}):\n  ${run} ${ARGN}\n${err}")
  endif()
  string(REPLACE "\n" ";" lines "${out}")
  set(files)
  foreach(line IN LISTS lines)
    if(line MATCHES "^would write (.+)$")
      get_filename_component(f "${CMAKE_MATCH_1}" ABSOLUTE BASE_DIR "${dir}")
      list(APPEND files "${f}")
    endif()
  endforeach()
  if(NOT files)
    message(FATAL_ERROR "OpgenFunctions: `${run}` lists no output")
  endif()
  set(${var} "${files}" PARENT_SCOPE)
endfunction()

# _opgen_source_path(<var> <tool> <given>): the ATen folder, absolute:
# <given>, or the one the tool finds (--print-source-path).
function(_opgen_source_path var run given)
  if(given)
    get_filename_component(aten "${given}" ABSOLUTE)
  else()
    execute_process(COMMAND "${run}" --print-source-path
      WORKING_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}"
      OUTPUT_VARIABLE aten ERROR_VARIABLE err RESULT_VARIABLE rc
      OUTPUT_STRIP_TRAILING_WHITESPACE)
    if(NOT rc EQUAL 0 OR aten STREQUAL "")
      message(FATAL_ERROR "OpgenFunctions: no SOURCE_PATH given, and "
        "`${run}` finds no ATen folder:\n${err}Give SOURCE_PATH, or set "
        "OPGEN_SOURCE_PATH when configuring.")
    endif()
    get_filename_component(aten "${aten}" ABSOLUTE
      BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
  endif()
  set(${var} "${aten}" PARENT_SCOPE)
endfunction()

# The depfile of a rule writing into <dir>: one per rule, named after it.
function(_opgen_depfile var name dir)
  string(MAKE_C_IDENTIFIER "${dir}" id)
  set(${var} "${CMAKE_CURRENT_BINARY_DIR}/CMakeFiles/opgen/${name}-${id}.d"
    PARENT_SCOPE)
endfunction()

function(opgen_backend_stubs)
  cmake_parse_arguments(ARG ""
    "SOURCE_YAML;OUTPUT_DIR;SOURCE_PATH;IMPL_PATH;OUTPUTS_VAR" "" ${ARGN})
  foreach(req SOURCE_YAML OUTPUT_DIR)
    if(NOT ARG_${req})
      message(FATAL_ERROR "opgen_backend_stubs: ${req} is required")
    endif()
  endforeach()
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR
      "opgen_backend_stubs: unknown arguments ${ARG_UNPARSED_ARGUMENTS}")
  endif()
  _opgen_tool(tool "${OPGEN_BACKEND_STUBS_EXECUTABLE}"
    opgen::opgen-backend-stubs opgen-backend-stubs)
  get_filename_component(yaml "${ARG_SOURCE_YAML}" ABSOLUTE)
  _opgen_source_path(aten "${tool_RUN}" "${ARG_SOURCE_PATH}")
  get_filename_component(out "${ARG_OUTPUT_DIR}" ABSOLUTE
    BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
  set(args -s "${yaml}" -o "${out}" --source-path "${aten}")
  set(depends "${yaml}" "${aten}/native/native_functions.yaml"
    "${aten}/native/tags.yaml")
  if(ARG_IMPL_PATH)
    get_filename_component(impl "${ARG_IMPL_PATH}" ABSOLUTE)
    list(APPEND args --impl-path "${impl}")
    list(APPEND depends "${impl}")
  endif()
  # The names depend on the backend yaml's keys only; CMake lists them again
  # when it configures again.
  _opgen_list_outputs(outputs "${tool_RUN}" ${args} --dry-run)
  _opgen_depfile(depfile backend-stubs "${out}")
  add_custom_command(OUTPUT ${outputs}
    COMMAND ${tool_COMMAND} ${args} --depfile "${depfile}"
    DEPENDS ${depends} ${tool_COMMAND}
    DEPFILE "${depfile}"
    WORKING_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}"
    COMMENT "Generating the backend stubs of ${ARG_SOURCE_YAML}"
    VERBATIM)
  if(ARG_OUTPUTS_VAR)
    set(${ARG_OUTPUTS_VAR} "${outputs}" PARENT_SCOPE)
  endif()
endfunction()

function(opgen_aten)
  cmake_parse_arguments(ARG "PER_OPERATOR_HEADERS"
    "INSTALL_DIR;SOURCE_PATH;OUTPUTS_VAR" "EXTRA_ARGS" ${ARGN})
  if(NOT ARG_INSTALL_DIR)
    message(FATAL_ERROR "opgen_aten: INSTALL_DIR is required")
  endif()
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR
      "opgen_aten: unknown arguments ${ARG_UNPARSED_ARGUMENTS}")
  endif()
  _opgen_tool(tool "${OPGEN_EXECUTABLE}" opgen::opgen opgen)
  _opgen_source_path(aten "${tool_RUN}" "${ARG_SOURCE_PATH}")
  get_filename_component(out "${ARG_INSTALL_DIR}" ABSOLUTE
    BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
  set(args -s "${aten}" -d "${out}")
  if(ARG_PER_OPERATOR_HEADERS)
    list(APPEND args --per-operator-headers)
  endif()
  list(APPEND args ${ARG_EXTRA_ARGS})
  set(native "${aten}/native/native_functions.yaml")
  set(tags "${aten}/native/tags.yaml")
  # Which files opgen writes depends on the operators (one header each with
  # PER_OPERATOR_HEADERS) and the backends: list them again when they change.
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
    "${native}" "${tags}")
  _opgen_list_outputs(outputs "${tool_RUN}" ${args} --list-outputs)
  _opgen_depfile(depfile aten "${out}")
  add_custom_command(OUTPUT ${outputs}
    COMMAND ${tool_COMMAND} ${args} --depfile "${depfile}"
    DEPENDS "${native}" "${tags}" ${tool_COMMAND}
    DEPFILE "${depfile}"
    WORKING_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}"
    COMMENT "Generating ATen's sources into ${ARG_INSTALL_DIR}"
    VERBATIM)
  if(ARG_OUTPUTS_VAR)
    set(${ARG_OUTPUTS_VAR} "${outputs}" PARENT_SCOPE)
  endif()
endfunction()

# libtorch's autograd sources, as PyTorch's generate_code.py has
# gen_autograd write them: NATIVE_FUNCTIONS and TAGS default to those of the
# ATen folder (SOURCE_PATH, or the one the opgen tool finds).
function(opgen_autograd)
  cmake_parse_arguments(ARG "DISABLE_AUTOGRAD"
    "OUTPUT_DIR;AUTOGRAD_DIR;NATIVE_FUNCTIONS;TAGS;SOURCE_PATH;OUTPUTS_VAR"
    "EXTRA_ARGS" ${ARGN})
  foreach(req OUTPUT_DIR AUTOGRAD_DIR)
    if(NOT ARG_${req})
      message(FATAL_ERROR "opgen_autograd: ${req} is required")
    endif()
  endforeach()
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR
      "opgen_autograd: unknown arguments ${ARG_UNPARSED_ARGUMENTS}")
  endif()
  _opgen_tool(tool "${OPGEN_AUTOGRAD_EXECUTABLE}" opgen::opgen-autograd
    opgen-autograd)
  if(NOT ARG_NATIVE_FUNCTIONS OR NOT ARG_TAGS)
    _opgen_tool(gen "${OPGEN_EXECUTABLE}" opgen::opgen opgen)
    _opgen_source_path(aten "${gen_RUN}" "${ARG_SOURCE_PATH}")
  endif()
  if(ARG_NATIVE_FUNCTIONS)
    get_filename_component(native "${ARG_NATIVE_FUNCTIONS}" ABSOLUTE)
  else()
    set(native "${aten}/native/native_functions.yaml")
  endif()
  if(ARG_TAGS)
    get_filename_component(tags "${ARG_TAGS}" ABSOLUTE)
  else()
    set(tags "${aten}/native/tags.yaml")
  endif()
  get_filename_component(autograd "${ARG_AUTOGRAD_DIR}" ABSOLUTE)
  get_filename_component(out "${ARG_OUTPUT_DIR}" ABSOLUTE
    BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
  set(args "${native}" "${tags}" "${out}" "${autograd}")
  if(ARG_DISABLE_AUTOGRAD)
    list(APPEND args --disable-autograd)
  endif()
  list(APPEND args ${ARG_EXTRA_ARGS})
  # The files are fixed but for selections; list them again when an input
  # changes anyway (a cheap run).
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
    "${native}" "${tags}" "${autograd}/derivatives.yaml")
  _opgen_list_outputs(outputs "${tool_RUN}" ${args} --list-outputs)
  _opgen_depfile(depfile autograd "${out}")
  add_custom_command(OUTPUT ${outputs}
    COMMAND ${tool_COMMAND} ${args} --depfile "${depfile}"
    DEPENDS "${native}" "${tags}" "${autograd}/derivatives.yaml"
      ${tool_COMMAND}
    DEPFILE "${depfile}"
    WORKING_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}"
    COMMENT "Generating libtorch's autograd sources into ${ARG_OUTPUT_DIR}"
    VERBATIM)
  if(ARG_OUTPUTS_VAR)
    set(${ARG_OUTPUTS_VAR} "${outputs}" PARENT_SCOPE)
  endif()
endfunction()

# What PyTorch's generate_code.py writes (caffe2/CMakeLists.txt's second
# code generation), run from ROOT as generate_code.py is run from the
# checkout's root: its autograd folder is ROOT/tools/autograd unless
# AUTOGRAD_DIR names another; GEN_DIR (default the current binary folder)
# is where the torch/ folders are made.
function(opgen_generate_code)
  cmake_parse_arguments(ARG "DISABLE_AUTOGRAD"
    "ROOT;NATIVE_FUNCTIONS;TAGS;GEN_DIR;INSTALL_DIR;SUBSET;AUTOGRAD_DIR;OUTPUTS_VAR"
    "EXTRA_ARGS" ${ARGN})
  foreach(req ROOT NATIVE_FUNCTIONS TAGS)
    if(NOT ARG_${req})
      message(FATAL_ERROR "opgen_generate_code: ${req} is required")
    endif()
  endforeach()
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR
      "opgen_generate_code: unknown arguments ${ARG_UNPARSED_ARGUMENTS}")
  endif()
  _opgen_tool(tool "${OPGEN_GENERATE_CODE_EXECUTABLE}"
    opgen::opgen-generate-code opgen-generate-code)
  get_filename_component(root "${ARG_ROOT}" ABSOLUTE)
  get_filename_component(native "${ARG_NATIVE_FUNCTIONS}" ABSOLUTE)
  get_filename_component(tags "${ARG_TAGS}" ABSOLUTE)
  if(ARG_GEN_DIR)
    set(gen "${ARG_GEN_DIR}")
  else()
    set(gen "${CMAKE_CURRENT_BINARY_DIR}")
  endif()
  get_filename_component(gen "${gen}" ABSOLUTE
    BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
  if(ARG_AUTOGRAD_DIR)
    get_filename_component(autograd "${ARG_AUTOGRAD_DIR}" ABSOLUTE)
  else()
    set(autograd "${root}/tools/autograd")
  endif()
  set(args --native-functions-path "${native}" --tags-path "${tags}"
    --gen-dir "${gen}")
  if(ARG_INSTALL_DIR)
    get_filename_component(install "${ARG_INSTALL_DIR}" ABSOLUTE
      BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
    list(APPEND args --install-dir "${install}")
  endif()
  if(ARG_SUBSET)
    list(APPEND args --subset "${ARG_SUBSET}")
  endif()
  if(ARG_DISABLE_AUTOGRAD)
    list(APPEND args --disable-autograd)
  endif()
  # Named absolute, though it is the tool's default: the depfile then names
  # the tables and templates by absolute paths, which the Ninja generator
  # reads relative to the binary folder, not the working one.
  list(APPEND args --autograd-dir "${autograd}" ${ARG_EXTRA_ARGS})
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
    "${native}" "${tags}" "${autograd}/derivatives.yaml")
  # The listing runs where the rule will.
  _opgen_list_outputs_in(outputs "${root}" "${tool_RUN}" ${args} --list-outputs)
  _opgen_depfile(depfile generate-code "${gen}")
  add_custom_command(OUTPUT ${outputs}
    COMMAND ${tool_COMMAND} ${args} --depfile "${depfile}"
    DEPENDS "${native}" "${tags}" "${autograd}/derivatives.yaml"
      ${tool_COMMAND}
    DEPFILE "${depfile}"
    WORKING_DIRECTORY "${root}"
    COMMENT "Generating generate_code.py's sources into ${gen}"
    VERBATIM)
  if(ARG_OUTPUTS_VAR)
    set(${ARG_OUTPUTS_VAR} "${outputs}" PARENT_SCOPE)
  endif()
endfunction()
