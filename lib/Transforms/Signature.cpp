//===- Signature.cpp - The signature shared by an operator's variants -----===//

#include "opgen/Transforms/Signature.h"
#include "opgen/Support/Parallel.h"
#include "opgen/Support/StringStream.h"

#include "llvm/Support/raw_ostream.h"

#include "llvm/ADT/CachedHashString.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Allocator.h"

using namespace opgen;
using namespace llvm;

/// Replace every occurrence of \p From in \p S by \p To, as Python's
/// str.replace does.
static std::string replaceAll(StringRef S, StringRef From, StringRef To) {
  std::string R;
  while (true) {
    size_t I = S.find(From);
    if (I == StringRef::npos)
      break;
    R += S.take_front(I);
    R += To;
    S = S.drop_front(I + From.size());
  }
  R += S;
  return R;
}

/// Mutable inputs that no return aliases become returns in a signature:
/// self first, then out= arguments, then positional ones, so that an
/// inplace or out= function and its functional variant agree.
static void
forEachUnreturnedMutableInput(const FunctionSchema &S,
                              function_ref<void(const Argument &)> F) {
  auto Visit = [&](const Argument &Arg) {
    if (!Arg.isWrite())
      return;
    for (const Return &Ret : S.Returns)
      if (Ret.Annot && *Ret.Annot == *Arg.Annot)
        return;
    F(Arg);
  };
  if (S.Args.Self)
    Visit(*S.Args.Self);
  for (const Argument &Arg : S.Args.Out)
    Visit(Arg);
  for (const Argument &Arg : S.Args.PostSelfPositional)
    Visit(Arg);
}

FunctionSchema opgen::getSignature(const FunctionSchema &S,
                                   const SignatureOptions &Opts) {
  auto StripArg = [&](const Argument &A) {
    Argument R = A;
    R.Annot.reset();
    if (Opts.StripDefault)
      R.Default.reset();
    return R;
  };
  auto StripArgs = [&](const std::vector<Argument> &As,
                       std::vector<Argument> &Into) {
    for (const Argument &A : As)
      Into.push_back(StripArg(A));
  };

  FunctionSchema R;
  std::string Base = S.Name.Name.Base;
  if (Opts.StripViewCopyName) {
    // torchgen replaces every occurrence, not only the suffix.
    if (StringRef(Base).endswith("_copy"))
      Base = replaceAll(Base, "_copy", "");
    else if (StringRef(Base).endswith("_scatter"))
      Base = replaceAll(Base, "scatter", "inverse");
  }
  R.Name.Name.Base = std::move(Base);
  R.Name.Name.DunderMethod = S.Name.Name.DunderMethod;

  const Arguments &A = S.Args;
  StripArgs(A.PreSelfPositional, R.Args.PreSelfPositional);
  if (A.Self)
    R.Args.Self = StripArg(*A.Self);
  StripArgs(A.PostSelfPositional, R.Args.PostSelfPositional);
  // Without the tensor options, the keyword-only arguments around them are
  // all "before" them.
  StripArgs(A.PreTensorOptionsKwargOnly, R.Args.PreTensorOptionsKwargOnly);
  StripArgs(A.PostTensorOptionsKwargOnly, R.Args.PreTensorOptionsKwargOnly);

  // See Note [bernoulli.p schema]. torchgen edits the printed arguments
  // ("float p" -> "float p=0.5") and parses them again; on this schema that
  // gives `p` a default and changes nothing else.
  if (S.Name.str() == "bernoulli.p") {
    auto AddDefault = [](Argument &Arg) {
      if (Arg.Name == "p" && Arg.Ty.isBase(BaseTy::Float) && !Arg.Default)
        Arg.Default = "0.5";
    };
    for (Argument &Arg : R.Args.PreSelfPositional)
      AddDefault(Arg);
    if (R.Args.Self)
      AddDefault(*R.Args.Self);
    for (Argument &Arg : R.Args.PostSelfPositional)
      AddDefault(Arg);
    for (Argument &Arg : R.Args.PreTensorOptionsKwargOnly)
      AddDefault(Arg);
  }

  for (const Return &Ret : S.Returns) {
    Return NR = Ret;
    NR.Annot.reset();
    if (!Opts.KeepReturnNames)
      NR.Name.reset();
    R.Returns.push_back(std::move(NR));
  }
  forEachUnreturnedMutableInput(S, [&](const Argument &Arg) {
    Return NR;
    if (Opts.KeepReturnNames)
      NR.Name = Arg.Name + "_out";
    NR.Ty = Arg.Ty;
    NR.Loc = Arg.Loc;
    R.Returns.push_back(std::move(NR));
  });
  return R;
}

/// Compute the missing signature texts of \p Fns into \p Texts, which holds
/// those of the first functions, and the missing hashes of the texts into
/// \p Hashes, on up to \p Threads threads. Hashing here, with the text at
/// hand, takes it off the serial grouping that follows.
static void computeTexts(const std::vector<NativeFunction> &Fns,
                         std::vector<std::string> &Texts,
                         std::vector<unsigned> &Hashes, unsigned Threads,
                         ThreadPool *Pool) {
  size_t Known = std::min(Texts.size(), Fns.size());
  size_t KnownHashes = std::min(Hashes.size(), Known);
  Texts.resize(Fns.size());
  Hashes.resize(Fns.size());
  auto Compute = [&](size_t I) {
    size_t Id = KnownHashes + I;
    if (Id >= Known)
      Texts[Id] = getSignatureText(Fns[Id].Func);
    Hashes[Id] = CachedHashStringRef(Texts[Id]).hash();
  };
  if (Pool)
    Pool->parallelFor(Threads, Fns.size() - KnownHashes, Compute);
  else
    parallelFor(Threads, Fns.size() - KnownHashes, Compute);
}

/// Add functions \p From on of \p Fns to \p Groups, which holds the groups
/// of the functions before, as \p GroupOf maps their texts to them. With
/// \p KeyArena, the keys added to \p GroupOf are copied there, so the map
/// can outlive \p Texts; false if an error was reported.
static bool addToPreGroups(const std::vector<NativeFunction> &Fns,
                           const std::vector<std::string> &Texts,
                           const std::vector<unsigned> &Hashes, size_t From,
                           DiagnosticEngine &Diags,
                           std::vector<PreGroup> &Groups,
                           DenseMap<CachedHashStringRef, size_t> &GroupOf,
                           BumpPtrAllocator *KeyArena) {
  bool Failed = false;
  GroupOf.reserve(Fns.size());
  Groups.reserve(Groups.size() + Fns.size() - From);
  for (FunctionId Id = From; Id < Fns.size(); ++Id) {
    const NativeFunction &F = Fns[Id];
    const std::string &Text = Texts[Id];
    CachedHashStringRef Key(Text, Hashes[Id]);
    size_t Group;
    bool New;
    if (KeyArena) {
      auto It = GroupOf.find(Key);
      New = It == GroupOf.end();
      if (New) {
        StringRef Kept = StringRef(Text).copy(*KeyArena);
        It = GroupOf
                 .try_emplace(CachedHashStringRef(Kept, Key.hash()),
                              Groups.size())
                 .first;
      }
      Group = It->second;
    } else {
      auto [It, Inserted] = GroupOf.try_emplace(Key, Groups.size());
      New = Inserted;
      Group = It->second;
    }
    if (New) {
      Groups.push_back(PreGroup{Text, {}});
      // A function, its inplace, mutable and out= variants.
      Groups.back().Members.reserve(4);
    }
    PreGroup *G = &Groups[Group];
    SchemaKind K = F.Func.kind();
    if (std::optional<FunctionId> Prev = G->lookup(K)) {
      Diags.error(F.FuncLoc, "`" + F.Func.Name.str() + "` is a second " +
                                 toString(K) + " variant of the signature `" +
                                 G->Signature +
                                 "`; functions are paired up into variants by "
                                 "signature, so each kind can appear once");
      Diags.note(Fns[*Prev].FuncLoc, "the other " + toString(K) +
                                         " variant, `" +
                                         Fns[*Prev].Func.Name.str() + "`");
      Failed = true;
      continue;
    }
    G->Members.push_back({K, Id});
  }
  return !Failed;
}

LogicalResult opgen::preGroupFunctions(const std::vector<NativeFunction> &Fns,
                                       DiagnosticEngine &Diags,
                                       std::vector<PreGroup> &Groups,
                                       unsigned Threads,
                                       std::vector<std::string> *Cache) {
  std::vector<std::string> Local;
  std::vector<std::string> &Texts = Cache ? *Cache : Local;
  std::vector<unsigned> Hashes;
  computeTexts(Fns, Texts, Hashes, Threads, /*Pool=*/nullptr);
  // Signatures that print alike are one signature. The keys point into
  // Texts, which stays put while the map lives.
  DenseMap<CachedHashStringRef, size_t> GroupOf;
  return success(addToPreGroups(Fns, Texts, Hashes, 0, Diags, Groups, GroupOf,
                                /*KeyArena=*/nullptr));
}

char SignatureAnalysis::ID;

LogicalResult SignatureAnalysis::preGroup(const Module &M, Context &Ctx,
                                          unsigned Threads) {
  DiagnosticEngine &Diags = Ctx.getDiags();
  size_t N = M.Functions.size();
  if (GroupsFor && *GroupsFor == N && Texts.size() == N)
    return success();
  // Functions appended since a call without errors join its groups: as
  // grouping goes through the functions in order, that gives what grouping
  // them all again would, diagnostics included.
  size_t From = 0;
  if (GroupsFor && *GroupsFor < N && Texts.size() >= *GroupsFor) {
    From = *GroupsFor;
  } else {
    Groups.clear();
    GroupOf.clear();
    Keys.Reset();
  }
  GroupsFor.reset();
  computeTexts(M.Functions, Texts, Hashes, Threads, &Ctx.getThreadPool());
  if (!addToPreGroups(M.Functions, Texts, Hashes, From, Diags, Groups, GroupOf,
                      &Keys)) {
    GroupOf.clear();
    Keys.Reset();
    return failure();
  }
  GroupsFor = N;
  return success();
}

SignatureAnalysis &opgen::getSignatureAnalysis(PassContext &PC,
                                               SignatureAnalysis &Local) {
  return PC.Analyses ? PC.Analyses->get<SignatureAnalysis>() : Local;
}

std::string opgen::getSignatureText(const FunctionSchema &S,
                                    const SignatureOptions &Opts) {
  // Mirrors getSignature followed by FunctionSchema::print; the signature
  // tests check that the two agree.
  std::string Text;
  BufferedStringStream OS(Text);
  StringRef Base = S.Name.Name.Base;
  std::string Mapped;
  if (Opts.StripViewCopyName) {
    if (Base.endswith("_copy"))
      Base = Mapped = replaceAll(Base, "_copy", "");
    else if (Base.endswith("_scatter"))
      Base = Mapped = replaceAll(Base, "scatter", "inverse");
  }
  if (S.Name.Name.DunderMethod)
    OS << "__" << Base << "__";
  else
    OS << Base;
  OS << '(';
  bool Bernoulli = S.Name.Name.Base == "bernoulli" && !S.Name.Name.Inplace &&
                   S.Name.OverloadName == "p" && !S.Name.Name.DunderMethod &&
                   !S.Name.Name.FunctionalOverload;
  bool First = true;
  auto PrintArg = [&](const Argument &A) {
    if (!First)
      OS << ", ";
    First = false;
    OS << A.Ty << ' ' << A.Name;
    if (!Opts.StripDefault && A.Default && !A.Default->empty())
      OS << '=' << *A.Default;
    else if (Bernoulli && A.Name == "p" && A.Ty.isBase(BaseTy::Float) &&
             (Opts.StripDefault || !A.Default))
      OS << "=0.5";
    return false;
  };
  S.Args.anyOf(Arguments::PositionalPart, PrintArg);
  if (!S.Args.PreTensorOptionsKwargOnly.empty() ||
      !S.Args.PostTensorOptionsKwargOnly.empty()) {
    OS << (First ? "*" : ", *");
    First = false;
    for (const Argument &A : S.Args.PreTensorOptionsKwargOnly)
      PrintArg(A);
    for (const Argument &A : S.Args.PostTensorOptionsKwargOnly)
      PrintArg(A);
  }
  OS << ") -> ";
  // Returns: the schema's own, then mutated inputs no return aliases.
  // A return is its type and name; mutated inputs print as `<arg>_out`.
  struct Ret {
    Type Ty;
    StringRef Name;
    bool OutSuffix;
  };
  SmallVector<Ret, 4> Rets;
  for (const Return &R : S.Returns)
    Rets.push_back({R.Ty,
                    Opts.KeepReturnNames && R.Name ? StringRef(*R.Name) : "",
                    false});
  forEachUnreturnedMutableInput(S, [&](const Argument &Arg) {
    Rets.push_back({Arg.Ty, Opts.KeepReturnNames ? StringRef(Arg.Name) : "",
                    Opts.KeepReturnNames});
  });
  auto PrintRet = [&](const Ret &R) {
    OS << R.Ty;
    if (R.OutSuffix)
      OS << ' ' << R.Name << "_out";
    else if (!R.Name.empty())
      OS << ' ' << R.Name;
  };
  if (Rets.size() == 1) {
    PrintRet(Rets.front());
  } else {
    OS << '(';
    for (size_t I = 0; I < Rets.size(); ++I) {
      if (I)
        OS << ", ";
      PrintRet(Rets[I]);
    }
    OS << ')';
  }
  OS.flush();
  return Text;
}
