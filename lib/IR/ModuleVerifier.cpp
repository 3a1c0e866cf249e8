//===- ModuleVerifier.cpp - Invariants between a module's parts -----------===//
//
// What must hold between passes: groups point at existing functions of the
// right kinds, every function is in exactly one group, names are present on
// all functions or none, backend indices name existing operators, and the
// structured kernels' relations hold (StructuredVerifier.cpp).
//
//===----------------------------------------------------------------------===//

#include "OperatorNameInfo.h"

#include "opgen/IR/Verifier.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/raw_ostream.h"

using namespace opgen;
using namespace llvm;

LogicalResult opgen::verifyModule(const Module &M, Context &Ctx) {
  DiagnosticEngine &D = Ctx.getDiags();
  unsigned Errors = 0;
  auto Error = [&](SMLoc L, const Twine &Msg) {
    D.error(L, "IR verifier: " + Msg);
    ++Errors;
  };
  size_t N = M.Functions.size();
  auto Check = [&](FunctionId Id, SchemaKind Want, StringRef Role) {
    if (Id >= N) {
      Error(SMLoc(), "a group's " + Role + " refers to function " + Twine(Id) +
                         " of " + Twine(N));
      return;
    }
    const NativeFunction &F = M.Functions[Id];
    if (F.Func.kind() != Want)
      Error(F.FuncLoc, "`" + F.Func.Name.str() + "` is the " + Role +
                           " of a group but is " + toString(F.Func.kind()));
  };
  if (M.Groups) {
    std::vector<unsigned> Seen(N);
    for (const FunctionGroup &G : *M.Groups) {
      if (!G.IsGroup) {
        if (G.Function < N)
          ++Seen[G.Function];
        else
          Error(SMLoc(), "a single refers to function " + Twine(G.Function));
        continue;
      }
      Check(G.Functional, SchemaKind::Functional, "functional");
      Check(G.Out, SchemaKind::Out, "out");
      if (G.Inplace)
        Check(*G.Inplace, SchemaKind::Inplace, "inplace");
      if (G.Mutable)
        Check(*G.Mutable, SchemaKind::Mutable, "mutable");
      for (FunctionId Id : G.members())
        if (Id < N)
          ++Seen[Id];
    }
    for (size_t I = 0; I < N; ++I)
      if (Seen[I] != 1)
        Error(M.Functions[I].FuncLoc, "`" + M.Functions[I].Func.Name.str() +
                                          "` is in " + Twine(Seen[I]) +
                                          " groups, not one");
  }
  if (M.ViewGroups)
    for (const ViewGroup &G : *M.ViewGroups)
      for (FunctionId Id : G.members())
        if (Id >= N)
          Error(SMLoc(), "a view group refers to function " + Twine(Id));
  bool AnyNames = false, AllNames = true;
  for (const NativeFunction &F : M.Functions) {
    AnyNames |= F.Names.has_value();
    AllNames &= F.Names.has_value();
  }
  if (AnyNames && !AllNames)
    Error(SMLoc(), "some functions have kernel names and others do not");
  if (M.BackendIndices) {
    // Names printed into a stack buffer: thousands of lookups, no allocation.
    auto Print = [](const OperatorName &N, SmallString<64> &Buf) {
      Buf.clear();
      raw_svector_ostream OS(Buf);
      N.print(OS);
      return StringRef(Buf);
    };
    SmallString<64> Buf;
    // Index entries are copies of the functions' names, so look them up by
    // value first, which prints nothing; names that differ in value may
    // still print alike, so the printed names decide for the rest.
    DenseSet<const OperatorName *, detail::OperatorNameInfo> ByValue;
    ByValue.reserve(N);
    for (const NativeFunction &F : M.Functions)
      ByValue.insert(&F.Func.Name);
    StringSet<> Ops;
    for (const auto &[Key, Index] : *M.BackendIndices)
      for (const auto &[Op, Meta] : Index.Index) {
        if (ByValue.count(&Op))
          continue;
        if (Ops.empty())
          for (const NativeFunction &F : M.Functions)
            Ops.insert(Print(F.Func.Name, Buf));
        if (!Ops.count(Print(Op, Buf)))
          Error(SMLoc(), "backend index `" + toString(Key) +
                             "` names unknown operator `" + Op.str() + "`");
      }
  }
  if (failed(verifyStructuredFunctions(M, Ctx)))
    ++Errors;
  // The group rules index functions through the groups, so they need the
  // groups' references checked first.
  else if (Errors == 0 && M.Groups &&
           failed(verifyStructuredGroups(M, *M.Groups, Ctx)))
    ++Errors;
  return success(Errors == 0);
}
