//===- PythonApiTest.cpp - The Python API model ---------------------------===//
//
// Expected strings are what torchgen 2.14's api/python (argument_type_str,
// argument_type_size) and Python's repr() give for the same schemas and
// strings.
//
//===----------------------------------------------------------------------===//

#include "TestContext.h"
#include "opgen/PythonApi/PythonBindings.h"
#include "opgen/PythonApi/PythonSignature.h"
#include "opgen/PythonApi/PythonTypes.h"
#include "opgen/PythonApi/StructSeq.h"
#include "opgen/Support/PythonText.h"

#include <doctest/doctest.h>

using namespace opgen;

TEST_CASE("schema types as the Python argument parser spells them") {
  TestContext X;
  NativeFunction F = X.function(
      "foo(Tensor self, SymInt[2] size, SymInt? n, SymInt[]? s, int dim, "
      "Tensor? w, Scalar? a, bool[3] m, float[]? f, str? r, Tensor[] l, "
      "Tensor?[] i, Generator? g, int[1]? z, Scalar[] sl, ScalarType[] st) -> "
      "Tensor");
  // name: parser, simple, without SymInt, size
  const char *Expected[][5] = {
      {"self", "Tensor", "Tensor", "Tensor", ""},
      {"size", "SymIntArrayRef[2]", "SymIntArrayRef", "IntArrayRef[2]", "2"},
      {"n", "SymInt?", "SymInt?", "SymInt?", ""},
      {"s", "SymIntArrayRef?", "SymIntArrayRef?", "IntArrayRef?", ""},
      {"dim", "int64_t", "int64_t", "int64_t", ""},
      {"w", "Tensor?", "Tensor?", "Tensor?", ""},
      {"a", "Scalar?", "Scalar?", "Scalar?", ""},
      {"m", "::std::array<bool,3>", "::std::array<bool,3>",
       "::std::array<bool,3>", ""},
      {"f", "ArrayRef<double>?", "ArrayRef<double>?", "ArrayRef<double>?", ""},
      {"r", "c10::string_view?", "c10::string_view?", "c10::string_view?", ""},
      {"l", "TensorList", "TensorList", "TensorList", ""},
      {"i", "const c10::List<::std::optional<Tensor>> &",
       "c10::List<::std::optional<Tensor>>",
       "const c10::List<::std::optional<Tensor>> &", ""},
      {"g", "Generator?", "Generator?", "Generator?", ""},
      {"z", "IntArrayRef[1]?", "IntArrayRef?", "IntArrayRef[1]?", "1"},
      {"sl", "ScalarList", "ScalarList", "ScalarList", ""},
      {"st", "ArrayRef<ScalarType>", "ArrayRef<ScalarType>",
       "ArrayRef<ScalarType>", ""},
  };
  std::vector<const Argument *> Args = F.Func.Args.flatAll();
  REQUIRE(Args.size() == std::size(Expected));
  for (size_t I = 0; I != Args.size(); ++I) {
    const Argument &A = *Args[I];
    CAPTURE(A.Name);
    CHECK(A.Name == Expected[I][0]);
    PythonTypeOptions Simple, NoSymInt;
    Simple.SimpleType = true;
    NoSymInt.SymInt = false;
    CHECK(llvm::cantFail(pythonArgumentType(A.Ty)) == Expected[I][1]);
    CHECK(llvm::cantFail(pythonArgumentType(A.Ty, Simple)) == Expected[I][2]);
    CHECK(llvm::cantFail(pythonArgumentType(A.Ty, NoSymInt)) == Expected[I][3]);
    std::optional<uint64_t> Size = pythonArgumentTypeSize(A.Ty);
    CHECK((Size ? std::to_string(*Size) : "") == Expected[I][4]);
  }
}

TEST_CASE("types the Python bindings cannot spell are errors") {
  TestContext X;
  for (const char *S : {"g(Dimname x) -> Tensor", "g(SymBool x) -> Tensor",
                        "g(bool[] x) -> Tensor"}) {
    CAPTURE(S);
    NativeFunction F = X.function(S);
    llvm::Expected<std::string> T =
        pythonArgumentType(F.Func.Args.flatAll().front()->Ty);
    REQUIRE(!T);
    llvm::consumeError(T.takeError());
  }
}

TEST_CASE("Python's repr() of a str") {
  CHECK(pyReprString("abc") == "'abc'");
  CHECK(pyReprString("it's") == "\"it's\"");
  CHECK(pyReprString("say \"hi\"") == "'say \"hi\"'");
  CHECK(pyReprString("both ' and \"") == "'both \\' and \"'");
  CHECK(pyReprString("back\\slash") == "'back\\\\slash'");
  CHECK(pyReprString("tab\tnl\n") == "'tab\\tnl\\n'");
  CHECK(pyReprString(llvm::StringRef("\x01\x7f", 2)) == "'\\x01\\x7f'");
}

TEST_CASE("which functions get a Python binding") {
  TestContext X;
  PythonBindingTables T;
  T.SkipPythonBindings = {"numel", ".*_backward", "nonzero(_(out|numpy))?"};
  T.SkipPythonBindingsSignatures = {
      "mul.Scalar(Tensor self, Scalar other) -> Tensor"};
  std::optional<PythonBindingFilter> Filter =
      PythonBindingFilter::make(X.Ctx, T);
  REQUIRE(Filter);
  auto Bound = [&](const char *Schema) {
    return Filter->shouldGenerate(X.function(Schema));
  };
  CHECK(!Bound("numel(Tensor self) -> int"));
  // Whole names only: `^numel$`.
  CHECK(Bound("numel_x(Tensor self) -> int"));
  CHECK(!Bound("abs_backward(Tensor self) -> Tensor"));
  CHECK(!Bound("nonzero_numpy(Tensor self) -> Tensor[]"));
  // The C++ name of an out= function ends in `_out`.
  CHECK(!Bound("nonzero.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)"));
  CHECK(Bound("nonzero_static(Tensor self, *, SymInt size) -> Tensor"));
  CHECK(!Bound("mul.Scalar(Tensor self, Scalar other) -> Tensor"));
  CHECK(Bound("mul.Tensor(Tensor self, Tensor other) -> Tensor"));
  // Generated functions are not bound, but for the view_copy ones.
  NativeFunction Gen = X.function("abs_copy(Tensor self) -> Tensor");
  Gen.Tags = {"generated"};
  CHECK(!Filter->shouldGenerate(Gen));
  Gen.Tags.insert("view_copy");
  CHECK(Filter->shouldGenerate(Gen));

  T.SkipPythonBindings = {"ok", "bad("};
  CHECK(!PythonBindingFilter::make(X.Ctx, T));
  CHECK(llvm::StringRef(X.Diags).contains(
      "`_SKIP_PYTHON_BINDINGS` pattern 'bad('"));
}

TEST_CASE("named tuples of returns") {
  TestContext X;
  auto Fields = [&](const char *Schema) {
    llvm::Expected<std::vector<std::string>> F =
        structseqFieldnames(X.function(Schema).Func);
    REQUIRE(static_cast<bool>(F));
    std::string S;
    for (const std::string &N : *F)
      S += (S.empty() ? "" : ",") + N;
    return S;
  };
  CHECK(Fields("max.dim(Tensor self, int dim) -> (Tensor values, Tensor "
               "indices)") == "values,indices");
  CHECK(Fields("f(Tensor self) -> (Tensor, Tensor)") == "");
  // One return, named or not, is no tuple.
  CHECK(Fields("g(Tensor self) -> Tensor out") == "");
  NativeFunction Out = X.function("max.dim_max(Tensor self, int dim, *, "
                                  "Tensor(a!) max, Tensor(b!) max_values) -> "
                                  "(Tensor(a!) values, Tensor(b!) indices)");
  CHECK(structseqTypenameKey(Out, {"values", "indices"}) ==
        "max_out_values_indices");
  llvm::Expected<std::vector<std::string>> Partial = structseqFieldnames(
      X.function("h(Tensor self) -> (Tensor a, Tensor)").Func);
  REQUIRE(!Partial);
  llvm::consumeError(Partial.takeError());
}

TEST_CASE("defaults as Python reads them (pythonify_default)") {
  // What str(pythonify_default(s)) gives in torchgen 2.14.
  const char *Cases[][2] = {
      {"true", "True"},
      {"false", "False"},
      {"-1", "-1"},
      {"007", "7"},
      {"1e-5", "1e-05"},
      {"0.5", "0.5"},
      {"inf", "inf"},
      {"1.", "1.0"},
      {"mean", "mean"},
      {"\"mean\"", "\"mean\""},
      {"c10::MemoryFormat::Contiguous", "c10::MemoryFormat::Contiguous"},
      {"1_000", "1000"},
      {" 3 ", "3"}};
  for (auto &C : Cases) {
    CAPTURE(C[0]);
    CHECK(pythonifyDefault(C[0]) == C[1]);
  }
}

TEST_CASE("signatures torchgen refuses") {
  TestContext X;
  for (const char *S : {"f(Tensor self, *, bool requires_grad=False) -> Tensor",
                        "h(Tensor self, Dimname d) -> Tensor"}) {
    CAPTURE(S);
    llvm::Expected<PythonSignature> Sig =
        pythonSignature(X.Ctx, X.function(S), /*Method=*/false);
    REQUIRE(!Sig);
    llvm::consumeError(Sig.takeError());
  }
}

TEST_CASE("skip patterns read as plain names, prefixes and suffixes") {
  // The fast paths must decide as the regular expressions do.
  TestContext X;
  PythonBindingTables T;
  T.SkipPythonBindings = {"_th_.*", ".*_jvp", "to", "_?sparse_csr.*"};
  std::optional<PythonBindingFilter> Filter =
      PythonBindingFilter::make(X.Ctx, T);
  REQUIRE(Filter);
  auto Bound = [&](const char *Schema) {
    return Filter->shouldGenerate(X.function(Schema));
  };
  CHECK(!Bound("_th_addmm(Tensor self) -> Tensor"));
  CHECK(!Bound("_th_(Tensor(a!) self) -> Tensor(a!)"));
  CHECK(Bound("x_th_addmm(Tensor self) -> Tensor"));
  CHECK(!Bound("foo_jvp(Tensor self) -> Tensor"));
  CHECK(!Bound("_jvp(Tensor self) -> Tensor"));
  CHECK(Bound("foo_jvpx(Tensor self) -> Tensor"));
  CHECK(!Bound("to(Tensor self) -> Tensor"));
  CHECK(Bound("to_dense(Tensor self) -> Tensor"));
  // A pattern that is no plain prefix stays a regular expression.
  CHECK(!Bound("sparse_csr_tensor(Tensor self) -> Tensor"));
  CHECK(!Bound("_sparse_csr_x(Tensor self) -> Tensor"));
  CHECK(Bound("__sparse_csr(Tensor self) -> Tensor"));
}

TEST_CASE("grouping by base name, in first-seen or name order") {
  TestContext X;
  std::vector<NativeFunction> Fs = {
      X.function("mul.Tensor(Tensor self, Tensor other) -> Tensor"),
      X.function("add.Tensor(Tensor self, Tensor other) -> Tensor"),
      X.function("mul_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)"),
      X.function("mul.Scalar(Tensor self, Scalar other) -> Tensor")};
  auto NameOf = [&](size_t I) -> const BaseOperatorName & {
    return Fs[I].Func.Name.Name;
  };
  // `mul_` (in place) is a base name of its own.
  auto Seen = groupByBaseName(Fs.size(), NameOf, /*SortByName=*/false);
  REQUIRE(Seen.size() == 3);
  CHECK(Seen[0] == std::vector<size_t>{0, 3});
  CHECK(Seen[1] == std::vector<size_t>{1});
  CHECK(Seen[2] == std::vector<size_t>{2});
  auto Sorted = groupByBaseName(Fs.size(), NameOf, /*SortByName=*/true);
  REQUIRE(Sorted.size() == 3);
  CHECK(Sorted[0] == std::vector<size_t>{1});
  CHECK(Sorted[1] == std::vector<size_t>{0, 3});
  CHECK(Sorted[2] == std::vector<size_t>{2});
}
