//===- AotiFallbackOps.h - The operators AOTInductor shims cover -*- C++
//-*-===//
//
// torchgen's aoti/fallback_ops.py lists the operators that get AOTInductor C
// shims, in two dicts: inductor_fallback_ops (c_shim_<device>.{h,cpp}) and
// aten_shimified_ops (c_shim_aten.{h,cpp}). Each operator carries versions:
// v1 is the schema as it first shipped, and each later `vN` names the
// arguments added since, so that older shims keep their ABI; a `since`
// (TORCH_VERSION_X_Y_Z) gates a version's declaration. This is that table
// as plain data, read by the Parse layer and used by the shim emitter.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_IR_AOTIFALLBACKOPS_H
#define OPGEN_IR_AOTIFALLBACKOPS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/SMLoc.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

namespace opgen {

/// One version of a shimmed operator.
struct AotiOpVersion {
  unsigned Version = 1;
  /// The arguments this version added over the one before (they are left
  /// out of, and defaulted in, every earlier version).
  std::vector<std::string> NewArgs;
  /// The TORCH_VERSION_X_Y_Z it appeared in; none: ungated.
  std::optional<std::string> Since;
};

struct AotiFallbackOp {
  /// `<namespace>.<name>.<overload or default>` (`aten.view.dtype`).
  std::string Name;
  /// Where its key is, for diagnostics.
  llvm::SMLoc Loc;
  /// Newest first, as the shims declare them; v1 is always there.
  std::vector<AotiOpVersion> Versions;
};

struct AotiFallbackOps {
  /// Each sorted by name.
  std::vector<AotiFallbackOp> InductorFallbackOps;
  std::vector<AotiFallbackOp> AtenShimifiedOps;

  /// The operator named \p Name in \p Ops (sorted), or null.
  static const AotiFallbackOp *find(const std::vector<AotiFallbackOp> &Ops,
                                    llvm::StringRef Name) {
    auto It = std::lower_bound(
        Ops.begin(), Ops.end(), Name,
        [](const AotiFallbackOp &O, llvm::StringRef N) { return O.Name < N; });
    return It != Ops.end() && It->Name == Name ? &*It : nullptr;
  }
};

} // namespace opgen

#endif // OPGEN_IR_AOTIFALLBACKOPS_H
