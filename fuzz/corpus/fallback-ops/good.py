# Both dicts, annotated or not, with versions, `since` keys, comments,
# trailing commas, both quotes and a line continuation.
inductor_fallback_ops: dict[str, dict[str, str | dict[str, list[str] | str]]] = {
    "aten.abs.default": {},  # a comment after an entry
    'aten.add.Tensor': {
        "since": "TORCH_VERSION_2_12_0",
        "v2": {"new_args": ["alpha"], "since": "TORCH_VERSION_2_13_0"},
        "v3": {"new_args": []},
    },
}

aten_shimified_ops = \
    {"aten.pad.default": {}}
