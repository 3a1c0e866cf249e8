//===- BackendIndex.cpp - Kernels per dispatch key ------------------------===//
//
// torchgen keeps the kernels of native_functions.yaml in one BackendIndex
// per dispatch key: parse_native_yaml_struct grows a table of operator ->
// kernel per key while reading entries (and while adding generated
// functions), then makes an index of each key that got a kernel. In-tree
// indices use the out= variant as a group's primary kernel, and only CUDA-
// and XPU-like keys need device guards.
//
// An external backend (the Module's backend configuration, read from
// --backend-yaml by the front end) adds, as gen_backend_stubs'
// create_backend_index does, an index for its key and, with `autograd:`, one
// for Autograd<backend>. Their kernels follow the dispatcher API: the
// dispatcher name (`add`, `add_out`, `add_`), with `_symint` appended for
// operators listed under `symint:`.
//
//   backend: XLA                      XLA:         add.Tensor -> add
//   cpp_namespace: torch_xla                       view       -> view_symint
//   supported: [add.Tensor, view]     AutogradXLA: max_pool2d -> max_pool2d
//   autograd: [max_pool2d]
//   symint: [view]
//
//===----------------------------------------------------------------------===//

#include "opgen/IR/FunctionIndex.h"
#include "opgen/Support/Parallel.h"
#include "opgen/Support/StringStream.h"
#include "opgen/Transforms/BackendOperators.h"
#include "opgen/Transforms/Passes.h"

#include "llvm/ADT/CachedHashString.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <optional>
#include <tuple>

using namespace opgen;
using namespace llvm;

namespace {

/// An index being built, with a map for finding operators in it.
struct IndexBuilder {
  BackendIndex Index;
  std::map<OperatorName, size_t> Position;
  /// For in-tree indices: the same, keyed by an id per distinct name.
  DenseMap<unsigned, size_t> PositionByNameId;
  /// The function each in-tree entry came from, for diagnostics.
  std::vector<FunctionId> From;
};

class BackendIndexPass : public Pass {
public:
  StringRef getArgument() const override { return "backend-index"; }
  bool preservesSchemas() const override { return true; }
  LogicalResult run(Module &M, PassContext &PC) override;

private:
  LogicalResult buildInTree(Module &M, Context &Ctx, unsigned Threads,
                            std::map<DispatchKey, BackendIndex> &Indices);
  LogicalResult buildExternal(Module &M, Context &Ctx,
                              const FunctionIndex &ById,
                              std::map<DispatchKey, BackendIndex> &Indices);
};

} // namespace

/// torchgen's BackendIndex.grow_index over every function's kernels, then
/// one index per key that has any. The names are printed and hashed, and
/// each key's index filled, on threads (this was 4 M instructions on one
/// thread, most of it copying kernels into the indices); only numbering
/// the names and listing each key's kernels stay serial.
LogicalResult
BackendIndexPass::buildInTree(Module &M, Context &Ctx, unsigned Threads,
                              std::map<DispatchKey, BackendIndex> &Indices) {
  DiagnosticEngine &D = Ctx.getDiags();
  size_t N = M.Functions.size();
  // torchgen keys an index by operator name, namespace aside; give each
  // distinct name an id so the lookups below compare integers.
  std::vector<unsigned> NameId(N);
  {
    std::vector<std::string> Names(N);
    std::vector<unsigned> Hashes(N);
    Ctx.getThreadPool().parallelFor(Threads, N, [&](size_t Id) {
      BufferedStringStream OS(Names[Id]);
      M.Functions[Id].Func.Name.print(OS);
      OS.flush();
      Hashes[Id] = CachedHashStringRef(Names[Id]).hash();
    });
    DenseMap<CachedHashStringRef, unsigned> Ids;
    Ids.reserve(N);
    for (FunctionId Id = 0; Id != N; ++Id)
      NameId[Id] = Ids.try_emplace(CachedHashStringRef(Names[Id], Hashes[Id]),
                                   Ids.size())
                       .first->second;
  }
  // Keys in the order torchgen first meets them, each with its kernels in
  // order: the function and the kernel's place in its dispatch table.
  std::vector<IndexBuilder> Builders;
  std::vector<std::vector<std::pair<FunctionId, unsigned>>> Kernels;
  DenseMap<unsigned, size_t> BuilderOf;
  for (FunctionId Id = 0; Id != N; ++Id) {
    const NativeFunction &F = M.Functions[Id];
    for (unsigned P = 0, E = F.Dispatch.size(); P != E; ++P) {
      DispatchKey Key = F.Dispatch[P].first;
      auto [It, New] =
          BuilderOf.try_emplace(static_cast<unsigned>(Key), Builders.size());
      if (New) {
        Builders.emplace_back();
        BackendIndex &I = Builders.back().Index;
        I.Key = Key;
        I.UseOutAsPrimary = true;
        I.External = false;
        I.DeviceGuard = needsDeviceGuard(Key);
        Kernels.emplace_back();
      }
      Kernels[It->second].push_back({Id, P});
    }
  }
  // A second kernel for an operator and key: the function and place of
  // the second and the function of the first.
  struct Duplicate {
    FunctionId Id;
    unsigned Place;
    FunctionId First;
  };
  std::vector<std::vector<Duplicate>> Duplicates(Builders.size());
  // The largest indices first (CPU, CUDA and the composite keys have
  // thousands of kernels, most keys a few dozen), so that no thread is left
  // with a large one at the end.
  std::vector<size_t> Order(Builders.size());
  for (size_t K = 0; K != Order.size(); ++K)
    Order[K] = K;
  llvm::stable_sort(Order, [&](size_t A, size_t B) {
    return Kernels[A].size() > Kernels[B].size();
  });
  Ctx.getThreadPool().parallelFor(Threads, Order.size(), [&](size_t I) {
    size_t K = Order[I];
    IndexBuilder &B = Builders[K];
    const auto &Ks = Kernels[K];
    // Sized once: entries are large, and growing an index one entry at a
    // time moves them over and over.
    B.Index.Index.reserve(Ks.size());
    B.From.reserve(Ks.size());
    B.PositionByNameId.reserve(Ks.size());
    for (auto [Id, P] : Ks) {
      auto [Pos, NewOp] =
          B.PositionByNameId.try_emplace(NameId[Id], B.Index.Index.size());
      if (!NewOp) {
        Duplicates[K].push_back({Id, P, B.From[Pos->second]});
        continue;
      }
      const NativeFunction &F = M.Functions[Id];
      B.Index.Index.emplace_back(F.Func.Name, F.Dispatch[P].second);
      B.From.push_back(Id);
    }
  });
  // Reported in the order of a serial walk over functions and their keys.
  std::vector<Duplicate> All;
  for (const auto &Ds : Duplicates)
    All.insert(All.end(), Ds.begin(), Ds.end());
  llvm::sort(All, [](const Duplicate &L, const Duplicate &R) {
    return std::tie(L.Id, L.Place) < std::tie(R.Id, R.Place);
  });
  for (const Duplicate &Dup : All) {
    const NativeFunction &F = M.Functions[Dup.Id];
    D.error(F.FuncLoc, "duplicate kernel for operator " +
                           ("`" + F.Func.Name.str() + "`") +
                           " and dispatch key `" +
                           toString(F.Dispatch[Dup.Place].first) + "`");
    D.note(M.Functions[Dup.First].FuncLoc, "first kernel given here");
  }
  for (IndexBuilder &B : Builders) {
    DispatchKey Key = B.Index.Key;
    Indices.emplace(Key, std::move(B.Index));
  }
  return success(All.empty());
}

/// The rest of torchgen's parse_backend_yaml: the operator checks, then
/// create_backend_index for the backend key and the autograd key.
LogicalResult
BackendIndexPass::buildExternal(Module &M, Context &Ctx,
                                const FunctionIndex &ById,
                                std::map<DispatchKey, BackendIndex> &Indices) {
  DiagnosticEngine &D = Ctx.getDiags();
  const BackendConfig &B = *M.Backend;
  if (!M.Groups) {
    // Reported at the backend yaml, the input that needs them.
    D.error(B.BackendLoc,
            "the backend-index pass needs function groups to read a backend "
            "yaml; run the `group` pass first");
    return failure();
  }
  if (failed(checkBackendOperators(Ctx, B, M, ById)))
    return failure();

  auto Create = [&](ArrayRef<const BackendOp *> Ops, DispatchKey Key,
                    SMLoc KeyLoc, StringRef What) -> LogicalResult {
    StringRef Name = toString(Key);
    if (Indices.count(Key)) {
      D.error(KeyLoc, What + " key `" + Name +
                          "` already has kernels in native_functions.yaml; "
                          "an external backend needs a dispatch key of its "
                          "own");
      return failure();
    }
    IndexBuilder IB;
    BackendIndex &I = IB.Index;
    I.Key = Key;
    I.UseOutAsPrimary = B.UseOutAsPrimary;
    I.DeviceGuard = B.DeviceGuard;
    I.External = true;
    for (const BackendOp *Op : Ops) {
      const FunctionSchema &Func = M.Functions[*ById.find(Op->Name)].Func;
      BackendMetadata Meta;
      Meta.Kernel = getExternalKernelName(Func, B.isSymInt(*Op));
      Meta.Structured = false;
      Meta.CppNamespace = B.CppNamespace;
      // A repeated operator keeps its first place and takes the last kernel,
      // as a Python dict does.
      auto [Pos, New] = IB.Position.try_emplace(Op->Name, I.Index.size());
      if (New)
        I.Index.emplace_back(Op->Name, std::move(Meta));
      else
        I.Index[Pos->second].second = std::move(Meta);
    }
    Indices.emplace(Key, std::move(I));
    return success();
  };

  bool Ok = true;
  std::vector<const BackendOp *> Forward = B.backendOps();
  if (!Forward.empty() && B.BackendKey)
    Ok &= succeeded(Create(Forward, *B.BackendKey, B.BackendLoc, "backend"));
  std::vector<const BackendOp *> Backward;
  for (const BackendOp &Op : B.Autograd)
    Backward.push_back(&Op);
  if (!Backward.empty() && B.AutogradKey)
    Ok &=
        succeeded(Create(Backward, *B.AutogradKey, B.AutogradLoc, "autograd"));
  return success(Ok);
}

LogicalResult BackendIndexPass::run(Module &M, PassContext &PC) {
  std::map<DispatchKey, BackendIndex> Indices;
  // The external backend's checks and indices find functions by name. The
  // index of names (about 0.9 M instructions, made once for both) is made
  // on one thread while the other starts on the in-tree indices.
  std::optional<FunctionIndex> ById;
  LogicalResult InTree = success();
  PC.Ctx.getThreadPool().parallelFor(
      M.Backend ? PC.Threads : 1, M.Backend ? 2 : 1, [&](size_t Task) {
        if (Task == 0)
          InTree = buildInTree(M, PC.Ctx, PC.Threads, Indices);
        else
          ById.emplace(M);
      });
  if (failed(InTree))
    return failure();
  if (M.Backend && failed(buildExternal(M, PC.Ctx, *ById, Indices)))
    return failure();
  M.BackendIndices = std::move(Indices);
  return success();
}

std::unique_ptr<Pass> opgen::createBackendIndexPass() {
  return std::make_unique<BackendIndexPass>();
}
