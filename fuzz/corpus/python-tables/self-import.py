from .gen_trace_type import MANUAL_BACKEND

MANUAL_BACKEND = {"options", "data"}
DONT_RECORD_TRACE = MANUAL_BACKEND | {"conv1d"}
RENAME_TRACE_ADD_ARGS = {
    "fill": """\
    jit::tracer::addInputs(node, "options", ::std::optional<ScalarType>());
""",
}
