//===- OperatorDefinitions.cpp - Operators_N.cpp --------------------------===//
//
// The bodies of the at::_ops structs that Operators.h declares: each
// operator's typed handle is looked up in the dispatcher once (a function
// local static) and `call`/`redispatch` forward to it. The functions are
// spread over five shards by root name, so all overloads of an operator
// land in the same file, plus OperatorsEverything.cpp holding them all.
// With --static-dispatch-backend, call() calls the backends' kernels
// directly instead (StaticDispatch.h).
//
//===----------------------------------------------------------------------===//

#include "opgen/Emit/CppApiWrappers.h"
#include "opgen/Emit/Emitters.h"
#include "opgen/Emit/ATen/StaticDispatch.h"
#include "opgen/Support/Parallel.h"

#include "llvm/ADT/STLExtras.h"

#include <cstring>

using namespace opgen;
using namespace llvm;

/// Append \p Pieces to \p S, making room for all of them at once.
static void appendAll(std::string &S, std::initializer_list<StringRef> Pieces) {
  size_t Start = S.size(), Size = 0;
  for (StringRef P : Pieces)
    Size += P.size();
  S.resize(Start + Size);
  char *Out = &S[Start];
  for (StringRef P : Pieces) {
    std::memcpy(Out, P.data(), P.size());
    Out += P.size();
  }
}

/// The definitions of \p F's at::_ops members (torchgen's ComputeOperators
/// with Target.DEFINITION), from the dispatcher texts the headers share
/// (FunctionTexts); call() goes through \p SD when it has backends. None
/// after reporting a static call that cannot be made.
static std::optional<std::string> defineOperator(Context &Ctx,
                                                 const NativeFunction &F,
                                                 const FunctionTexts &T,
                                                 const StaticDispatch &SD) {
  std::string Fallback = F.Names ? "" : F.Func.Name.unambiguousName();
  StringRef Name = F.Names ? StringRef(F.Names->Unambiguous) : Fallback;
  StringRef Schema = T.schema(), Ret = T.returns(), Params = T.params();
  SmallString<256> Exprs;
  for (const Binding &B : T.DispatcherArgs) {
    if (!Exprs.empty())
      Exprs += ", ";
    Exprs += B.Name;
  }
  StringRef Comma = Params.empty() ? "" : ", ";
  // torchgen's bodies start with a line of four blanks, which the template
  // strips; writing it empty keeps the text clean for the template's fast
  // path (CodeTemplate.cpp, isCleanBlockText).
  std::string S;
  S.reserve(1024 + 2 * Params.size() + 3 * Schema.size() + 8 * Name.size());
  appendAll(S, {"\n// aten::", Schema,
                "\nstatic C10_NOINLINE c10::TypedOperatorHandle<", Name,
                "::schema> create_", Name,
                "_typed_handle() {\n  return c10::Dispatcher::singleton()\n"
                "      .findSchemaOrThrow(",
                Name, "::name, ", Name, "::overload_name)\n      .typed<", Name,
                "::schema>();\n}\n"});
  if (SD.empty()) {
    appendAll(S, {"\n// aten::", Schema, "\n", Ret, " ", Name, "::call(",
                  Params, ") {\n\n    static auto op = create_", Name,
                  "_typed_handle();\n    return op.call(", Exprs, ");\n}\n"});
  } else {
    appendAll(S, {"\n// aten::", Schema, "\n", Ret, " ", Name, "::call(",
                  Params, ") {\n"});
    if (failed(SD.appendCallBody(Ctx, F, T.DispatcherArgs, S)))
      return std::nullopt;
    S += "\n}\n";
  }
  appendAll(S, {"\n// aten::", Schema, "\n", Ret, " ", Name,
                "::redispatch(c10::DispatchKeySet dispatchKeySet", Comma,
                Params, ") {\n\n    static auto op = create_", Name,
                "_typed_handle();\n    return op.redispatch(dispatchKeySet",
                Comma, Exprs, ");\n}\n"});
  return S;
}

LogicalResult opgen::emitOperatorDefinitions(EmitContext &EC) {
  if (!EC.Options.GenerateSources)
    return success();
  const Module &M = EC.M;
  CppWrapperCache &Cache = getCppWrapperCache(EC);
  StaticDispatch SD(M, EC.Options.StaticDispatchBackends);
  std::vector<ShardItem> Items(M.Functions.size());
  std::vector<char> Failed(M.Functions.size(), 0);
  DiagnosticEngine &D = EC.Ctx.getDiags();
  D.beginDeferred();
  EC.Ctx.getThreadPool().parallelFor(
      EC.Options.Threads, M.Functions.size(), [&](size_t I) {
        const NativeFunction &F = M.Functions[I];
        const std::string &Root = F.Names ? F.Names->Root : F.rootName();
        Items[I].Key = Root;
        Items[I].Env["operator_headers"] =
            std::vector<std::string>{"#include <ATen/ops/" + Root + ".h>"};
        std::optional<std::string> Defn =
            defineOperator(EC.Ctx, F, Cache.texts(F), SD);
        Failed[I] = !Defn;
        Items[I].Env["definitions"] =
            std::vector<std::string>{Defn ? std::move(*Defn) : std::string()};
      });
  D.flushDeferred();
  if (is_contained(Failed, 1))
    return failure();
  TemplateEnv Base;
  Base["static_dispatch_extra_headers"] =
      StaticDispatch::getExtraHeaders(M, EC.Options.StaticDispatchBackends);
  return EC.files().writeSharded(
      "Operators.cpp", "Operators.cpp", std::move(Items), /*NumShards=*/5, Base,
      {"operator_headers", "definitions", "static_dispatch_extra_headers"},
      EC.Options.Threads);
}
