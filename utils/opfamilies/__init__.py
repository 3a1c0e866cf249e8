"""The operator-family generator behind utils/gen-operator-families.py (its
docstring says what the families are for and how to run it). The modules:

  vocab             names, types, dispatch keys and tags the kinds draw from;
  entries           Entry and Raw, and how an entry is spelt (Style,
                    render_entry);
  family            schema pieces, Family and Ctx, the helpers the kinds
                    share, and the kind registry (KINDS, @kind);
  kinds_groups      structured groups, ufuncs, autogen'd variants;
  kinds_views       views and their copies, factories, foreach ops;
  kinds_signatures  arguments, returns, overloads, methods, flags, dispatch
                    keys, custom namespaces;
  kinds_edges       YAML spellings, corner cases of torchgen's grouping,
                    new overloads of real operators;
  extra_yamls       the backend yaml and the selection yaml;
  driver            generate() and render().

Importing the package registers every kind: each kind module adds its kinds
to KINDS as it is imported, in the order they are defined, and the modules
are imported here in a fixed order, so KINDS is filled the same way every
time. A new kind goes at the end of a module (a new kind module at the end
of the list below); a kind that calls another kind's function imports it
from a module listed before its own.
"""
from . import kinds_groups  # noqa: F401
from . import kinds_views  # noqa: F401
from . import kinds_signatures  # noqa: F401
from . import kinds_edges  # noqa: F401
