//===- Group.cpp - Function groups and view groups ------------------------===//
//
// Functions that are variants of one operator share a signature: the schema
// with the overload name, the inplace marker, out arguments, annotations,
// return names and tensor options stripped, and mutated inputs turned into
// returns. The group pass collects them, as torchgen's
// get_grouped_native_functions does, into groups of a functional, an out=
// and optionally an inplace and a mutable variant; and, as
// get_grouped_by_view_native_functions does, into view groups of a view op,
// its view_copy and its view_inplace variant.
//
//   abs(Tensor self) -> Tensor                                 functional
//   abs_(Tensor(a!) self) -> Tensor(a!)                        inplace
//   abs.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)      out
//   all three have the signature  abs(Tensor self) -> Tensor
//
//===----------------------------------------------------------------------===//

#include "opgen/IR/Verifier.h"
#include "opgen/Support/Parallel.h"
#include "opgen/Transforms/Passes.h"
#include "opgen/Transforms/Signature.h"

#include "llvm/ADT/CachedHashString.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLExtras.h"

using namespace opgen;
using namespace llvm;

namespace {

enum class ViewKind { Aliasing, AliasingInplace, NonAliasing };

/// Signatures with view_copy names mapped back to their view's.
const SignatureOptions ViewOpts = [] {
  SignatureOptions O;
  O.StripViewCopyName = true;
  return O;
}();

class GroupPass : public Pass {
public:
  StringRef getArgument() const override { return "group"; }
  bool preservesSchemas() const override { return true; }
  LogicalResult run(Module &M, PassContext &PC) override {
    DiagnosticEngine &D = PC.Ctx.getDiags();
    unsigned Errors = 0;
    auto Error = [&](const NativeFunction &F, const Twine &Msg) {
      D.error(F.FuncLoc, Msg);
      ++Errors;
    };

    // Function groups, in order of first appearance of each signature.
    // After variant synthesis, its last pre-grouping is this one.
    SignatureAnalysis Local;
    SignatureAnalysis &SA = getSignatureAnalysis(PC, Local);
    if (failed(SA.preGroup(M, PC.Ctx, PC.Threads)))
      ++Errors;
    const std::vector<PreGroup> &PreGroups = SA.Groups;
    const std::vector<std::string> &Texts = SA.Texts;
    std::vector<FunctionGroup> Groups;
    for (const PreGroup &PG : PreGroups) {
      const auto &Members = PG.Members;
      auto Find = [&](SchemaKind K) { return PG.lookup(K); };
      std::optional<FunctionId> Functional = Find(SchemaKind::Functional),
                                Out = Find(SchemaKind::Out);
      bool HasScratch = Find(SchemaKind::Scratch).has_value();
      if (Members.size() > 1 && !HasScratch && !Functional) {
        Error(M.Functions[Members.front().second],
              "`" + M.Functions[Members.front().second].Func.Name.str() +
                  "` has variants with the same signature but no functional "
                  "variant to group them around");
        continue;
      }
      if (Members.size() == 1 || !Out || HasScratch) {
        bool Generated = any_of(Members, [&](const auto &P) {
          return M.Functions[P.second].isGenerated();
        });
        if (Generated && Members.size() > 1)
          Error(M.Functions[Members.front().second],
                "generated functions must be grouped, but `" +
                    M.Functions[Members.front().second].Func.Name.str() +
                    "` has no out= variant to group with");
        for (auto &[K, Id] : Members) {
          FunctionGroup G;
          G.Function = Id;
          Groups.push_back(G);
        }
        continue;
      }
      FunctionGroup G;
      G.IsGroup = true;
      G.Functional = *Functional;
      G.Out = *Out;
      G.Inplace = Find(SchemaKind::Inplace);
      G.Mutable = Find(SchemaKind::Mutable);
      G.Structured = M.Functions[*Out].Structured;
      checkGroup(M, G, Error);
      Groups.push_back(G);
    }

    // View groups, keyed by the view signature's text. Mapping view_copy
    // names back changes only `*_copy` and `*_scatter` signatures; the
    // others are the ones already computed. Each function's key, hash and
    // kind are worked out on threads (hashing the long signature texts was
    // a third of this pass); the keys point into Texts and ViewTexts,
    // which do not change while ByView lives.
    // Kinds: SchemaKind values for non-aliasing ops, 100 + ViewKind
    // otherwise.
    size_t N = M.Functions.size();
    std::vector<std::string> ViewTexts(N);
    std::vector<CachedHashStringRef> ViewKeys(N, CachedHashStringRef(""));
    std::vector<int> Kinds(N);
    // Inplace views without the inplace_view tag, reported below in order.
    std::vector<char> MissingTag(N);
    bool HaveHashes = SA.Hashes.size() >= N;
    PC.Ctx.getThreadPool().parallelFor(PC.Threads, N, [&](size_t I) {
      const NativeFunction &F = M.Functions[I];
      const FunctionSchema &S = F.Func;
      StringRef Base = S.Name.Name.Base;
      if (Base.endswith("_copy") || Base.endswith("_scatter")) {
        ViewTexts[I] = getSignatureText(S, ViewOpts);
        ViewKeys[I] = CachedHashStringRef(ViewTexts[I]);
      } else {
        ViewKeys[I] = HaveHashes ? CachedHashStringRef(Texts[I], SA.Hashes[I])
                                 : CachedHashStringRef(Texts[I]);
      }
      bool View = F.isViewOp();
      ViewKind VK = ViewKind::NonAliasing;
      if (View && S.Name.Name.Inplace) {
        MissingTag[I] = !F.Tags.count("inplace_view");
        VK = ViewKind::AliasingInplace;
      } else if (View) {
        VK = ViewKind::Aliasing;
      }
      Kinds[I] = VK == ViewKind::NonAliasing ? static_cast<int>(S.kind())
                                             : 100 + static_cast<int>(VK);
    });
    auto ViewKey = [&](FunctionId I) -> StringRef { return ViewKeys[I].val(); };
    MapVector<CachedHashStringRef, SmallVector<std::pair<int, FunctionId>, 2>,
              DenseMap<CachedHashStringRef, unsigned>>
        ByView;
    // Room for every function's key at once: grown one insertion at a
    // time, the map and its vector moved their entries a dozen times (this
    // loop took 0.35 ms of a 15 ms backend stubs run, 0.08 with room made).
    ByView.reserve(N);
    for (FunctionId I = 0; I < N; ++I) {
      const NativeFunction &F = M.Functions[I];
      if (MissingTag[I])
        Error(F, "inplace view operator `" + F.Func.Name.str() +
                     "` needs the `inplace_view` tag");
      int Key = Kinds[I];
      auto &Members = ByView[ViewKeys[I]];
      if (any_of(Members, [&](const auto &P) { return P.first == Key; })) {
        Error(F, "`" + F.Func.Name.str() +
                     "` has the same view signature and kind as another "
                     "operator");
        continue;
      }
      Members.push_back({Key, I});
    }
    std::vector<ViewGroup> Views;
    for (auto &Entry : ByView) {
      auto &Members = Entry.second;
      auto Find = [&](int Key) -> std::optional<FunctionId> {
        for (auto &[K, Id] : Members)
          if (K == Key)
            return Id;
        return std::nullopt;
      };
      std::optional<FunctionId> View =
          Find(100 + static_cast<int>(ViewKind::Aliasing));
      if (!View)
        continue;
      ViewGroup G;
      G.View = *View;
      G.ViewInplace = Find(100 + static_cast<int>(ViewKind::AliasingInplace));
      G.ViewCopy = Find(static_cast<int>(SchemaKind::Functional));
      checkViewGroup(M, G, Texts, ViewKey, Error);
      Views.push_back(G);
    }

    // The structured kernels' rules are the IR verifier's; on the groups
    // made here they are torchgen's NativeFunctionsGroup checks.
    if (Errors || failed(verifyStructuredGroups(M, Groups, PC.Ctx)))
      return failure();
    warnUngroupedDelegates(M, Groups, PC.Ctx.getDiags());
    M.Groups = std::move(Groups);
    M.ViewGroups = std::move(Views);
    return success();
  }

private:
  /// torchgen registers no kernel at all for a delegating function in no
  /// group: it has no kernels of its own, and the structured kernel's
  /// wrappers are made for its group's members only. The files are valid,
  /// but calling the operator fails.
  static void warnUngroupedDelegates(const Module &M,
                                     ArrayRef<FunctionGroup> Groups,
                                     DiagnosticEngine &D) {
    for (const FunctionGroup &G : Groups) {
      if (G.IsGroup)
        continue;
      const NativeFunction &F = M.Functions[G.Function];
      if (!F.StructuredDelegate)
        continue;
      SMLoc L = F.StructuredLocs.Delegate.isValid() ? F.StructuredLocs.Delegate
                                                    : F.FuncLoc;
      D.warning(L, "`" + F.Func.Name.str() + "` has structured_delegate `" +
                       F.StructuredDelegate->str() +
                       "`, but is in no group with an out= variant (none has "
                       "its signature), so no kernel is registered for it");
    }
  }

  /// torchgen's NativeFunctionsGroup invariants (the autogen check is
  /// variant synthesis's, the structured ones verifyStructuredGroups').
  template <typename ErrorFn>
  void checkGroup(const Module &M, const FunctionGroup &G, ErrorFn &Error) {
    const NativeFunction &Fn = M.Functions[G.Functional];
    for (std::optional<FunctionId> Id :
         {std::optional<FunctionId>(G.Functional),
          std::optional<FunctionId>(G.Out), G.Inplace, G.Mutable}) {
      if (!Id)
        continue;
      const NativeFunction &F = M.Functions[*Id];
      if (F.Namespace != Fn.Namespace)
        Error(F, "`" + F.Func.Name.str() + "` is in namespace `" + F.Namespace +
                     "` but its group's functional variant is "
                     "in `" +
                     Fn.Namespace + "`");
    }
    if (G.Mutable && !Fn.Func.Name.Name.FunctionalOverload)
      Error(Fn, "`" + Fn.Func.Name.str() +
                    "` groups with a mutable variant, so it must be named "
                    "`<op>_functional`");
  }

  /// \p Texts are the functions' signature texts, \p ViewKey gives their
  /// view signature texts.
  template <typename ViewKeyFn, typename ErrorFn>
  void checkViewGroup(const Module &M, const ViewGroup &G,
                      const std::vector<std::string> &Texts, ViewKeyFn &ViewKey,
                      ErrorFn &Error) {
    const NativeFunction &View = M.Functions[G.View];
    StringRef ViewSig = Texts[G.View];
    if (G.ViewCopy) {
      const NativeFunction &Copy = M.Functions[*G.ViewCopy];
      StringRef Base = Copy.Func.Name.Name.Base;
      if (!Base.endswith("_copy") && !Base.endswith("_scatter"))
        Error(Copy, "view_copy operator `" + Copy.Func.Name.str() +
                        "` must be named `<view>_copy` or `<view>_scatter`");
      else if (ViewKey(*G.ViewCopy) != ViewSig)
        Error(Copy, "the signatures of view `" + View.Func.Name.str() +
                        "` and its view_copy `" + Copy.Func.Name.str() +
                        "` differ");
      else if (!Copy.Tags.count("view_copy"))
        Error(Copy, "view_copy operator `" + Copy.Func.Name.str() +
                        "` needs the `view_copy` tag");
    } else if (View.Func.Name.str() != "narrow" &&
               !View.HasCompositeImplicitAutogradKernel &&
               !View.Tags.count("inplace_view") &&
               !StringRef(View.Func.Name.Name.Base).endswith("_inverse")) {
      Error(View, "view operator `" + View.Func.Name.str() + "` needs a `" +
                      View.Func.Name.Name.Base + "_copy" +
                      (View.Func.Name.OverloadName.empty()
                           ? std::string()
                           : "." + View.Func.Name.OverloadName) +
                      "` operator in native_functions.yaml");
    }
    if (G.ViewInplace) {
      const NativeFunction &In = M.Functions[*G.ViewInplace];
      if (Texts[*G.ViewInplace] != ViewSig)
        Error(In, "the signatures of view `" + View.Func.Name.str() +
                      "` and its inplace variant `" + In.Func.Name.str() +
                      "` differ");
      if (View.HasCompositeImplicitAutogradKernel &&
          !In.HasCompositeImplicitAutogradKernel)
        Error(In, "`" + View.Func.Name.str() + "` and `" + In.Func.Name.str() +
                      "` must both have CompositeImplicitAutograd kernels or "
                      "neither");
      if (View.HasCompositeImplicitAutogradNestedTensorKernel &&
          !In.HasCompositeImplicitAutogradNestedTensorKernel)
        Error(In, "`" + View.Func.Name.str() + "` and `" + In.Func.Name.str() +
                      "` must both have CompositeImplicitAutogradNestedTensor "
                      "kernels or neither");
    }
  }
};

} // namespace

std::unique_ptr<Pass> opgen::createGroupPass() {
  return std::make_unique<GroupPass>();
}
