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
#include "opgen/Transforms/BackendOperators.h"
#include "opgen/Transforms/Passes.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/raw_ostream.h"

#include <map>

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
  LogicalResult buildInTree(Module &M, Context &Ctx,
                            std::map<DispatchKey, BackendIndex> &Indices);
  LogicalResult buildExternal(Module &M, Context &Ctx,
                              std::map<DispatchKey, BackendIndex> &Indices);
};

} // namespace

/// torchgen's BackendIndex.grow_index over every function's kernels, then
/// one index per key that has any.
LogicalResult
BackendIndexPass::buildInTree(Module &M, Context &Ctx,
                              std::map<DispatchKey, BackendIndex> &Indices) {
  DiagnosticEngine &D = Ctx.getDiags();
  bool Ok = true;
  // torchgen keys an index by operator name, namespace aside; give each
  // distinct name an id so the lookups below compare integers.
  std::vector<unsigned> NameId(M.Functions.size());
  {
    // The names are printed into one arena rather than a node each.
    BumpPtrAllocator Arena;
    DenseMap<StringRef, unsigned> Ids;
    Ids.reserve(M.Functions.size());
    SmallString<64> Buf;
    for (FunctionId Id = 0, E = M.Functions.size(); Id != E; ++Id) {
      Buf.clear();
      raw_svector_ostream OS(Buf);
      M.Functions[Id].Func.Name.print(OS);
      auto It = Ids.find(Buf);
      if (It == Ids.end()) {
        unsigned Next = Ids.size();
        It = Ids.try_emplace(StringRef(Buf).copy(Arena), Next).first;
      }
      NameId[Id] = It->second;
    }
  }
  // Kernels per key, to size each index once: entries are large, and
  // growing an index one entry at a time moves them over and over.
  DenseMap<unsigned, size_t> NumKernels;
  for (const NativeFunction &F : M.Functions)
    for (const auto &[Key, Meta] : F.Dispatch)
      ++NumKernels[static_cast<unsigned>(Key)];
  // Keys in the order torchgen first meets them.
  std::vector<IndexBuilder> Builders;
  Builders.reserve(NumKernels.size());
  DenseMap<unsigned, size_t> BuilderOf;
  for (FunctionId Id = 0, E = M.Functions.size(); Id != E; ++Id) {
    const NativeFunction &F = M.Functions[Id];
    for (const auto &[Key, Meta] : F.Dispatch) {
      auto [It, New] =
          BuilderOf.try_emplace(static_cast<unsigned>(Key), Builders.size());
      if (New) {
        Builders.emplace_back();
        BackendIndex &I = Builders.back().Index;
        I.Key = Key;
        I.UseOutAsPrimary = true;
        I.External = false;
        I.DeviceGuard = needsDeviceGuard(Key);
        size_t Expected = NumKernels.lookup(static_cast<unsigned>(Key));
        I.Index.reserve(Expected);
        Builders.back().From.reserve(Expected);
        Builders.back().PositionByNameId.reserve(Expected);
      }
      IndexBuilder &B = Builders[It->second];
      auto [Pos, NewOp] =
          B.PositionByNameId.try_emplace(NameId[Id], B.Index.Index.size());
      if (!NewOp) {
        const NativeFunction &First = M.Functions[B.From[Pos->second]];
        D.error(F.FuncLoc, "duplicate kernel for operator " +
                               ("`" + F.Func.Name.str() + "`") +
                               " and dispatch key `" + toString(Key) + "`");
        D.note(First.FuncLoc, "first kernel given here");
        Ok = false;
        continue;
      }
      B.Index.Index.emplace_back(F.Func.Name, Meta);
      B.From.push_back(Id);
    }
  }
  for (IndexBuilder &B : Builders) {
    DispatchKey Key = B.Index.Key;
    Indices.emplace(Key, std::move(B.Index));
  }
  return success(Ok);
}

/// The rest of torchgen's parse_backend_yaml: the operator checks, then
/// create_backend_index for the backend key and the autograd key.
LogicalResult
BackendIndexPass::buildExternal(Module &M, Context &Ctx,
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
  if (failed(checkBackendOperators(Ctx, B, M)))
    return failure();

  const FunctionIndex ById(M);

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
  if (failed(buildInTree(M, PC.Ctx, Indices)))
    return failure();
  if (M.Backend && failed(buildExternal(M, PC.Ctx, Indices)))
    return failure();
  M.BackendIndices = std::move(Indices);
  return success();
}

std::unique_ptr<Pass> opgen::createBackendIndexPass() {
  return std::make_unique<BackendIndexPass>();
}
