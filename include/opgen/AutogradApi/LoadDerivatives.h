//===- LoadDerivatives.h - From derivatives.yaml to the model ---*- C++ -*-===//
//
// torchgen's load_derivatives and match_differentiability_info: each
// derivatives.yaml entry is matched to its function by schema, its formulas
// are analysed (what they save, which grads they use, the forward formulas'
// required inputs, `auto_element_wise` and `auto_linear` expanded), the
// view_copy functions get their views' infos, and then every selected
// function is matched to an info: its own, its functional variant's (found
// by signature), a mutable variant's for a generated functional one, or
// one made for a `_foreach_` function from its scalar counterpart's.
//
// Every problem torchgen raises becomes a located error in
// derivatives.yaml (at the entry, or at the formula's token); where it
// silently accepts what is surely a mistake, a warning. Nothing is written
// on an error, as the tools check the diagnostics before any output.
//
// Why not a pass: the model is made of the C++ API's bindings and types
// (the saved values' types, the names a TensorOptions argument packs into),
// which sit above the passes. It is computed once per run, from the
// finished IR, and handed to the emitters as an immutable value.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_AUTOGRADAPI_LOADDERIVATIVES_H
#define OPGEN_AUTOGRADAPI_LOADDERIVATIVES_H

#include "opgen/AutogradApi/DifferentiabilityInfo.h"
#include "opgen/IR/Context.h"
#include "opgen/IR/Derivatives.h"
#include "opgen/IR/Module.h"

#include <optional>

namespace opgen {

/// The model for module \p M (grouped, view groups made, kernel names set)
/// and \p File. Functions lists the functions \p M selects (torchgen's
/// is_native_function_selected_for_training), sorted by C++ name. Nothing
/// after reporting errors. The entries are read on up to \p Threads threads;
/// the model and the diagnostics are the same for any number.
std::optional<AutogradModel> loadDerivatives(Context &Ctx, const Module &M,
                                             const DerivativesFile &File,
                                             unsigned Threads = 1);

} // namespace opgen

#endif // OPGEN_AUTOGRADAPI_LOADDERIVATIVES_H
