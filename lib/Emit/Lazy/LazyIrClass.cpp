//===- LazyIrClass.cpp - One lazy IR node class ---------------------------===//
//
// The text follows torchgen's f-strings line for line (their indentation is
// uneven; LazyIr.h's block placeholder then strips each line's end).
//
//===----------------------------------------------------------------------===//

#include "LazyIrClass.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace opgen;
using namespace opgen::lazy;
using namespace llvm;

using Flavour = LazyTensorOptions::IrFlavour;
using Member = LazyIrProperties::Member;
using ArgList = std::vector<const LazyArgument *>;

static std::string cppType(const LazyArgument &A) { return A.LazyType.str(); }

static bool isOptional(const LazyArgument &A) {
  return A.LazyType.kind() == CType::Optional;
}

static std::string joinNames(const ArgList &Args) {
  std::string Out;
  for (const LazyArgument *A : Args) {
    if (!Out.empty())
      Out += ", ";
    Out += A->Name;
  }
  return Out;
}

/// The values the base constructor's OpList takes; false for a type it
/// cannot (a list of optional values).
static bool baseCtorValues(const LazyIrSchema &S, std::string &Out,
                           std::string &Error) {
  std::vector<std::string> Parts;
  for (const LazyArgument *A : S.filtered(true, true, true, false)) {
    CType::Kind K = A->LazyType.kind();
    if (K == CType::Base || K == CType::Vector) {
      Parts.push_back(A->Name.str());
    } else if (K == CType::Optional) {
      Parts.push_back(A->Name.str() + ".value_or(kNullValue)");
    } else {
      Error = "the lazy IR node's base class cannot take argument `" +
              A->Name.str() + "` of type `" + cppType(*A) + "`";
      return false;
    }
  }
  Out = join(Parts, ", ");
  return true;
}

static std::optional<std::string> nodeBaseCtorCall(const LazyIrSchema &S,
                                                   const LazyTensorOptions &O,
                                                   std::string &Error) {
  std::string Values;
  if (!baseCtorValues(S, Values, Error))
    return std::nullopt;
  ArgList ValueArgs = S.filtered(true, true, true, false);
  ArgList ScalarArgs = S.filtered(true, true, false, true);
  std::string Hashes = joinNames(ScalarArgs);
  std::string Returns = std::to_string(S.NumReturns);
  if (O.Ir == Flavour::Xla) {
    // torch_xla's: an output-shape function of the values, the lists, the
    // bools and the arguments named `reduction` or `dim`.
    std::vector<std::string> ShapeIn;
    for (const LazyArgument *A : S.filtered()) {
      if (A->IsLazyValue || A->LazyType.kind() == CType::Vector ||
          (A->LazyType.kind() == CType::Base && A->LazyType.name() == "bool") ||
          A->Name == "reduction" || A->Name == "dim")
        ShapeIn.push_back(A->Name.str());
    }
    return O.NodeBase + "(torch::lazy::OpKind(" + getAtenSymbol(S) +
           "),\n              {" + Values + "},\n              [&]() { " +
           "return " + S.nodeName() + "OutputShape(" + join(ShapeIn, ", ") +
           "); },\n              /* num_outputs */ " + Returns +
           ",\n              torch::lazy::MHash(" + Hashes + "))";
  }
  std::string ShapeArg;
  std::string OpName = S.Name.str();
  switch (S.Properties.ShapeFrom) {
  case LazyIrProperties::Shape::Precompute:
    ShapeArg = "std::move(shapes),";
    break;
  case LazyIrProperties::Shape::Compute: {
    std::vector<std::string> In;
    for (const LazyArgument *A : ValueArgs)
      In.push_back(A->Name.str());
    for (const LazyArgument *A : ScalarArgs)
      In.push_back(A->Name.str());
    ShapeArg = "compute_shape_" + OpName + "(" + join(In, ", ") + "),";
    break;
  }
  case LazyIrProperties::Shape::Cache: {
    std::vector<std::string> In;
    for (size_t I = 0; I != ValueArgs.size(); ++I)
      In.push_back("operand(" + std::to_string(I) + ")");
    for (const LazyArgument *A : ScalarArgs)
      In.push_back(A->Name.str());
    ShapeArg = "[&](){ return compute_shape_" + OpName + "(" + join(In, ", ") +
               ")[0]; },";
    break;
  }
  case LazyIrProperties::Shape::None:
    break;
  }
  return O.NodeBase + "(\n              " + S.nodeName() +
         "::ClassOpKind(),\n              OpList{" + Values +
         "},\n              " + ShapeArg +
         "\n              /* num_outputs */ " + Returns +
         ",\n              torch::lazy::MHash(" + Hashes + "))";
}

/// torchgen's ts_lowering_body.
static std::string tsLoweringBody(const LazyIrSchema &S) {
  auto Value = [](const LazyArgument &A) -> std::string {
    if (isOptional(A))
      return "has_" + A.Name.str() +
             " ? loctx->GetOutputOp(operand(i++)) : nullptr";
    return "loctx->GetOutputOp(operand(i++))";
  };
  std::vector<std::string> Args;
  for (const LazyArgument &A : S.Positional)
    Args.push_back(A.IsLazyValue ? Value(A)
                                 : "\"" + A.Name.str() + "\", " + A.Name.str());
  std::vector<std::string> Kwargs;
  for (const LazyArgument *A : S.filtered(false, true, true, false))
    Kwargs.push_back("\"" + A->Name.str() + "\", " + Value(*A));
  for (const LazyArgument *A : S.filtered(false, true, false, true))
    Kwargs.push_back("\"" + A->Name.str() + "\", " + A->Name.str());
  std::string ArgLines, KwargLines;
  for (const std::string &A : Args)
    ArgLines += (ArgLines.empty() ? "" : "\n    ") +
                ("arguments.emplace_back(" + A + ");");
  for (const std::string &A : Kwargs)
    KwargLines += (KwargLines.empty() ? "" : "\n    ") +
                  ("kwarguments.emplace_back(" + A + ");");
  std::string Aten = S.atenName();
  return "    std::vector<torch::jit::NamedValue> arguments;\n"
         "    std::vector<torch::jit::NamedValue> kwarguments;\n"
         "    arguments.reserve(" +
         std::to_string(Args.size()) +
         ");\n"
         "    kwarguments.reserve(" +
         std::to_string(Kwargs.size()) +
         ");\n"
         "    size_t i = 0;\n"
         "    " +
         ArgLines + "\n    " + KwargLines +
         "\n"
         "    torch::lazy::TSOpVector " +
         Aten +
         "_out = torch::lazy::LowerTSBuiltin(function, op().op, arguments, "
         "kwarguments);\n"
         "    TORCH_CHECK_EQ(" +
         Aten + "_out.size(), " + std::to_string(S.NumReturns) +
         ");\n"
         "\n"
         "    return " +
         Aten + "_out;\n";
}

static std::string loweringFunction(const LazyIrSchema &S,
                                    const LazyTensorOptions &O) {
  if (O.Ir == Flavour::Xla)
    return "torch_xla::XlaOpVector Lower(LoweringContext* loctx) const "
           "override;";
  if (O.Ir != Flavour::TorchScript)
    return "";
  static const char Signature[] =
      "\n  torch::lazy::TSOpVector Lower(\n"
      "      std::shared_ptr<torch::jit::GraphFunction> function,\n"
      "      torch::lazy::TSLoweringContext* loctx) const override";
  switch (S.Properties.Lower) {
  case Member::DeclOnly:
    return std::string(Signature) + ";";
  case Member::Full:
    return std::string(Signature) + " {\n    " + tsLoweringBody(S) +
           "\n  }\n            ";
  case Member::None:
    break;
  }
  return "";
}

static std::string createFunction(const LazyIrSchema &S,
                                  const LazyTensorOptions &O,
                                  StringRef CtorArgs) {
  if (O.Ir != Flavour::TorchScript)
    return "";
  std::string Signature = ("static NodePtr Create(" + CtorArgs + ")").str();
  switch (S.Properties.CreateFn) {
  case Member::DeclOnly:
    return Signature + ";";
  case Member::Full:
    return Signature + " {\n    return ReuseOrMakeNode<" + S.nodeName() +
           ">(data);\n  }";
  case Member::None:
    break;
  }
  return "";
}

static std::string canBeReusedFunction(const LazyIrSchema &S,
                                       const LazyTensorOptions &O,
                                       StringRef CtorArgs) {
  std::string Signature = ("bool CanBeReused(" + CtorArgs + ") const").str();
  if (O.Ir != Flavour::TorchScript)
    return Signature + " {\n    return false;\n    }";
  switch (S.Properties.CanBeReused) {
  case Member::DeclOnly:
    return Signature + ";";
  case Member::None:
    return "";
  case Member::Full:
    break;
  }
  std::vector<std::string> Cmp;
  ArgList Values = S.filtered(true, false, true, false);
  append_range(Values, S.filtered(false, true, true, false));
  for (const LazyArgument *A : Values) {
    std::string N = A->Name.str();
    Cmp.push_back(isOptional(*A) ? "nullable_operand(i++) == " + N +
                                       ".value_or(kNullValue)"
                                 : "operand(i++) == " + N);
  }
  ArgList Scalars = S.filtered(true, false, false, true);
  append_range(Scalars, S.filtered(false, true, false, true));
  for (const LazyArgument *A : Scalars) {
    std::string N = A->Name.str();
    Cmp.push_back(isOptional(*A)
                      ? "((!this->" + N + "&&!" + N + ") || (this->" + N +
                            "&&" + N + " && *(this->" + N + ") == *" + N + "))"
                      : "this->" + N + " == " + N);
  }
  return Signature + " {\n    size_t i = 0;\n    return (" +
         join(Cmp, " &&\n        ") + ");\n  }";
}

std::optional<std::string> lazy::genLazyIrClass(const LazyIrSchema &S,
                                                const LazyTensorOptions &O,
                                                std::string &Error) {
  std::string OpKind = S.OpKind ? *S.OpKind : getAtenSymbol(S);
  ArgList All = S.filtered();
  ArgList Scalars = S.filtered(true, true, false, true);
  std::vector<std::string> CtorArgs;
  for (const LazyArgument *A : All)
    CtorArgs.push_back("const " + cppType(*A) + "& " + A->Name.str());
  std::string ReuseArgs = join(CtorArgs, ", ");
  if (O.UseLazyShape &&
      S.Properties.ShapeFrom == LazyIrProperties::Shape::Precompute)
    CtorArgs.push_back("std::vector<torch::lazy::Shape>&& shapes");
  std::string NodeCtorArgs = join(CtorArgs, ", ");

  // Strings are held as std::string, not views of the caller's.
  std::vector<std::string> Inits, Decls;
  for (const LazyArgument *A : Scalars) {
    std::string T = cppType(*A), N = A->Name.str();
    Inits.push_back(T == "::std::optional<c10::string_view>"
                        ? N + "(" + N +
                              ".has_value() ? ::std::make_optional("
                              "std::string(*" +
                              N + ")) : ::std::nullopt)"
                        : N + "(" + N + ")");
    if (T == "c10::string_view")
      Decls.push_back("std::string " + N + ";");
    else if (T == "::std::optional<c10::string_view>")
      Decls.push_back("::std::optional<std::string> " + N + ";");
    else
      Decls.push_back(T + " " + N + ";");
  }
  std::string ScalarInits = join(Inits, ",\n        ");
  if (!ScalarInits.empty())
    ScalarInits = ",\n        " + ScalarInits;

  std::vector<std::string> HasDecls, HasDefs;
  for (const LazyArgument *A : S.filtered(true, true, true, false))
    if (isOptional(*A)) {
      HasDecls.push_back("bool has_" + A->Name.str() + ": 1;");
      HasDefs.push_back("has_" + A->Name.str() + " = !!" + A->Name.str() + ";");
    }

  std::vector<std::string> ToString;
  for (const LazyArgument *A : Scalars) {
    std::string N = A->Name.str();
    if (isOptional(*A)) {
      std::string V = A->IsGenerator ? "\"torch.Generator()\"" : N + ".value()";
      ToString.push_back("if (" + N + ".has_value()) {\n      ss << \", " + N +
                         "=\" << " + V + ";\n    } else {\n      ss << \", " +
                         N + "=null\";\n    }");
    } else {
      ToString.push_back("ss << \", " + N + "=\" << " + N + ";");
    }
  }

  std::optional<std::string> BaseCall = nodeBaseCtorCall(S, O, Error);
  if (!BaseCall)
    return std::nullopt;
  std::string Node = S.nodeName();
  return "class " + Node + " : public " + O.NodeBase +
         " {\n"
         " public:\n"
         "  static torch::lazy::OpKind ClassOpKind() {\n"
         "    return torch::lazy::OpKind(" +
         OpKind +
         ");\n"
         "  }\n"
         "\n"
         "  " +
         Node + "(" + NodeCtorArgs + ")\n      : " + *BaseCall + ScalarInits +
         "\n  {\n    " + join(HasDefs, "\n    ") +
         "\n  }\n"
         "\n"
         "  std::string ToString() const override {\n"
         "    std::stringstream ss;\n"
         "    ss << " +
         O.NodeBase + "::ToString();\n    " + join(ToString, "\n    ") +
         "\n    return std::move(ss).str();\n"
         "  }\n"
         "\n  " +
         createFunction(S, O, ReuseArgs) + "\n\n  " +
         canBeReusedFunction(S, O, ReuseArgs) + "\n\n  " +
         loweringFunction(S, O) + "\n\n  " + join(Decls, "\n  ") + "\n  " +
         join(HasDecls, "\n  ") + "\n\n};\n\n";
}
