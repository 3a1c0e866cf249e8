//===- AutogradTablesEmitter.cpp - The policy tables opgen read -----------===//
//
// Prints the autograd generators' tables as opgen read them from the
// autograd folder, one compact JSON object with sorted keys: each table by
// its Python name, sets as sorted lists, dicts as lists of [key, value]
// pairs in their order. utils/torchgen-autograd-tables.py prints the same
// from Python's own import of the modules.
//
//===----------------------------------------------------------------------===//

#include "opgen/Emit/Emitters.h"

#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

using namespace opgen;
using namespace llvm;
using json = nlohmann::json;

static json pairs(const StringTable &T) {
  json A = json::array();
  for (const auto &[K, V] : T.Entries)
    A.push_back(json::array({K, V}));
  return A;
}

LogicalResult opgen::emitAutogradTablesText(EmitContext &EC, raw_ostream &OS) {
  const AutogradTables *T = EC.Options.AutogradPolicy;
  if (!T) {
    EC.Ctx.getDiags().error(SMLoc(), "the autograd-tables emitter needs the "
                                     "autograd folder (--autograd-dir)");
    return failure();
  }
  json J;
  J["MANUAL_BACKEND"] = T->ManualBackend;
  J["MANUAL_AUTOGRAD_AND_TRACER"] = T->ManualAutogradAndTracer;
  J["MANUAL_AUTOGRAD"] = T->ManualAutograd;
  J["MANUAL_TRACER"] = T->ManualTracer;
  J["DONT_RECORD_TRACE"] = T->DontRecordTrace;
  J["RENAME_TRACE"] = pairs(T->RenameTrace);
  J["RENAME_TRACE_ADD_ARGS"] = pairs(T->RenameTraceAddArgs);
  J["VIEW_FUNCTIONS_WITH_METADATA_CHANGE"] = T->ViewFunctionsWithMetadataChange;
  J["VIEW_FUNCTIONS"] = pairs(T->ViewFunctions);
  J["RETURNS_VIEWS_OF_INPUT"] = T->ReturnsViewsOfInput;
  J["ALL_VIEW_FUNCTIONS"] = pairs(T->AllViewFunctions);
  J["DONT_REQUIRE_DERIVATIVE"] = T->DontRequireDerivative;
  J["GRADIENT_IMPLEMENTED_FOR_COMPLEX"] = T->GradientImplementedForComplex;
  J["GRADIENT_IMPLEMENTED_FOR_SPARSE_COMPLEX"] =
      T->GradientImplementedForSparseComplex;
  J["RESET_GRAD_ACCUMULATOR"] = T->ResetGradAccumulator;
  J["DONT_ENFORCE_SAME_TENSOR_IMPL_OR_STORAGE"] =
      T->DontEnforceSameTensorImplOrStorage;
  J["DONT_ENFORCE_TENSOR_IMPL_USE_COUNT"] = T->DontEnforceTensorImplUseCount;
  J["DONT_ENFORCE_STORAGE_IMPL_USE_COUNT"] = T->DontEnforceStorageImplUseCount;
  J["_foreach_ops_without_differentiability_info"] =
      T->ForeachOpsWithoutDifferentiabilityInfo;
  J["_foreach_ops_with_different_arity"] = T->ForeachOpsWithDifferentArity;
  J["UNTRACEABLE_FUNCTIONS"] = pairs(T->UntraceableFunctions);
  OS << J.dump(-1, ' ', /*ensure_ascii=*/true, json::error_handler_t::replace)
     << '\n';
  return success();
}
