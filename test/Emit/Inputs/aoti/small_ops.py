inductor_fallback_ops = {
    "aten.baz.default": {
        "v2": {"new_args": ["x"], "since": "TORCH_VERSION_2_13_0"},
        "v3": {"new_args": ["dtype"]},
    },
    "aten.bar.default": {},
    "aten.qux.default": {},
}
aten_shimified_ops = {"aten.qux.default": {}}
