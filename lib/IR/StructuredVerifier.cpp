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

/// The impl function takes the kept inputs, the replacements of the inputs
/// replaced, the added arguments and the outs; the meta function's
/// precompute struct has a field per precomputed argument, including those
/// of lines naming no input, which torchgen drops from the impl function
/// (the reader warns of them). torchgen writes duplicate names into both,
/// which does not compile. The lists are a handful long.
void checkPrecomputed(const NativeFunction &F, Reporter &R) {
  const Precompute &P = *F.Precomputed;
  auto Replaces = [&](const Argument &A) {
    return any_of(P.Replace,
                  [&](const auto &Rp) { return Rp.first == A.Name; });
  };
  SmallVector<StringRef, 16> Impl, Fields;
  F.Func.Args.anyOf(Arguments::NonOutParts, [&](const Argument &A) {
    if (!Replaces(A))
      Impl.push_back(A.Name);
    return false;
  });
  for (const Argument &A : F.Func.Args.Out)
    Impl.push_back(A.Name);
  auto Declare = [&](const Argument &A, bool InImpl) {
    SMLoc L = at(A.Loc.isValid() ? A.Loc : F.StructuredLocs.Precomputed, F);
    if (InImpl && is_contained(Impl, StringRef(A.Name)))
      R.error(L, "precomputed argument `" + A.Name + "` has the name of " +
                     "another argument of the impl function of " +
                     quoted(F.Func.Name.str()));
    else if (is_contained(Fields, StringRef(A.Name)))
      R.error(L, "precomputed argument `" + A.Name + "` of " +
                     quoted(F.Func.Name.str()) +
                     " is declared twice: the meta function's precompute "
                     "struct would have two fields of that name");
    Fields.push_back(A.Name);
    if (InImpl)
      Impl.push_back(A.Name);
  };
  for (const auto &Rp : P.Replace) {
    bool InImpl =
        F.Func.Args.anyOf(Arguments::NonOutParts, [&](const Argument &A) {
          return A.Name == Rp.first;
        });
    for (const Argument &A : Rp.second)
      Declare(A, InImpl);
  }
  for (const Argument &A : P.Add)
    Declare(A, true);
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
      R.error(at(L.Structured, F), "IR verifier: " + quoted(F.Func.Name.str()) +
                                       " is structured but not an out= "
                                       "function");
    if (F.StructuredDelegate && IsOut)
      R.error(at(L.Delegate, F), "IR verifier: out= function " +
                                     quoted(F.Func.Name.str()) +
                                     " has a structured_delegate");
    if (F.StructuredInherits && !F.Structured)
      R.error(at(L.Inherits, F), "IR verifier: " + quoted(F.Func.Name.str()) +
                                     " has structured_inherits but is not "
                                     "structured");
    if (F.Precomputed && !F.Structured)
      R.error(at(L.Precomputed, F),
              "IR verifier: " + quoted(F.Func.Name.str()) +
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
      return quoted(F.Func.Name.str()) + " has structured_delegate " +
             quoted(F.StructuredDelegate->str());
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
    // A delegating function in no group is torchgen's too (the group pass
    // warns of it): it gets no kernel at all.
    if (!G.IsGroup)
      continue;
    const NativeFunction &Out = M.Functions[G.Out];
    if (G.Structured != Out.Structured) {
      R.error(Out.FuncLoc, "IR verifier: the group of " +
                               quoted(Out.Func.Name.str()) +
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
                  quoted(F.Func.Name.str()) + " has structured_delegate " +
                      quoted(F.StructuredDelegate->str()) +
                      ", but its group's out= variant " +
                      quoted(Out.Func.Name.str()) + " is not structured");
      } else if (!F.StructuredDelegate) {
        R.error(F.FuncLoc, quoted(F.Func.Name.str()) + " is in the group of " +
                               "structured " + quoted(Out.Func.Name.str()) +
                               " but does not delegate to it; add "
                               "`structured_delegate: " +
                               Out.Func.Name.str() + "`");
      } else if (Id == G.Mutable) {
        // torchgen groups it, then fails writing its wrapper.
        R.error(DelegateLoc, quoted(F.Func.Name.str()) +
                                 " is a mutable variant, which structured "
                                 "kernels do not support; its group's out= "
                                 "variant " +
                                 quoted(Out.Func.Name.str()) +
                                 " is structured");
      } else if (*F.StructuredDelegate != Out.Func.Name) {
        R.error(DelegateLoc, quoted(F.Func.Name.str()) + " delegates to " +
                                 quoted(F.StructuredDelegate->str()) +
                                 ", but its group's out= variant is " +
                                 quoted(Out.Func.Name.str()));
      }
    }
    if (!Out.Structured)
      continue;
    if (Out.HasCompositeImplicitAutogradKernel ||
        Out.HasCompositeImplicitAutogradNestedTensorKernel)
      R.error(at(Out.StructuredLocs.Structured, Out),
              "structured kernel " + quoted(Out.Func.Name.str()) +
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
              quoted(F.Func.Name.str()) +
                  " takes TensorOptions (dtype, layout, device, pin_memory), "
                  "which structured kernels do not support; its group's "
                  "out= variant " +
                  quoted(Out.Func.Name.str()) + " is structured");
    }
  }
  return R.result();
}
