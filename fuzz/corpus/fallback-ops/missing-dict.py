# Only one of the two dicts.
inductor_fallback_ops = {
    "aten.abs.default": {},
}
# expected-error@+1 {{no `aten_shimified_ops` dict in fallback_ops.py}}
