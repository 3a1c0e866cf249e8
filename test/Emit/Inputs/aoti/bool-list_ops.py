inductor_fallback_ops = {"aten.foo.default": {}, "aten.baz.default": {}}
aten_shimified_ops = {}
