//===- VariableTypeBody.h - One VariableType kernel's body ------*- C++ -*-===//
//
// The state torchgen's emit_body (gen_variable_type.py) computes for one
// function and dispatch key, and the parts of the body made from it. The
// parts live in the files named for what they write: VariableTypeBody.cpp
// (the Node setup, the call, the history), VariableTypeSavedVariables.cpp
// (what the Node saves), VariableTypeForwardAD.cpp (the forward-mode code),
// VariableTypeChecks.cpp (the debug-mode TensorImpl and Storage checks).
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_LIB_EMIT_AUTOGRAD_VARIABLETYPEBODY_H
#define OPGEN_LIB_EMIT_AUTOGRAD_VARIABLETYPEBODY_H

#include "opgen/AutogradApi/DifferentiabilityInfo.h"
#include "opgen/Emit/Autograd/InplaceOrViewCommon.h"
#include "opgen/Emit/Autograd/TraceTypeCommon.h"
#include "opgen/Emit/CodeTemplate.h"
#include "opgen/IR/AutogradTables.h"
#include "opgen/IR/Module.h"
#include "opgen/Support/Diagnostics.h"

#include "llvm/ADT/StringRef.h"

#include <initializer_list>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace opgen {
namespace vtbody {

/// torchgen's DifferentiableInput.
struct DifferentiableInput {
  std::string Name;
  Type Ty;
  std::string CppType;
  bool operator==(const DifferentiableInput &O) const {
    return Name == O.Name && Ty == O.Ty && CppType == O.CppType;
  }
};

/// Substitute \p T with the given values (a small helper for the
/// generator's inline templates).
std::string
subst(const CodeTemplate &T,
      std::initializer_list<std::pair<llvm::StringRef, TemplateValue>> Values);

/// Append \p T substituted with string values to \p Out: subst() for the
/// inline templates made tens of thousands of times (the debug checks),
/// without copying the values or making a string per substitution.
void appendSubst(std::string &Out, const CodeTemplate &T,
                 llvm::ArrayRef<CodeTemplate::InlineArg> Values);

/// The flag telling whether a forward formula's outputs need tangents
/// (`_any_has_forward_grad_result`).
std::string anyHasForwardGradName(const std::vector<std::string> &VarNames);

/// LOOP_OVER_VECTOR_OF_GRAD_FNS: statements per Node of an in-place
/// foreach function.
const CodeTemplate &loopOverVectorOfGradFns();

/// CType without its outer references (remove_const_ref), printed.
std::string noRefCType(const CType &T);

class BodyEmitter {
public:
  BodyEmitter(const Module &M, const AutogradModel &AM,
              const AutogradTables &Tab, const FunctionWithDerivatives &FW,
              llvm::StringRef Key, DiagnosticEngine &D);

  /// The body's statements (emit_body), or nothing after reporting why.
  std::optional<std::vector<std::string>> emit();

private:
  // VariableTypeBody.cpp
  bool setUpForeach();
  std::optional<DifferentiableInput> genDifferentiableInput(const Argument &A);
  bool findArgsWithDerivatives();
  std::vector<std::string> emitAnyRequiresGrad();
  std::vector<std::string> emitCheckInplace();
  std::vector<std::string> emitOriginalSelfDefinition();
  std::vector<std::string> setupDerivative();
  std::vector<std::string> emitSaveInputs();
  std::optional<std::string> guardFor(const SavedAttribute &A,
                                      bool HasTensorListArg);
  std::vector<std::string> saveVariables(const std::vector<SavedAttribute> &S,
                                         bool IsOutput, bool Guarded,
                                         bool HasTensorListArg);
  std::vector<std::string> emitCheckNoRequiresGrad();
  std::vector<std::string> emitCheckIfInComplexAutogradAllowlist();
  std::string emitCall();
  std::string emitHistory();
  std::string emitFireCreationHooks();
  std::string emitSaveOutputs();

  // VariableTypeChecks.cpp
  std::string checkTensorImplAndStorage(std::string Call);

  // VariableTypeForwardAD.cpp
  std::vector<std::string> emitAnyHasForwardGrad();
  std::vector<std::string> emitFwDerivatives();
  std::string emitForbidFwDerivatives(bool IsOutFn);
  /// get_any_has_fw_grad_cond; null \p D checks every differentiable input.
  std::string getAnyHasFwGradCond(const ForwardDerivative *D);

  void error(const llvm::Twine &Msg);

public:
  const Module &M;
  const AutogradModel &AM;
  const AutogradTables &Tab;
  const FunctionWithDerivatives &FW;
  const NativeFunction &F;
  std::string Key;
  DiagnosticEngine &D;
  const DifferentiabilityInfo *Info = nullptr;
  std::vector<ForwardDerivative> FwDerivatives;

  std::string Name;
  bool Inplace = false, IsOutFn = false, ReturnsVoid = false;
  std::string BaseName;
  std::optional<llvm::StringRef> ViewInfo;
  bool IsForeach = false, IsInplaceForeach = false;
  /// An in-place foreach function's arguments and its reference's, in
  /// order (inplace_foreacharg2refarg), and by the reference's names.
  std::vector<std::pair<const Argument *, const Argument *>> ForeachToRef;
  std::map<std::string, const Argument *> RefNameToForeach;

  std::vector<DifferentiableInput> DifferentiableInputs;
  std::vector<DifferentiableInput> ArgsWithDerivatives;
  std::vector<DifferentiableOutput> DifferentiableOutputs;
  bool RequiresDerivative = false;
  bool TryJitDecomposition = false;
  UnpackedArgs Unpacked;
  bool Failed = false;
};

} // namespace vtbody
} // namespace opgen

#endif
