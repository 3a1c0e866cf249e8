# fallback_ops.py with bad values: each is reported, and the rest is read.
inductor_fallback_ops: dict[str, dict[str, str | dict[str, list[str] | str]]] = {
    "aten.abs.default": {},
    # expected-error@+1:24 {{the versions of `aten.add.Tensor` must be a dict}}
    "aten.add.Tensor": ["v2"],
    # expected-error@+1:24 {{expected a string, a list or a dict, found `1`}}
    "aten.add.Scalar": 1,
    # expected-error@+1:5 {{dict keys must be strings, found `2`}}
    2: {},
    # expected-error@+1:34 {{`since` must be a string of the form TORCH_VERSION_X_Y_Z}}
    "aten.mul.Tensor": {"since": "2.12"},
    "aten.mul.Scalar": {
        # expected-error@+1:9 {{version `x2` of `aten.mul.Scalar` does not start with `v`}}
        "x2": {},
        # expected-error@+1:9 {{version `vx` of `aten.mul.Scalar` is not `v` and an integer}}
        "vx": {},
        # expected-error@+1:9 {{version 1 of `aten.mul.Scalar` is defined twice (v1 is the operator itself)}}
        "v1": {},
        # expected-error@+1:15 {{version `v3` of `aten.mul.Scalar` must be a dict of the form {"new_args": [...], "since": "TORCH_VERSION_X_Y_Z"}}}
        "v3": ["a"],
        # expected-error@+1:34 {{expected a string, a list or a dict, found `3`}}
        "v4": {"new_args": ["a", 3]},
        # expected-error@+1:16 {{unknown key `new_arg` in version `v5` of `aten.mul.Scalar` (expected `new_args` or `since`)}}
        "v5": {"new_arg": ["b"]},
    },
    # expected-error@+1:5 {{operator `aten.sub` is not `<namespace>.<name>.<overload>` (`default` for no overload)}}
    "aten.sub": {},
    # expected-error@+1:5 {{key `aten.abs.default` is given twice}}
    "aten.abs.default": {},
}

aten_shimified_ops: dict[str, dict[str, str | dict[str, list[str] | str]]] = {
    # expected-error@+1:22 {{unsupported escape in a string}}
    "aten.pad.default\x": {},
}
