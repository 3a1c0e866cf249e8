# expected-error@+1:8 {{expected `=` after `import`, found `os`}}
import os
# expected-error@+1:1 {{unexpected `helpers`: fallback_ops.py holds inductor_fallback_ops and aten_shimified_ops}}
helpers = {}
# expected-error@+1:25 {{expected a string, a list or a dict, found `dict`}}
inductor_fallback_ops = dict()
# expected-error@+1:22 {{`aten_shimified_ops` must be a dict of operator names}}
aten_shimified_ops = "aten.pad.default"
# expected-error@+1:1 {{`aten_shimified_ops` is assigned twice}}
aten_shimified_ops = {}
# expected-error@+2:1 {{`aten_shimified_ops` is assigned twice}}
# expected-error@+1:22 {{this `{` is never closed}}
aten_shimified_ops = {"aten.pad.default": {},
