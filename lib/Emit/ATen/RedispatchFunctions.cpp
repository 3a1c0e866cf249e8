//===- RedispatchFunctions.cpp - RedispatchFunctions.h --------------------===//
//
// at::redispatch::add(dispatchKeySet, ...): the functional C++ API with an
// explicit dispatch key set, for kernels that call back into the dispatcher
// below their own key. Every function gets them, method-only ones included,
// since functions (unlike methods) can live in a namespace of their own.
//
//===----------------------------------------------------------------------===//

#include "opgen/Emit/CppApiWrappers.h"
#include "opgen/Emit/Emitters.h"

using namespace opgen;
using namespace llvm;

static std::optional<std::string> redispatchWrappers(EmitContext &EC,
                                                     CppWrapperCache &Cache,
                                                     const NativeFunction &F,
                                                     bool &Failed) {
  const CppWrappers *Wrappers = Cache.get(EC, F, /*Method=*/false);
  if (!Wrappers) {
    Failed = true;
    return std::nullopt;
  }
  StringRef Schema = Cache.texts(F).schema();
  std::string Out;
  // Reserved: growing the text as it is appended cost about 3 M
  // instructions.
  size_t Len = 0;
  for (const CppWrapper &W : *Wrappers)
    Len += Schema.size() + W.returns().size() + W.declArgs().size() +
           W.callArgs().size() + F.Names->Unambiguous.size() + 200;
  Out.reserve(Len);
  for (const CppWrapper &W : *Wrappers) {
    Out += "\n// aten::";
    Out += Schema;
    Out += "\ninline ";
    W.appendSignature(Out, W.name(), /*Defn=*/false, /*Redispatch=*/true);
    Out += " {\n    return at::_ops::";
    Out += F.Names->Unambiguous;
    Out += "::redispatch(dispatchKeySet";
    if (!W.callArgs().empty())
      Out += ", ";
    Out += W.callArgs();
    Out += ");\n}\n";
  }
  return Out;
}

LogicalResult opgen::emitRedispatchFunctionsHeader(EmitContext &EC) {
  if (!EC.Options.GenerateHeaders)
    return success();
  if (failed(checkCppApiModule(EC, "RedispatchFunctions.h")))
    return failure();
  CppWrapperCache &Cache = getCppWrapperCache(EC);
  std::vector<std::optional<std::string>> Texts;
  if (failed(forEachFunction(
          EC,
          [&](const NativeFunction &F, bool &Failed) {
            return redispatchWrappers(EC, Cache, F, Failed);
          },
          Texts)))
    return failure();
  TemplateEnv Env;
  Env["function_redispatch_definitions"] = presentTexts(Texts);
  return EC.files().write("RedispatchFunctions.h", std::move(Env));
}
