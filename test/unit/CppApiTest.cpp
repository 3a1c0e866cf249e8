//===- CppApiTest.cpp - The C++ API layer ---------------------------------===//
//
// Expected strings are what torchgen 2.14's api/ package (DispatcherSignature,
// translate(), CppSignatureGroup, NativeSignature, structured, ufunc and
// functionalization) gives for the same schemas, as torchgen_api_dump.py
// printed them.
//
//===----------------------------------------------------------------------===//

#include "TestContext.h"
#include "opgen/CppApi/CppSignature.h"
#include "opgen/CppApi/CppTypes.h"
#include "opgen/CppApi/FunctionalizationApi.h"
#include "opgen/CppApi/NativeSignature.h"
#include "opgen/CppApi/StructuredApi.h"
#include "opgen/CppApi/Translate.h"
#include "opgen/CppApi/UfuncApi.h"
#include "opgen/Parse/SchemaParser.h"

#include "llvm/Support/raw_ostream.h"

#include <doctest/doctest.h>

using namespace opgen;

namespace {
using Fixture = TestContext;

std::string join(const std::vector<std::string> &V) {
  std::string S;
  for (const std::string &E : V)
    S += (S.empty() ? "" : " | ") + E;
  return S;
}
} // namespace

TEST_CASE("dispatcher signatures and SymInt translation") {
  Fixture X;
  NativeFunction F = X.function(
      "foo.out(Tensor self, SymInt[] size, SymInt? n, SymInt[]? s, int dim, "
      "Tensor? w, Scalar? a, bool[3] m, float[]? f, str? r, Tensor[] l, "
      "Tensor?[] i, Generator? g, *, Tensor(a!) out) -> Tensor(a!)");
  DispatcherSignature Sig(F, "wrapper_X_", /*SymInt=*/true);
  CHECK(Sig.decl() ==
        "at::Tensor & wrapper_X_foo_out(const at::Tensor & self, "
        "c10::SymIntArrayRef size, ::std::optional<c10::SymInt> n, "
        "at::OptionalSymIntArrayRef s, int64_t dim, const "
        "::std::optional<at::Tensor> & w, const ::std::optional<at::Scalar> "
        "& a, ::std::array<bool,3> m, ::std::optional<at::ArrayRef<double>> "
        "f, ::std::optional<c10::string_view> r, at::TensorList l, const "
        "c10::List<::std::optional<at::Tensor>> & i, "
        "::std::optional<at::Generator> g, at::Tensor & out)");
  DispatcherSignature Kernel(F, "", /*SymInt=*/false);
  auto E = translate(Sig.arguments(), Kernel.arguments());
  REQUIRE(static_cast<bool>(E));
  CHECK(join(*E) ==
        "self | C10_AS_INTARRAYREF_SLOW(size) | n.has_value() ? "
        "::std::make_optional(n->guard_int(__FILE__, __LINE__)) : "
        "::std::nullopt | s.has_value() ? "
        "::std::make_optional(C10_AS_INTARRAYREF_SLOW(*s)) : ::std::nullopt "
        "| dim | w | a | m | f | r | l | i | g | out");
}

TEST_CASE("tuple returns and scattered tensor options") {
  Fixture X;
  NativeFunction F =
      X.function("bar(Tensor(a!) self, ScalarType? dtype=None, Layout? "
                 "layout=None, Device? device=None, bool? pin_memory=None) -> "
                 "(Tensor, Tensor[], int, SymInt?)");
  DispatcherSignature Sig(F, "wrapper_X_");
  CHECK(Sig.decl() ==
        "::std::tuple<at::Tensor,::std::vector<at::Tensor>,int64_t,::std::"
        "optional<c10::SymInt>> wrapper_X_bar(at::Tensor & self, "
        "::std::optional<at::ScalarType> dtype, ::std::optional<at::Layout> "
        "layout, ::std::optional<at::Device> device, ::std::optional<bool> "
        "pin_memory)");
}

TEST_CASE("translate: const from mutable, and a missing goal is an error") {
  Fixture X;
  NativeFunction Inplace = X.function("abs_(Tensor(a!) self) -> Tensor(a!)");
  NativeFunction Functional = X.function("abs(Tensor self) -> Tensor");
  auto E = translate(DispatcherSignature(Inplace).arguments(),
                     DispatcherSignature(Functional).arguments());
  REQUIRE(static_cast<bool>(E));
  CHECK(join(*E) == "self");
  NativeFunction Other = X.function("other(Tensor x) -> Tensor");
  auto Bad = translate(DispatcherSignature(Functional).arguments(),
                       DispatcherSignature(Other).arguments());
  REQUIRE(!Bad);
  CHECK(llvm::toString(Bad.takeError()).find("const at::Tensor & x") !=
        std::string::npos);
}

TEST_CASE("return names follow torchgen's rules") {
  Fixture X;
  NativeFunction Out = X.function(
      "max.dim_max(Tensor self, int dim, bool keepdim=False, *, Tensor(a!) "
      "max, Tensor(b!) max_values) -> (Tensor(a!) values, Tensor(b!) "
      "indices)");
  CHECK(join(returnNames(Out)) == "max | max_values");
  NativeFunction Named =
      X.function("f(Tensor self) -> (Tensor self, Tensor b, Tensor)");
  CHECK(join(returnNames(Named)) == "self_return | b | result2");
}

// Expectations from torchgen's return_str as CompositeViewCopyKernels.cpp
// and RegisterFunctionalization_N.cpp print it.
TEST_CASE("return statements: one name, a tuple, none") {
  Fixture X;
  NativeFunction Two = X.function("f(Tensor self) -> (Tensor, Tensor)");
  CHECK(returnStatement(Two, {"a", "std::get<1>(output)"}) ==
        "return ::std::tuple<at::Tensor,at::Tensor>(a, std::get<1>(output));");
  NativeFunction One = X.function("g(Tensor self) -> Tensor");
  CHECK(returnStatement(One, {"out"}) == "return out;");
  NativeFunction None = X.function("h(Tensor(a!) self) -> ()");
  CHECK(returnStatement(None, {}).empty());
}

namespace {
CType base(llvm::StringRef N) { return CType::base(N); }
CType wrap(CType::Kind K, CType E) { return CType::wrap(K, std::move(E)); }
Expr binding(std::string Expr_, std::string Name, CType T) {
  return {std::move(Expr_), {std::move(Name), std::move(T)}};
}
std::string solve(const std::vector<Expr> &Bindings,
                  const std::vector<NamedCType> &Goals) {
  auto E = translate(Bindings, Goals);
  REQUIRE(static_cast<bool>(E));
  return join(*E);
}
} // namespace

TEST_CASE("translate: torchgen's synthesis rules") {
  // Expected strings are torchgen 2.14's translate() for the same inputs.
  CType OptDType = wrap(CType::Optional, base("at::ScalarType"));
  CType OptLayout = wrap(CType::Optional, base("at::Layout"));
  CType OptDevice = wrap(CType::Optional, base("at::Device"));
  CType OptPin = wrap(CType::Optional, base("bool"));
  CType Options = base("at::TensorOptions");
  CType ConstRefTensor = wrap(CType::ConstRef, base("at::Tensor"));

  CHECK(solve({binding("dtype", "dtype", OptDType),
               binding("layout", "layout", OptLayout),
               binding("device", "device", OptDevice),
               binding("pin_memory", "pin_memory", OptPin)},
              {{"options", Options}}) ==
        "TensorOptions().dtype(dtype).layout(layout).device(device)."
        "pinned_memory(pin_memory)");
  CHECK(solve({binding("opts", "options", wrap(CType::ConstRef, Options))},
              {{"dtype", OptDType},
               {"layout", OptLayout},
               {"device", OptDevice},
               {"pin_memory", OptPin}}) ==
        "c10::optTypeMetaToScalarType(opts.dtype_opt()) | opts.layout_opt() "
        "| opts.device_opt() | opts.pinned_memory_opt()");
  CHECK(solve({binding("out", "out", ConstRefTensor)},
              {{"dtype", OptDType}, {"pin_memory", OptPin}}) ==
        "out.scalar_type() | ::std::nullopt");
  CHECK(solve({binding("n", "n", base("int64_t")),
               binding("s", "s", base("at::IntArrayRef")),
               binding("o", "o", wrap(CType::Optional, base("int64_t"))),
               binding("w", "w",
                       wrap(CType::ConstRef,
                            wrap(CType::Optional, base("at::Tensor")))),
               binding("t", "t", ConstRefTensor)},
              {{"n", base("c10::SymInt")},
               {"s", base("c10::SymIntArrayRef")},
               {"o", wrap(CType::Optional, base("c10::SymInt"))},
               {"w", base("at::OptionalTensorRef")},
               {"t", wrap(CType::MutRef, base("at::Tensor"))}}) ==
        "n | c10::fromIntArrayRefSlow(s) | o.has_value() ? "
        "::std::make_optional(c10::SymInt(*o)) : ::std::nullopt | "
        "((w.has_value() && (*w).defined()) ? at::OptionalTensorRef(*w) : "
        "at::OptionalTensorRef()) | const_cast<Tensor&>(t)");
}

namespace {
std::string declsOf(const std::vector<Binding> &Bs) {
  std::vector<std::string> V;
  for (const Binding &B : Bs)
    V.push_back(B.decl());
  return join(V);
}
/// The arguments of a schema `f(ARGS) -> ()`, e.g. precomputed ones.
std::vector<Argument> arguments(Fixture &X, llvm::StringRef Args) {
  NativeFunction F = X.function(("f(" + Args + ") -> ()").str());
  std::vector<Argument> Out;
  for (const Argument *A : F.Func.Args.flatAll())
    Out.push_back(*A);
  return Out;
}
Type typeOf(Fixture &X, llvm::StringRef T) {
  return arguments(X, (T + " x").str()).front().Ty;
}
} // namespace

TEST_CASE("C++ defaults as torchgen's default_expr prints them") {
  Fixture X;
  CHECK(defaultExpr("'tanh'", typeOf(X, "str"), false) == "\"tanh\"");
  CHECK(defaultExpr(R"('it\'s "q"')", typeOf(X, "str"), false) ==
        R"("it's \"q\"")");
  CHECK(defaultExpr("None", typeOf(X, "str?"), false) == "::std::nullopt");
  CHECK(defaultExpr("Mean", typeOf(X, "int"), false) == "at::Reduction::Mean");
  CHECK(defaultExpr("[True,False,True]", typeOf(X, "bool[3]"), false) ==
        "{True,False,True}");
  CHECK(defaultExpr("[]", typeOf(X, "int[2]"), false) == "{}");
  CHECK(defaultExpr("0", typeOf(X, "SymInt[2]"), true) == "c10::SymInt(0)");
  CHECK(defaultExpr("0", typeOf(X, "SymInt[2]"), false) == "0");
  CHECK(defaultExpr("None", typeOf(X, "Tensor?"), false) == "{}");
  CHECK(defaultExpr("None", typeOf(X, "Scalar?"), false) == "::std::nullopt");
  CHECK(defaultExpr("contiguous_format", typeOf(X, "MemoryFormat?"), false) ==
        "c10::MemoryFormat::Contiguous");
  CHECK(defaultExpr("False", typeOf(X, "bool"), false) == "false");
  CHECK(defaultExpr("1e-05", typeOf(X, "float"), false) == "1e-05");

  // cpp_no_default_args drops one default from the C++ API, not the
  // native one.
  NativeFunction Loss =
      X.function("loss(Tensor self, Tensor target, int reduction=Mean, str "
                 "approximate='tanh', str? mode=None, float eps=1e-05) -> "
                 "Tensor");
  Loss.CppNoDefaultArgs.insert("eps");
  CppSignatureGroup G = CppSignatureGroup::get(Loss, /*Method=*/true);
  CHECK(G.Signature.decl() ==
        "at::Tensor loss(const at::Tensor & target, int64_t "
        "reduction=at::Reduction::Mean, c10::string_view approximate=\"tanh\", "
        "::std::optional<c10::string_view> mode=::std::nullopt, double eps)");
  CHECK(!G.FaithfulSignature);
  CHECK(!G.SymIntSignature);
  CHECK(NativeSignature{&Loss, false, ""}.decl() ==
        "at::Tensor loss(const at::Tensor & self, const at::Tensor & target, "
        "int64_t reduction=at::Reduction::Mean, c10::string_view "
        "approximate=\"tanh\", ::std::optional<c10::string_view> "
        "mode=::std::nullopt, double eps=1e-05)");
}

TEST_CASE("TensorOptions packing, faithful and SymInt signatures") {
  Fixture X;
  NativeFunction Make = X.function(
      "make(SymInt[] size, *, ScalarType? dtype=None, Layout? layout=None, "
      "Device? device=None, bool? pin_memory=None, MemoryFormat? "
      "memory_format=contiguous_format) -> Tensor");
  CppSignatureGroup G = CppSignatureGroup::get(Make, /*Method=*/false);
  CHECK(G.Signature.decl() ==
        "at::Tensor make(at::IntArrayRef size, at::TensorOptions options={}, "
        "::std::optional<at::MemoryFormat> "
        "memory_format=c10::MemoryFormat::Contiguous)");
  REQUIRE(G.FaithfulSignature);
  CHECK(G.FaithfulSignature->decl() ==
        "at::Tensor make(at::IntArrayRef size, ::std::optional<at::ScalarType> "
        "dtype, ::std::optional<at::Layout> layout, "
        "::std::optional<at::Device> device, ::std::optional<bool> "
        "pin_memory, ::std::optional<at::MemoryFormat> memory_format)");
  REQUIRE(G.SymIntSignature);
  CHECK(G.SymIntSignature->decl() ==
        "at::Tensor make_symint(c10::SymIntArrayRef size, at::TensorOptions "
        "options={}, ::std::optional<at::MemoryFormat> "
        "memory_format=c10::MemoryFormat::Contiguous)");
  // Calling the dispatcher, the options' memory format is checked against
  // the argument (as in torchgen's Functions.h for empty.memory_format).
  auto Call = [&](const CppSignature &S) {
    auto E = translate(S.arguments(), DispatcherSignature(Make).arguments());
    REQUIRE(E);
    return join(*E);
  };
  CHECK(Call(G.Signature) ==
        "c10::fromIntArrayRefSlow(size) | "
        "c10::optTypeMetaToScalarType(options.dtype_opt()) | "
        "options.layout_opt() | options.device_opt() | "
        "options.pinned_memory_opt() | "
        "c10::impl::check_tensor_options_and_extract_memory_format(options, "
        "memory_format)");
  CHECK(Call(*G.FaithfulSignature) ==
        "c10::fromIntArrayRefSlow(size) | dtype | layout | device | "
        "pin_memory | memory_format");
  CHECK(NativeSignature{&Make, false, ""}.decl() ==
        "at::Tensor make(at::IntArrayRef size, ::std::optional<at::ScalarType> "
        "dtype={}, ::std::optional<at::Layout> layout={}, "
        "::std::optional<at::Device> device={}, ::std::optional<bool> "
        "pin_memory={}, ::std::optional<at::MemoryFormat> "
        "memory_format=c10::MemoryFormat::Contiguous)");

  NativeFunction Tri = X.function(
      "tri(int row, int col, int offset=0, *, ScalarType? dtype=long, "
      "Layout? layout=None, Device? device=None, bool? pin_memory=None) -> "
      "Tensor");
  CHECK(CppSignatureGroup::get(Tri, false).Signature.decl() ==
        "at::Tensor tri(int64_t row, int64_t col, int64_t offset=0, "
        "at::TensorOptions options=at::kLong)");

  // Out arguments come first except in the faithful `_outf` form; the
  // redispatch form takes the dispatch key set first.
  NativeFunction Stats = X.function(
      "stats.out(Tensor self, SymInt dim, bool keepdim=False, *, Tensor(a!) "
      "values, Tensor(b!) indices) -> (Tensor(a!) values, Tensor(b!) "
      "indices)");
  CppSignatureGroup S = CppSignatureGroup::get(Stats, false);
  CHECK(S.Signature.decl(/*Redispatch=*/true) ==
        "::std::tuple<at::Tensor &,at::Tensor &> "
        "stats_out(c10::DispatchKeySet dispatchKeySet, at::Tensor & values, "
        "at::Tensor & indices, const at::Tensor & self, int64_t dim, bool "
        "keepdim=false)");
  REQUIRE(S.SymIntFaithfulSignature);
  CHECK(S.SymIntFaithfulSignature->decl() ==
        "::std::tuple<at::Tensor &,at::Tensor &> stats_symint_outf(const "
        "at::Tensor & self, c10::SymInt dim, bool keepdim, at::Tensor & "
        "values, at::Tensor & indices)");
  CHECK(nativeName(Stats) == "stats_out_out");
  CHECK(cppName(Stats, /*FaithfulOutName=*/true) == "stats_outf");

  // manual_cpp_binding's fallback binding; a mutable `Tensor?` is
  // `Tensor &` in the C++ API but an optional in the native one.
  NativeFunction Fill =
      X.function("fill_opt_(Tensor(a!) self, Tensor(b!)? grad, Scalar "
                 "value) -> Tensor(a!)");
  CHECK(CppSignatureGroup::get(Fill, false, /*FallbackBinding=*/true)
            .Signature.decl() ==
        "at::Tensor & __dispatch_fill_opt_(at::Tensor & self, at::Tensor & "
        "grad, const at::Scalar & value)");
  CHECK(NativeSignature{&Fill, false, ""}.decl() ==
        "at::Tensor & fill_opt_(at::Tensor & self, ::std::optional<at::Tensor> "
        "& grad, const at::Scalar & value)");
}

namespace {
/// A module holding a functional/out pair as one structured group.
struct GroupFixture : Fixture {
  Module M;
  FunctionGroup G;
  void group(llvm::StringRef Functional, llvm::StringRef Out) {
    M.Functions.push_back(function(Functional));
    M.Functions.push_back(function(Out));
    M.Functions[1].Structured = true;
    G.IsGroup = true;
    G.Functional = 0;
    G.Out = 1;
    G.Structured = true;
  }
};
} // namespace

TEST_CASE("structured kernels: meta and impl arguments, precomputed") {
  GroupFixture X;
  X.group("pool(Tensor self, int[2] kernel_size, int[2] stride=[], "
          "SymInt[2] padding=0, bool ceil_mode=False, int? divisor=None, "
          "Tensor? weight=None, Scalar? s=None, Tensor?[] ix=[]) -> Tensor",
          "pool.out(Tensor self, int[2] kernel_size, int[2] stride=[], "
          "SymInt[2] padding=0, bool ceil_mode=False, int? divisor=None, "
          "Tensor? weight=None, Scalar? s=None, Tensor?[] ix=[], *, "
          "Tensor(a!) out) -> Tensor(a!)");
  Precompute P;
  P.Replace.push_back({"kernel_size", arguments(X, "int kH, int kW")});
  X.M.Functions[1].Precomputed = P;
  CHECK(metaName(X.M, X.G) == "pool");
  CHECK(declsOf(metaArguments(X.M, X.G)) ==
        "const at::Tensor & self | at::IntArrayRef kernel_size | "
        "at::IntArrayRef stride | at::ArrayRef<int64_t> padding | bool "
        "ceil_mode | ::std::optional<int64_t> divisor | at::OptionalTensorRef "
        "weight | at::OptionalScalarRef s | at::IOptTensorListRef ix");
  CHECK(declsOf(implArguments(X.M, X.G)) ==
        "const at::Tensor & self | int64_t kH | int64_t kW | at::IntArrayRef "
        "stride | at::ArrayRef<int64_t> padding | bool ceil_mode | "
        "::std::optional<int64_t> divisor | at::OptionalTensorRef weight | "
        "at::OptionalScalarRef s | at::IOptTensorListRef ix | const "
        "at::Tensor & out");
  CHECK(declsOf(outArguments(X.M, X.G)) == "const at::Tensor & out");

  GroupFixture Cat;
  Cat.group("cat(Tensor[] tensors, int dim=0) -> Tensor",
            "cat.out(Tensor[] tensors, int dim=0, *, Tensor(a!) out) -> "
            "Tensor(a!)");
  Precompute C;
  C.Replace.push_back(
      {"dim", arguments(Cat, "int dim, int valid, bool all_contiguous")});
  C.Add = arguments(Cat, "MemoryFormat memory_format");
  Cat.M.Functions[1].Precomputed = C;
  CHECK(declsOf(implArguments(Cat.M, Cat.G)) ==
        "const at::ITensorListRef & tensors | int64_t dim | int64_t valid | "
        "bool all_contiguous | at::MemoryFormat memory_format | const "
        "at::Tensor & out");
}

TEST_CASE("ufunc kernel names and stub arguments") {
  GroupFixture X;
  X.group("add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor",
          "add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) "
          "out) -> Tensor(a!)");
  CHECK(metaName(X.M, X.G) == "add_Tensor");
  CHECK(ufuncKernelName(X.M, X.G, DispatchKey::CPU) == "ufunc_add_CPU");
  CHECK(ufuncKernelName(X.M, X.G, DispatchKey::CUDA) == "ufunc_add_CUDA");
  CHECK(declsOf(ufuncStubArguments(X.M, X.G)) == "const at::Scalar & alpha");
}

TEST_CASE("functionalization: view inverses and ViewMeta names") {
  Fixture X;
  Module M;
  M.Functions.push_back(
      X.function("pieces(Tensor(a -> *) self, SymInt split_size, int dim=0) -> "
                 "Tensor(a)[]"));
  ViewGroup VG;
  CHECK(viewInverseDecl(M, VG) ==
        "static at::Tensor pieces_inverse(const at::Tensor & base, const "
        "at::Tensor & mutated_view, at::functionalization::InverseReturnMode "
        "inverse_return_mode, int64_t out_index, c10::SymInt split_size, "
        "int64_t dim);");
  M.Functions[0] = X.function("swap.int(Tensor(a) self, int dim0, int dim1) "
                              "-> Tensor(a)");
  CHECK(viewInverseDecl(M, VG) ==
        "static at::Tensor swap_int_inverse(const at::Tensor & base, const "
        "at::Tensor & mutated_view, at::functionalization::InverseReturnMode "
        "inverse_return_mode, int64_t dim0, int64_t dim1);");
  CHECK(viewInverseName(M.Functions[0], true) ==
        "at::functionalization::FunctionalInverses::swap_int_inverse");
  CHECK(viewMetaClassName(M.Functions[0], true) ==
        "at::functionalization::swap_int_ViewMeta");
}

TEST_CASE("CType: wrappers held inline, compared and printed structurally") {
  CType Bools = wrap(CType::Array, base("bool"));
  Bools.setSize(3);
  CType Opt = wrap(CType::Optional, Bools);
  CHECK(Opt.str() == "::std::optional<::std::array<bool,3>>");
  CHECK(Opt.kind() == CType::Optional);
  CHECK(Opt.elem() == Bools);
  // Taking the Array off forgets its size: the element is plain `bool`.
  CHECK(Bools.elem() == base("bool"));
  CType Other = wrap(CType::Array, base("bool"));
  Other.setSize(4);
  CHECK(Other != Bools);
  CHECK(wrap(CType::ConstRef, base("at::Tensor")) !=
        wrap(CType::MutRef, base("at::Tensor")));
  CHECK(wrap(CType::Optional, base("at::Tensor")) != base("at::Tensor"));

  CType Deep =
      wrap(CType::ConstRef,
           wrap(CType::List, wrap(CType::Optional, base("at::Tensor"))));
  CHECK(Deep.str() == "const c10::List<::std::optional<at::Tensor>> &");
  CHECK(Deep.elem().elem().elem() == base("at::Tensor"));

  CType Tup = CType::tuple(
      {base("at::Tensor"), wrap(CType::Vector, base("at::Tensor")), Opt});
  CHECK(Tup.kind() == CType::Tuple);
  CHECK(Tup.str() == "::std::tuple<at::Tensor,::std::vector<at::Tensor>,"
                     "::std::optional<::std::array<bool,3>>>");
  CHECK(Tup == CType::tuple({base("at::Tensor"),
                             wrap(CType::Vector, base("at::Tensor")), Opt}));
  CHECK(Tup != CType::tuple({base("at::Tensor")}));

  // A name longer than the stack buffer is still printed whole.
  std::string Long(700, 'x');
  CHECK(wrap(CType::ConstRef, base(Long)).str() == "const " + Long + " &");
}

TEST_CASE("bindings joined in one go match each binding's decl()") {
  Fixture X;
  // Enough arguments for the joined text to outgrow the stack buffer.
  std::string Schema = "many(Tensor self";
  for (int I = 0; I != 40; ++I)
    Schema += ", Tensor? weight_number_" + std::to_string(I) + "=None";
  NativeFunction F = X.function(Schema + ") -> Tensor");
  std::vector<Binding> Bs =
      CppSignatureGroup::get(F, false).Signature.arguments();
  std::string Expected;
  for (const Binding &B : Bs)
    Expected += (Expected.empty() ? "" : ", ") + B.decl();
  CHECK(Expected.size() > 1024);
  CHECK(joinBindings(Bs) == Expected);
  std::string Prefixed = "(";
  appendBindings(Prefixed, Bs, /*Defn=*/true);
  std::string Defns = "(";
  for (size_t I = 0; I != Bs.size(); ++I)
    Defns += (I ? ", " : "") + Bs[I].defn();
  CHECK(Prefixed == Defns);
}

TEST_CASE("translate: a method's goals, self from the implicit object") {
  Fixture X;
  NativeFunction F = X.function(
      "add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor");
  CppSignatureGroup G = CppSignatureGroup::get(F, /*Method=*/true);
  auto E = translate(G.Signature.arguments(),
                     DispatcherSignature(F).arguments(), /*Method=*/true);
  REQUIRE(static_cast<bool>(E));
  CHECK(join(*E) == "const_cast<Tensor&>(*this) | other | alpha");
  // Goals answered directly and by the search keep the goals' order.
  NativeFunction S = X.function("view(Tensor(a) self, SymInt[] size) -> "
                                "Tensor(a)");
  auto V = translate(CppSignatureGroup::get(S, true).Signature.arguments(),
                     DispatcherSignature(S).arguments(), /*Method=*/true);
  REQUIRE(static_cast<bool>(V));
  CHECK(join(*V) ==
        "const_cast<Tensor&>(*this) | c10::fromIntArrayRefSlow(size)");
}

TEST_CASE("CType: nesting deeper than the inline wrappers") {
  Fixture X;
  NativeFunction F = X.function(
      "deep(Scalar[][][][][][][][] x, int[][][][][][][]? y) -> Tensor");
  std::string Lists, Ends;
  for (int I = 0; I != 8; ++I) {
    Lists += "at::ArrayRef<";
    Ends += ">";
  }
  CHECK(DispatcherSignature(F).decl() ==
        "at::Tensor deep(" + Lists + "at::Scalar" + Ends +
            " x, ::std::optional<" + Lists.substr(13 * 2) + "at::IntArrayRef" +
            Ends.substr(2) + "> y)");
  CType T = base("int64_t");
  std::vector<CType> Levels{T};
  for (int I = 0; I != 15; ++I)
    Levels.push_back(T = wrap(I % 2 ? CType::Optional : CType::Vector, T));
  // Taking wrappers off gives back each level, equal to the one built.
  for (int I = 15; I != 0; --I) {
    CHECK(T == Levels[I]);
    CHECK(T.kind() == (I % 2 ? CType::Vector : CType::Optional));
    T = T.elem();
  }
  CHECK(T == base("int64_t"));
  CHECK(Levels[15].name() == "int64_t");
  CHECK(Levels[15] != Levels[13]);
  CHECK(Levels[15].str().size() ==
        7 + 8 * strlen("::std::vector<>") + 7 * strlen("::std::optional<>"));
}
