//===- OperatorDefinitions.cpp - Operators_N.cpp --------------------------===//
//
// The bodies of the at::_ops structs that Operators.h declares: each
// operator's typed handle is looked up in the dispatcher once (a function
// local static) and `call`/`redispatch` forward to it. The functions are
// spread over five shards by root name, so all overloads of an operator
// land in the same file, plus OperatorsEverything.cpp holding them all.
//
//===----------------------------------------------------------------------===//

#include "opgen/CppApi/CppTypes.h"
#include "opgen/Emit/Emitters.h"
#include "opgen/Emit/SchemaTexts.h"
#include "opgen/Support/Parallel.h"

using namespace opgen;
using namespace llvm;

/// The definitions of \p F's at::_ops members (torchgen's ComputeOperators
/// with Target.DEFINITION, without static dispatch).
static std::string defineOperator(const NativeFunction &F, StringRef Schema) {
  DispatcherSignature Sig(F);
  std::vector<Binding> Args = Sig.arguments();
  std::string Ret = Sig.returnsType().str();
  const std::string Name =
      F.Names ? F.Names->Unambiguous : F.Func.Name.unambiguousName();
  std::string Params, Exprs;
  for (const Binding &B : Args) {
    Params += ", ";
    B.NCType.Type.print(Params);
    Params += ' ';
    Params += B.Name;
    Exprs += ", ";
    Exprs += B.Name;
  }
  // Params and Exprs start with ", "; the `call` forms drop it.
  StringRef CallParams = StringRef(Params).drop_front(Params.empty() ? 0 : 2);
  StringRef CallExprs = StringRef(Exprs).drop_front(Exprs.empty() ? 0 : 2);

  std::string S;
  S.reserve(1024 + 2 * Params.size() + 3 * Schema.size() + 8 * Name.size());
  auto Add = [&S](std::initializer_list<StringRef> Pieces) {
    for (StringRef P : Pieces)
      S.append(P.data(), P.size());
  };
  Add({"\n// aten::", Schema, "\nstatic C10_NOINLINE c10::TypedOperatorHandle<",
       Name, "::schema> create_", Name,
       "_typed_handle() {\n  return c10::Dispatcher::singleton()\n"
       "      .findSchemaOrThrow(",
       Name, "::name, ", Name, "::overload_name)\n      .typed<", Name,
       "::schema>();\n}\n"});
  // torchgen's bodies start with a line of four blanks, which the template
  // strips; writing it empty keeps the text clean for the template's fast
  // path (CodeTemplate.cpp, isCleanBlockText).
  Add({"\n// aten::", Schema, "\n", Ret, " ", Name, "::call(", CallParams,
       ") {\n\n    static auto op = create_", Name,
       "_typed_handle();\n    return op.call(", CallExprs, ");\n}\n"});
  Add({"\n// aten::", Schema, "\n", Ret, " ", Name,
       "::redispatch(c10::DispatchKeySet dispatchKeySet", Params,
       ") {\n\n    static auto op = create_", Name,
       "_typed_handle();\n    return op.redispatch(dispatchKeySet", Exprs,
       ");\n}\n"});
  return S;
}

LogicalResult opgen::emitOperatorDefinitions(EmitContext &EC) {
  if (!EC.Options.GenerateSources)
    return success();
  const Module &M = EC.M;
  const std::vector<std::string> &Schemas = getSchemaTexts(EC);
  std::vector<ShardItem> Items(M.Functions.size());
  parallelFor(EC.Options.Threads, M.Functions.size(), [&](size_t I) {
    const NativeFunction &F = M.Functions[I];
    const std::string &Root = F.Names ? F.Names->Root : F.rootName();
    Items[I].Key = Root;
    Items[I].Env["operator_headers"] =
        std::vector<std::string>{"#include <ATen/ops/" + Root + ".h>"};
    Items[I].Env["definitions"] =
        std::vector<std::string>{defineOperator(F, Schemas[I])};
  });
  TemplateEnv Base;
  // Static dispatch's extra headers: none, since opgen refuses the flag.
  Base["static_dispatch_extra_headers"] = std::vector<std::string>();
  return EC.files().writeSharded(
      "Operators.cpp", "Operators.cpp", Items, /*NumShards=*/5, Base,
      {"operator_headers", "definitions", "static_dispatch_extra_headers"},
      EC.Options.Threads);
}
