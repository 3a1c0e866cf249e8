//===- Signature.h - The signature an operator's variants share -*- C++ -*-===//
//
// `add.Tensor`, `add_.Tensor` and `add.out` are variants of one operator:
// functional, inplace and out=. torchgen recognizes variants by reducing
// each schema to a signature that all of them share (its
// FunctionSchema.signature()), then pairs up the functions whose signatures
// are equal. Variant synthesis and grouping both start from that pairing.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_TRANSFORMS_SIGNATURE_H
#define OPGEN_TRANSFORMS_SIGNATURE_H

#include "opgen/IR/FunctionSchema.h"
#include "opgen/IR/Module.h"
#include "opgen/Pass/Pass.h"
#include "opgen/Support/Diagnostics.h"
#include "opgen/Support/LogicalResult.h"

#include "llvm/ADT/CachedHashString.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Allocator.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace opgen {

struct SignatureOptions {
  /// Drop argument defaults.
  bool StripDefault = false;
  /// Map a view_copy name back to its view's (`_copy` removed, `_scatter`
  /// turned into `_inverse`), so views pair up with their copies.
  bool StripViewCopyName = false;
  /// Keep return names, and name the returns made from mutable arguments
  /// `<arg>_out`; without this all returns are unnamed.
  bool KeepReturnNames = false;
};

/// The signature of \p S, as torchgen's FunctionSchema.signature() computes
/// it:
///  - the overload name goes, the inplace and `_functional` marks go;
///  - out= arguments go, as do the tensor options (dtype, layout, device,
///    pin_memory: out= variants of factories lack them), and the keyword-only
///    arguments that followed them move before them;
///  - alias annotations go, from arguments and returns;
///  - mutable `self`, out= and positional arguments that no return aliases
///    become extra returns, after the original ones;
///  - `bernoulli.p` gets `p=0.5` (see Note [bernoulli.p schema] in
///    native_functions.yaml: its default is missing on purpose, which would
///    keep it from pairing with `bernoulli_.float`).
FunctionSchema getSignature(const FunctionSchema &S,
                            const SignatureOptions &Opts = {});

/// The text of getSignature(S, Opts), written without building the schema:
/// equal texts mean equal signatures, so it serves as a grouping key.
std::string getSignatureText(const FunctionSchema &S,
                             const SignatureOptions &Opts = {});

/// torchgen's view_signature(): the signature with the view_copy name mapped
/// back to the view's.
inline FunctionSchema getViewSignature(const FunctionSchema &S) {
  SignatureOptions Opts;
  Opts.StripViewCopyName = true;
  return getSignature(S, Opts);
}

/// The functions that share one signature, at most one of each kind.
struct PreGroup {
  /// The shared signature, as getSignatureText prints it.
  std::string Signature;
  /// By kind, in the order the functions were met.
  std::vector<std::pair<SchemaKind, FunctionId>> Members;

  std::optional<FunctionId> lookup(SchemaKind K) const {
    for (const auto &[Kind, Id] : Members)
      if (Kind == K)
        return Id;
    return std::nullopt;
  }
  bool has(SchemaKind K) const { return lookup(K).has_value(); }
};

/// torchgen's pre_group_native_functions: partition \p Fns by signature, in
/// the order each signature is first met. Two functions of the same kind
/// with the same signature are an error, reported at the second one; the
/// second one is then left out of the result.
/// The signatures are computed on up to \p Threads threads. With \p Cache,
/// the texts it holds are taken for the first functions (valid while those
/// functions are unchanged, as when later calls only appended functions) and
/// the others are computed and added to it.
LogicalResult preGroupFunctions(const std::vector<NativeFunction> &Fns,
                                DiagnosticEngine &Diags,
                                std::vector<PreGroup> &Groups,
                                unsigned Threads = 1,
                                std::vector<std::string> *Cache = nullptr);

/// The signature texts and pre-groups of a module's functions, as variant
/// synthesis and grouping both need them. Kept in the pipeline's analysis
/// cache, so grouping takes what variant synthesis computed last rather
/// than printing every signature again.
struct SignatureAnalysis : AnalysisCache::Result {
  static char ID;
  /// getSignatureText of the first Texts.size() functions.
  std::vector<std::string> Texts;
  /// The CachedHashStringRef hashes of the first Hashes.size() texts (at most
  /// Texts.size()).
  std::vector<unsigned> Hashes;
  /// The pre-groups from the last call of preGroup.
  std::vector<PreGroup> Groups;

  /// Pre-group all of \p M's functions into Groups. When the last call saw
  /// exactly these functions and reported nothing, its groups are kept as
  /// they are; when it saw the first of them and reported nothing, the
  /// others are added to its groups; otherwise they are computed again,
  /// reusing the texts of the functions seen before.
  LogicalResult preGroup(const Module &M, Context &Ctx, unsigned Threads);

private:
  /// How many functions Groups were computed for without errors, if any.
  std::optional<size_t> GroupsFor;
  /// Which group each signature text of Groups is, with the texts kept in
  /// Keys: when functions are only appended (as variant synthesis does),
  /// the next call adds them to the groups rather than group all again.
  llvm::DenseMap<llvm::CachedHashStringRef, size_t> GroupOf;
  llvm::BumpPtrAllocator Keys;
};

/// \p PC's cached signature analysis, or \p Local outside a pass manager.
SignatureAnalysis &getSignatureAnalysis(PassContext &PC,
                                        SignatureAnalysis &Local);

} // namespace opgen

#endif // OPGEN_TRANSFORMS_SIGNATURE_H
