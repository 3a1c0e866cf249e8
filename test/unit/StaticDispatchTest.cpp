//===- StaticDispatchTest.cpp - Calls of --static-dispatch-backend --------===//
//
// Expected strings are what torchgen 2.14 writes for the same schemas and
// kernels with --static_dispatch_backend CPU QuantizedCPU (the operators of
// test/Reference/Inputs/aten-static-dispatch.yaml): the bodies of
// at::_ops::<op>::call() in Operators_N.cpp, as its template leaves them, and
// the lines of ops/<root>.h.
//
//===----------------------------------------------------------------------===//

#include "opgen/Emit/ATen/StaticDispatch.h"
#include "TestContext.h"
#include "opgen/CppApi/CppSignature.h"
#include "opgen/IR/NativeFunction.h"
#include "opgen/Parse/SchemaParser.h"

#include "llvm/Support/raw_ostream.h"

#include <doctest/doctest.h>

using namespace opgen;

namespace {
struct Fixture : TestContext {
  Module M;

  /// CPU and QuantizedCPU have kernels (an index) as in the real yaml.
  Fixture() {
    M.BackendIndices.emplace();
    for (DispatchKey K : {DispatchKey::CPU, DispatchKey::QuantizedCPU})
      (*M.BackendIndices)[K].Key = K;
  }
  /// Add a function with kernels for \p Keys.
  NativeFunction &add(llvm::StringRef S,
                      std::initializer_list<DispatchKey> Keys = {},
                      std::string Namespace = "at::native") {
    NativeFunction &F = M.Functions.emplace_back(function(S));
    F.Names = computeKernelNames(F.Func);
    for (DispatchKey K : Keys) {
      BackendIndex &I = (*M.BackendIndices)[K];
      I.Key = K;
      I.Index.push_back({F.Func.Name, {"kernel", false, Namespace}});
    }
    return F;
  }
  std::string body(size_t I, std::initializer_list<DispatchKey> Keys) {
    StaticDispatch SD(M, Keys);
    const NativeFunction &F = M.Functions[I];
    std::string Out;
    REQUIRE(succeeded(
        SD.appendCallBody(Ctx, F, DispatcherSignature(F).arguments(), Out)));
    return Out;
  }
};

constexpr DispatchKey CPU = DispatchKey::CPU;
constexpr DispatchKey QuantizedCPU = DispatchKey::QuantizedCPU;
} // namespace

TEST_CASE("the kernel is called by its SymInt name, never a manual binding") {
  Fixture X;
  X.add("sd_sym.out(Tensor self, SymInt n, *, Tensor(a!) out) -> Tensor(a!)");
  NativeFunction &Bound = X.add("sd_bound(Tensor self) -> Tensor");
  Bound.ManualCppBinding = true;
  CHECK(getStaticDispatchCallSignature(X.M.Functions[0]).name() ==
        "sd_sym_symint_out");
  CHECK(getStaticDispatchCallSignature(X.M.Functions[1]).name() == "sd_bound");
}

TEST_CASE("one backend's kernel is called directly, in its namespace") {
  Fixture X;
  X.add("sd_custom(Tensor self) -> Tensor", {CPU}, "custom::native");
  X.add("sd_sym(Tensor self, SymInt n) -> Tensor", {CPU});
  CHECK(X.body(0, {CPU, QuantizedCPU}) ==
        "    return custom::cpu::sd_custom(self);");
  CHECK(X.body(1, {CPU, QuantizedCPU}) ==
        "    return at::cpu::sd_sym_symint(self, n);");
}

TEST_CASE("several backends: a switch on the arguments' keys") {
  Fixture X;
  X.add("sd_factory(SymInt[] size, *, ScalarType? dtype=None, Layout? "
        "layout=None, Device? device=None, bool? pin_memory=None, "
        "MemoryFormat? memory_format=None) -> Tensor",
        {CPU, QuantizedCPU});
  X.add("sd_scalar(int n) -> Tensor", {CPU, QuantizedCPU});
  CHECK(X.body(0, {CPU, QuantizedCPU}) ==
        "\n    DispatchKeySet _dk_set = "
        "DispatchKeySet(c10::computeDispatchKey(dtype, layout, device));\n"
        "\t\tDispatchKey _dk = c10::highestPriorityBackendTypeId(_dk_set);\n"
        "    switch (_dk) {\n"
        "        case DispatchKey::CPU:\n"
        "\t\t\treturn at::cpu::sd_factory_symint(size, "
        "TensorOptions().dtype(dtype).layout(layout).device(device)."
        "pinned_memory(pin_memory), memory_format);;\n"
        "\t\tcase DispatchKey::QuantizedCPU:\n"
        "\t\t\treturn at::quantizedcpu::sd_factory_symint(size, "
        "TensorOptions().dtype(dtype).layout(layout).device(device)."
        "pinned_memory(pin_memory), memory_format);;\n"
        "        default:\n"
        "            TORCH_CHECK(false, \"Static dispatch does not support "
        "sd_factory_symint forCPU, QuantizedCPU \");\n"
        "    }\n");
  // Without tensors or options the key set is left empty, as in torchgen.
  CHECK(X.body(1, {CPU, QuantizedCPU}).find("DispatchKeySet _dk_set = ;\n") !=
        std::string::npos);
}

TEST_CASE("no backend's kernel: a composite one, else a failing check") {
  Fixture X;
  NativeFunction &Implicit = X.add("sd_implicit(Tensor self) -> Tensor");
  Implicit.HasCompositeImplicitAutogradKernel = true;
  NativeFunction &NonFunctional =
      X.add("sd_nonfunctional(Tensor self) -> Tensor");
  NonFunctional.HasCompositeExplicitAutogradNonFunctionalKernel = true;
  X.add("sd_cuda_only(Tensor self) -> Tensor", {DispatchKey::CUDA});
  CHECK(X.body(0, {CPU}) ==
        "    return at::compositeimplicitautograd::sd_implicit(self);");
  CHECK(X.body(1, {CPU}) ==
        "    return "
        "at::compositeexplicitautogradnonfunctional::sd_nonfunctional(self);");
  CHECK(X.body(2, {CPU, QuantizedCPU}) ==
        "    TORCH_CHECK(false, \"Static dispatch does not support "
        "sd_cuda_only forCPU, QuantizedCPU \");");
}

TEST_CASE("a key without kernels is torchgen's Undefined index") {
  Fixture X;
  X.add("sd_cuda_only(Tensor self) -> Tensor", {DispatchKey::CUDA});
  std::vector<std::string> Headers =
      StaticDispatch::getExtraHeaders(X.M, {DispatchKey::NestedTensorHPU});
  REQUIRE(Headers.size() == 5);
  CHECK(Headers[0] == "#include <ATen/UndefinedFunctions.h>");
  CHECK(Headers[4] ==
        "#include <ATen/CompositeExplicitAutogradNonFunctionalFunctions.h>");
  CHECK(X.body(0, {DispatchKey::NestedTensorHPU}) ==
        "    TORCH_CHECK(false, \"Static dispatch does not support "
        "sd_cuda_only forUndefined \");");
}

TEST_CASE("structured delegates and manual registration") {
  Fixture X;
  X.add("sd_struct.out(Tensor self, Tensor other, *, Tensor(a!) out) -> "
        "Tensor(a!)",
        {CPU});
  NativeFunction &Delegate =
      X.add("sd_struct(Tensor self, Tensor other) -> Tensor");
  Delegate.StructuredDelegate = X.M.Functions[0].Func.Name;
  NativeFunction &Manual = X.add("sd_manual(Tensor self) -> Tensor");
  Manual.ManualKernelRegistration = true;
  StaticDispatch SD(X.M, {CPU, QuantizedCPU});
  // Only CPU is a structured key, so the delegate's call is CPU's alone,
  // though its header list names both.
  CHECK(X.body(1, {CPU, QuantizedCPU}) ==
        "    return at::cpu::sd_struct(self, other);");
  CHECK(SD.getOpsHeader(X.M.Functions[0]) ==
        "#include <ATen/ops/sd_struct_cpu_dispatch.h>");
  CHECK(SD.getOpsHeader(X.M.Functions[1]) ==
        "#include <ATen/ops/sd_struct_cpu_dispatch.h>\n"
        "#include <ATen/ops/sd_struct_quantizedcpu_dispatch.h>");
  CHECK(X.body(2, {CPU, QuantizedCPU}).empty());
  CHECK(!SD.getOpsHeader(X.M.Functions[2]));
}

TEST_CASE("torchgen's test_op_with_1_backend_generates_static_dispatch") {
  // tools/test/test_codegen.py: the one backend is the composite index.
  Fixture X;
  X.add("op.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
        {DispatchKey::CompositeExplicitAutograd});
  CHECK(X.body(0, {DispatchKey::CompositeExplicitAutograd}) ==
        "    return at::compositeexplicitautograd::op_out(out, self);");
}
