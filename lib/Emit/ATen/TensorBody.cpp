//===- TensorBody.cpp - core/TensorBody.h ---------------------------------===//
//
// The method API (self.add(other)): the Tensor class declares one member per
// C++ signature of each function with a method variant, and the header
// defines them after the class as inline wrappers calling at::_ops.
//
//===----------------------------------------------------------------------===//

#include "opgen/Emit/CppApiWrappers.h"
#include "opgen/Emit/Emitters.h"

using namespace opgen;
using namespace llvm;

namespace {
/// A method's declarations (in the class) and definitions (after it).
struct MethodTexts {
  std::string Decls;
  std::string Defns;
};
} // namespace

static std::optional<MethodTexts> tensorMethods(EmitContext &EC,
                                                CppWrapperCache &Cache,
                                                const NativeFunction &F,
                                                bool &Failed) {
  if (!F.VariantMethod)
    return std::nullopt;
  DiagnosticEngine &D = EC.Ctx.getDiags();
  // The method API has no out= form and needs a `self` to be called on.
  if (F.Func.isOutFn() || !F.Func.Args.Self) {
    D.error(F.FuncLoc, "`" + F.Func.Name.str() +
                           "` cannot have a method variant: " +
                           (F.Func.isOutFn() ? "it is an out= function"
                                             : "it has no `self` argument"));
    Failed = true;
    return std::nullopt;
  }
  const FunctionTexts &Texts = Cache.texts(F);
  auto Wrappers = getCppWrappers(EC, F, /*Method=*/true, &Texts.DispatcherArgs,
                                 /*Definitions=*/true);
  if (!Wrappers) {
    Failed = true;
    return std::nullopt;
  }
  StringRef Schema = Texts.schema();
  MethodTexts T;
  for (const CppWrapper &W : *Wrappers) {
    StringRef Name = W.name();
    W.appendSignature(T.Decls, Name, /*Defn=*/false);
    T.Decls += " const;\n";
    T.Defns += "\n// aten::";
    T.Defns += Schema;
    T.Defns += "\ninline ";
    W.appendSignature(T.Defns, ("Tensor::" + Name).str(), /*Defn=*/true);
    T.Defns += " const {\n    return at::_ops::";
    T.Defns += F.Names->Unambiguous;
    T.Defns += "::call(";
    T.Defns += W.callArgs();
    T.Defns += ");\n}\n";
  }
  return T;
}

LogicalResult opgen::emitTensorBodyHeader(EmitContext &EC) {
  if (!EC.Options.GenerateHeaders)
    return success();
  if (failed(checkCppApiModule(EC, "core/TensorBody.h")))
    return failure();
  // Both texts of a method are made in one go; the definitions wait in
  // their own slots while the declarations go through forEachFunction.
  CppWrapperCache &Cache = getCppWrapperCache(EC);
  std::vector<std::optional<std::string>> Decls, Defns(EC.M.Functions.size());
  if (failed(forEachFunction(
          EC,
          [&](const NativeFunction &F,
              bool &Failed) -> std::optional<std::string> {
            std::optional<MethodTexts> T = tensorMethods(EC, Cache, F, Failed);
            if (!T)
              return std::nullopt;
            Defns[&F - EC.M.Functions.data()] = std::move(T->Defns);
            return std::move(T->Decls);
          },
          Decls)))
    return failure();
  TemplateEnv Env;
  Env["tensor_method_declarations"] = presentTexts(Decls);
  Env["tensor_method_definitions"] = presentTexts(Defns);
  return EC.files(OutputFolder::Core).write("TensorBody.h", std::move(Env));
}
