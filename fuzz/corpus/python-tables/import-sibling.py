from .gen_b import (
    VIEW_FUNCTIONS,
    NAMES,
)

DONT_RECORD_TRACE = NAMES | {"conv1d"}
RETURNS_VIEWS_OF_INPUT = set(VIEW_FUNCTIONS.keys()).union({"chunk", "split"})
