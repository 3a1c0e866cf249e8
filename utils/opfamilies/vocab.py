"""The vocabulary the kinds draw from: words for names, argument and
return names, argument types with their defaults, dispatch keys, tags,
python modules, namespaces and ufunc dtypes."""

# ---------------------------------------------------------------------------
# Vocabulary
# ---------------------------------------------------------------------------

# Words for operator names. None of them contains what torchgen reads into a
# name: "rand" or "dropout" (they require the nondeterministic_seeded tag),
# "copy", "scatter", "inverse" (view_copy pairing), "like", "new", "out",
# "functional", "foreach", "backward"; none ends in "_".
WORDS = [
    "blend", "fold", "warp", "shift", "tilt", "crush", "glow", "merge",
    "lift", "twist", "bend", "snap", "trim", "roll", "spin", "wrap", "melt",
    "pour", "sift", "bake", "brew", "dim", "mesh", "knit", "lace", "hook",
    "peel", "zest", "mash", "whisk", "chop", "dice", "grate", "press",
    "steam", "toast", "swirl", "drift", "float", "sink", "rise", "glide",
]

# Argument names: no Python keyword (gen.py rejects them), none of the names
# torchgen reads a meaning into (self, out, dtype, layout, device,
# pin_memory, memory_format, generator, names, options, _scratch_*).
ARG_NAMES = [
    "other", "alpha", "dim", "keepdim", "weight", "bias", "scale", "offset",
    "eps", "mode", "factor", "steps", "count", "index", "src", "mask",
    "value", "beta", "gamma", "p", "k", "axis", "shape", "stride2",
    "padding", "flag", "tol", "lo", "hi", "start", "end", "groups", "level",
    "reduce", "label", "margin", "ratio", "bins", "width", "height", "depth",
    "seed_like", "norm", "order", "rounding", "approx", "strict", "unbiased",
    "tau", "lam", "mu", "sigma", "gain", "lr", "momentum", "decay", "shift2",
]

# Return names for named tuples.
RET_NAMES = ["values", "indices", "result", "mean", "rstd", "grad", "mant",
             "expo", "lower", "upper", "q", "r"]

# Argument types torchgen 2.14.1 accepts, each with defaults (None: none)
# of the shapes the real file uses: `=[]` and `=[0,1]` lists, scalar
# defaults of sized lists, `Mean`, `long`, `contiguous_format`, escaped
# strings in both quotings. `Dimname` is not a type any more in 2.14
# (BaseTy has no Dimname), so it is not here. Properties:
#   sym   - SymInt-like (kernels may be `_symint`)
#   gen   - a Generator (needs the nondeterministic_seeded tag)
#   tens  - tensor-like
#   plain - accepted by structured kernels' meta/impl signatures
#   ufunc - accepted by the ufunc codegen: Scalar only (the CPU kernel's
#           loop gets a vectorized copy of each Scalar; a bool or int
#           argument has no binding there and torchgen's translate fails)
ARG_TYPES = [
    # type,          defaults,                               props
    ("Tensor", [None], {"tens", "plain"}),
    ("Tensor?", [None, "None"], {"tens", "plain"}),
    ("Tensor[]", [None], {"tens", "plain"}),
    ("Tensor?[]", [None], {"tens", "plain"}),
    ("Scalar", [None, "1", "0", "-1", "0.5", "2", "1.0"], {"plain", "ufunc"}),
    ("Scalar?", [None, "None", "1"], {"plain"}),
    ("Scalar[]", [None], set()),
    ("int", [None, "0", "1", "-1", "2", "100", "Mean"], {"plain"}),
    ("int?", [None, "None", "0", "-1"], {"plain"}),
    ("int[]", [None, "[]", "[0,1]", "[-2,-1]"], {"plain"}),
    ("int[1]", [None, "0", "1", "[]", "[-2,-1]"], {"plain"}),
    ("int[2]", [None, "0", "1", "[]", "-1", "[1,1]"], {"plain"}),
    ("int[3]", [None, "0", "1"], {"plain"}),
    ("int[]?", [None, "None", "[]"], {"plain"}),
    ("int[1]?", [None, "None"], {"plain"}),
    ("SymInt", [None, "0", "1", "-1", "-100"], {"sym"}),
    ("SymInt?", [None, "None"], {"sym"}),
    ("SymInt[]", [None, "[]"], {"sym"}),
    ("SymInt[1]", [None, "0", "1", "-1"], {"sym"}),
    ("SymInt[2]", [None, "0", "1", "-1", "[0,0]"], {"sym"}),
    ("SymInt[3]", [None, "1"], {"sym"}),
    ("SymInt[]?", [None, "None"], {"sym"}),
    ("SymInt[1]?", [None, "None"], {"sym"}),
    ("float", [None, "0.0", "1.0", "0.5", "1e-05", "2", "10.0", "1e-08"],
     {"plain"}),
    ("float?", [None, "None", "1.0", "-0.5"], {"plain"}),
    ("float[]", [None], {"plain"}),
    ("float[]?", [None, "None", "[1.0,2.0]"], {"plain"}),
    ("bool", [None, "False", "True"], {"plain"}),
    ("bool?", [None, "None", "False", "True"], {"plain"}),
    ("bool[2]", [None], {"plain"}),
    ("bool[3]", [None], {"plain"}),
    ("bool[4]", [None], {"plain"}),
    # (after "valid": _test_string_default's two, escapes in both
    # quotings; then a `#` and a `: `, which make YAML quote the func)
    ("str", [None, '"mean"', "'none'", '""', "'linear'", '"valid"',
             '"\\"\'\\\\"', "'\"\\'\\\\'", '"a#b"', '"x: y"',
             "'a #b'"],
     {"plain"}),
    ("str?", [None, "None", '"mean"', "'sum'"], {"plain"}),
    ("ScalarType", [None], {"plain"}),
    ("ScalarType?", [None, "None", "long"], {"plain"}),
    ("Layout", [None], {"plain"}),
    ("Layout?", [None, "None"], {"plain"}),
    ("Device", [None], {"plain"}),
    ("Device?", [None, "None"], {"plain"}),
    ("MemoryFormat", [None, "contiguous_format"], {"plain"}),
    ("MemoryFormat?", [None, "None", "contiguous_format"], {"plain"}),
    ("Generator?", [None, "None"], {"gen", "plain"}),
    ("Stream", [None], set()),
    ("Storage", [None], set()),
    ("QScheme", [None], set()),
    ("DeviceIndex", [None], set()),
]
TYPE_INFO = {t: (d, p) for t, d, p in ARG_TYPES}

# Types the real file never uses for an argument and torchgen still maps
# (each checked against torchgen 2.14.1 alone: they parse and generate).
# Not here: `bool[]` (torchgen wants a size on bool lists), `SymInt[]?[]`
# (no translation rule), `GraphModule` (no C++ type), custom classes.
EXOTIC_TYPES = ["SymBool", "SymBool?", "Scalar[]?", "str[]", "str[]?",
                "float[2]", "Storage?", "Stream?", "QScheme?", "Layout[]",
                "ScalarType[]", "Device[]", "DeviceIndex?", "int[]?[]",
                "MemoryFormat[]", "Tensor[]?", "Tensor?[]?", "Scalar[2]",
                "float[3]?", "bool[3]?", "Generator?[]"]

# Return types for composite-implicit functions (which may return anything;
# an op with a kernel must return something tensor-like, see
# kind_composite_implicit).
NON_TENSOR_RETURNS = ["int", "float", "bool", "Scalar", "ScalarType",
                      "SymInt", "SymInt[]", "int[]", "QScheme", "SymBool",
                      "Device", "Layout", "str", "float[]", "int?", "float?",
                      "bool?", "SymInt?", "ScalarType?", "MemoryFormat",
                      "DeviceIndex", "Stream", "Storage", "Generator", "str?",
                      "Device?", "Tensor?", "Tensor?[]"]
# Not here: `Scalar?` (torchgen has no C++ return type for it), fixed-size
# lists such as `int[2]` ("fixed size list returns not supported"), and
# `bool[]` (torchgen wants a size on a bool list, which it cannot return).

# Dispatch keys gen.py accepts (model.dispatch_keys). MPS and XPU kernels are
# dropped unless torchgen runs with --mps / --xpu, MTIA without --mtia.
STRUCTURED_KEYS = ["CPU", "CUDA", "MPS", "XPU", "MTIA"]
DENSE_KEYS = ["CPU", "CUDA", "MPS", "XPU", "MTIA", "Meta"]
OTHER_KEYS = [
    "SparseCPU", "SparseCUDA", "SparseMeta", "SparseCsrCPU", "SparseCsrCUDA",
    "SparseCsrMeta", "SparseXPU", "SparseCsrXPU", "SparseMPS", "SparseCsrMPS",
    "QuantizedCPU", "QuantizedCUDA", "QuantizedMeta", "NestedTensorCPU",
    "NestedTensorCUDA", "NestedTensorXPU", "NestedTensorHPU",
    "NestedTensorMeta", "MkldnnCPU", "ZeroTensor",
]
CEA = "CompositeExplicitAutograd"
CEANF = "CompositeExplicitAutogradNonFunctional"
CIA = "CompositeImplicitAutograd"
CIANT = "CompositeImplicitAutogradNestedTensor"

# Tags with no effect on grouping. `inplace_view`, `view_copy`, `generated`
# have rules of their own (used by the kinds that need them); `core` changes
# what native_function_generation does with composite ops, so only kinds
# that allow it add it.
FREE_TAGS = ["pointwise", "reduction", "dynamic_output_shape",
             "data_dependent_output", "nondeterministic_bitwise",
             "needs_exact_strides", "needs_contiguous_strides",
             "needs_fixed_stride_order", "flexible_layout",
             "maybe_aliasing_or_mutating", "cudagraph_unsafe",
             "pt2_compliant_tag", "out_variant"]

PYTHON_MODULES = ["nn", "special", "linalg", "fft", "sparse", "nested"]
NAMESPACES = ["gfns", "myns", "gfext"]

UFUNC_DTYPES = ["All", "AllAndComplex", "Floating", "FloatingAndComplex",
                "Integral", "Complex", "BFloat16", "Half", "ComplexHalf",
                "Bool", "Float", "Double", "Long", "Int", "Byte"]
