//===- OperatorsHeader.cpp - Operators.h, MethodOperators.h, ops/*_ops.h --===//
//
// The at::_ops API: one struct per operator (`at::_ops::add_Tensor`) with
// the operator's dispatcher signature as `schema`, its name, overload and
// schema text, and the `call`/`redispatch` entry points that Operators_N.cpp
// defines. Operators.h holds the operators without a method variant and
// includes MethodOperators.h, which holds those with one (TensorBody.h needs
// only the latter). With per-operator headers each root name gets
// ops/<root>_ops.h and the two umbrella headers only include those.
//
//===----------------------------------------------------------------------===//

#include "opgen/Emit/ATen/AtenGroups.h"
#include "opgen/Emit/CppApiWrappers.h"
#include "opgen/Emit/CppString.h"
#include "opgen/Emit/Emitters.h"
#include "opgen/Support/Parallel.h"

#include <algorithm>

using namespace opgen;
using namespace llvm;

/// The at::_ops struct declaring \p F (torchgen's ComputeOperators with
/// Target.DECLARATION), from the texts the headers share.
static std::string declareOperator(const NativeFunction &F,
                                   const FunctionTexts &T) {
  const std::string &Name =
      F.Names ? F.Names->Unambiguous : F.Func.Name.unambiguousName();
  StringRef Ret = T.returns();
  std::string S;
  S.reserve(640 + T.schema().size() + 2 * T.params().size() + T.types().size());
  S += "\nstruct TORCH_API ";
  S += Name;
  S += " {\n  using schema = ";
  S += Ret;
  S += " (";
  S += T.types();
  S += ");\n  using ptr_schema = schema*;\n"
       "  // See Note [static constexpr char* members for windows NVCC]\n"
       "  static constexpr const char* name = \"aten::";
  S += F.Func.Name.Name.str();
  S += "\";\n  static constexpr const char* overload_name = \"";
  S += F.Func.Name.OverloadName;
  S += "\";\n  static constexpr const char* schema_str = ";
  appendCppString(S, T.schema(), T.PlainSchema);
  S += ";\n  static ";
  S += Ret;
  S += " call(";
  S += T.params();
  S += ");\n  static ";
  S += Ret;
  S += " redispatch(c10::DispatchKeySet dispatchKeySet";
  if (!T.params().empty())
    S += ", ";
  S += T.params();
  S += ");\n};";
  return S;
}

/// `#include <ATen/ops/<root><Suffix>.h>`.
static std::string opsInclude(StringRef Root, StringRef Suffix) {
  return ("#include <ATen/ops/" + Root + Suffix + ".h>").str();
}

LogicalResult opgen::emitOperatorsHeaders(EmitContext &EC) {
  if (!EC.Options.GenerateHeaders)
    return success();
  const Module &M = EC.M;
  FileManager &Files = EC.files();

  CppWrapperCache &Cache = getCppWrapperCache(EC);
  std::vector<std::string> Decls(M.Functions.size());
  EC.Ctx.getThreadPool().parallelFor(
      EC.Options.Threads, M.Functions.size(), [&](size_t I) {
        const NativeFunction &F = M.Functions[I];
        Decls[I] = declareOperator(F, Cache.texts(F));
      });

  if (!EC.Options.PerOperatorHeaders) {
    std::vector<std::string> Method, NonMethod;
    for (size_t I = 0, E = M.Functions.size(); I != E; ++I)
      (M.Functions[I].VariantMethod ? Method : NonMethod)
          .push_back(std::move(Decls[I]));
    if (failed(Files.write(
            "MethodOperators.h",
            {{"MethodOperators_includes", std::vector<std::string>()},
             {"MethodOperators_declarations", std::move(Method)}})))
      return failure();
    return Files.write(
        "Operators.h",
        {{"Operators_includes",
          std::vector<std::string>{"#include <ATen/MethodOperators.h>"}},
         {"Operators_declarations", std::move(NonMethod)}});
  }

  FileManager &Ops = EC.files(OutputFolder::Ops);
  auto ByRoot = getFunctionsByRootName(M);
  std::vector<std::string> Roots, MethodIncludes;
  for (auto &[Root, Ids] : ByRoot) {
    std::vector<std::string> RootDecls;
    bool AnyMethod = false;
    for (FunctionId Id : Ids) {
      RootDecls.push_back(std::move(Decls[Id]));
      AnyMethod |= M.Functions[Id].VariantMethod;
    }
    if (failed(Ops.writeWithTemplate(Root + "_ops.h", "Operator.h",
                                     {{"declarations", std::move(RootDecls)}})))
      return failure();
    Roots.push_back(Root);
    if (AnyMethod)
      MethodIncludes.push_back(opsInclude(Root, "_ops"));
  }
  // Operators.h sorts the root names, MethodOperators.h the include lines;
  // the orders differ where one root name extends another with `_`.
  std::sort(Roots.begin(), Roots.end());
  std::vector<std::string> AllIncludes;
  for (const std::string &Root : Roots)
    AllIncludes.push_back(opsInclude(Root, "_ops"));
  std::sort(MethodIncludes.begin(), MethodIncludes.end());
  if (failed(Files.write(
          "Operators.h",
          {{"Operators_includes", std::move(AllIncludes)},
           {"Operators_declarations", std::vector<std::string>()}})))
    return failure();
  return Files.write(
      "MethodOperators.h",
      {{"MethodOperators_includes", std::move(MethodIncludes)},
       {"MethodOperators_declarations", std::vector<std::string>()}});
}
