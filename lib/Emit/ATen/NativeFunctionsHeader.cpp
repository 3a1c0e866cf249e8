//===- NativeFunctionsHeader.cpp - NativeFunctions.h, ops/*_native.h ------===//
//
// The declarations of every kernel backends implement in at::native:
//
//   namespace at {
//   namespace native {
//   TORCH_API at::Tensor abs(const at::Tensor & self);
//   struct TORCH_API structured_add_out : public
//   at::meta::structured_add_Tensor { void impl(const at::Tensor & self, ...,
//   const at::Tensor & out);
//   };
//   } // namespace native
//   } // namespace at
//
// torchgen (get_native_function_declarations) walks the groups and, for
// each, every backend index in its dict order, and files the declarations
// of the group's kernels under the C++ namespace of the group's primary
// kernel; a namespace's declarations are written once each, in first-seen
// order. A structured group's kernel is one class deriving from its meta
// class; other kernels are declared one function at a time.
//
// Without --per-operator-headers this is one NativeFunctions.h. With it,
// each root name gets ops/<root>_native.h (over that root's groups) and
// NativeFunctions.h only includes them.
//
//===----------------------------------------------------------------------===//

#include "opgen/CppApi/NativeSignature.h"
#include "opgen/CppApi/StructuredApi.h"
#include "opgen/Emit/ATen/AtenGroups.h"
#include "opgen/Emit/CppApiWrappers.h"
#include "opgen/Emit/Emitters.h"
#include "opgen/Emit/ATen/KernelTable.h"
#include "opgen/Emit/ATen/StructuredDeclarations.h"
#include "opgen/Support/Parallel.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"

#include <algorithm>
#include <cstring>
#include <optional>
#include <utility>

using namespace opgen;
using namespace llvm;

/// Whether \p S contains \p Part: memchr for the first character, then a
/// comparison. StringRef's search builds a 256-entry skip table each call;
/// kernel names are short and searched about 8,000 times.
static bool contains(StringRef S, StringRef Part) {
  const char *P = S.data(), *End = S.data() + S.size();
  while (static_cast<size_t>(End - P) >= Part.size()) {
    P = static_cast<const char *>(
        memchr(P, Part.front(), End - P - Part.size() + 1));
    if (!P)
      return false;
    if (memcmp(P, Part.data(), Part.size()) == 0)
      return true;
    ++P;
  }
  return false;
}

/// Where torchgen files a group without a kernel for a key.
static constexpr StringLiteral DefaultKernelNamespace = "at::native";

namespace {
/// One group's declarations, before they are merged with other groups'.
struct GroupDecls {
  /// The namespaces the group's keys name (a key without a kernel names the
  /// default one), each once, in key order: torchgen's dict of namespaces
  /// gets its entries in this order.
  SmallVector<StringRef, 2> Namespaces;
  /// (namespace, declaration), in key order then member order.
  std::vector<std::pair<StringRef, std::string>> Decls;
};

class NativeDeclarations {
public:
  NativeDeclarations(const EmitContext &EC, CppWrapperCache &Cache)
      : EC(EC), M(EC.M), Kernels(M), Cache(Cache),
        KernelessKeys(hasKernelessKeys()) {}

  /// The declarations of group \p G; false after reporting what torchgen
  /// cannot generate.
  bool compute(const FunctionGroup &G, GroupDecls &Out) const;

  /// torchgen's list of lines for the groups \p Groups (indices into
  /// \p All): per namespace its prologue, its distinct declarations and its
  /// epilogue.
  static std::vector<std::string> lines(ArrayRef<GroupDecls> All,
                                        ArrayRef<size_t> Groups);

private:
  std::string
  declare(const NativeFunction &F, const BackendIndex &I,
          const BackendMetadata &Meta,
          std::optional<std::pair<std::string, std::string>> (&Cache)[2]) const;

  /// torchgen's `backend_indices` is a defaultdict: what looks a key up
  /// before these headers are written adds an empty index for it (the
  /// sources' loop over every registered key, a static dispatch backend),
  /// which then stands in the dict after the parsed keys. Such an index has
  /// no kernel, so it gives every function the default kernel namespace:
  /// whether there is one.
  bool hasKernelessKeys() const;

  const EmitContext &EC;
  const Module &M;
  KernelTable Kernels;
  CppWrapperCache &Cache;
  bool KernelessKeys;
};
} // namespace

bool NativeDeclarations::hasKernelessKeys() const {
  auto Parsed = [&](DispatchKey K) {
    return any_of(Kernels.indices(),
                  [&](const BackendIndex *I) { return I->Key == K; });
  };
  if (!all_of(EC.Options.StaticDispatchBackends, Parsed))
    return true;
  if (!EC.Options.GenerateSources)
    return false;
  return !all_of(getGenDispatchKeys(M, EC.Options), Parsed);
}

/// torchgen's gen_unstructured: the kernel's declaration with the native
/// signature (the dispatcher's for an external backend). Backends mostly
/// share a function's signature, so it is made once per function and form:
/// \p Cache holds the return type and the parameters, by SymInt-ness.
std::string NativeDeclarations::declare(
    const NativeFunction &F, const BackendIndex &I, const BackendMetadata &Meta,
    std::optional<std::pair<std::string, std::string>> (&Cache)[2]) const {
  bool SymInt = contains(Meta.Kernel, "_symint");
  if (I.External)
    return "static " + DispatcherSignature(F, "", SymInt).decl(&Meta.Kernel) +
           ";";
  std::optional<std::pair<std::string, std::string>> &Sig = Cache[SymInt];
  if (!Sig) {
    NativeSignature NS{&F, SymInt, ""};
    Sig.emplace();
    NS.returnsType().print(Sig->first);
    appendBindings(Sig->second, NS.arguments());
  }
  std::string S;
  S.reserve(14 + Sig->first.size() + Meta.Kernel.size() + Sig->second.size());
  S += "TORCH_API ";
  S += Sig->first;
  S += ' ';
  S += Meta.Kernel;
  S += '(';
  S += Sig->second;
  S += ");";
  return S;
}

bool NativeDeclarations::compute(const FunctionGroup &G,
                                 GroupDecls &Out) const {
  DiagnosticEngine &D = EC.Ctx.getDiags();
  SmallVector<FunctionId, 4> Members = G.members();
  for (FunctionId Id : Members)
    if (const std::optional<std::string> &Why =
            Cache.texts(M.Functions[Id]).NoCppType) {
      D.error(M.Functions[Id].FuncLoc, "cannot declare the kernels of `" +
                                           M.Functions[Id].Func.Name.str() +
                                           "`: " + *Why);
      return false;
    }
  // Most groups have a kernel or two per member.
  Out.Decls.reserve(2 * Members.size());
  // Signatures of the members, for kernels that share them.
  std::optional<std::pair<std::string, std::string>> Sigs[4][2];
  // The impl arguments are the same for every key of a structured group.
  std::optional<std::string> ImplArgs, MetaClass;
  StringRef KernelNamespace;
  for (size_t K = 0, E = Kernels.numKeys(); K != E; ++K) {
    const BackendIndex &I = *Kernels.indices()[K];
    FunctionId Primary = Kernels.primary(K, G);
    const BackendMetadata *Meta = Kernels.kernel(K, Primary);
    StringRef Ns = Meta ? StringRef(Meta->CppNamespace)
                        : StringRef(DefaultKernelNamespace);
    // A namespace is checked once (most kernels share at::native).
    if (Meta && Ns != KernelNamespace) {
      SmallVector<StringRef, 4> Levels;
      Ns.split(Levels, "::");
      if (Levels.size() > 4) {
        D.error(M.Functions[Primary].FuncLoc,
                "the kernel namespace `" + Ns + "` of `" +
                    M.Functions[Primary].Func.Name.str() +
                    "` has more than 4 levels, which torchgen does not "
                    "support");
        return false;
      }
      if (KernelNamespace.empty())
        KernelNamespace = Ns;
      if (Ns != KernelNamespace) {
        D.error(M.Functions[Primary].FuncLoc,
                "the kernels of `" + M.Functions[Primary].Func.Name.str() +
                    "` are in namespaces `" + KernelNamespace + "` and `" + Ns +
                    "`; torchgen supports one namespace per operator");
        return false;
      }
    }
    if (!is_contained(Out.Namespaces, Ns))
      Out.Namespaces.push_back(Ns);

    if (G.IsGroup && Meta && Meta->Structured) {
      if (I.External) {
        D.error(M.Functions[Primary].FuncLoc,
                "structured kernel `" + Meta->Kernel + "` for `" +
                    toString(I.Key) +
                    "`: torchgen does not support structured kernels of "
                    "external backends");
        return false;
      }
      if (!ImplArgs) {
        ImplArgs = joinBindings(implArguments(M, G));
        MetaClass = metaName(M, G);
      }
      Out.Decls.emplace_back(
          Ns, structuredKernelDeclaration(Meta->Kernel, *MetaClass, *ImplArgs));
      continue;
    }
    for (size_t Member = 0; Member != Members.size(); ++Member) {
      FunctionId Id = Members[Member];
      const BackendMetadata *FMeta = Kernels.kernel(K, Id);
      // Legacy kernels are declared by hand.
      if (!FMeta || contains(FMeta->Kernel, "legacy::"))
        continue;
      Out.Decls.emplace_back(Ns,
                             declare(M.Functions[Id], I, *FMeta, Sigs[Member]));
    }
  }
  if (KernelessKeys && !is_contained(Out.Namespaces, DefaultKernelNamespace))
    Out.Namespaces.push_back(DefaultKernelNamespace);
  return true;
}

std::vector<std::string> NativeDeclarations::lines(ArrayRef<GroupDecls> All,
                                                   ArrayRef<size_t> Groups) {
  struct Namespace {
    StringRef Name;
    std::vector<StringRef> Decls;
    DenseSet<StringRef> Seen;
  };
  size_t Total = 0;
  for (size_t G : Groups)
    Total += All[G].Decls.size();
  std::vector<Namespace> Namespaces;
  auto slot = [&](StringRef Ns) -> Namespace & {
    for (Namespace &N : Namespaces)
      if (N.Name == Ns)
        return N;
    Namespaces.push_back({Ns, {}, {}});
    // Most declarations go to the first namespace (at::native): sized for
    // them, its set is not grown and rehashed a few thousand times.
    if (Namespaces.size() == 1) {
      Namespaces.back().Decls.reserve(Total);
      Namespaces.back().Seen.reserve(Total);
    }
    return Namespaces.back();
  };
  for (size_t G : Groups) {
    for (StringRef Ns : All[G].Namespaces)
      slot(Ns);
    for (const auto &[Ns, Decl] : All[G].Decls) {
      Namespace &N = slot(Ns);
      // Backends may share a kernel; it is declared once.
      if (N.Seen.insert(Decl).second)
        N.Decls.push_back(Decl);
    }
  }
  // torchgen splits each namespace's text at newlines; the template drops
  // the empty lines, so they are left out here. The closing blank-looking
  // line of spaces is kept: between namespaces it becomes an empty line.
  std::vector<std::string> Out;
  Out.reserve(Total + 8 * Namespaces.size());
  for (const Namespace &N : Namespaces) {
    SmallVector<StringRef, 4> Parts;
    N.Name.split(Parts, "::");
    for (StringRef P : Parts)
      Out.push_back(("namespace " + P + " {").str());
    for (StringRef Decl : N.Decls) {
      // Only a structured kernel's class has several lines.
      if (!Decl.empty() && Decl.find('\n') == StringRef::npos) {
        Out.emplace_back(Decl);
        continue;
      }
      SmallVector<StringRef, 4> DeclLines;
      Decl.split(DeclLines, '\n', -1, /*KeepEmpty=*/false);
      for (StringRef L : DeclLines)
        Out.push_back(L.str());
    }
    for (StringRef P : reverse(Parts))
      Out.push_back(("} // namespace " + P).str());
    Out.push_back("        ");
  }
  return Out;
}

std::string opgen::structuredKernelDeclaration(StringRef Kernel,
                                               StringRef MetaClass,
                                               StringRef ImplArgs) {
  return ("struct TORCH_API structured_" + Kernel +
          " : public at::meta::structured_" + MetaClass + " {\nvoid impl(" +
          ImplArgs + ");\n};\n")
      .str();
}

LogicalResult opgen::emitNativeFunctionsHeaders(EmitContext &EC) {
  if (!EC.Options.GenerateHeaders)
    return success();
  const Module &M = EC.M;
  DiagnosticEngine &D = EC.Ctx.getDiags();
  if (!M.Groups || !M.BackendIndices) {
    D.error(SMLoc(), "NativeFunctions.h needs the default pipeline (groups "
                     "and backend indices) to have run");
    return failure();
  }
  NativeDeclarations Decls(EC, getCppWrapperCache(EC));
  size_t N = M.Groups->size();
  std::vector<GroupDecls> Slots(N);
  std::vector<char> Failed(N, 0);
  D.beginDeferred();
  EC.Ctx.getThreadPool().parallelFor(EC.Options.Threads, N, [&](size_t G) {
    Failed[G] = !Decls.compute((*M.Groups)[G], Slots[G]);
  });
  D.flushDeferred();
  if (is_contained(Failed, 1))
    return failure();

  FileManager &Install = EC.files();
  if (!EC.Options.PerOperatorHeaders) {
    std::vector<size_t> All(N);
    for (size_t G = 0; G != N; ++G)
      All[G] = G;
    TemplateEnv Env;
    Env["NativeFunctions_includes"] =
        std::vector<std::string>{"#include <ATen/NativeMetaFunctions.h>"};
    Env["NativeFunctions_declarations"] = NativeDeclarations::lines(Slots, All);
    return Install.write("NativeFunctions.h", std::move(Env));
  }

  // One header per root name, made on threads and written in order.
  std::vector<std::pair<std::string, std::vector<size_t>>> Roots =
      getGroupsByRootName(M);
  FileManager &Ops = EC.files(OutputFolder::Ops);
  std::vector<std::optional<std::string>> Texts(Roots.size());
  D.beginDeferred();
  EC.Ctx.getThreadPool().parallelFor(
      EC.Options.Threads, Roots.size(), [&](size_t R) {
        const auto &[Root, Groups] = Roots[R];
        bool Structured = any_of(Groups, [&](size_t G) {
          return (*M.Groups)[G].IsGroup && (*M.Groups)[G].Structured;
        });
        TemplateEnv Env;
        Env["extra_includes"] =
            Structured
                ? TemplateValue("#include <ATen/ops/" + Root + "_meta.h>")
                : TemplateValue(std::vector<std::string>());
        Env["native_function_declarations"] =
            NativeDeclarations::lines(Slots, Groups);
        Texts[R] = Ops.substitute("NativeFunction.h", std::move(Env));
      });
  D.flushDeferred();
  for (size_t R = 0; R != Roots.size(); ++R) {
    if (!Texts[R])
      return failure();
    if (failed(
            Ops.writeText(Roots[R].first + "_native.h", std::move(*Texts[R]))))
      return failure();
  }

  // Sorted by root name (`abs` before `abs_`), then spelled out.
  std::vector<StringRef> Names;
  for (const auto &[Root, Groups] : Roots)
    Names.push_back(Root);
  llvm::sort(Names);
  std::vector<std::string> Includes;
  for (StringRef Root : Names)
    Includes.push_back(("#include <ATen/ops/" + Root + "_native.h>").str());
  TemplateEnv Env;
  Env["NativeFunctions_includes"] = std::move(Includes);
  Env["NativeFunctions_declarations"] = std::vector<std::string>();
  return Install.write("NativeFunctions.h", std::move(Env));
}
