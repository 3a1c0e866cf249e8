//===- NativeMetaFunctionsHeader.cpp - NativeMetaFunctions.h, ops/*_meta.h ===//
//
// Every structured group's meta class (torchgen's
// compute_meta_function_declaration), which the group's kernels derive from:
//
//   struct TORCH_API structured_add_Tensor : public TensorIteratorBase {
//       void meta(const at::Tensor & self, const at::Tensor & other,
//                 const at::Scalar & alpha);
//   };
//
// A group with `precomputed:` arguments gets a `precompute_out` template
// whose bool parameters record which of them meta has set (one setter each,
// which refuses to set an argument twice), and meta returns it with all of
// them set.
//
// Without --per-operator-headers this is one NativeMetaFunctions.h; with it,
// ops/<root>_meta.h for each root name with a structured group, and
// NativeMetaFunctions.h includes one per root name.
//
//===----------------------------------------------------------------------===//

#include "opgen/CppApi/StructuredApi.h"
#include "opgen/Emit/ATen/AtenGroups.h"
#include "opgen/Emit/Emitters.h"
#include "opgen/Emit/ATen/StructuredDeclarations.h"
#include "opgen/Support/Parallel.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace opgen;
using namespace llvm;

/// structured.argument_type(...).cpp_type(strip_ref=True).
static std::string valueType(const Argument &A) {
  CType T = structuredArgumentCType(A.Ty);
  while (T.kind() == CType::ConstRef || T.kind() == CType::MutRef) {
    CType E = T.elem();
    T = std::move(E);
  }
  return T.str();
}

/// `precompute_out` and the lines that use it, for the elements \p Elems.
static std::string precomputeDecl(ArrayRef<const Argument *> Elems,
                                  std::string &ReturnTypedef) {
  std::vector<std::string> Params, Types;
  for (const Argument *A : Elems) {
    Params.push_back(StringRef(A->Name).upper());
    Types.push_back(valueType(*A));
  }
  std::string Template = "template <";
  for (size_t I = 0; I != Params.size(); ++I)
    Template += (I ? ", bool " : "bool ") + Params[I] + " = false";
  Template += ">";

  // The indentation is torchgen's; the template drops what is left of it
  // on lines without text.
  std::string Setters;
  for (size_t I = 0; I != Elems.size(); ++I) {
    const std::string &Name = Elems[I]->Name;
    std::string Ret = "precompute_out<";
    for (size_t J = 0; J != Params.size(); ++J)
      Ret += (J ? ", " : "") + (I == J ? std::string("true") : Params[J]);
    Ret += ">";
    if (I)
      Setters += "\n";
    Setters += "\n                    " + Ret + " set_" + Name + "(" +
               Types[I] + " value) {\n                        static_assert(" +
               Params[I] + " == false, \"" + Name +
               " already set\");\n                        " + Ret + " ret;";
    for (size_t J = 0; J != Elems.size(); ++J)
      Setters += "\nret." + Elems[J]->Name +
                 (I == J ? " = value;" : " = this->" + Elems[J]->Name + ";");
    Setters += "\nreturn ret;\n                    }\n                ";
  }

  std::string Members;
  for (size_t I = 0; I != Elems.size(); ++I)
    Members += (I ? ";\n" : "") + Types[I] + " " + Elems[I]->Name;

  ReturnTypedef = "using meta_return_ty = precompute_out <";
  for (size_t I = 0; I != Elems.size(); ++I)
    ReturnTypedef += I ? ", true" : "true";
  ReturnTypedef += ">;";
  return "\n                " + Template +
         "\n                struct TORCH_API precompute_out {\n"
         "                    " +
         Setters + "\n                    " + Members + ";\n            };";
}

std::string opgen::metaDeclaration(const Module &M, const FunctionGroup &G) {
  const NativeFunction &Out = M.Functions[G.Out];
  std::string Parent =
      Out.StructuredInherits ? *Out.StructuredInherits : "at::impl::MetaBase";
  std::string Precomputed, Typedef, Return = "void";
  if (Out.Precomputed) {
    // Replacements in the order given, then the additions.
    std::vector<const Argument *> Elems;
    for (const auto &[Name, Args] : Out.Precomputed->Replace)
      for (const Argument &A : Args)
        Elems.push_back(&A);
    for (const Argument &A : Out.Precomputed->Add)
      Elems.push_back(&A);
    Precomputed = precomputeDecl(Elems, Typedef);
    Return = "meta_return_ty";
  }
  return "struct TORCH_API structured_" + metaName(M, G) + " : public " +
         Parent + " {\n    " + Precomputed + "\n    " + Typedef + "\n    " +
         Return + " meta(" + joinBindings(metaArguments(M, G)) + ");\n};\n";
}

LogicalResult opgen::emitNativeMetaFunctionsHeaders(EmitContext &EC) {
  if (!EC.Options.GenerateHeaders)
    return success();
  const Module &M = EC.M;
  DiagnosticEngine &D = EC.Ctx.getDiags();
  if (!M.Groups) {
    D.error(SMLoc(), "NativeMetaFunctions.h needs the default pipeline "
                     "(function groups) to have run");
    return failure();
  }
  const std::vector<FunctionGroup> &Groups = *M.Groups;
  size_t N = Groups.size();
  std::vector<std::string> Decls(N);
  std::vector<char> Failed(N, 0);
  D.beginDeferred();
  EC.Ctx.getThreadPool().parallelFor(EC.Options.Threads, N, [&](size_t I) {
    const FunctionGroup &G = Groups[I];
    if (!G.IsGroup || !G.Structured)
      return;
    for (FunctionId Id : {G.Functional, G.Out})
      if (std::optional<std::string> Why =
              checkCppTypes(M.Functions[Id].Func)) {
        D.error(M.Functions[Id].FuncLoc,
                "cannot declare the meta function of `" +
                    M.Functions[Id].Func.Name.str() + "`: " + *Why);
        Failed[I] = 1;
        return;
      }
    Decls[I] = metaDeclaration(M, G);
  });
  D.flushDeferred();
  if (is_contained(Failed, 1))
    return failure();
  auto IsStructured = [&](size_t I) {
    return Groups[I].IsGroup && Groups[I].Structured;
  };

  FileManager &Install = EC.files();
  if (!EC.Options.PerOperatorHeaders) {
    std::vector<std::string> All;
    for (size_t I = 0; I != N; ++I)
      if (IsStructured(I))
        All.push_back(std::move(Decls[I]));
    TemplateEnv Env;
    Env["NativeMetaFunctions_includes"] = std::vector<std::string>();
    Env["NativeMetaFunctions_declarations"] = std::move(All);
    return Install.write("NativeMetaFunctions.h", std::move(Env));
  }

  std::vector<std::pair<std::string, std::vector<size_t>>> Roots =
      getGroupsByRootName(M);
  FileManager &Ops = EC.files(OutputFolder::Ops);
  for (const auto &[Root, RootGroups] : Roots) {
    std::vector<std::string> RootDecls;
    for (size_t I : RootGroups)
      if (IsStructured(I))
        RootDecls.push_back(std::move(Decls[I]));
    // Only roots with a structured group have a meta header.
    if (RootDecls.empty())
      continue;
    TemplateEnv Env;
    Env["meta_function_declarations"] = std::move(RootDecls);
    if (failed(Ops.writeWithTemplate(Root + "_meta.h", "NativeMetaFunction.h",
                                     std::move(Env))))
      return failure();
  }

  // Every root name is included, with a structured group or not.
  std::vector<StringRef> Names;
  for (const auto &[Root, RootGroups] : Roots)
    Names.push_back(Root);
  llvm::sort(Names);
  std::vector<std::string> Includes;
  for (StringRef Root : Names)
    Includes.push_back(("#include <ATen/ops/" + Root + "_meta.h>").str());
  TemplateEnv Env;
  Env["NativeMetaFunctions_includes"] = std::move(Includes);
  Env["NativeMetaFunctions_declarations"] = std::vector<std::string>();
  return Install.write("NativeMetaFunctions.h", std::move(Env));
}
