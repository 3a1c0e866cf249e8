//===- JsonEmitter.cpp - The IR as the reference comparison document ------===//
//
// The format is fixed by shared/reference/IR-JSON.md so that the output can be
// compared byte for byte with torchgen_dump.py: keys sorted, two-space indent,
// non-ASCII escaped as Python's json module does.
//
//===----------------------------------------------------------------------===//

#include "opgen/Emit/IREmitters.h"

#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

using namespace opgen;
using json = nlohmann::json;

static json optString(const std::optional<std::string> &S) {
  return S ? json(*S) : json(nullptr);
}

static json functionToJson(const NativeFunction &F) {
  json J;
  J["func"] = F.Func.str();
  J["name"] = F.Func.Name.str();
  J["kind"] = toString(F.Func.kind()).str();
  J["namespace"] = F.Namespace;
  json Variants = json::array();
  if (F.VariantFunction)
    Variants.push_back("function");
  if (F.VariantMethod)
    Variants.push_back("method");
  J["variants"] = Variants;
  J["tags"] = json(std::vector<std::string>(F.Tags.begin(), F.Tags.end()));
  J["generated"] = F.isGenerated();
  J["python_module"] = optString(F.PythonModule);
  J["category_override"] = optString(F.CategoryOverride);
  J["device_guard"] = F.DeviceGuard;
  J["device_check"] =
      F.DeviceCheck == DeviceCheckType::NoCheck ? "NoCheck" : "ExactSame";
  J["manual_kernel_registration"] = F.ManualKernelRegistration;
  J["manual_cpp_binding"] = F.ManualCppBinding;
  J["structured"] = F.Structured;
  J["structured_delegate"] =
      F.StructuredDelegate ? json(F.StructuredDelegate->str()) : json(nullptr);
  J["structured_inherits"] = optString(F.StructuredInherits);
  if (F.Precomputed) {
    json Replace = json::object();
    for (const auto &[Param, Args] : F.Precomputed->Replace) {
      json L = json::array();
      for (const Argument &A : Args)
        L.push_back(A.str());
      Replace[Param] = L;
    }
    json Add = json::array();
    for (const Argument &A : F.Precomputed->Add)
      Add.push_back(A.str());
    J["precomputed"] = {{"replace", Replace}, {"add", Add}};
  } else {
    J["precomputed"] = nullptr;
  }
  json Autogen = json::array();
  for (const OperatorName &N : F.Autogen)
    Autogen.push_back(N.str());
  J["autogen"] = Autogen;
  std::vector<std::string> Ufunc;
  for (const auto &[K, L] : F.UfuncInnerLoops)
    Ufunc.push_back(toString(K).str());
  std::sort(Ufunc.begin(), Ufunc.end());
  J["ufunc_inner_loop"] = Ufunc;
  J["cpp_no_default_args"] = std::vector<std::string>(
      F.CppNoDefaultArgs.begin(), F.CppNoDefaultArgs.end());
  J["use_const_ref_for_mutable_tensors"] = F.UseConstRefForMutableTensors;
  J["is_abstract"] = F.IsAbstract;
  J["has_composite_implicit_autograd_kernel"] =
      F.HasCompositeImplicitAutogradKernel;
  J["has_composite_implicit_autograd_nested_tensor_kernel"] =
      F.HasCompositeImplicitAutogradNestedTensorKernel;
  J["has_composite_explicit_autograd_kernel"] =
      F.HasCompositeExplicitAutogradKernel;
  J["has_composite_explicit_autograd_non_functional_kernel"] =
      F.HasCompositeExplicitAutogradNonFunctionalKernel;
  J["line"] = F.Loc.Line;
  return J;
}

void opgen::emitJson(const Module &M, llvm::raw_ostream &OS) {
  json Doc;
  json Fns = json::array();
  for (const NativeFunction &F : M.Functions)
    Fns.push_back(functionToJson(F));
  Doc["functions"] = std::move(Fns);
  // Invalid UTF-8 from the input is replaced rather than thrown on.
  OS << Doc.dump(2, ' ', /*ensure_ascii=*/true, json::error_handler_t::replace)
     << '\n';
}
