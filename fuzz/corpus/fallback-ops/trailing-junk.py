inductor_fallback_ops = {"aten.abs.default": {}}
# expected-error@+1:25 {{expected the end of the line after the value of `aten_shimified_ops`, found `junk`}}
aten_shimified_ops = {} junk
