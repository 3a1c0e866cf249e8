//===- JsonEmitter.cpp - The IR as the reference comparison document ------===//
//
// The format is fixed by shared/reference/IR-JSON.md so that the output can be
// compared byte for byte with torchgen_dump.py: keys sorted, two-space indent,
// non-ASCII escaped as Python's json module does.
//
//===----------------------------------------------------------------------===//

#include "opgen/Emit/Emitters.h"
#include "opgen/Emit/Dumps/IREmitters.h"

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
  if (F.Names)
    J["names"] = {{"cpp", F.Names->Cpp},
                  {"dispatcher", F.Names->Dispatcher},
                  {"unambiguous", F.Names->Unambiguous},
                  {"root", F.Names->Root}};
  return J;
}

static json groupToJson(const Module &M, const FunctionGroup &G) {
  auto Name = [&](FunctionId Id) { return M.Functions[Id].Func.Name.str(); };
  auto OptName = [&](const std::optional<FunctionId> &Id) {
    return Id ? json(Name(*Id)) : json(nullptr);
  };
  if (!G.IsGroup)
    return {{"type", "single"}, {"function", Name(G.Function)}};
  return {{"type", "group"},
          {"functional", Name(G.Functional)},
          {"inplace", OptName(G.Inplace)},
          {"mutable", OptName(G.Mutable)},
          {"out", Name(G.Out)},
          {"structured", G.Structured}};
}

static json viewGroupToJson(const Module &M, const ViewGroup &G) {
  auto OptName = [&](const std::optional<FunctionId> &Id) {
    return Id ? json(M.Functions[*Id].Func.Name.str()) : json(nullptr);
  };
  return {{"type", "view_group"},
          {"view", M.Functions[G.View].Func.Name.str()},
          {"view_copy", OptName(G.ViewCopy)},
          {"view_inplace", OptName(G.ViewInplace)}};
}

static json indexToJson(const BackendIndex &B) {
  json Index = json::object();
  for (const auto &[Op, Meta] : B.Index)
    Index[Op.str()] = {{"kernel", Meta.Kernel},
                       {"structured", Meta.Structured},
                       {"cpp_namespace", Meta.CppNamespace}};
  return {{"use_out_as_primary", B.UseOutAsPrimary},
          {"device_guard", B.DeviceGuard},
          {"external", B.External},
          {"index", Index}};
}

void opgen::emitJson(const Module &M, llvm::raw_ostream &OS) {
  json Doc;
  json Fns = json::array();
  for (const NativeFunction &F : M.Functions)
    Fns.push_back(functionToJson(F));
  Doc["functions"] = std::move(Fns);
  // What the passes computed; absent until they ran.
  if (M.Groups) {
    json Groups = json::array();
    for (const FunctionGroup &G : *M.Groups)
      Groups.push_back(groupToJson(M, G));
    Doc["groups"] = std::move(Groups);
  }
  if (M.ViewGroups) {
    json Views = json::array();
    for (const ViewGroup &G : *M.ViewGroups)
      Views.push_back(viewGroupToJson(M, G));
    Doc["view_groups"] = std::move(Views);
  }
  if (M.BackendIndices) {
    json Indices = json::object();
    for (const auto &[Key, B] : *M.BackendIndices)
      Indices[toString(Key).str()] = indexToJson(B);
    Doc["backend_indices"] = std::move(Indices);
  }
  // Invalid UTF-8 from the input is replaced rather than thrown on.
  OS << Doc.dump(2, ' ', /*ensure_ascii=*/true, json::error_handler_t::replace)
     << '\n';
}

LogicalResult opgen::emitJsonText(EmitContext &EC, llvm::raw_ostream &OS) {
  emitJson(EC.M, OS);
  return success();
}
