//===- DispatchKeyFunctionsTest.cpp - <Key>Functions_inl.h declarations ---===//
//
// Expected strings are what torchgen 2.14's RegisterDispatchKey with
// Target.NAMESPACED_DECLARATION gives for the same schemas (as in
// CPUFunctions_inl.h). The declarations are made either from the C++ API or
// from Functions.h's cached wrappers; both must give the same text.
//
//===----------------------------------------------------------------------===//

#include "TestContext.h"
#include "opgen/Emit/CppApiWrappers.h"
#include "opgen/Emit/Dest/RegisterDispatchKey.h"
#include "opgen/Parse/SchemaParser.h"

#include "llvm/Support/raw_ostream.h"

#include <doctest/doctest.h>

using namespace opgen;

namespace {
struct Fixture : TestContext {
  Module M;
  EmitOptions Options;
  EmitContext EC{Ctx, M, Options};

  void add(llvm::StringRef S, bool ManualCppBinding = false) {
    NativeFunction F = function(S);
    F.Names = computeKernelNames(F.Func);
    F.ManualCppBinding = ManualCppBinding;
    M.Functions.push_back(std::move(F));
  }
  /// The declaration made both ways, after checking they agree.
  std::string declaration(size_t I) {
    const NativeFunction &F = M.Functions[I];
    std::optional<CppWrappers> W = getCppWrappers(EC, F, /*Method=*/false);
    REQUIRE(W);
    std::string Direct = getNamespacedDeclaration(F);
    CHECK(getNamespacedDeclaration(F, &*W) == Direct);
    return Direct;
  }
};
} // namespace

TEST_CASE("namespaced declarations: out= and SymInt signatures") {
  Fixture X;
  X.add("add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) "
        "out) -> Tensor(a!)");
  X.add("narrow_copy(Tensor self, int dim, SymInt start, SymInt length) -> "
        "Tensor");
  CHECK(X.declaration(0) ==
        "TORCH_API at::Tensor & add_out(at::Tensor & out, const at::Tensor & "
        "self, const at::Tensor & other, const at::Scalar & alpha=1);\n"
        "TORCH_API at::Tensor & add_outf(const at::Tensor & self, const "
        "at::Tensor & other, const at::Scalar & alpha, at::Tensor & out);\n");
  CHECK(X.declaration(1) ==
        "TORCH_API at::Tensor narrow_copy(const at::Tensor & self, int64_t "
        "dim, int64_t start, int64_t length);\n"
        "TORCH_API at::Tensor narrow_copy_symint(const at::Tensor & self, "
        "int64_t dim, c10::SymInt start, c10::SymInt length);\n");
}

TEST_CASE("namespaced declarations have no manual_cpp_binding fallback") {
  Fixture X;
  X.add("_make_dep_token(*, ScalarType? dtype=None, Layout? layout=None, "
        "Device? device=None, bool? pin_memory=None, MemoryFormat? "
        "memory_format=None) -> Tensor",
        /*ManualCppBinding=*/true);
  CHECK(X.declaration(0) ==
        "TORCH_API at::Tensor _make_dep_token(at::TensorOptions options={}, "
        "::std::optional<at::MemoryFormat> memory_format=::std::nullopt);\n"
        "TORCH_API at::Tensor _make_dep_token(::std::optional<at::ScalarType> "
        "dtype, ::std::optional<at::Layout> layout, "
        "::std::optional<at::Device> device, ::std::optional<bool> "
        "pin_memory, ::std::optional<at::MemoryFormat> memory_format);\n");
}
