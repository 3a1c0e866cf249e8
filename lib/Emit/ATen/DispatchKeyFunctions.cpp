//===- DispatchKeyFunctions.cpp - <Key>Functions.h and _inl.h -------------===//
//
// Each dispatch key torchgen.gen gives a direct C++ API (at::cpu::add,
// at::meta::add_, at::compositeexplicitautograd::..., calling the key's
// kernel without the dispatcher; Register<Key>.cpp defines them) gets
// <Key>Functions.h, which only includes <Key>Functions_inl.h, which declares
// them. With per-operator headers the declarations go into one
// ops/<root>_<key>_dispatch.h per root name instead, and the _inl.h includes
// those. Which functions a key declares is Register<Key>.cpp's rule
// (RegisterDispatchKeyEmitter's NamespacedDeclaration target); a function's
// declaration text is the same for every key, so it is made once.
//
//===----------------------------------------------------------------------===//

#include "opgen/Emit/ATen/AtenGroups.h"
#include "opgen/Emit/CppApiWrappers.h"
#include "opgen/Emit/Emitters.h"
#include "opgen/Emit/ATen/KernelTable.h"
#include "opgen/Emit/Dest/RegisterDispatchKey.h"
#include "opgen/IR/DispatchKey.h"
#include "opgen/Support/Parallel.h"

#include "llvm/ADT/CachedHashString.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"

#include <algorithm>
#include <atomic>

using namespace opgen;
using namespace llvm;

namespace {
/// What one key declares: per entry of M.Groups, the functions it declares
/// and, aggregated, the C++ namespace they go in (by number in
/// NamespaceNames, in the order they first appear).
struct KeyDeclarations {
  DispatchKey Key;
  std::vector<SmallVector<FunctionId, 4>> Functions;
  std::vector<unsigned> Namespaces;
  std::vector<std::string> NamespaceNames;
};

/// Each declared function's text, and its hash for finding duplicates.
struct DeclarationTexts {
  std::vector<std::string> Texts;
  std::vector<unsigned> Hashes;
};
} // namespace

/// Python's str.replace: every occurrence of \p From.
static std::string replaceAll(StringRef S, StringRef From, StringRef To) {
  std::string Out;
  for (size_t At; (At = S.find(From)) != StringRef::npos;
       S = S.drop_front(At + From.size()))
    Out += (S.take_front(At) + To).str();
  Out += S;
  return Out;
}

/// Which functions \p K declares, group by group; false after reporting a
/// kernel torchgen refuses.
static bool collectDeclarations(EmitContext &EC, const KernelTable &Kernels,
                                KeyDeclarations &Out) {
  const Module &M = EC.M;
  Out.Functions.resize(M.Groups->size());
  const BackendIndex *Index = nullptr;
  size_t Slot = 0;
  for (size_t K = 0; K != Kernels.numKeys(); ++K)
    if (Kernels.indices()[K]->Key == Out.Key) {
      Index = Kernels.indices()[K];
      Slot = K;
    }
  // A key no function names has torchgen's empty default index, which
  // declares nothing.
  if (!Index)
    return true;
  std::vector<const BackendMetadata *> ByFunction(M.Functions.size());
  for (FunctionId Id = 0; Id != M.Functions.size(); ++Id)
    ByFunction[Id] = Kernels.kernel(Slot, Id);
  RegisterDispatchKeyEmitter E(EC.Ctx, M, *Index, std::move(ByFunction));
  bool Aggregated = !EC.Options.PerOperatorHeaders;
  if (Aggregated)
    Out.Namespaces.resize(M.Groups->size());
  std::string Lower = StringRef(toString(Out.Key)).lower();
  // Nearly every kernel is in at::native: each namespace is renamed once.
  // Blocks go by the new name, which two namespaces may share
  // (a::native::cpu and a::cpu::native for CPU).
  StringMap<unsigned> Renamed, ByNewName;
  bool Ok = true;
  for (size_t I = 0; I != M.Groups->size(); ++I) {
    const FunctionGroup &G = (*M.Groups)[I];
    Ok &= succeeded(E.getGeneratedFunctions(G, Out.Functions[I]));
    // Only the aggregated file puts a custom namespace's kernels apart.
    if (!Aggregated)
      continue;
    std::optional<std::string> NS = E.getKernelNamespace(G);
    if (!NS) {
      Ok = false;
      continue;
    }
    auto [It, New] = Renamed.try_emplace(*NS);
    if (New) {
      std::string Name = replaceAll(*NS, "native", Lower);
      auto [Block, NewBlock] =
          ByNewName.try_emplace(Name, Out.NamespaceNames.size());
      if (NewBlock)
        Out.NamespaceNames.push_back(std::move(Name));
      It->second = Block->second;
    }
    Out.Namespaces[I] = It->second;
  }
  return Ok;
}

/// get_namespaced_declaration: the declarations of each namespace, in the
/// order namespaces first appear, each function's once, as the lines
/// torchgen's template list holds. \p Strings holds the lines made here.
static std::vector<StringRef>
aggregatedDeclarations(const KeyDeclarations &K, const DeclarationTexts &D,
                       std::vector<std::string> &Strings) {
  size_t NumNamespaces = K.NamespaceNames.size();
  std::vector<std::vector<FunctionId>> ByNamespace(NumNamespaces);
  for (size_t I = 0; I != K.Functions.size(); ++I)
    if (!K.Functions[I].empty())
      ByNamespace[K.Namespaces[I]].insert(ByNamespace[K.Namespaces[I]].end(),
                                          K.Functions[I].begin(),
                                          K.Functions[I].end());
  // Reserved: the list borrows these strings.
  Strings.reserve(2 * NumNamespaces + 1);
  // torchgen's f-string ends with a line of blanks, which separates the
  // namespaces.
  Strings.push_back("        ");
  StringRef Gap = Strings.front();
  std::vector<StringRef> Lines;
  for (size_t N = 0; N != NumNamespaces; ++N) {
    if (ByNamespace[N].empty())
      continue;
    SmallVector<StringRef, 3> Parts;
    StringRef(K.NamespaceNames[N]).split(Parts, "::");
    std::string Prologue, Epilogue;
    for (StringRef P : Parts)
      Prologue +=
          (Prologue.empty() ? "" : "\n") + ("namespace " + P + " {").str();
    for (StringRef P : llvm::reverse(Parts))
      Epilogue +=
          (Epilogue.empty() ? "" : "\n") + ("} // namespace " + P).str();
    Strings.push_back(std::move(Prologue));
    Lines.push_back(Strings.back());
    // Identical declarations (overloads with one C++ signature) are kept
    // once.
    DenseSet<CachedHashStringRef> Seen;
    Seen.reserve(ByNamespace[N].size());
    for (FunctionId Id : ByNamespace[N])
      if (Seen.insert(CachedHashStringRef(D.Texts[Id], D.Hashes[Id])).second)
        Lines.push_back(D.Texts[Id]);
    Strings.push_back(std::move(Epilogue));
    Lines.push_back(Strings.back());
    Lines.push_back(Gap);
  }
  return Lines;
}

/// <Key>Functions.h and <Key>Functions_inl.h, with \p Includes and
/// \p Declarations in the latter.
static LogicalResult writeKeyHeaders(const EmitContext &EC, DispatchKey K,
                                     std::vector<std::string> Includes,
                                     TemplateValue Declarations) {
  std::string Key = toString(K).str();
  FileManager &FM = getDispatchKeyFiles(EC, K);
  TemplateEnv Env;
  Env["dispatch_key"] = Key;
  Env["inline_headers"] = "#include <ATen/" + Key + "Functions_inl.h>";
  if (failed(FM.writeWithTemplate(Key + "Functions.h", "DispatchKeyFunctions.h",
                                  std::move(Env))))
    return failure();
  TemplateEnv Inl;
  Inl["DispatchKeyFunctions_inl_includes"] = std::move(Includes);
  Inl["dispatch_namespace"] = StringRef(Key).lower();
  Inl["dispatch_namespaced_declarations"] = std::move(Declarations);
  return FM.writeWithTemplate(Key + "Functions_inl.h",
                              "DispatchKeyFunctions_inl.h", std::move(Inl));
}

/// With per-operator headers: ops/<root>_<key>_dispatch.h for each root
/// name \p K declares something of, and the _inl.h including them.
static LogicalResult writePerOperator(
    EmitContext &EC, const KeyDeclarations &K,
    const std::vector<std::pair<std::string, std::vector<size_t>>> &Roots,
    const DeclarationTexts &D) {
  std::string NS = StringRef(toString(K.Key)).lower();
  FileManager &Ops = EC.files(OutputFolder::Ops);
  std::vector<std::optional<std::string>> Headers(Roots.size());
  DiagnosticEngine &Diags = EC.Ctx.getDiags();
  Diags.beginDeferred();
  EC.Ctx.getThreadPool().parallelFor(
      EC.Options.Threads, Roots.size(), [&](size_t I) {
        std::vector<StringRef> Decls;
        for (size_t G : Roots[I].second)
          for (FunctionId Id : K.Functions[G])
            Decls.push_back(D.Texts[Id]);
        if (Decls.empty())
          return;
        TemplateEnv Env;
        Env["dispatch_namespace"] = NS;
        Env["dispatch_namespaced_declarations"] =
            TemplateValue::borrowedList(std::move(Decls));
        Headers[I] = Ops.substitute("DispatchKeyFunction.h", std::move(Env));
        // A failed substitution was reported; an empty text marks it.
        if (!Headers[I])
          Headers[I] = std::string();
      });
  Diags.flushDeferred();
  std::vector<std::string> Names;
  bool Ok = true;
  for (size_t I = 0; I != Roots.size(); ++I) {
    if (!Headers[I])
      continue;
    const std::string &Root = Roots[I].first;
    Names.push_back(Root);
    Ok &= !Headers[I]->empty() &&
          succeeded(Ops.writeText(Root + "_" + NS + "_dispatch.h",
                                  std::move(*Headers[I])));
  }
  if (!Ok)
    return failure();
  std::sort(Names.begin(), Names.end());
  std::vector<std::string> Includes;
  Includes.reserve(Names.size());
  for (const std::string &Name : Names)
    Includes.push_back("#include <ATen/ops/" + Name + "_" + NS +
                       "_dispatch.h>");
  return writeKeyHeaders(EC, K.Key, std::move(Includes),
                         std::vector<std::string>());
}

LogicalResult opgen::emitDispatchKeyFunctions(EmitContext &EC) {
  if (!EC.Options.GenerateHeaders)
    return success();
  if (failed(checkCppApiModule(EC, "<Key>Functions.h", /*NeedsGroups=*/true)))
    return failure();
  const Module &M = EC.M;

  KernelTable Kernels(M);
  std::vector<KeyDeclarations> Keys;
  for (DispatchKey K : getGenDispatchKeys(M, EC.Options))
    if (hasDispatchKeyFunctions(K, EC.Options))
      Keys.push_back({K, {}, {}, {}});
  bool Ok = true;
  for (KeyDeclarations &K : Keys)
    Ok &= collectDeclarations(EC, Kernels, K);
  if (!Ok)
    return failure();

  // Each declared function's text, made once for all keys.
  std::vector<char> Wanted(M.Functions.size(), 0);
  for (const KeyDeclarations &K : Keys)
    for (const SmallVector<FunctionId, 4> &Ids : K.Functions)
      for (FunctionId Id : Ids)
        Wanted[Id] = 1;
  // Functions.h's wrappers spell the same signatures: made from them (the
  // cache is warm when Functions.h ran first), the texts cost ~2 M
  // instructions instead of ~34 M. A function the cache cannot make
  // wrappers for was reported there, and fails Functions.h.
  CppWrapperCache &Cache = getCppWrapperCache(EC);
  DeclarationTexts D;
  D.Texts.resize(M.Functions.size());
  D.Hashes.resize(M.Functions.size());
  DiagnosticEngine &Diags = EC.Ctx.getDiags();
  Diags.beginDeferred();
  std::atomic<bool> Failed{false};
  EC.Ctx.getThreadPool().parallelFor(
      EC.Options.Threads, M.Functions.size(), [&](size_t Id) {
        if (!Wanted[Id])
          return;
        const NativeFunction &F = M.Functions[Id];
        const CppWrappers *W = Cache.get(EC, F, /*Method=*/false);
        if (!W) {
          Failed = true;
          return;
        }
        D.Texts[Id] = getNamespacedDeclaration(F, W);
        D.Hashes[Id] = CachedHashStringRef(D.Texts[Id]).hash();
      });
  Diags.flushDeferred();
  if (Failed)
    return failure();

  if (EC.Options.PerOperatorHeaders) {
    auto Roots = getGroupsByRootName(M);
    for (const KeyDeclarations &K : Keys)
      if (failed(writePerOperator(EC, K, Roots, D)))
        return failure();
    return success();
  }
  for (const KeyDeclarations &K : Keys) {
    std::vector<std::string> Strings;
    std::vector<StringRef> Lines = aggregatedDeclarations(K, D, Strings);
    if (failed(writeKeyHeaders(EC, K.Key, std::vector<std::string>(),
                               TemplateValue::borrowedList(std::move(Lines)))))
      return failure();
  }
  return success();
}
