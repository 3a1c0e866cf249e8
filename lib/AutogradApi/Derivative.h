//===- Derivative.h - One formula's analysis (internal) ---------*- C++ -*-===//
//
// The parts of load_derivatives that look at one formula: what a backward
// formula saves (torchgen's saved_variables and create_derivative) and
// which output a forward formula is for (create_forward_derivative). Shared
// by LoadDerivatives.cpp, which walks the entries.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_LIB_AUTOGRADAPI_DERIVATIVE_H
#define OPGEN_LIB_AUTOGRADAPI_DERIVATIVE_H

#include "opgen/AutogradApi/DifferentiabilityInfo.h"
#include "opgen/AutogradApi/Formula.h"
#include "opgen/Support/Diagnostics.h"
#include "opgen/Support/TextLocation.h"

#include <optional>
#include <string>
#include <vector>

namespace opgen {
namespace autograd_detail {

/// Where a formula's problems are reported.
struct FormulaSite {
  DiagnosticEngine &D;
  /// The formula as written, and where it is.
  llvm::StringRef Original;
  TextLocation Loc;
  /// Set when an error is reported.
  bool &Failed;

  /// The place of \p Token in the formula as written (its first
  /// occurrence), or the formula's start.
  llvm::SMLoc at(llvm::StringRef Token) const;
  void error(llvm::SMLoc L, const llvm::Twine &Msg) const {
    D.error(L, Msg);
    Failed = true;
  }
};

/// torchgen's create_derivative for function \p F (its C++ arguments
/// \p Args, as cpp_arguments gives them) and inputs \p VarNames.
Derivative createDerivative(const NativeFunction &F,
                            const std::vector<Binding> &Args,
                            llvm::StringRef Formula,
                            std::vector<std::string> VarNames,
                            const std::vector<std::string> &AvailableNamedGrads,
                            FormulaPatterns &P, const FormulaSite &Site);

/// torchgen's create_forward_derivative. Nothing when \p Names names no
/// output (\p NoOutput set, nothing reported: the caller knows the entry)
/// or names one that does not exist (reported).
std::optional<ForwardDerivative>
createForwardDerivative(const NativeFunction &F, llvm::StringRef Formula,
                        std::vector<std::string> Names, const FormulaSite &Site,
                        llvm::SMLoc NamesLoc, bool &NoOutput);

/// The `i` of each `grads[i]` (torchgen's used_gradient_indices); an index
/// too large for an integer is the largest one.
std::vector<uint64_t> usedGradientIndices(FormulaPatterns &P,
                                          llvm::StringRef Formula);

/// torchgen's _create_op_prefix: `max_pool2d` -> `MaxPool2DBackward`.
std::string createOpPrefix(llvm::StringRef Name);

/// The saved-value name of a C++ argument binding's type: the binding's
/// name, with torchgen's special names spelt as torchgen's `.name` gives
/// them.
std::string savedName(const NamedCType &T);

} // namespace autograd_detail
} // namespace opgen

#endif // OPGEN_LIB_AUTOGRADAPI_DERIVATIVE_H
