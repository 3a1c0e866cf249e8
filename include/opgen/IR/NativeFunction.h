//===- NativeFunction.h - One entry of native_functions.yaml ----*- C++ -*-===//
//
// A NativeFunction holds every field torchgen's NativeFunction holds, after
// defaults are applied, plus the entry's `dispatch:` table (torchgen keeps
// that in per-key indices; the backend-index pass builds those from here).
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_IR_NATIVEFUNCTION_H
#define OPGEN_IR_NATIVEFUNCTION_H

#include "opgen/IR/DispatchKey.h"
#include "opgen/IR/FunctionSchema.h"

#include "llvm/Support/SMLoc.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace opgen {

enum class DeviceCheckType { NoCheck, ExactSame };

/// torchgen's UfuncKey, in its declaration order.
enum class UfuncKey {
  CUDAFunctor,
  CUDAFunctorOnOther,
  CUDAFunctorOnSelf,
  CPUScalar,
  CPUVector,
  ScalarOnly,
  Generic
};
llvm::StringRef toString(UfuncKey K);
std::optional<UfuncKey> parseUfuncKey(llvm::StringRef S);

/// `ufunc_inner_loop:` value: a kernel name and the dtypes it supports.
struct UfuncInnerLoop {
  std::string Name;
  /// Dtype names with classes (`All`, `Floating`) expanded, in order.
  std::vector<std::string> SupportedDtypes;
  /// The text as written, e.g. `add (AllAndComplex, BFloat16, Half)`.
  std::string Spelling;
  bool operator==(const UfuncInnerLoop &O) const {
    return Name == O.Name && SupportedDtypes == O.SupportedDtypes;
  }
};

/// Kernel metadata for one dispatch key of one operator.
struct BackendMetadata {
  std::string Kernel;
  bool Structured = false;
  std::string CppNamespace;
  bool operator==(const BackendMetadata &O) const {
    return Kernel == O.Kernel && Structured == O.Structured &&
           CppNamespace == O.CppNamespace;
  }
};

/// Structured kernels' `precomputed:` elements.
struct Precompute {
  /// Kernel argument name -> the precomputed arguments that replace it.
  std::vector<std::pair<std::string, std::vector<Argument>>> Replace;
  /// Precomputed arguments added without replacing anything.
  std::vector<Argument> Add;
  /// Where each Replace line names its kernel parameter (null for lines that
  /// were never written), for the verifier's diagnostics. Not part of the
  /// value.
  std::vector<llvm::SMLoc> ReplaceLocs;
  bool operator==(const Precompute &O) const {
    return Replace == O.Replace && Add == O.Add;
  }
};

/// Where an entry came from. Survives a print/parse round trip.
struct Location {
  std::string File;
  unsigned Line = 0;
  bool operator==(const Location &O) const {
    return File == O.File && Line == O.Line;
  }
};

/// Where an entry's structured-kernel keys were written, for the
/// diagnostics of the relations between functions that the verifier checks
/// (lib/IR/StructuredVerifier.cpp). Null when a key was not written.
struct StructuredKeyLocs {
  llvm::SMLoc Structured, Delegate, Inherits, Precomputed;
};

/// The names torchgen's APIs give a function (see the kernel-naming pass).
struct KernelNames {
  std::string Cpp;         ///< cpp.name(func): `add`, `add_out`, `add_`
  std::string Dispatcher;  ///< dispatcher.name(func)
  std::string Unambiguous; ///< func.name.unambiguous_name(): `add_Tensor`
  std::string Root;        ///< f.root_name: the base name, `add`
  bool operator==(const KernelNames &O) const {
    return Cpp == O.Cpp && Dispatcher == O.Dispatcher &&
           Unambiguous == O.Unambiguous && Root == O.Root;
  }
};

struct NativeFunction {
  std::string Namespace = "aten";
  FunctionSchema Func;
  bool UseConstRefForMutableTensors = false;
  bool DeviceGuard = true;
  DeviceCheckType DeviceCheck = DeviceCheckType::ExactSame;
  std::optional<std::string> PythonModule;
  std::optional<std::string> CategoryOverride;
  bool VariantFunction = true;
  bool VariantMethod = false;
  bool ManualKernelRegistration = false;
  bool ManualCppBinding = false;
  Location Loc;
  /// Source position of the `func:` value, for later diagnostics.
  llvm::SMLoc FuncLoc;
  std::vector<OperatorName> Autogen;
  std::map<UfuncKey, UfuncInnerLoop> UfuncInnerLoops;
  bool Structured = false;
  std::optional<OperatorName> StructuredDelegate;
  std::optional<std::string> StructuredInherits;
  std::optional<Precompute> Precomputed;
  StructuredKeyLocs StructuredLocs;
  std::set<std::string> CppNoDefaultArgs;
  bool IsAbstract = false;
  bool HasCompositeImplicitAutogradKernel = false;
  bool HasCompositeImplicitAutogradNestedTensorKernel = false;
  bool HasCompositeExplicitAutogradKernel = false;
  bool HasCompositeExplicitAutogradNonFunctionalKernel = false;
  std::set<std::string> Tags;
  /// The kernels of `dispatch:` (or the implied defaults), in key order of
  /// first appearance.
  std::vector<std::pair<DispatchKey, BackendMetadata>> Dispatch;
  /// The `dispatch:` table as written, before defaults and ufunc kernels
  /// were added; printing uses it to give back the entry. An empty table
  /// (`dispatch: {}`) differs from none: it suppresses the default kernel.
  std::optional<std::vector<std::pair<std::string, std::string>>>
      DispatchAsWritten;

  /// Set by the kernel-naming pass.
  std::optional<KernelNames> Names;

  /// torchgen's is_view_op: the function returns an alias of an input, is
  /// an inplace view, or has an argument whose alias set widens to the
  /// wildcard (`Tensor(a -> *)`).
  bool isViewOp() const;

  bool isGenerated() const { return Tags.count("generated") != 0; }
  const std::string &rootName() const { return Func.Name.Name.Base; }
};

/// The names of a function with schema \p Func. The kernel-naming pass
/// stores them in NativeFunction::Names; stages that run before it (the
/// yaml reader, backend yaml checks) call this, so a name has one rule.
KernelNames computeKernelNames(const FunctionSchema &Func);

/// cpp.name(f.func): the C++ API name (`add_out` for out= functions), the
/// kernel-naming pass's when it ran.
inline std::string cppApiName(const NativeFunction &F) {
  return F.Names ? F.Names->Cpp : computeKernelNames(F.Func).Cpp;
}

// Vectors of functions grow by moving only when the move cannot throw.
static_assert(std::is_nothrow_move_constructible_v<NativeFunction>,
              "NativeFunction must be cheap to move");

} // namespace opgen

#endif // OPGEN_IR_NATIVEFUNCTION_H
