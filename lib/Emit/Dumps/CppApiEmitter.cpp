//===- CppApiEmitter.cpp - The C++ API view of every function -------------===//
//
// Prints, per function, what the CppApi layer computes for it, in the format
// of shared/reference/API-DUMP.md, so that it can be compared byte for byte
// with torchgen_api_dump.py: one compact JSON object a line, keys sorted,
// non-ASCII escaped as Python's json module does.
//
//===----------------------------------------------------------------------===//

#include "opgen/CppApi/CppSignature.h"
#include "opgen/CppApi/FunctionalizationApi.h"
#include "opgen/CppApi/NativeSignature.h"
#include "opgen/CppApi/StructuredApi.h"
#include "opgen/CppApi/UfuncApi.h"
#include "opgen/Emit/Emitters.h"
#include "opgen/Emit/Dumps/IREmitters.h"

#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

using namespace opgen;
using namespace llvm;
using json = nlohmann::json;

static json decls(const std::vector<Binding> &Bs) {
  json A = json::array();
  for (const Binding &B : Bs)
    A.push_back(B.decl());
  return A;
}

/// One variant's CppSignatureGroup.
static json cppGroup(const NativeFunction &F, bool Method) {
  CppSignatureGroup G =
      CppSignatureGroup::get(F, Method, /*FallbackBinding=*/F.ManualCppBinding);
  json J;
  J["decl"] = G.Signature.decl();
  J["defn"] = G.Signature.defn();
  J["redispatch_decl"] = G.Signature.decl(/*Redispatch=*/true);
  if (G.SymIntSignature)
    J["symint_decl"] = G.SymIntSignature->decl();
  if (G.FaithfulSignature)
    J["faithful_decl"] = G.FaithfulSignature->decl();
  if (G.SymIntFaithfulSignature)
    J["symint_faithful_decl"] = G.SymIntFaithfulSignature->decl();
  return J;
}

static json functionApi(const NativeFunction &F) {
  json D;
  D["name"] = F.Func.Name.str();
  DispatcherSignature Dispatcher(F);
  D["dispatcher"] = {{"name", F.Names->Dispatcher},
                     {"decl", Dispatcher.decl()},
                     {"returns", Dispatcher.returnsType().str()}};
  json Cpp;
  Cpp["name"] = F.Names->Cpp;
  Cpp["faithful_name"] = cppName(F, /*FaithfulOutName=*/true);
  Cpp["returns"] =
      returnsCType(F.Func.Returns, CppApiFlags::forFunction(F)).str();
  Cpp["return_names"] = returnNames(F);
  if (F.VariantFunction)
    Cpp["function"] = cppGroup(F, /*Method=*/false);
  if (F.VariantMethod)
    Cpp["method"] = cppGroup(F, /*Method=*/true);
  D["cpp"] = std::move(Cpp);
  NativeSignature Native{&F, /*SymInt=*/false, ""};
  NativeSignature NativeSymInt{&F, /*SymInt=*/true, ""};
  D["native"] = {{"name", nativeName(F)},
                 {"decl", Native.decl()},
                 {"symint_decl", NativeSymInt.decl()}};
  return D;
}

LogicalResult opgen::emitCppApiText(EmitContext &EC, raw_ostream &OS) {
  const Module &M = EC.M;
  DiagnosticEngine &D = EC.Ctx.getDiags();
  if (!M.Groups || !M.ViewGroups ||
      any_of(M.Functions,
             [](const NativeFunction &F) { return !F.Names.has_value(); })) {
    D.error(SMLoc(), "--emit=cpp-api needs the groups, view groups and kernel "
                     "names of the default pipeline; run it with "
                     "-passes=default");
    return failure();
  }
  // A type torchgen's C++ API cannot spell would make it fail; say which,
  // at the function, before printing anything.
  bool TypesOk = true;
  for (const NativeFunction &F : M.Functions)
    if (std::optional<std::string> Why = checkCppTypes(F.Func)) {
      D.error(F.FuncLoc,
              "cannot generate C++ for `" + F.Func.Name.str() + "`: " + *Why);
      TypesOk = false;
    }
  if (!TypesOk)
    return failure();

  // What belongs to a group or a view group goes with one of its functions.
  std::vector<json> Extra(M.Functions.size(), json::object());
  for (const FunctionGroup &G : *M.Groups) {
    if (!G.IsGroup)
      continue;
    json &E = Extra[G.Functional];
    if (G.Structured)
      E["structured"] = {{"meta_name", metaName(M, G)},
                         {"meta_arguments", decls(metaArguments(M, G))},
                         {"impl_arguments", decls(implArguments(M, G))},
                         {"out_arguments", decls(outArguments(M, G))}};
    if (!M.Functions[G.Out].UfuncInnerLoops.empty())
      E["ufunc"] = {
          {"kernel_name_cpu", ufuncKernelName(M, G, DispatchKey::CPU)},
          {"kernel_name_cuda", ufuncKernelName(M, G, DispatchKey::CUDA)},
          {"stub_arguments", decls(ufuncStubArguments(M, G))}};
  }
  for (const ViewGroup &VG : *M.ViewGroups) {
    const NativeFunction &View = M.Functions[VG.View];
    // Views with a composite kernel decompose before functionalization.
    if (View.HasCompositeImplicitAutogradKernel)
      continue;
    Extra[VG.View]["view"] = {
        {"inverse_decl", viewInverseDecl(M, VG)},
        {"reverse_name", viewInverseName(View, /*WithNamespace=*/true)},
        {"classname", viewMetaClassName(View, /*WithNamespace=*/true)}};
  }

  for (size_t I = 0, E = M.Functions.size(); I != E; ++I) {
    json D = functionApi(M.Functions[I]);
    D.update(Extra[I]);
    OS << D.dump(-1, ' ', /*ensure_ascii=*/true, json::error_handler_t::replace)
       << '\n';
  }
  return success();
}
