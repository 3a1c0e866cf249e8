//===- VariantSynthesis.cpp - Make missing functional and out= variants ---===//
//
// torchgen's add_generated_native_functions. Functions whose schemas reduce
// to the same signature are variants of one operator (functional, inplace,
// mutable, out=). Code that transforms programs (functionalization, for one)
// wants every operator to come as a complete set, so for an operator that
// lacks some variants this pass writes them:
//
//  - an out= variant, when the yaml asks for one under `autogen:`, made from
//    the mutable, inplace or functional variant (in that order of choice):
//      _add_relu_.Scalar(Tensor(a!) self, Scalar other, Scalar alpha=1)
//          -> Tensor(a!)
//    gives
//      _add_relu.Scalar_out(Tensor self, Scalar other, Scalar alpha=1, *,
//          Tensor(a!) out) -> Tensor(a!)
//  - a functional variant, when the operator has (or just got) an out=
//    variant but no functional one: mutable arguments become returns; the
//    functional variant of a mutable operator is named `<op>_functional`,
//    as the two take the same arguments and could not be told apart as
//    overloads (see Note [Functional overloads] in OperatorName.h).
//
// The new functions carry the `generated` tag, are plain functions (no
// method), and have one CompositeExplicitAutograd kernel each, which the
// codegen writes in terms of the variant they came from. They go after all
// the yaml's functions, in the order they are made.
//
// Operators whose variants bypass the dispatcher (manual_cpp_binding), view
// operators and CompositeImplicitAutograd operators that are not `core` get
// nothing: there is nothing for transforms to gain from them.
//
// Last, torchgen wants the yaml to name every function it synthesizes: for
// each complete group of variants, the `autogen:` lists of its members must
// name exactly the synthesized ones.
//
//===----------------------------------------------------------------------===//

#include "opgen/IR/Functionalization.h"
#include "opgen/IR/Verifier.h"
#include "opgen/Support/Parallel.h"
#include "opgen/Support/StringStream.h"
#include "opgen/Transforms/Passes.h"
#include "opgen/Transforms/Signature.h"

#include "llvm/ADT/CachedHashString.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace opgen;
using namespace llvm;

namespace {

/// Functional operators that return no tensor (nothing, a bool, an int, a
/// Scalar, ...), so no out= variant can be made for them.
const StringRef FunctionalOpsThatCannotGetAnOutVariant[] = {
    "_assert_async",
    "_assert_async.msg",
    "_assert_tensor_metadata",
    "_cslt_sparse_mm_search",
    "_assert_scalar",
    "_dimI",
    "_dimV",
    "_has_same_storage_numel",
    "_linalg_check_errors",
    "_local_scalar_dense",
    "_nested_tensor_from_mask_left_aligned",
    "_nnz",
    "_use_cudnn_ctc_loss",
    "_use_cudnn_ctc_loss.Tensor",
    "_use_miopen_ctc_loss",
    "_use_miopen_ctc_loss.Tensor",
    "_validate_compressed_sparse_indices",
    "allclose",
    "dense_dim",
    "equal",
    "is_coalesced",
    "is_pinned",
    "is_same_size",
    "is_set_to",
    "q_per_channel_axis",
    "q_scale",
    "q_zero_point",
    "qscheme",
    "record_stream",
    "sparse_dim",
    "sym_constrain_range",
    "sym_constrain_range_for_size",
    "_nested_tensor_storage_offsets",
    "_chunk_grad_outputs_efficient_attention",
    "_fused_sdp_choice",
    "_print",
    "_sink_tokens",
    "_nested_get_ragged_idx",
};

/// The tags a synthesized function inherits from the one it is made from.
const StringRef InheritedTags[] = {"nondeterministic_seeded", "view_copy",
                                   "pt2_compliant_tag"};

/// The overload name of the out= variant of an overload: `out` for the
/// default overload, `<overload>_out` otherwise.
std::string outOverloadName(StringRef Overload) {
  return Overload.empty() ? "out" : (Overload + "_out").str();
}

/// What synthesis makes for one pre-group, found on a thread: the variants
/// in the order they are added, or Serial when finding them reported
/// anything, in which case the group is synthesized again in order.
struct Plan {
  FunctionId Base = 0;
  std::vector<std::pair<SchemaKind, NativeFunction>> Made;
  bool Serial = false;
};

class Synthesizer {
public:
  Synthesizer(Module &M, Context &Ctx, unsigned Threads,
              SignatureAnalysis &Signatures)
      : M(M), Ctx(Ctx), D(Ctx.getDiags()), Threads(Threads),
        Signatures(Signatures) {}

  LogicalResult run();

private:
  void synthesize(const PreGroup &G);
  /// Synthesize every pre-group: planned on threads, added in order.
  void synthesizeAll();
  /// The checks every schema passes, with a note on the variant on failure.
  bool checkMade(const NativeFunction &Parent, SchemaKind K,
                 const FunctionSchema &S);
  /// torchgen's generate_function: the \p K variant of \p Parent, or none
  /// after an error.
  std::optional<NativeFunction> generate(const NativeFunction &Parent,
                                         SchemaKind K);
  /// The out= schemas made from a schema's tensor returns.
  std::optional<FunctionSchema> inplaceToOut(const NativeFunction &Parent);
  std::optional<FunctionSchema> functionalToOut(const NativeFunction &Parent);
  std::optional<FunctionSchema> mutableToOut(const NativeFunction &Parent);
  /// torchgen's generate_out_args_from_schema: turn each tensor-like return
  /// of \p Parent into an out= argument; the returns keep the out=
  /// arguments only if all returns are plain tensors.
  bool makeOutArgs(const NativeFunction &Parent, std::vector<Return> &Returns,
                   std::vector<Argument> &OutArgs);
  void add(FunctionId Parent, NativeFunction F);
  void checkAutogen();
  /// The functions of a complete group, the names of those synthesized and
  /// the names its `autogen:` lists, sorted.
  struct AutogenCheck {
    std::vector<FunctionId> Ids;
    std::vector<std::string> Generated, Expected;
    std::optional<FunctionId> Parent, Lister;
  };
  /// Fill \p C for \p G; true if \p G is complete and the two lists differ.
  bool collectAutogen(const PreGroup &G, AutogenCheck &C) const;

  void error(SMLoc Loc, const Twine &Msg) {
    if (Spec) {
      Spec->Serial = true;
      return;
    }
    D.error(Loc, Msg);
    Failed = true;
  }

  Module &M;
  Context &Ctx;
  DiagnosticEngine &D;
  unsigned Threads;
  /// Signature texts and pre-groups; synthesis only appends functions, so
  /// the texts stay valid, and grouping reuses the final pre-groups.
  SignatureAnalysis &Signatures;
  bool Failed = false;
  /// Set while planning a group on a thread: nothing is reported or added,
  /// the made variants go here instead.
  Plan *Spec = nullptr;
  /// The id of every function by name, the synthesized ones included. The
  /// yaml's functions' names are printed and hashed on threads into Names,
  /// which the keys point into (about 1 M instructions off the serial
  /// path); the synthesized ones' are kept in NameArena.
  DenseMap<CachedHashStringRef, FunctionId> ByName;
  std::vector<std::string> Names;
  BumpPtrAllocator NameArena;
  /// Record \p Name for \p Id unless it is taken; the id it names, and
  /// whether it was new. Unless \p Kept, the name's text is copied.
  std::pair<FunctionId, bool> addName(CachedHashStringRef Name, FunctionId Id,
                                      bool Kept) {
    auto It = ByName.find(Name);
    if (It != ByName.end())
      return {It->second, false};
    if (!Kept)
      Name = CachedHashStringRef(Name.val().copy(NameArena), Name.hash());
    ByName.try_emplace(Name, Id);
    return {Id, true};
  }
  /// For each synthesized function, the function it was made from.
  std::map<FunctionId, FunctionId> ParentOf;
};

} // namespace

LogicalResult Synthesizer::run() {
  // Room for the synthesized functions too (about a fifth more): growing
  // the functions while appending would move every function (1.7 KB each)
  // into fresh memory.
  ByName.reserve(M.Functions.size() + M.Functions.size() / 4);
  M.Functions.reserve(M.Functions.size() + M.Functions.size() / 4);
  size_t N = M.Functions.size();
  Names.resize(N);
  std::vector<unsigned> Hashes(N);
  Ctx.getThreadPool().parallelFor(Threads, N, [&](size_t Id) {
    BufferedStringStream OS(Names[Id]);
    M.Functions[Id].Func.Name.print(OS);
    OS.flush();
    Hashes[Id] = CachedHashStringRef(Names[Id]).hash();
  });
  for (FunctionId Id = 0; Id < N; ++Id)
    addName(CachedHashStringRef(Names[Id], Hashes[Id]), Id, /*Kept=*/true);

  if (failed(Signatures.preGroup(M, Ctx, Threads)))
    return failure();
  // Synthesis appends to M.Functions but leaves these groups alone, until
  // checkAutogen groups again.
  synthesizeAll();
  if (Failed)
    return failure();
  checkAutogen();
  return failure(Failed);
}

void Synthesizer::synthesizeAll() {
  // Deciding and making the variants reads only the yaml's functions, so the
  // groups are planned on threads into slots (half of the pass's 17 M
  // instructions, which ran on one thread); names are taken, schemas
  // checked and functions appended in the groups' order, as one thread
  // would. A group whose planning met an error is redone here, reporting.
  const std::vector<PreGroup> &Groups = Signatures.Groups;
  std::vector<Plan> Plans(Groups.size());
  Ctx.getThreadPool().parallelFor(Threads, Groups.size(), [&](size_t I) {
    Synthesizer S(M, Ctx, 1, Signatures);
    S.Spec = &Plans[I];
    S.synthesize(Groups[I]);
  });
  for (size_t I = 0; I != Groups.size(); ++I) {
    Plan &P = Plans[I];
    if (P.Serial) {
      synthesize(Groups[I]);
      continue;
    }
    for (auto &[K, F] : P.Made) {
      if (!checkMade(M.Functions[P.Base], K, F.Func))
        break;
      add(P.Base, std::move(F));
    }
  }
}

void Synthesizer::synthesize(const PreGroup &G) {
  auto Fn = [&](FunctionId Id) -> const NativeFunction & {
    return M.Functions[Id];
  };
  auto Lookup = [&](SchemaKind K) { return G.lookup(K); };
  std::optional<FunctionId> Functional = Lookup(SchemaKind::Functional),
                            Inplace = Lookup(SchemaKind::Inplace),
                            Mutable = Lookup(SchemaKind::Mutable),
                            Out = Lookup(SchemaKind::Out);
  // A signature with only a scratch variant gets nothing.
  if (!Functional && !Inplace && !Mutable && !Out)
    return;

  auto AllOf = [&](auto Pred) {
    return all_of(G.Members, [&](const auto &P) { return Pred(Fn(P.second)); });
  };
  auto AnyOf = [&](auto Pred) {
    return any_of(G.Members, [&](const auto &P) { return Pred(Fn(P.second)); });
  };
  // Evaluated lazily, cheapest first: most groups stop here.
  auto AreManual = [&] {
    return AllOf([](const NativeFunction &F) { return F.ManualCppBinding; });
  };
  // set_ is an inplace view, but the codegen treats it as an ordinary
  // inplace operator.
  auto HasViewOps = [&] {
    return AnyOf([](const NativeFunction &F) {
      return F.isViewOp() && F.Func.Name.Name.str() != "set_";
    });
  };
  auto AreCompositeImplicit = [&] {
    return AllOf([](const NativeFunction &F) {
      return F.HasCompositeImplicitAutogradKernel;
    });
  };
  auto IsCore = [&] {
    return AnyOf(
        [](const NativeFunction &F) { return F.Tags.count("core") != 0; });
  };
  if (AreManual() || HasViewOps() || (AreCompositeImplicit() && !IsCore()))
    return;

  if (Out && G.Members.size() == 1) {
    // Note [Out ops with functional variants that don't get grouped
    // properly]: a lone out= operator would be legal, but torchgen bans it so
    // that new ones come with their functional variant.
    const NativeFunction &F = Fn(*Out);
    std::string Name = F.Func.Name.str();
    if (!isOutOpThatDoesNotGetGrouped(Name))
      error(F.FuncLoc,
            "`" + Name +
                "` is an out= operator with no other variant: no functional, "
                "inplace or mutable operator has its signature `" +
                G.Signature +
                "`; declare its functional variant (out= operators must come "
                "with one)");
    return;
  }

  if (Inplace && isInplaceOpThatDoesNotGetGrouped(Fn(*Inplace).Func.Name.str()))
    return;

  FunctionId BaseId = Mutable   ? *Mutable
                      : Inplace ? *Inplace
                      : Out     ? *Out
                                : *Functional;
  const NativeFunction &Base = Fn(BaseId);
  if (Spec)
    Spec->Base = BaseId;
  std::string BaseName = Base.Func.Name.str();

  // Note [Mutable ops that cannot get an out variant]: an out= variant
  // needs something to write to: `self` of an inplace operator, or the
  // tensor-like returns of the others.
  bool BaseValid = Base.Func.kind() == SchemaKind::Inplace ||
                   any_of(Base.Func.Returns,
                          [](const Return &R) { return R.Ty.isTensorLike(); });
  // Note [Loosen the assertion that all functional should have out variant]:
  // out= variants are only made on request. torchgen looks for `out` anywhere
  // in the `autogen:` names, not only in overload names.
  bool NeedsOut = any_of(Base.Autogen, [](const OperatorName &N) {
    return StringRef(N.str()).contains("out");
  });
  bool GetsOutVariant = !Out && BaseValid && NeedsOut;
  if (!Out && !BaseValid && !isMutableOpThatCannotGetAnOutVariant(BaseName) &&
      !is_contained(FunctionalOpsThatCannotGetAnOutVariant, BaseName))
    error(Base.FuncLoc,
          "`" + BaseName +
              "` can have no out= variant: it returns no tensor and is not "
              "inplace, so nothing can become an out= argument; every "
              "operator must be able to have one, except those on torchgen's "
              "fixed lists of operators that return no tensor");

  if (GetsOutVariant) {
    std::optional<NativeFunction> F = generate(Base, SchemaKind::Out);
    if (!F)
      return;
    if (Spec)
      Spec->Made.emplace_back(SchemaKind::Out, std::move(*F));
    else
      add(BaseId, std::move(*F));
  }
  // A functional variant is only of use in a complete group, which needs an
  // out= variant.
  if (!Functional && (Out || GetsOutVariant)) {
    std::optional<NativeFunction> F =
        generate(M.Functions[BaseId], SchemaKind::Functional);
    if (!F)
      return;
    if (Spec)
      Spec->Made.emplace_back(SchemaKind::Functional, std::move(*F));
    else
      add(BaseId, std::move(*F));
  }
}

void Synthesizer::add(FunctionId Parent, NativeFunction F) {
  std::string Name = F.Func.Name.str();
  FunctionId Id = M.Functions.size();
  auto [Existing, New] = addName(CachedHashStringRef(Name), Id,
                                 /*Kept=*/false);
  if (!New) {
    // torchgen only notices this when the other operator also has a
    // CompositeExplicitAutograd kernel; two operators of one name are
    // always wrong.
    error(M.Functions[Parent].FuncLoc,
          "the " + toString(F.Func.kind()) + " variant synthesized for `" +
              M.Functions[Parent].Func.Name.str() + "`, `" + Name +
              "`, has the name of an existing operator");
    D.note(M.Functions[Existing].FuncLoc, "`" + Name + "` is declared here");
    return;
  }
  ParentOf[Id] = Parent;
  M.Functions.push_back(std::move(F));
}

bool Synthesizer::makeOutArgs(const NativeFunction &Parent,
                              std::vector<Return> &Returns,
                              std::vector<Argument> &OutArgs) {
  const FunctionSchema &S = Parent.Func;
  if (any_of(S.Returns, [](const Return &R) { return R.isWrite(); })) {
    error(Parent.FuncLoc,
          "cannot synthesize an out= variant of `" + S.Name.str() +
              "`: it returns one of its mutable arguments, which a " +
              toString(S.kind()) + " operator must not do");
    return false;
  }
  // Alias sets the schema already uses cannot name the new out= arguments.
  // (One pass over the arguments marks the letters in use.)
  bool Used[26] = {};
  S.Args.anyOf(Arguments::AllParts, [&](const Argument &A) {
    if (A.Annot)
      for (const std::string &Alias : A.Annot->AliasSet)
        if (Alias.size() == 1 && Alias[0] >= 'a' && Alias[0] <= 'z')
          Used[Alias[0] - 'a'] = true;
    return false;
  });
  std::vector<char> Free;
  for (char C = 'a'; C <= 'z'; ++C)
    if (!Used[C - 'a'])
      Free.push_back(C);
  bool AllTensors = all_of(
      S.Returns, [](const Return &R) { return R.Ty.isBase(BaseTy::Tensor); });
  for (size_t I = 0; I < S.Returns.size(); ++I) {
    const Return &R = S.Returns[I];
    if (!R.Ty.isTensorLike()) {
      Returns.push_back(R);
      continue;
    }
    // The alias letter is picked by the return's position among all
    // returns, not among the tensor-like ones.
    if (I >= Free.size()) {
      error(Parent.FuncLoc, "cannot synthesize an out= variant of `" +
                                S.Name.str() +
                                "`: there are not enough unused alias "
                                "letters to annotate its out= arguments");
      return false;
    }
    Argument Out;
    Out.Name = S.Returns.size() == 1 ? "out" : "out" + std::to_string(I);
    Out.Ty = R.Ty;
    Out.Annot = Annotation{{std::string(1, Free[I])}, true, {}};
    Out.Loc = R.Loc.isValid() ? R.Loc : Parent.FuncLoc;
    // By convention, out= functions return their out= arguments only when
    // they all are plain tensors.
    if (AllTensors) {
      Return NR;
      NR.Ty = Out.Ty;
      NR.Annot = Out.Annot;
      NR.Loc = Out.Loc;
      Returns.push_back(std::move(NR));
    }
    OutArgs.push_back(std::move(Out));
  }
  return true;
}

std::optional<FunctionSchema>
Synthesizer::inplaceToOut(const NativeFunction &Parent) {
  const FunctionSchema &S = Parent.Func;
  if (!S.Args.Self || !S.Args.Out.empty()) {
    error(Parent.FuncLoc, "cannot synthesize an out= variant of the inplace `" +
                              S.Name.str() +
                              "`: it needs a `self` argument and no out= "
                              "arguments");
    return std::nullopt;
  }
  // `self` stops being written; a new `out` of its type is written instead,
  // under its annotation, so the returns alias `out` now.
  FunctionSchema R;
  R.Name.Name = BaseOperatorName{S.Name.Name.Base, false,
                                 S.Name.Name.DunderMethod, false};
  R.Name.OverloadName = outOverloadName(S.Name.OverloadName);
  R.Args = S.Args;
  Argument Out;
  Out.Name = "out";
  Out.Ty = S.Args.Self->Ty;
  Out.Annot = S.Args.Self->Annot;
  Out.Loc = S.Args.Self->Loc.isValid() ? S.Args.Self->Loc : Parent.FuncLoc;
  R.Args.Self->Annot.reset();
  R.Args.Out.push_back(std::move(Out));
  R.Returns = S.Returns;
  return R;
}

std::optional<FunctionSchema>
Synthesizer::functionalToOut(const NativeFunction &Parent) {
  const FunctionSchema &S = Parent.Func;
  FunctionSchema R;
  if (!makeOutArgs(Parent, R.Returns, R.Args.Out))
    return std::nullopt;
  // The functional operator's overload, suffixed; the arguments without
  // annotations or tensor options (as in the signature), defaults kept.
  R.Name = S.Name;
  R.Name.OverloadName = outOverloadName(S.Name.OverloadName);
  std::vector<Argument> OutArgs = std::move(R.Args.Out);
  R.Args = getSignature(S).Args;
  R.Args.Out = std::move(OutArgs);
  return R;
}

std::optional<FunctionSchema>
Synthesizer::mutableToOut(const NativeFunction &Parent) {
  const FunctionSchema &S = Parent.Func;
  FunctionSchema R;
  if (!makeOutArgs(Parent, R.Returns, R.Args.Out))
    return std::nullopt;
  // The mutable arguments stay mutable: the out= variant of a mutable
  // operator writes both them and its new out= arguments.
  R.Name.Name = BaseOperatorName{S.Name.Name.Base, false,
                                 S.Name.Name.DunderMethod, false};
  R.Name.OverloadName = outOverloadName(S.Name.OverloadName);
  std::vector<Argument> OutArgs = std::move(R.Args.Out);
  R.Args = S.Args;
  R.Args.Out = std::move(OutArgs);
  return R;
}

bool Synthesizer::checkMade(const NativeFunction &Parent, SchemaKind K,
                            const FunctionSchema &S) {
  if (succeeded(verifySchema(Ctx, S, Parent.FuncLoc, /*LocateParts=*/false)))
    return true;
  D.note(Parent.FuncLoc, "in the " + toString(K) +
                             " variant synthesized for `" +
                             Parent.Func.Name.str() + "`: " + S.str());
  Failed = true;
  return false;
}

std::optional<NativeFunction>
Synthesizer::generate(const NativeFunction &Parent, SchemaKind K) {
  SchemaKind ParentKind = Parent.Func.kind();
  std::optional<FunctionSchema> S;
  if (K == SchemaKind::Functional) {
    // The signature with return names: mutable arguments become immutable
    // and are returned as `<arg>_out`. A mutable operator's functional
    // variant takes the same arguments, so it gets `_functional` in its name
    // rather than only another overload.
    SignatureOptions Opts;
    Opts.KeepReturnNames = true;
    S = getSignature(Parent.Func, Opts);
    S->Name.Name = BaseOperatorName{
        Parent.Func.Name.Name.Base, false, Parent.Func.Name.Name.DunderMethod,
        /*FunctionalOverload=*/ParentKind == SchemaKind::Mutable};
    S->Name.OverloadName = Parent.Func.Name.OverloadName;
  } else if (ParentKind == SchemaKind::Inplace) {
    S = inplaceToOut(Parent);
  } else if (ParentKind == SchemaKind::Mutable) {
    S = mutableToOut(Parent);
  } else if (ParentKind == SchemaKind::Functional) {
    S = functionalToOut(Parent);
  } else {
    error(Parent.FuncLoc, "cannot synthesize an out= variant from the " +
                              toString(ParentKind) + " `" +
                              Parent.Func.Name.str() + "`");
  }
  if (!S)
    return std::nullopt;

  // The new schema must pass the checks every schema passes (torchgen builds
  // it as a FunctionSchema, which checks itself). Some do not: the out=
  // variant of an operator returning `(Tensor, int)` returns only the `int`,
  // which does not line up with its out= argument. The errors point at the
  // function made from, as the new schema was never written anywhere.
  // A plan checks it when the variant is added.
  if (!Spec && !checkMade(Parent, K, *S))
    return std::nullopt;

  NativeFunction F;
  F.Namespace = Parent.Namespace;
  F.Func = std::move(*S);
  F.UseConstRefForMutableTensors = Parent.UseConstRefForMutableTensors;
  // Synthesized functions are not meant for users: no methods, no device
  // guard or device check.
  F.VariantFunction = true;
  F.VariantMethod = false;
  F.DeviceGuard = false;
  F.DeviceCheck = DeviceCheckType::NoCheck;
  F.Loc = Parent.Loc;
  F.FuncLoc = Parent.FuncLoc;
  F.IsAbstract = Parent.IsAbstract;
  F.HasCompositeExplicitAutogradKernel = true;

  F.Tags.insert("generated");
  for (StringRef T : InheritedTags)
    if (Parent.Tags.count(T.str()))
      F.Tags.insert(T.str());
  if (F.Func.isOutFn())
    F.Tags.insert("out");
  if (F.Func.Name.Name.Inplace)
    F.Tags.insert("inplace");

  // The one kernel: CompositeExplicitAutograd, named by the out= variant's
  // unambiguous name (`randn_names_out` and `randn_generator_with_names_out`
  // must differ) or the functional variant's C++ name; `_symint` follows
  // when the function made from takes SymInts.
  std::string Kernel = F.Func.kind() == SchemaKind::Out
                           ? F.Func.Name.unambiguousName()
                           : F.Func.Name.Name.str();
  if (Parent.Func.Args.hasSymIntArg())
    Kernel += "_symint";
  F.Dispatch.push_back({DispatchKey::CompositeExplicitAutograd,
                        BackendMetadata{Kernel, false, "at::native"}});
  // Printed back as yaml, the function reads back the same.
  F.DispatchAsWritten.emplace();
  F.DispatchAsWritten->push_back({"CompositeExplicitAutograd", Kernel});
  return F;
}

bool Synthesizer::collectAutogen(const PreGroup &G, AutogenCheck &C) const {
  // Only complete groups are checked: a functional and an out= variant,
  // maybe inplace and mutable ones, nothing else.
  if (G.Members.size() < 2 || G.has(SchemaKind::Scratch) ||
      !G.has(SchemaKind::Functional) || !G.has(SchemaKind::Out))
    return false;
  C.Ids.reserve(4);
  for (SchemaKind K : {SchemaKind::Functional, SchemaKind::Out,
                       SchemaKind::Inplace, SchemaKind::Mutable})
    if (std::optional<FunctionId> Id = G.lookup(K))
      C.Ids.push_back(*Id);

  for (FunctionId Id : C.Ids) {
    const NativeFunction &F = M.Functions[Id];
    if (F.isGenerated()) {
      C.Generated.push_back(F.Func.Name.str());
      auto It = ParentOf.find(Id);
      if (!C.Parent && It != ParentOf.end())
        C.Parent = It->second;
    }
    if (!F.Autogen.empty() && !C.Lister)
      C.Lister = Id;
    for (const OperatorName &N : F.Autogen)
      C.Expected.push_back(N.str());
  }
  llvm::sort(C.Generated);
  llvm::sort(C.Expected);
  C.Expected.erase(std::unique(C.Expected.begin(), C.Expected.end()),
                   C.Expected.end());
  return C.Generated != C.Expected;
}

void Synthesizer::checkAutogen() {
  // Regroup with the synthesized functions, as grouping will; the others'
  // signatures are known from the first grouping.
  if (failed(Signatures.preGroup(M, Ctx, Threads))) {
    Failed = true;
    return;
  }
  // The groups are compared on threads (the names printed and sorted were
  // about 1 M instructions); the few that differ are reported in order.
  const std::vector<PreGroup> &Groups = Signatures.Groups;
  std::vector<char> Differs(Groups.size());
  Ctx.getThreadPool().parallelFor(Threads, Groups.size(), [&](size_t I) {
    AutogenCheck C;
    Differs[I] = collectAutogen(Groups[I], C);
  });
  for (size_t I = 0; I != Groups.size(); ++I) {
    if (!Differs[I])
      continue;
    AutogenCheck C;
    collectAutogen(Groups[I], C);
    const std::vector<std::string> &Generated = C.Generated,
                                   &Expected = C.Expected;
    std::string Want = join(Generated, ", ");
    // Point at the function the variants were made from, which is where the
    // `autogen:` line belongs, or else at the one with the wrong list.
    FunctionId At = C.Parent ? *C.Parent : C.Lister ? *C.Lister : C.Ids.front();
    const NativeFunction &F = M.Functions[At];
    std::string Name = F.Func.Name.str();
    if (Expected.empty())
      error(F.FuncLoc, "variant synthesis made `" + Want + "` for `" + Name +
                           "`, but no function of its group lists them; add "
                           "`autogen: " +
                           Want + "` to its entry");
    else if (Generated.empty())
      error(F.FuncLoc, "`autogen: " + join(Expected, ", ") +
                           "` names functions that variant synthesis does "
                           "not make for the group of `" +
                           Name + "`, which makes none; remove it");
    else
      error(F.FuncLoc, "variant synthesis made `" + Want + "` for `" + Name +
                           "`, but its group's `autogen:` lists `" +
                           join(Expected, ", ") + "`; write `autogen: " + Want +
                           "`");
  }
}

namespace {
class VariantSynthesisPass : public Pass {
public:
  StringRef getArgument() const override { return "variant-synthesis"; }
  bool preservesSchemas() const override { return true; }
  LogicalResult run(Module &M, PassContext &PC) override {
    if (M.VariantsSynthesized) {
      PC.Ctx.getDiags().error(
          SMLoc(), "variant-synthesis has already run on this module; it "
                   "must run only once");
      return failure();
    }
    SignatureAnalysis Local;
    LogicalResult R =
        Synthesizer(M, PC.Ctx, PC.Threads, getSignatureAnalysis(PC, Local))
            .run();
    M.VariantsSynthesized = true;
    return R;
  }
};
} // namespace

std::unique_ptr<Pass> opgen::createVariantSynthesisPass() {
  return std::make_unique<VariantSynthesisPass>();
}
