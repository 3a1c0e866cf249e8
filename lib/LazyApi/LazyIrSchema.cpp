//===- LazyIrSchema.cpp - A lazy tensor IR node's schema ------------------===//
//
// torchgen's process_ir_type, isValueType and LazyIrSchema's views.
//
//===----------------------------------------------------------------------===//

#include "opgen/LazyApi/LazyIrSchema.h"

#include "llvm/ADT/StringExtras.h"

using namespace opgen;
using namespace llvm;

LazyIrProperties LazyIrProperties::forNative() {
  LazyIrProperties P;
  P.ShapeFrom = Shape::Precompute;
  P.Lower = Member::Full;
  P.CanBeReused = Member::Full;
  return P;
}

LazyIrProperties LazyIrProperties::forNonNative() {
  LazyIrProperties P;
  P.ShapeFrom = Shape::Cache;
  P.CanBeReused = Member::Full;
  P.Lower = Member::DeclOnly;
  return P;
}

void LazyIrProperties::set(LazyIrProperty P) {
  switch (P) {
  case LazyIrProperty::ShapePrecompute:
    ShapeFrom = Shape::Precompute;
    return;
  case LazyIrProperty::ShapeCompute:
    ShapeFrom = Shape::Compute;
    return;
  case LazyIrProperty::ShapeCache:
    ShapeFrom = Shape::Cache;
    return;
  case LazyIrProperty::Lower:
    Lower = Member::Full;
    return;
  case LazyIrProperty::LowerDeclOnly:
    Lower = Member::DeclOnly;
    return;
  case LazyIrProperty::CanBeReused:
    CanBeReused = Member::Full;
    return;
  case LazyIrProperty::CanBeReusedDeclOnly:
    CanBeReused = Member::DeclOnly;
    return;
  case LazyIrProperty::CreateFn:
    CreateFn = Member::Full;
    return;
  case LazyIrProperty::CreateFnDeclOnly:
    CreateFn = Member::DeclOnly;
    return;
  case LazyIrProperty::TreatScalarsAsConstants:
    TreatScalarsAsConstants = true;
    return;
  }
}

namespace {
/// The spellings process_ir_type gives base types.
constexpr StringRef TensorListValue = "torch::lazy::Value";
constexpr StringRef ScalarT = "at::Scalar";
constexpr StringRef SymIntT = "c10::SymInt";

struct TypeMaker {
  const LazyIrProperties &Props;
  bool SymInt;
  StringRef ValueClass;
  std::string &Error;

  /// process_ir_type; nullopt (and Error set) for a type it rejects.
  std::optional<CType> make(Type T) {
    switch (T.getKind()) {
    case Type::Base:
      return base(T);
    case Type::Optional: {
      std::optional<CType> E = make(T.getElementType());
      if (!E)
        return std::nullopt;
      return CType::wrap(CType::Optional, std::move(*E));
    }
    case Type::List: {
      Type E = T.getElementType();
      if (E.getKind() == Type::Optional &&
          E.getElementType().isBase(BaseTy::Tensor))
        return CType::wrap(
            CType::List, CType::wrap(CType::Optional, CType::base(ValueClass)));
      if (E.isBase(BaseTy::Tensor))
        return CType::base(TensorListValue);
      if (E.isBase(BaseTy::SymInt))
        return CType::wrap(CType::Vector, CType::base("int64_t"));
      std::optional<CType> Elem = make(E);
      if (!Elem)
        return std::nullopt;
      return CType::wrap(CType::Vector, std::move(*Elem));
    }
    case Type::CustomClass:
      break;
    }
    return reject(T);
  }

  std::nullopt_t reject(Type T) {
    Error =
        "lazy tensor codegen cannot hold an argument of type `" + T.str() + "`";
    return std::nullopt;
  }

  std::optional<CType> base(Type T) {
    switch (T.getBaseTy()) {
    case BaseTy::Tensor:
      return CType::base(ValueClass);
    case BaseTy::Scalar:
      return CType::base(Props.TreatScalarsAsConstants ? ScalarT : ValueClass);
    case BaseTy::ScalarType:
      return CType::base("at::ScalarType");
    case BaseTy::Int:
      return CType::base("int64_t");
    case BaseTy::SymInt:
      return CType::base(SymInt ? ValueClass : StringRef("int64_t"));
    case BaseTy::Bool:
      return CType::base("bool");
    case BaseTy::Float:
      return CType::base("double");
    case BaseTy::Str:
      return CType::base("c10::string_view");
    case BaseTy::Device:
      return CType::base("at::Device");
    case BaseTy::Generator:
      return CType::base("at::Generator");
    case BaseTy::Layout:
      return CType::base("at::Layout");
    case BaseTy::MemoryFormat:
      return CType::base("at::MemoryFormat");
    default:
      break;
    }
    return reject(T);
  }
};

/// torchgen's isValueType (with the node's properties).
bool isValueType(const CType &T, StringRef ValueClass,
                 const LazyIrProperties &Props) {
  switch (T.kind()) {
  case CType::Base:
    return T.name() == ValueClass ||
           (T.name() == ScalarT && !Props.TreatScalarsAsConstants) ||
           T.name() == SymIntT;
  case CType::Optional:
  case CType::List:
  case CType::Vector:
    return isValueType(T.elem(), ValueClass, Props);
  default:
    return false;
  }
}

bool isWrappedScalar(Type T) {
  if (T.getKind() == Type::Base)
    return T.isBase(BaseTy::Scalar);
  if (T.getKind() == Type::Optional || T.getKind() == Type::List)
    return isWrappedScalar(T.getElementType());
  return false;
}

bool isGenerator(Type T) {
  if (T.getKind() == Type::Base)
    return T.isBase(BaseTy::Generator);
  if (T.getKind() == Type::Optional)
    return isGenerator(T.getElementType());
  return false;
}
} // namespace

std::optional<LazyIrSchema> opgen::makeLazyIrSchema(
    const FunctionSchema &Func, const LazyIrProperties &Props, bool SymInt,
    const LazyTypeOptions &Types, std::string &Error, StringRef &BadArgument) {
  LazyIrSchema S;
  S.Name = Func.Name;
  S.NumReturns = Func.Returns.size();
  S.SymInt = SymInt;
  S.Properties = Props;
  TypeMaker Maker{Props, SymInt, Types.ValueClass, Error};
  auto Make = [&](const Argument &A) -> std::optional<LazyArgument> {
    LazyArgument L;
    L.Name = A.Name;
    L.OrigType = A.Ty;
    L.SymInt = SymInt;
    L.IsOptional = A.Ty.getKind() == Type::Optional;
    L.IsGenerator = isGenerator(A.Ty);
    std::optional<CType> T = Maker.make(A.Ty);
    if (!T) {
      BadArgument = A.Name;
      return std::nullopt;
    }
    L.LazyType = std::move(*T);
    L.IsTensorListValue = A.Ty.getKind() == Type::List &&
                          A.Ty.getElementType().isBase(BaseTy::Tensor);
    L.IsWrappedScalar = isWrappedScalar(A.Ty);
    L.IsSymIntOrList =
        SymInt && (A.Ty.isBase(BaseTy::SymInt) ||
                   (A.Ty.getKind() == Type::Optional &&
                    A.Ty.getElementType().isBase(BaseTy::SymInt)));
    L.IsLazyValue = isValueType(L.LazyType, Types.ValueClass, Props);
    return L;
  };
  for (const Argument *A : Func.Args.flatPositional()) {
    std::optional<LazyArgument> L = Make(*A);
    if (!L)
      return std::nullopt;
    S.Positional.push_back(std::move(*L));
  }
  std::vector<const Argument *> Kw = Func.Args.flatKwargOnly();
  for (const Argument &A : Func.Args.Out)
    Kw.push_back(&A);
  for (const Argument *A : Kw) {
    if (isGenerator(A->Ty)) {
      if (S.HasGenerator) {
        Error = "lazy tensor codegen expects at most one Generator argument";
        BadArgument = A->Name;
        return std::nullopt;
      }
      S.HasGenerator = true;
    }
    std::optional<LazyArgument> L = Make(*A);
    if (!L)
      return std::nullopt;
    S.Keyword.push_back(std::move(*L));
  }
  return S;
}

std::string LazyIrSchema::nodeName() const {
  // `{name}_{overload}` lowered, each `_`-separated word capitalized (an
  // empty word, from a leading or doubled `_`, adds nothing).
  std::string Op = Name.Name.str() + "_" + Name.OverloadName;
  std::string Out;
  Out.reserve(Op.size());
  bool Start = true;
  for (char C : Op) {
    if (C == '_') {
      Start = true;
      continue;
    }
    Out += Start ? toUpper(C) : toLower(C);
    Start = false;
  }
  return Out;
}

std::string LazyIrSchema::atenName() const { return Name.Name.str(); }

std::vector<const LazyArgument *> LazyIrSchema::filtered(bool Pos, bool Kw,
                                                         bool Values,
                                                         bool Scalars,
                                                         bool Generator) const {
  std::vector<const LazyArgument *> Args;
  if (Pos)
    for (const LazyArgument &A : Positional)
      Args.push_back(&A);
  if (Kw)
    for (const LazyArgument &A : Keyword)
      Args.push_back(&A);
  if (Values && Scalars && Generator)
    return Args;
  std::vector<const LazyArgument *> Out;
  for (const LazyArgument *A : Args) {
    bool Keep;
    if (Values && Scalars)
      Keep = !A->IsGenerator;
    else if (Values)
      Keep = A->IsLazyValue;
    else if (Scalars)
      Keep = !A->IsLazyValue && (Generator || !A->IsGenerator);
    else
      Keep = false;
    if (Keep)
      Out.push_back(A);
  }
  return Out;
}

std::string opgen::getAtenSymbol(const LazyIrSchema &S) {
  std::string Aten = S.atenName();
  // Symbols missing from aten's interned strings.
  if (Aten == "sigmoid_backward")
    return "c10::Symbol::fromQualString(\"aten::" + Aten + "\")";
  if (!StringRef(Aten).startswith("at::"))
    return "at::aten::" + Aten;
  return Aten;
}
