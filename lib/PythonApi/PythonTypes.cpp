//===- PythonTypes.cpp - Schema types as the Python bindings spell them ---===//

#include "opgen/PythonApi/PythonTypes.h"

using namespace opgen;
using namespace llvm;

static Error unrecognized(Type T) {
  return createStringError(inconvertibleErrorCode(),
                           "the Python bindings have no spelling of type `" +
                               T.str() + "`");
}

Expected<std::string> opgen::pythonArgumentType(Type T,
                                                PythonTypeOptions Options) {
  switch (T.getKind()) {
  case Type::Base:
    switch (T.getBaseTy()) {
    case BaseTy::Int:
      return std::string("int64_t");
    case BaseTy::Float:
      return std::string("double");
    case BaseTy::Str:
      return std::string("c10::string_view");
    // The parser's names of these are the schema's.
    case BaseTy::Tensor:
    case BaseTy::Bool:
    case BaseTy::QScheme:
    case BaseTy::Scalar:
    case BaseTy::ScalarType:
    case BaseTy::Generator:
    case BaseTy::Storage:
    case BaseTy::Layout:
    case BaseTy::Device:
    case BaseTy::DeviceIndex:
    case BaseTy::MemoryFormat:
    case BaseTy::Stream:
    case BaseTy::SymInt:
      return toString(T.getBaseTy()).str();
    default:
      return unrecognized(T);
    }
  case Type::Optional: {
    Expected<std::string> Elem =
        pythonArgumentType(T.getElementType(), Options);
    if (!Elem)
      return Elem.takeError();
    return *Elem + "?";
  }
  case Type::List: {
    Type E = T.getElementType();
    std::optional<uint64_t> Size =
        Options.SimpleType ? std::nullopt : T.getSize();
    auto Sized = [&](StringRef Name) {
      return Size ? (Name + "[" + Twine(*Size) + "]").str() : Name.str();
    };
    if (E.isBase(BaseTy::Bool)) {
      // Only a fixed-size bool list has a spelling.
      if (!T.getSize())
        return createStringError(inconvertibleErrorCode(),
                                 "a `bool[]` argument needs a size for the "
                                 "Python bindings (`bool[N]`)");
      return "::std::array<bool," + std::to_string(*T.getSize()) + ">";
    }
    if (E.isBase(BaseTy::Int))
      return Sized("IntArrayRef");
    if (E.isBase(BaseTy::SymInt))
      return Sized(Options.SymInt ? "SymIntArrayRef" : "IntArrayRef");
    if (E.isBase(BaseTy::Tensor))
      return Sized("TensorList");
    if (E.isBase(BaseTy::Scalar))
      return Sized("ScalarList");
    if (E.getKind() == Type::Optional &&
        E.getElementType().isBase(BaseTy::Tensor))
      return std::string(Options.SimpleType
                             ? "c10::List<::std::optional<Tensor>>"
                             : "const c10::List<::std::optional<Tensor>> &");
    Expected<std::string> Elem = pythonArgumentType(E, Options);
    if (!Elem)
      return Elem.takeError();
    return "ArrayRef<" + *Elem + ">";
  }
  case Type::CustomClass:
    return unrecognized(T);
  }
  return unrecognized(T);
}

std::optional<uint64_t> opgen::pythonArgumentTypeSize(Type T) {
  Type L = T.getListLike();
  if (!L || L.getElementType().isBase(BaseTy::Bool))
    return std::nullopt;
  return L.getSize();
}
