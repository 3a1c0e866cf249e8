//===- VariableTypeSources.cpp - VariableType.h and VariableType_*.cpp ----===//
//
// What torchgen's gen_variable_type writes: VariableType.h, then in two
// stages the autograd kernels. The first stage makes templates/VariableType.cpp
// (in the output folder) from the folder's template, with a definitions
// placeholder and a TORCH_LIBRARY_IMPL block per dispatch key
// derivatives.yaml uses; the second substitutes that generated template
// into VariableType_0..9.cpp and VariableTypeEverything.cpp, each function
// in the shard of its C++ name.
//
// A function without derivatives.yaml entry and with differentiable
// outputs gets no kernel but the boxed autogradNotImplementedFallback
// (except where the policy tables want the generated checks).
//
//===----------------------------------------------------------------------===//

#include "VariableTypeBody.h"

#include "opgen/AutogradApi/DifferentiabilityInfo.h"
#include "opgen/CppApi/CppSignature.h"
#include "opgen/Emit/Emitters.h"

#include "llvm/ADT/STLExtras.h"

using namespace opgen;
using namespace opgen::vtbody;
using namespace llvm;

namespace {

/// torchgen's gen_variable_type_func: the definitions and registrations of
/// one function, by sharded placeholder; false after reporting a problem.
bool genVariableTypeFunc(const Module &M, const AutogradModel &AM,
                         const AutogradTables &Tab,
                         const FunctionWithDerivatives &FW, DiagnosticEngine &D,
                         TemplateEnv &Env) {
  const NativeFunction &F = M.Functions[FW.Func];
  const InfosByKey *Infos = AM.getInfos(FW);
  std::string Name = autogradCppName(F);
  std::string Formals = genFormals(F);
  bool Ok = true;
  auto Definition = [&](StringRef Key) {
    BodyEmitter BE(M, AM, Tab, FW, Key, D);
    std::optional<std::vector<std::string>> Body = BE.emit();
    if (!Body) {
      Ok = false;
      return;
    }
    std::string Wrapper = typeWrapperName(F, Key);
    Env[("type_derived_method_definitions_" + Key).str()] =
        std::vector<std::string>{
            methodDefinition(kernelReturnType(F), Wrapper, Formals, *Body)};
    Env[("wrapper_registrations_" + Key).str()] = std::vector<std::string>{
        wrapperRegistration(F.Func.Name.str(), "VariableType", Wrapper)};
  };

  bool NotImplemented = false;
  if (!Infos && !Tab.ResetGradAccumulator.count(F.Func.Name.Name.str()) &&
      !Tab.DontRequireDerivative.count(getBaseName(F).str()) &&
      !Tab.DontEnforceSameTensorImplOrStorage.count(Name)) {
    std::string Wrapper = typeWrapperName(F);
    if (!Tab.DontEnforceStorageImplUseCount.count(Wrapper) &&
        !Tab.DontEnforceTensorImplUseCount.count(Wrapper)) {
      std::optional<std::vector<DifferentiableOutput>> Outs =
          getDifferentiableOutputs(M, AM, FW, "Default", D);
      if (!Outs)
        return false;
      NotImplemented = !Outs->empty();
    }
  }
  if (NotImplemented) {
    Env["type_derived_method_definitions_Default"] =
        std::vector<std::string>{""};
    Env["wrapper_registrations_Default"] = std::vector<std::string>{
        autogradNotImplementedRegistration(F.Func.Name.str())};
  } else if (!Infos) {
    Definition("Default");
  } else {
    for (const auto &KI : *Infos)
      Definition(KI.first);
  }

  SMLoc Loc = F.FuncLoc;
  bool InManualBackend = Tab.ManualBackend.count(Name) != 0;
  if (InManualBackend != F.ManualKernelRegistration) {
    D.error(Loc, Twine("(name in MANUAL_BACKEND) != "
                       "f.manual_kernel_registration: ") +
                     (InManualBackend ? "True" : "False") +
                     " != " + (F.ManualKernelRegistration ? "True" : "False"));
    Ok = false;
  }
  bool HasFormula = Infos && any_of(*Infos, [](const auto &KI) {
                      return KI.second.hasDerivatives();
                    });
  if ((Tab.ManualAutogradAndTracer.count(Name) || HasFormula) &&
      !F.IsAbstract) {
    D.error(Loc, "There's a formula for " + Name +
                     "(or its functional variant) in derivatives.yaml. It's "
                     "required to add a dispatch section for it with explicit "
                     "supported backends e.g CPU/CUDA or "
                     "CompositeExplicitAutograd in native_functions.yaml. "
                     "Please see "
                     "https://github.com/pytorch/pytorch/tree/master/aten/src/"
                     "ATen/native#choosing-the-right-dispatch-keyword for "
                     "instructions to choose the right dispatch keyword.");
    Ok = false;
  }
  return Ok;
}

} // namespace

LogicalResult opgen::emitVariableType(EmitContext &EC) {
  if (EC.Options.DisableAutograd)
    return success();
  DiagnosticEngine &D = EC.Ctx.getDiags();
  if (!EC.Autograd || !EC.Options.AutogradPolicy) {
    D.error(SMLoc(), "VariableType needs the autograd model and the policy "
                     "tables (--autograd-dir)");
    return failure();
  }
  const Module &M = EC.M;
  const AutogradModel &AM = *EC.Autograd;
  const AutogradTables &Tab = *EC.Options.AutogradPolicy;
  FileManager &FM = EC.files();
  const std::string &CommentDir = EC.Options.AutogradTemplateDirForComments;

  bool Ok = succeeded(FM.write(
      "VariableType.h", {{"generated_comment", "@generated from " + CommentDir +
                                                   "/VariableType.h"}}));

  // The first stage: a placeholder and a registration block per key.
  std::vector<std::string> DefKeys, RegKeys;
  std::string Defs, Regs;
  for (const std::string &Key : AM.UsedDispatchKeys) {
    DefKeys.push_back("type_derived_method_definitions_" + Key);
    RegKeys.push_back("wrapper_registrations_" + Key);
    if (!Defs.empty()) {
      Defs += "\n\n";
      Regs += "\n\n";
    }
    Defs += "${" + DefKeys.back() + "}";
    Regs += "TORCH_LIBRARY_IMPL(aten, " +
            (Key == "Default" ? std::string("Autograd") : Key) + ", m) {\n${" +
            RegKeys.back() + "}\n}";
  }
  std::optional<std::string> Stage1 = FM.substitute(
      "VariableType.cpp", TemplateEnv{{"type_derived_method_definitions", Defs},
                                      {"wrapper_registrations", Regs}});
  if (!Stage1)
    return failure();
  CodeTemplate Stage2(*Stage1, "templates/VariableType.cpp");
  Ok &= succeeded(FM.writeText("templates/VariableType.cpp", *Stage1));

  // The kernels of the functions VariableType handles (use_derived).
  std::vector<const FunctionWithDerivatives *> Fns;
  for (const FunctionWithDerivatives &FW : AM.Functions) {
    if (useDerived(M, AM, Tab, FW))
      Fns.push_back(&FW);
  }
  std::vector<ShardItem> Items(Fns.size());
  std::vector<char> Failed(Fns.size(), 0);
  D.beginDeferred();
  EC.Ctx.getThreadPool().parallelFor(
      EC.Options.Threads, Fns.size(), [&](size_t I) {
        const NativeFunction &F = M.Functions[Fns[I]->Func];
        Items[I].Key = autogradCppName(F);
        Failed[I] = !genVariableTypeFunc(M, AM, Tab, *Fns[I], D, Items[I].Env);
      });
  D.flushDeferred();
  if (is_contained(Failed, 1))
    return failure();

  std::vector<StringRef> ShardedKeys;
  for (const std::string &K : DefKeys)
    ShardedKeys.push_back(K);
  for (const std::string &K : RegKeys)
    ShardedKeys.push_back(K);
  TemplateEnv Base;
  Base["generated_comment"] =
      "@generated from " + CommentDir + "/VariableType.cpp";
  Ok &= succeeded(FM.addSharded(
      FM.makeSharded("VariableType.cpp", Stage2, std::move(Items),
                     /*NumShards=*/10, Base, ShardedKeys, EC.Options.Threads)));
  return success(Ok);
}
