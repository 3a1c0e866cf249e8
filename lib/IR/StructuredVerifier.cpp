//===- StructuredVerifier.cpp - The relations of structured kernels -------===//
//
// A structured kernel is an out= function marked `structured: True`. The
// functional and inplace variants of its group name it in
// `structured_delegate` and get their kernels from it; its `precomputed:`
// lines replace some of its inputs with values its meta function computes.
// torchgen asserts most of these rules while parsing and grouping; for the
// rest it fails only while writing the files, or writes code that registers
// no kernel, drops a replacement or does not compile
// (test/Parse/stricter-than-torchgen.txt). Here each is a diagnostic at the
// yaml key it is about.
//
//===----------------------------------------------------------------------===//

#include "OperatorNameInfo.h"

#include "opgen/IR/Verifier.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"

using namespace opgen;
using namespace llvm;

namespace {

/// \p L, or the function's `func:` when the key was not written.
SMLoc at(SMLoc L, const NativeFunction &F) {
  return L.isValid() ? L : F.FuncLoc;
}

std::string quoted(const OperatorName &N) { return "`" + N.str() + "`"; }

class Reporter {
public:
  explicit Reporter(Context &Ctx) : D(Ctx.getDiags()) {}
  void error(SMLoc L, const Twine &Msg) {
    D.error(L, Msg);
    ++Errors;
  }
  void note(SMLoc L, const Twine &Msg) { D.note(L, Msg); }
  LogicalResult result() const { return success(Errors == 0); }

private:
  DiagnosticEngine &D;
  unsigned Errors = 0;
};

/// Every `precomputed` line must replace an input of \p F: torchgen looks
/// only among the inputs and drops a replacement it does not find there.
void checkPrecomputed(const NativeFunction &F, Reporter &R) {
  const Precompute &P = *F.Precomputed;
  for (size_t I = 0; I != P.Replace.size(); ++I) {
    StringRef Param = P.Replace[I].first;
    auto Named = [&](const Argument &A) { return A.Name == Param; };
    if (F.Func.Args.anyOf(Arguments::NonOutParts, Named))
      continue;
    SMLoc L = I < P.ReplaceLocs.size() ? P.ReplaceLocs[I] : SMLoc();
    L = at(L.isValid() ? L : F.StructuredLocs.Precomputed, F);
    if (any_of(F.Func.Args.Out, Named))
      R.error(L, "precomputed replaces `" + Param + "`, an out= argument of " +
                     quoted(F.Func.Name) + "; only inputs can be replaced");
    else
      R.error(L, "precomputed replaces `" + Param + "`, but " +
                     quoted(F.Func.Name) + " has no argument of that name");
  }

  // The impl function takes the kept inputs, the precomputed arguments and
  // the outs, so their names must differ (torchgen writes the duplicate
  // parameters into the declaration). The lists are a handful long.
  SmallVector<StringRef, 16> Taken;
  F.Func.Args.anyOf(Arguments::NonOutParts, [&](const Argument &A) {
    if (none_of(P.Replace, [&](const auto &Rp) { return Rp.first == A.Name; }))
      Taken.push_back(A.Name);
    return false;
  });
  for (const Argument &A : F.Func.Args.Out)
    Taken.push_back(A.Name);
  auto Declare = [&](const Argument &A) {
    SMLoc L = at(A.Loc.isValid() ? A.Loc : F.StructuredLocs.Precomputed, F);
    if (is_contained(Taken, StringRef(A.Name)))
      R.error(L, "precomputed argument `" + A.Name + "` has the name of " +
                     "another argument of the impl function of " +
                     quoted(F.Func.Name));
    else
      Taken.push_back(A.Name);
  };
  for (const auto &Rp : P.Replace)
    for (const Argument &A : Rp.second)
      Declare(A);
  for (const Argument &A : P.Add)
    Declare(A);
}

} // namespace

LogicalResult opgen::verifyStructuredFunctions(const Module &M, Context &Ctx) {
  Reporter R(Ctx);
  // Functions by name, built on the first delegate: only modules with
  // structured kernels pay. Hashing costs 40% of sorting a
  // FunctionIndex here, and one lookup per delegate is all this needs.
  DenseMap<const OperatorName *, FunctionId, detail::OperatorNameInfo> ByName;
  for (const NativeFunction &F : M.Functions) {
    const StructuredKeyLocs &L = F.StructuredLocs;
    bool IsOut = F.Func.kind() == SchemaKind::Out;
    // The yaml reader rejects these four itself, with the yaml's words;
    // they guard modules made in memory or changed by passes.
    if (F.Structured && !IsOut)
      R.error(at(L.Structured, F), "IR verifier: " + quoted(F.Func.Name) +
                                       " is structured but not an out= "
                                       "function");
    if (F.StructuredDelegate && IsOut)
      R.error(at(L.Delegate, F), "IR verifier: out= function " +
                                     quoted(F.Func.Name) +
                                     " has a structured_delegate");
    if (F.StructuredInherits && !F.Structured)
      R.error(at(L.Inherits, F), "IR verifier: " + quoted(F.Func.Name) +
                                     " has structured_inherits but is not "
                                     "structured");
    if (F.Precomputed && !F.Structured)
      R.error(at(L.Precomputed, F), "IR verifier: " + quoted(F.Func.Name) +
                                        " has precomputed elements but is "
                                        "not structured");
    if (F.Precomputed)
      checkPrecomputed(F, R);

    if (!F.StructuredDelegate)
      continue;
    // torchgen looks delegates up by name alone; the last function of a
    // name wins, as in its dict.
    if (ByName.empty()) {
      ByName.reserve(M.Functions.size());
      for (FunctionId I = 0; I != M.Functions.size(); ++I)
        ByName[&M.Functions[I].Func.Name] = I;
    }
    auto It = ByName.find(&*F.StructuredDelegate);
    std::optional<FunctionId> Id;
    if (It != ByName.end())
      Id = It->second;
    // The message's head is spelt only on an error: thousands of delegates
    // are valid, and printing both names for each cost about 2 M
    // instructions a verification.
    auto Head = [&] {
      return quoted(F.Func.Name) + " has structured_delegate " +
             quoted(*F.StructuredDelegate);
    };
    if (!Id) {
      R.error(at(L.Delegate, F), Head() + ", but no such operator exists");
    } else if (!M.Functions[*Id].Structured) {
      R.error(at(L.Delegate, F),
              Head() + ", which is not marked `structured: True`");
      R.note(M.Functions[*Id].FuncLoc, "delegate declared here");
    }
  }
  return R.result();
}

LogicalResult opgen::verifyStructuredGroups(const Module &M,
                                            ArrayRef<FunctionGroup> Groups,
                                            Context &Ctx) {
  Reporter R(Ctx);
  for (const FunctionGroup &G : Groups) {
    if (!G.IsGroup) {
      // torchgen registers no kernel at all for a delegating function that
      // is in no group: it has no kernels of its own, and the structured
      // kernel's wrappers are made for its group's members only.
      const NativeFunction &F = M.Functions[G.Function];
      if (F.StructuredDelegate)
        R.error(at(F.StructuredLocs.Delegate, F),
                quoted(F.Func.Name) + " has structured_delegate " +
                    quoted(*F.StructuredDelegate) +
                    ", but is in no group with an out= variant (none has its "
                    "signature), so no kernel would be registered for it");
      continue;
    }
    const NativeFunction &Out = M.Functions[G.Out];
    if (G.Structured != Out.Structured) {
      R.error(Out.FuncLoc, "IR verifier: the group of " +
                               quoted(Out.Func.Name) +
                               " is marked structured differently from its "
                               "out= variant");
      continue;
    }
    for (std::optional<FunctionId> Id :
         {std::optional<FunctionId>(G.Functional), G.Inplace, G.Mutable}) {
      if (!Id)
        continue;
      const NativeFunction &F = M.Functions[*Id];
      SMLoc DelegateLoc = at(F.StructuredLocs.Delegate, F);
      if (!Out.Structured) {
        if (F.StructuredDelegate)
          R.error(DelegateLoc,
                  quoted(F.Func.Name) + " has structured_delegate " +
                      quoted(*F.StructuredDelegate) +
                      ", but its group's out= variant " +
                      quoted(Out.Func.Name) + " is not structured");
      } else if (!F.StructuredDelegate) {
        R.error(F.FuncLoc, quoted(F.Func.Name) + " is in the group of " +
                               "structured " + quoted(Out.Func.Name) +
                               " but does not delegate to it; add "
                               "`structured_delegate: " +
                               Out.Func.Name.str() + "`");
      } else if (Id == G.Mutable) {
        // torchgen groups it, then fails writing its wrapper.
        R.error(DelegateLoc, quoted(F.Func.Name) +
                                 " is a mutable variant, which structured "
                                 "kernels do not support; its group's out= "
                                 "variant " +
                                 quoted(Out.Func.Name) + " is structured");
      } else if (*F.StructuredDelegate != Out.Func.Name) {
        R.error(DelegateLoc, quoted(F.Func.Name) + " delegates to " +
                                 quoted(*F.StructuredDelegate) +
                                 ", but its group's out= variant is " +
                                 quoted(Out.Func.Name));
      }
    }
    if (!Out.Structured)
      continue;
    if (Out.HasCompositeImplicitAutogradKernel ||
        Out.HasCompositeImplicitAutogradNestedTensorKernel)
      R.error(at(Out.StructuredLocs.Structured, Out),
              "structured kernel " + quoted(Out.Func.Name) +
                  " cannot be CompositeImplicitAutograd");
    // The meta function takes the functional variant's inputs, the impl the
    // out= variant's; neither can be declared for TensorOptions (torchgen
    // fails while writing the files).
    for (FunctionId Id : {G.Functional, G.Out}) {
      const NativeFunction &F = M.Functions[Id];
      if (!F.Func.Args.TensorOptions)
        continue;
      SMLoc L = (*F.Func.Args.TensorOptions)[0].Loc;
      R.error(L.isValid() ? L : F.FuncLoc,
              quoted(F.Func.Name) +
                  " takes TensorOptions (dtype, layout, device, pin_memory), "
                  "which structured kernels do not support; its group's "
                  "out= variant " +
                  quoted(Out.Func.Name) + " is structured");
    }
  }
  return R.result();
}
