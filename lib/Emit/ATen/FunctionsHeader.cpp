//===- FunctionsHeader.cpp - Functions.h and ops/<root>.h -----------------===//
//
// The functional C++ API (at::add, at::add_out, at::add_outf, ...): inline
// wrappers calling at::_ops. Aggregated, they all go into Functions.h; with
// per-operator headers each root name's go into ops/<root>.h and
// Functions.h only includes those; with static dispatch, ops/<root>.h also
// includes the backends' headers its operators' calls go to.
//
//===----------------------------------------------------------------------===//

#include "opgen/Emit/ATen/AtenGroups.h"
#include "opgen/Emit/CppApiWrappers.h"
#include "opgen/Emit/Emitters.h"
#include "opgen/Emit/ATen/StaticDispatch.h"
#include "opgen/Support/Parallel.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>

using namespace opgen;
using namespace llvm;

/// Every wrapper of \p F, as torchgen's ComputeFunction writes them: the
/// at:: function for each signature (when F has a function variant), and
/// for a function taking SymInt also a template in at::symint, selected by
/// the integer type, whatever the variants.
static std::optional<std::string> functionWrappers(EmitContext &EC,
                                                   CppWrapperCache &Cache,
                                                   const NativeFunction &F,
                                                   bool &Failed) {
  const CppWrappers *Wrappers = Cache.get(EC, F, /*Method=*/false);
  if (!Wrappers) {
    Failed = true;
    return std::nullopt;
  }
  bool HasSymInt = F.Func.Args.hasSymIntArg();
  const std::string &Op = F.Names->Unambiguous;
  StringRef Schema = Cache.texts(F).schema();
  std::string Out;
  // Reserved: growing the text as it is appended cost about 3 M
  // instructions.
  size_t Len = 0;
  for (const CppWrapper &W : *Wrappers)
    Len += 2 * (Schema.size() + W.returns().size() + W.declArgs().size() +
                W.callArgs().size() + Op.size()) +
           250;
  Out.reserve(Len);
  for (const CppWrapper &W : *Wrappers) {
    const CppSignature &Sig = W.Sig;
    if (F.VariantFunction) {
      Out += "\n// aten::";
      Out += Schema;
      Out += "\ninline ";
      W.appendSignature(Out, W.name(), /*Defn=*/false);
      Out += " {\n    return at::_ops::";
      Out += Op;
      Out += "::call(";
      Out += W.callArgs();
      Out += ");\n}";
    }
    if (HasSymInt) {
      // The template's name is the same for int64_t and SymInt: the
      // non-SymInt signature's.
      std::string SymIntName;
      if (Sig.SymInt) {
        SymIntName = cppName(F, Sig.Faithful, /*SymIntOverload=*/false);
        if (Sig.FallbackBinding)
          SymIntName = "__dispatch_" + SymIntName;
      }
      StringRef Name = Sig.SymInt ? StringRef(SymIntName) : W.name();
      Out += "\nnamespace symint {\n  template <typename T, typename = "
             "std::enable_if_t<std::is_same_v<T, ";
      Out += Sig.SymInt ? "c10::SymInt" : "int64_t";
      Out += ">>>\n  ";
      W.appendSignature(Out, Name, /*Defn=*/false);
      Out += " {\n    return at::_ops::";
      Out += Op;
      Out += "::call(";
      Out += W.callArgs();
      Out += ");\n  }\n}\n";
    }
  }
  return Out;
}

LogicalResult opgen::emitFunctionsHeader(EmitContext &EC) {
  if (!EC.Options.GenerateHeaders)
    return success();
  if (failed(checkCppApiModule(EC, "Functions.h")))
    return failure();
  CppWrapperCache &Cache = getCppWrapperCache(EC);
  std::vector<std::optional<std::string>> Texts;
  if (failed(forEachFunction(
          EC,
          [&](const NativeFunction &F, bool &Failed) {
            return functionWrappers(EC, Cache, F, Failed);
          },
          Texts)))
    return failure();

  FileManager &Install = EC.files();
  ArrayRef<DispatchKey> StaticKeys = EC.Options.StaticDispatchBackends;
  if (!EC.Options.PerOperatorHeaders) {
    TemplateEnv Env;
    // torchgen hands the template static dispatch's headers, which 2.14's
    // template leaves unused: the wrappers call at::_ops, not the kernels.
    Env["static_dispatch_extra_headers"] =
        StaticDispatch::getExtraHeaders(EC.M, StaticKeys);
    Env["Functions_includes"] =
        std::vector<std::string>{"#include <ATen/Operators.h>"};
    Env["Functions_declarations"] = presentTexts(Texts);
    return Install.write("Functions.h", std::move(Env));
  }

  // One ops/<root>.h per root name, substituted on threads and written in
  // order.
  auto Roots = getFunctionsByRootName(EC.M);
  StaticDispatch SD(EC.M, StaticKeys);
  FileManager &Ops = EC.files(OutputFolder::Ops);
  std::vector<std::optional<std::string>> Headers(Roots.size());
  DiagnosticEngine &D = EC.Ctx.getDiags();
  D.beginDeferred();
  EC.Ctx.getThreadPool().parallelFor(
      EC.Options.Threads, Roots.size(), [&](size_t I) {
        const auto &[Root, Ids] = Roots[I];
        std::vector<std::string> Defs, StaticHeaders;
        Defs.reserve(Ids.size());
        for (FunctionId Id : Ids) {
          if (Texts[Id])
            Defs.push_back(*Texts[Id]);
          if (!SD.empty())
            if (std::optional<std::string> H =
                    SD.getOpsHeader(EC.M.Functions[Id]))
              StaticHeaders.push_back(std::move(*H));
        }
        TemplateEnv Env;
        Env["static_dispatch_ops_headers"] = std::move(StaticHeaders);
        Env["operator_includes"] = "#include <ATen/ops/" + Root + "_ops.h>";
        Env["function_definitions"] = std::move(Defs);
        Headers[I] = Ops.substitute("Function.h", std::move(Env));
      });
  D.flushDeferred();
  bool Ok = true;
  for (size_t I = 0; I != Roots.size(); ++I)
    Ok &= Headers[I] && succeeded(Ops.writeText(Roots[I].first + ".h",
                                                std::move(*Headers[I])));
  if (!Ok)
    return failure();

  std::vector<std::string> Names;
  Names.reserve(Roots.size());
  for (const auto &R : Roots)
    Names.push_back(R.first);
  std::sort(Names.begin(), Names.end());
  std::vector<std::string> Includes;
  Includes.reserve(Names.size());
  for (const std::string &Name : Names)
    Includes.push_back("#include <ATen/ops/" + Name + ".h>");
  TemplateEnv Env;
  Env["Functions_includes"] = std::move(Includes);
  Env["Functions_declarations"] = std::vector<std::string>();
  return Install.write("Functions.h", std::move(Env));
}
