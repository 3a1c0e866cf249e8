//===- NodeParts.cpp - The pieces of one autograd Node --------------------===//
//
// torchgen's process_function before the substitution: how each saved
// value is held by the Node (a SavedVariable for a tensor, a vector of
// them for a list, an owning copy for an array reference), and the
// backward body that calls each formula for the inputs that need a
// gradient.
//
//===----------------------------------------------------------------------===//

#include "opgen/Emit/Dest/NodeParts.h"
#include "NodeGetters.h"

#include "opgen/Emit/CodeTemplate.h"
#include "opgen/Support/PythonText.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/ErrorHandling.h"

using namespace opgen;
using namespace opgen::autograd_functions;
using namespace llvm;

StringRef autograd_functions::pyStrip(StringRef S) {
  while (!S.empty() && isPythonSpace(S.front()))
    S = S.drop_front();
  while (!S.empty() && isPythonSpace(S.back()))
    S = S.drop_back();
  return S;
}

namespace {

CType base(StringRef Name) { return CType::base(Name); }
CType wrap(CType::Kind K, CType T) { return CType::wrap(K, std::move(T)); }
CType optional(CType T) { return wrap(CType::Optional, std::move(T)); }

/// The saved types torchgen tells apart, as its CType values.
struct SavedTypes {
  CType Tensor = base("at::Tensor");
  CType OptTensor = optional(base("at::Tensor"));
  CType MutRefOptTensor = wrap(CType::MutRef, optional(base("at::Tensor")));
  CType Scalar = base("at::Scalar");
  CType TensorList = base("at::TensorList");
  CType ITensorListRef = base("at::ITensorListRef");
  CType TensorVector = wrap(CType::Vector, base("at::Tensor"));
  CType OptTensorList = wrap(CType::List, optional(base("at::Tensor")));
  CType IntArrayRef = base("at::IntArrayRef");
  CType SymIntArrayRef = base("c10::SymIntArrayRef");
  CType OptionalIntArrayRef = base("at::OptionalIntArrayRef");
  CType OptionalSymIntArrayRef = base("at::OptionalSymIntArrayRef");
  CType OptIntArrayRef = optional(base("at::IntArrayRef"));
  CType OptSymIntArrayRef = optional(base("c10::SymIntArrayRef"));
  CType OptDoubleArrayRef = optional(wrap(CType::ArrayRef, base("double")));
  CType Long = base("int64_t");
  CType SymInt = base("c10::SymInt");
  CType String = base("c10::string_view");
  CType OptString = optional(base("c10::string_view"));
  CType ScalarArrayRef = wrap(CType::ArrayRef, base("at::Scalar"));
  // Held as themselves, with a getter.
  CType OptLong = optional(base("int64_t"));
  CType OptSymInt = optional(base("c10::SymInt"));
  CType Double = base("double");
  CType OptDouble = optional(base("double"));
  CType Bool = base("bool");
  CType OptScalar = optional(base("at::Scalar"));
};

const SavedTypes &savedTypes() {
  static const SavedTypes T;
  return T;
}

/// The C++ type torchgen's cpp_type() gives \p T looks like it refers to
/// storage the Node does not own.
bool looksNonOwning(StringRef CppType) {
  std::string Lower = CppType.lower();
  StringRef L(Lower);
  return L.contains("ref") || L.contains("view") || CppType.contains('*') ||
         CppType.contains('&');
}

class NodeBuilder {
public:
  NodeBuilder(const Module &M, const DifferentiabilityInfo &Info,
              std::vector<NodeError> &Errors, NodePartsOptions Options)
      : M(M), Info(Info), Errors(Errors), Options(Options) {}

  NodeParts build();

private:
  void saveVar(const SavedAttribute &Var, bool IsOutput);
  void addBody();
  std::string derivative(const Derivative &D, bool &ChecksAnyGradDefined);
  /// needs_input_grad's index of input \p Name, or nothing after reporting.
  std::optional<size_t> inputIndex(StringRef Name);
  /// Whether input \p Name is a `Tensor` or `Tensor?` argument.
  bool isTensorArgument(StringRef Name) const;
  void error(std::string Message) { Errors.push_back({std::move(Message)}); }

  const Module &M;
  const DifferentiabilityInfo &Info;
  std::vector<NodeError> &Errors;
  NodePartsOptions Options;
  NodeParts P;
};

} // namespace

NodeParts NodeBuilder::build() {
  for (const Binding &B : Info.ArgsWithDerivatives) {
    std::string Name = B.Name.str();
    std::string Type = B.type();
    std::string Size = "1";
    if (Type == "at::TensorList" ||
        Type == "const c10::List<::std::optional<at::Tensor>> &" ||
        Type == "const at::ITensorListRef &") {
      Size = Name + "_size_";
      P.SavedListSizes.push_back("size_t " + Size + ";");
      P.FunctionalArgs.push_back(Size);
      P.FunctionalArgTypes.push_back("size_t");
    }
    P.ComputeIndexRanges.push_back("auto " + Name + "_ix = gen.range(" + Size +
                                   ");");
    P.InputNames.push_back(std::move(Name));
  }

  // Members in name order, inputs before outputs.
  auto ByName = [](const std::vector<SavedAttribute> &L) {
    std::vector<const SavedAttribute *> Order;
    Order.reserve(L.size());
    for (const SavedAttribute &S : L)
      Order.push_back(&S);
    llvm::stable_sort(Order,
                      [](const SavedAttribute *A, const SavedAttribute *B) {
                        return A->NCType.Name < B->NCType.Name;
                      });
    return Order;
  };
  for (const SavedAttribute *S : ByName(Info.AllSavedInputs))
    saveVar(*S, /*IsOutput=*/false);
  for (const SavedAttribute *S : ByName(Info.AllSavedOutputs))
    saveVar(*S, /*IsOutput=*/true);

  if (usesRetainVariables(&Info)) {
    P.UsesRetainVariables = true;
    P.FunctionalArgs.push_back("retain_variables");
    P.FunctionalArgTypes.push_back("bool");
  }
  addBody();
  return std::move(P);
}

void NodeBuilder::saveVar(const SavedAttribute &Var, bool IsOutput) {
  const SavedTypes &T = savedTypes();
  const std::string &Name = Var.NCType.Name;
  const CType &Ty = Var.NCType.Type;
  std::string Visit = Name;
  bool UsesSavedVariable = false;
  std::string RefType;
  auto Saved = [&](std::string S) { P.SavedVariables.push_back(std::move(S)); };
  // What Python reads of the value, if anything; a SavedVariable (or a list
  // of them) is also readable raw.
  std::optional<std::pair<GetterFrame, GetterBody>> Getter;
  bool RawGetter = false;
  auto Get = [&](GetterFrame F, GetterBody B) { Getter.emplace(F, B); };

  if (Ty == T.Tensor || Ty == T.OptTensor || Ty == T.MutRefOptTensor ||
      (Ty == T.Scalar && IsOutput)) {
    UsesSavedVariable = true;
    Saved("SavedVariable " + Name + "_;");
    P.ReleaseVariables.push_back(Name + "_.reset_data();");
    P.Unpack.push_back("auto " + Name + " = " + Name + "_.unpack(" +
                       (IsOutput ? "getptr()" : "") + ");");
    Visit = Name + "_";
    RefType = "Tensor&";
    Get(GetterFrame::SavedVariable, GetterBody::SavedVariable);
    RawGetter = true;
  } else if (Ty == T.TensorList || Ty == T.ITensorListRef ||
             Ty == T.TensorVector) {
    // Only a foreach function's output is saved as a vector of tensors.
    if (Ty == T.TensorVector &&
        !(StringRef(M.Functions[Info.Func].Func.Name.Name.Base)
              .startswith("_foreach") &&
          IsOutput))
      error("`" + Name + "`, saved by " + Info.Op.value_or("None") +
            ", is a `::std::vector<at::Tensor>`, which only a foreach "
            "function's output may be");
    UsesSavedVariable = true;
    Saved("std::vector<SavedVariable> " + Name + "_;");
    Saved("bool " + Name + "_released_ = false;");
    P.ReleaseVariables.push_back(Name + "_.clear();");
    P.ReleaseVariables.push_back(Name + "_released_ = true;");
    P.Unpack.push_back("auto " + Name + " = unpack_list(" + Name + "_, " +
                       (IsOutput ? "getptr()" : "nullptr") + ");");
    P.Asserts.push_back("TORCH_CHECK(!" + Name +
                        "_released_, ERR_BACKWARD_TWICE);");
    Visit = Name + "_";
    RefType = "std::vector<Tensor>&";
    Get(GetterFrame::SavedList, GetterBody::SavedList);
    RawGetter = true;
  } else if (Ty == T.OptTensorList) {
    UsesSavedVariable = true;
    Saved("std::vector<SavedVariable> " + Name + "_;");
    Saved("bool " + Name + "_released_ = false;");
    P.ReleaseVariables.push_back(Name + "_.clear();");
    P.ReleaseVariables.push_back(Name + "_released_ = true;");
    P.Unpack.push_back("auto " + Name + " = unpack_opt_list(" + Name + "_);");
    P.Asserts.push_back("TORCH_CHECK(!" + Name +
                        "_released_, ERR_BACKWARD_TWICE);");
    Visit = Name + "_";
    RefType = "torch::List<std::optional<Tensor>>&";
    Get(GetterFrame::SavedList, GetterBody::SavedList);
    RawGetter = true;
  } else if (Ty == T.IntArrayRef) {
    Saved("std::vector<int64_t> " + Name + ";");
    Get(GetterFrame::Value, GetterBody::IntList);
  } else if (Ty == T.SymIntArrayRef) {
    Saved("std::vector<c10::SymInt> " + Name + ";");
    Get(GetterFrame::Value, GetterBody::SymIntList);
  } else if (Ty == T.OptionalIntArrayRef || Ty == T.OptIntArrayRef) {
    Saved("c10::OptionalArray<int64_t> " + Name + ";");
    Get(GetterFrame::OptionalArray, GetterBody::IntList);
  } else if (Ty == T.OptionalSymIntArrayRef || Ty == T.OptSymIntArrayRef) {
    Saved("c10::OptionalArray<c10::SymInt> " + Name + ";");
    Get(GetterFrame::OptionalArray, GetterBody::SymIntList);
  } else if (Ty == T.OptDoubleArrayRef) {
    Saved("c10::OptionalArray<double> " + Name + ";");
    Get(GetterFrame::OptionalArray, GetterBody::DoubleList);
  } else if (Ty == T.Long) {
    Saved(Ty.str() + " " + Name + " = 0;");
    Get(GetterFrame::Value, GetterBody::Int);
  } else if (Ty == T.SymInt) {
    Saved("c10::SymInt " + Name + ";");
    Get(GetterFrame::Value, GetterBody::SymInt);
  } else if (Ty == T.String) {
    Saved("std::string " + Name + ";");
    Get(GetterFrame::Value, GetterBody::String);
  } else if (Ty == T.OptString) {
    Saved("std::optional<std::string> " + Name + ";");
    Get(GetterFrame::Optional, GetterBody::String);
  } else if (Ty == T.ScalarArrayRef) {
    Saved("std::vector<at::Scalar> " + Name + ";");
    RefType = "std::vector<at::Scalar>&";
    Saved("bool " + Name + "_released_ = false;");
    P.ReleaseVariables.push_back(Name + ".clear();");
    Get(GetterFrame::ScalarList, GetterBody::ScalarList);
  } else {
    // Anything else is stored as its own type, which must then own what
    // it holds.
    std::string CppType = Ty.str();
    if (looksNonOwning(CppType))
      error("`" + Name + "`, saved by " + Info.Op.value_or("None") +
            ", has type `" + CppType +
            "`, which looks like a non-owning reference: a Node cannot keep "
            "it past the forward call (save an owning value computed from "
            "it instead)");
    Saved(CppType + " " + Name + ";");
    // Python has no getter for the rest (TypeAndSize, at::ScalarType,
    // TensorOptions, TensorGeometry, lists of lists, ...).
    if (Ty == T.OptLong)
      Get(GetterFrame::Optional, GetterBody::Int);
    else if (Ty == T.OptSymInt)
      Get(GetterFrame::Optional, GetterBody::SymInt);
    else if (Ty == T.Double)
      Get(GetterFrame::Value, GetterBody::Double);
    else if (Ty == T.OptDouble)
      Get(GetterFrame::Optional, GetterBody::Double);
    else if (Ty == T.Bool)
      Get(GetterFrame::Value, GetterBody::Bool);
    else if (Ty == T.Scalar)
      Get(GetterFrame::Value, GetterBody::Scalar);
    else if (Ty == T.OptScalar)
      Get(GetterFrame::Optional, GetterBody::Scalar);
  }

  if (Options.PythonGetters && Getter) {
    StringRef Op = Info.Op ? StringRef(*Info.Op) : StringRef("None");
    P.GetterDefinitions.push_back(
        getterDefinition(Getter->first, Getter->second, Op, Name));
    if (RawGetter)
      P.GetterDefinitions.push_back(
          getterDefinition(Getter->first == GetterFrame::SavedVariable
                               ? GetterFrame::RawSavedVariable
                               : GetterFrame::RawSavedList,
                           Getter->second == GetterBody::SavedVariable
                               ? GetterBody::RawSavedVariable
                               : GetterBody::RawSavedList,
                           Op, Name));
    P.GetSetDefStructs.push_back(getSetDefStruct(false, Op, Name));
    if (RawGetter)
      P.GetSetDefStructs.push_back(getSetDefStruct(true, Op, Name));
  }

  if (UsesSavedVariable)
    P.CompiledArgs.push_back("args.collect(" + Visit + ", " +
                             (IsOutput ? "true" : "false") + ");");
  else
    P.CompiledArgs.push_back("args.collect(" + Visit + ");");
  P.ApplyWithSavedBefore.push_back("saved.before(" + Visit + ");");
  P.ApplyWithSavedAfter.push_back("saved.after(" + Visit + ");");

  if (RefType.empty()) {
    // The member's type, up to the first blank, as a reference.
    StringRef Last = P.SavedVariables.back();
    RefType = (Last.substr(0, Last.find(' ')) + "&").str();
  }
  P.FunctionalArgs.push_back(Name);
  P.FunctionalArgTypes.push_back(std::move(RefType));
}

std::optional<size_t> NodeBuilder::inputIndex(StringRef Name) {
  for (size_t I = 0; I != P.InputNames.size(); ++I)
    if (P.InputNames[I] == Name)
      return I;
  error("a backward formula of " + Info.Op.value_or("None") + " is for `" +
        Name.str() + "`, which is no differentiable input of it");
  return std::nullopt;
}

bool NodeBuilder::isTensorArgument(StringRef Name) const {
  const FunctionSchema &S = M.Functions[Info.Func].Func;
  bool IsTensor = false;
  S.Args.anyOf(Arguments::AllParts, [&](const Argument &A) {
    if (A.Name != Name)
      return false;
    std::string Ty = A.Ty.str();
    IsTensor = Ty == "Tensor" || Ty == "Tensor?";
    return true;
  });
  return IsTensor;
}

namespace {

const CodeTemplate &singleTemplate() {
  static const CodeTemplate T(R"(if (needs_input_grad[/*${name}*/${idx}]) {
  auto grad_result = ${derivative};
  copy_range(grad_inputs, ${name}_ix, grad_result);
}
)",
                              "DERIVATIVE_SINGLE");
  return T;
}

const CodeTemplate &singleForeachTemplate() {
  static const CodeTemplate T(
      R"(if (needs_input_grad[/*${name}*/${idx}]) {  // ${name}
  std::vector<Tensor> grad_result;
  grad_result.reserve(grads.size());
  for (const auto & i : c10::irange(grads.size())) {
    if (grads[i].defined()) {
      grad_result.emplace_back(${derivative});
    } else {
      grad_result.emplace_back(Tensor());
    }
  }
  copy_range(grad_inputs, ${name}_ix, grad_result);
}
)",
      "DERIVATIVE_SINGLE_FOREACH");
  return T;
}

const CodeTemplate &multiCopyRangeTemplate() {
  static const CodeTemplate T(R"(  if (needs_input_grad[/*${name}*/${idx}]) {
    copy_range(grad_inputs, ${name}_ix, std::get<${i}>(grad_result));
  }
)",
                              "DERIVATIVE_MULTI_COPY_RANGE");
  return T;
}

const CodeTemplate &multiTemplate() {
  static const CodeTemplate T(R"(if (${needs_input_grad}) {
  ${grad_input_mask}
  auto grad_result = ${derivative};
  ${copy_ranges}
}
)",
                              "DERIVATIVE_MULTI");
  return T;
}

const CodeTemplate &gradInputMaskTemplate() {
  static const CodeTemplate T(
      R"(  auto grad_input_mask = std::array<bool, ${n}>{
    ${masks}
  };
)",
      "GRAD_INPUT_MASK");
  return T;
}

} // namespace

std::string autograd_functions::substitute(const CodeTemplate &T,
                                           ArrayRef<TemplateArg> Args) {
  Expected<std::string> S = T.substitute(Args);
  // The templates and their placeholders are fixed here: a missing value
  // is a bug of this file, not a problem of the input.
  if (!S)
    report_fatal_error(Twine(T.getName()) + ": " + toString(S.takeError()));
  return std::move(*S);
}

std::string NodeBuilder::derivative(const Derivative &D,
                                    bool &ChecksAnyGradDefined) {
  ChecksAnyGradDefined = false;
  if (D.VarNames.size() == 1) {
    const std::string &Name = D.VarNames.front();
    std::string Formula = D.Formula;
    if (!StringRef(Formula).contains("not_implemented")) {
      size_t Matching =
          llvm::count_if(Info.ArgsWithDerivatives,
                         [&](const Binding &B) { return B.Name == Name; });
      // An undefined gradient gives an undefined tensor gradient.
      if (Matching == 1 && isTensorArgument(Name)) {
        Formula = "any_grad_defined ? (" + Formula + ") : Tensor()";
        ChecksAnyGradDefined = true;
      }
    }
    std::optional<size_t> Idx = inputIndex(Name);
    if (!Idx)
      return "";
    TemplateValue VName(Name), VDeriv(std::move(Formula)),
        VIdx(std::to_string(*Idx));
    TemplateArg Args[] = {
        {"name", &VName}, {"derivative", &VDeriv}, {"idx", &VIdx}};
    return substitute(StringRef(Info.Name).startswith("_foreach_")
                          ? singleForeachTemplate()
                          : singleTemplate(),
                      Args);
  }

  std::vector<size_t> Indices;
  for (const std::string &N : D.VarNames) {
    std::optional<size_t> Idx = inputIndex(N);
    if (!Idx)
      return "";
    Indices.push_back(*Idx);
  }
  std::string GradInputMask;
  if (StringRef(D.Formula).contains("grad_input_mask")) {
    std::vector<std::string> Masks;
    for (size_t Idx : Indices)
      Masks.push_back("needs_input_grad[" + std::to_string(Idx) + "],");
    TemplateValue VN(std::to_string(D.VarNames.size())),
        VMasks(std::move(Masks));
    TemplateArg Args[] = {{"n", &VN}, {"masks", &VMasks}};
    GradInputMask = substitute(gradInputMaskTemplate(), Args);
  }
  std::string NeedsInputGrad;
  std::vector<std::string> CopyRanges;
  for (size_t I = 0; I != D.VarNames.size(); ++I) {
    std::string Idx = std::to_string(Indices[I]);
    if (I)
      NeedsInputGrad += " || ";
    NeedsInputGrad += "needs_input_grad[" + Idx + "]";
    TemplateValue VName(D.VarNames[I]), VI(std::to_string(I)), VIdx(Idx);
    TemplateArg Args[] = {{"name", &VName}, {"i", &VI}, {"idx", &VIdx}};
    CopyRanges.push_back(substitute(multiCopyRangeTemplate(), Args));
  }
  TemplateValue VNeeds(std::move(NeedsInputGrad)), VCopy(std::move(CopyRanges)),
      VDeriv(D.Formula), VMask(std::move(GradInputMask));
  TemplateArg Args[] = {{"needs_input_grad", &VNeeds},
                        {"copy_ranges", &VCopy},
                        {"derivative", &VDeriv},
                        {"grad_input_mask", &VMask}};
  return substitute(multiTemplate(), Args);
}

void NodeBuilder::addBody() {
  if (usesSingleGrad(&Info)) {
    P.Body.push_back("const auto& grad = grads[0];");
  } else {
    // Aliases for the gradients of named returns.
    for (const std::string &N : Info.UsedNamedGradients) {
      auto It = llvm::find(Info.AvailableNamedGradients, N);
      if (It == Info.AvailableNamedGradients.end()) {
        error("a backward formula of " + Info.Op.value_or("None") + " uses `" +
              N + "`, which is no gradient of a named output");
        continue;
      }
      P.Body.push_back(
          "const auto& " + N + " = grads[" +
          std::to_string(It - Info.AvailableNamedGradients.begin()) + "];");
    }
  }
  size_t Aliases = P.Body.size();
  bool NeedAnyGradDefined = false;
  for (const Derivative &D : Info.Derivatives) {
    bool Checks = false;
    P.Body.push_back(derivative(D, Checks));
    NeedAnyGradDefined |= Checks;
  }
  // Checked once, before every formula.
  if (NeedAnyGradDefined)
    P.Body.insert(P.Body.begin() + Aliases,
                  "bool any_grad_defined = any_variable_defined(grads);");
}

NodeParts autograd_functions::buildNodeParts(const Module &M,
                                             const DifferentiabilityInfo &Info,
                                             std::vector<NodeError> &Errors,
                                             NodePartsOptions Options) {
  return NodeBuilder(M, Info, Errors, Options).build();
}

std::vector<const DifferentiabilityInfo *>
autograd_functions::getInfosWithDerivatives(const AutogradModel &AM,
                                            bool MadeByMatching) {
  std::vector<const DifferentiabilityInfo *> Infos;
  for (const FunctionInfos &FI : AM.Infos)
    if (FI.Listed && (MadeByMatching || !FI.MadeByMatching))
      for (const auto &KV : FI.ByKey)
        if (KV.second.hasDerivatives())
          Infos.push_back(&KV.second);
  return Infos;
}

bool autograd_functions::reportNodeErrors(Context &Ctx, const Module &M,
                                          const DifferentiabilityInfo &Info,
                                          ArrayRef<NodeError> Errors) {
  SMLoc Loc =
      Info.EntryLoc.isValid() ? Info.EntryLoc : M.Functions[Info.Func].FuncLoc;
  for (const NodeError &E : Errors)
    Ctx.getDiags().error(Loc, E.Message);
  return Errors.empty();
}
