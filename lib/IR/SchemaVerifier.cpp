//===- SchemaVerifier.cpp - torchgen's invariants on one schema -----------===//
//
// Note [Out arguments]: an out= function is one with mutable keyword-only
// arguments. The codegen pairs functions into groups by their signature, so it
// relies on out arguments lining up with the returns, on inplace functions
// returning self, and on other mutable arguments not being returned.
//
//===----------------------------------------------------------------------===//

#include "opgen/IR/Verifier.h"

#include "llvm/ADT/STLExtras.h"

using namespace opgen;
using namespace llvm;

static SMLoc locOr(SMLoc L, SMLoc Fallback) {
  return L.isValid() ? L : Fallback;
}

LogicalResult opgen::verifySchema(Context &Ctx, const FunctionSchema &S,
                                  SMLoc SchemaLoc, bool LocateParts) {
  auto locOr = [&](SMLoc L, SMLoc Fallback) {
    return LocateParts ? ::locOr(L, Fallback) : Fallback;
  };
  DiagnosticEngine &D = Ctx.getDiags();
  // Count this schema's errors here: the engine's count is shared with the
  // other threads reading entries.
  unsigned NumErrors = 0;
  auto Error = [&](SMLoc L, const Twine &Msg) {
    D.error(L, Msg);
    ++NumErrors;
  };
  const Arguments &A = S.Args;
  // The name appears only in messages: print it only for them.
  auto Name = [&] { return S.Name.str(); };

  for (const Argument &Arg : A.PreSelfPositional)
    if (Arg.isWrite())
      Error(locOr(Arg.Loc, SchemaLoc), "mutable argument `" + Arg.Name +
                                           "` before `self` is not supported");

  // Out arguments pair up with returns, in order.
  for (size_t I = 0, E = std::min(A.Out.size(), S.Returns.size()); I != E; ++I)
    if (!sameAnnotation(A.Out[I].Annot, S.Returns[I].Annot))
      Error(locOr(S.Returns[I].Loc, SchemaLoc),
            "return " + Twine(I) + " must alias out argument `" +
                A.Out[I].Name + "` (" +
                (A.Out[I].Annot ? A.Out[I].Annot->str() : "no annotation") +
                "), but has " +
                (S.Returns[I].Annot ? "(" + S.Returns[I].Annot->str() + ")"
                                    : std::string("no annotation")));

  // Mutable positional arguments after self are not returned.
  for (const Argument &Arg : A.PostSelfPositional) {
    if (!Arg.isWrite())
      continue;
    if (any_of(S.Returns, [&](const Return &R) {
          return sameAnnotation(Arg.Annot, R.Annot);
        }))
      Error(locOr(Arg.Loc, SchemaLoc), "mutable positional argument `" +
                                           Arg.Name + "` must not be returned");
  }

  // Returns are either all mutable or all immutable, and each mutable one
  // aliases an out argument or self.
  bool AnyMutable =
      any_of(S.Returns, [](const Return &R) { return R.isWrite(); });
  bool AnyImmutable =
      any_of(S.Returns, [](const Return &R) { return !R.isWrite(); });
  if (AnyMutable && AnyImmutable)
    Error(SchemaLoc,
          "returns must be all mutable or all immutable in `" + Name() + "`");
  for (const Return &R : S.Returns) {
    if (!R.isWrite())
      continue;
    bool Aliased = any_of(A.Out, [&](const Argument &O) {
      return sameAnnotation(O.Annot, R.Annot);
    });
    if (A.Self && sameAnnotation(A.Self->Annot, R.Annot))
      Aliased = true;
    if (!Aliased)
      Error(locOr(R.Loc, SchemaLoc),
            "mutable return (" + R.Annot->str() +
                ") must alias a keyword-only out argument or `self`; is "
                "an out argument missing the `*` before it?");
  }

  if (!A.Out.empty()) {
    if (S.Name.Name.Inplace)
      Error(SchemaLoc, "`" + Name() + "` cannot be both inplace and out=");
    bool AllTensors = all_of(A.Out, [&](const Argument &O) {
      return O.Ty == Ctx.getBaseType(BaseTy::Tensor);
    });
    if (!AllTensors) {
      if (!S.Returns.empty())
        Error(SchemaLoc, "out= function `" + Name() +
                             "` with non-Tensor out arguments must return "
                             "nothing");
    } else {
      size_t NonScratch = count_if(A.Out, [](const Argument &O) {
        return !StringRef(O.Name).startswith("_scratch_");
      });
      if (NonScratch != S.Returns.size())
        Error(SchemaLoc, "out= function `" + Name() + "` has " +
                             Twine(NonScratch) +
                             " out arguments (not counting _scratch_ ones) "
                             "but " +
                             Twine(S.Returns.size()) +
                             " returns; return them all or none");
    }
  }

  if (S.Name.Name.Inplace) {
    if (!A.Self || !A.Self->isWrite()) {
      Error(A.Self ? locOr(A.Self->Loc, SchemaLoc) : SchemaLoc,
            "inplace operator `" + Name() +
                "` must have a mutable `self` argument, such as "
                "`Tensor(a!) self`");
    } else if (A.Self->Ty == Ctx.getBaseType(BaseTy::Tensor)) {
      if (S.Returns.size() != 1 ||
          !sameAnnotation(S.Returns[0].Annot, A.Self->Annot))
        Error(SchemaLoc, "inplace operator `" + Name() +
                             "` with a Tensor self must return self, as `-> "
                             "Tensor(" +
                             A.Self->Annot->str() + ")`");
    } else if (!S.Returns.empty()) {
      Error(SchemaLoc, "inplace operator `" + Name() +
                           "` with a non-Tensor self must return nothing");
    }
  }

  SchemaKind K = S.kind();
  if (A.TensorOptions && K != SchemaKind::Functional)
    Error(locOr(A.TensorOptions->front().Loc, SchemaLoc),
          "tensor options arguments are only allowed on functional "
          "(factory) operators, but `" +
              Name() + "` is " + toString(K));
  if (S.isFunctionalFn() && K != SchemaKind::Functional)
    Error(SchemaLoc, "overload name `" + S.Name.OverloadName +
                         "` contains `functional`, which is reserved for "
                         "functional operators, but `" +
                         Name() + "` is " + toString(K));
  return success(NumErrors == 0);
}
