//===- CppTypes.cpp - Schema types as C++ types ---------------------------===//

#include "opgen/CppApi/CppTypes.h"

#include <cstring>

using namespace opgen;
using namespace llvm;

CType CType::nest(Kind K, CType Elem) {
  CType T;
  T.Sh.Nested = true;
  T.Elems.push_back(std::move(Elem));
  T.Sh.Wrappers[T.Sh.Depth++] = K;
  return T;
}

CType CType::tuple(std::vector<CType> Elems) {
  CType T;
  T.Sh.Inner = Tuple;
  T.Elems = std::move(Elems);
  return T;
}

namespace opgen {
namespace detail {
/// Text gathered on the stack and appended to a string in large pieces:
/// the C++ API spells a few hundred thousand short pieces a run (types,
/// names, defaults), and each std::string append costs about 70
/// instructions.
class Speller {
public:
  explicit Speller(std::string &Out) : Out(Out) {}
  Speller(const Speller &) = delete;
  Speller &operator=(const Speller &) = delete;
  ~Speller() { flush(); }

  void put(StringRef S) {
    if (N + S.size() > sizeof(Buf)) {
      flush();
      if (S.size() > sizeof(Buf)) {
        Out += S;
        return;
      }
    }
    copy(Buf + N, S.data(), S.size());
    N += S.size();
  }
  void put(char C) {
    if (N == sizeof(Buf))
      flush();
    Buf[N++] = C;
  }
  void flush() {
    Out.append(Buf, N);
    N = 0;
  }

private:
  /// memcpy without a call for the short pieces types are made of: two
  /// overlapping fixed-size copies cover 4 to 16 bytes.
  static void copy(char *D, const char *S, size_t Len) {
    if (Len >= 8 && Len <= 16) {
      uint64_t A, B;
      memcpy(&A, S, 8);
      memcpy(&B, S + Len - 8, 8);
      memcpy(D, &A, 8);
      memcpy(D + Len - 8, &B, 8);
    } else if (Len >= 4 && Len < 8) {
      uint32_t A, B;
      memcpy(&A, S, 4);
      memcpy(&B, S + Len - 4, 4);
      memcpy(D, &A, 4);
      memcpy(D + Len - 4, &B, 4);
    } else if (Len < 4) {
      for (size_t I = 0; I != Len; ++I)
        D[I] = S[I];
    } else {
      memcpy(D, S, Len);
    }
  }

  std::string &Out;
  size_t N = 0;
  char Buf[512];
};
} // namespace detail
} // namespace opgen

using opgen::detail::Speller;

/// What a wrapper prints before and after the type it wraps (an Array adds
/// its size before the `>`).
static constexpr StringLiteral Prefixes[] = {"",
                                             "const ",
                                             "",
                                             "::std::optional<",
                                             "::std::vector<",
                                             "::std::array<",
                                             "at::ArrayRef<",
                                             "c10::List<",
                                             "::std::tuple<"};
static constexpr StringLiteral Suffixes[] = {"",  " &", " &", ">", ">",
                                             ">", ">",  ">",  ">"};

void CType::print(Speller &Out) const {
  for (unsigned I = Sh.Depth; I-- > 0;)
    Out.put(Prefixes[Sh.Wrappers[I]]);
  if (Sh.Nested) {
    Elems.front().print(Out);
  } else if (Sh.Inner == Base) {
    Out.put(Name);
  } else {
    Out.put("::std::tuple<");
    for (size_t I = 0; I != Elems.size(); ++I) {
      if (I)
        Out.put(',');
      Elems[I].print(Out);
    }
    Out.put('>');
  }
  for (unsigned I = 0; I != Sh.Depth; ++I) {
    if (Sh.Wrappers[I] == Array) {
      Out.put(',');
      Out.put(std::to_string(Size));
    }
    Out.put(Suffixes[Sh.Wrappers[I]]);
  }
}

void CType::print(std::string &Out) const {
  // Spelt on the stack and appended once: appending piece by piece cost
  // about 20 M instructions a run.
  Speller S(Out);
  print(S);
}

std::string CType::str() const {
  std::string S;
  print(S);
  return S;
}

static void spellDefn(Speller &Out, const Binding &B) {
  B.NCType.Type.print(Out);
  Out.put(' ');
  Out.put(B.Name);
}

static void spellDecl(Speller &Out, const Binding &B) {
  spellDefn(Out, B);
  if (B.Default) {
    Out.put('=');
    Out.put(*B.Default);
  }
}

void Binding::appendDefn(std::string &Out) const {
  Speller S(Out);
  spellDefn(S, *this);
}

void Binding::appendDecl(std::string &Out) const {
  Speller S(Out);
  spellDecl(S, *this);
}

std::string Binding::defn() const {
  std::string S;
  appendDefn(S);
  return S;
}

std::string Binding::decl() const {
  std::string S;
  appendDecl(S);
  return S;
}

void opgen::appendBindings(std::string &Out, const std::vector<Binding> &Bs,
                           bool Defn) {
  Speller S(Out);
  for (size_t I = 0, E = Bs.size(); I != E; ++I) {
    if (I)
      S.put(", ");
    if (Defn)
      spellDefn(S, Bs[I]);
    else
      spellDecl(S, Bs[I]);
  }
}

void opgen::appendTypes(std::string &Out, const std::vector<Binding> &Bs) {
  Speller S(Out);
  for (size_t I = 0, E = Bs.size(); I != E; ++I) {
    if (I)
      S.put(", ");
    Bs[I].NCType.Type.print(S);
  }
}

std::string opgen::joinBindings(const std::vector<Binding> &Bs, bool Defn) {
  std::string S;
  appendBindings(S, Bs, Defn);
  return S;
}

/// torchgen's BaseTypeToCppMapping; null for base types it lacks.
static const char *baseCppName(BaseTy B) {
  switch (B) {
  case BaseTy::Int:
    return "int64_t";
  case BaseTy::Float:
    return "double";
  case BaseTy::Bool:
    return "bool";
  case BaseTy::Str:
    return "c10::string_view";
  case BaseTy::Generator:
    return "at::Generator";
  case BaseTy::ScalarType:
    return "at::ScalarType";
  case BaseTy::Tensor:
    return "at::Tensor";
  case BaseTy::DimVector:
    return "at::DimVector";
  case BaseTy::Layout:
    return "at::Layout";
  case BaseTy::Device:
    return "at::Device";
  case BaseTy::DeviceIndex:
    return "at::DeviceIndex";
  case BaseTy::Scalar:
    return "at::Scalar";
  case BaseTy::MemoryFormat:
    return "at::MemoryFormat";
  case BaseTy::QScheme:
    return "at::QScheme";
  case BaseTy::Storage:
    return "at::Storage";
  case BaseTy::Stream:
    return "at::Stream";
  case BaseTy::SymInt:
    return "c10::SymInt";
  case BaseTy::SymBool:
    return "c10::SymBool";
  case BaseTy::Dimname:
  case BaseTy::GraphModule:
  case BaseTy::ConstQuantizerPtr:
    return nullptr;
  }
  return nullptr;
}

std::optional<std::string> opgen::checkCppType(Type T, bool IsReturn) {
  switch (T.getKind()) {
  case Type::Base:
    if (!baseCppName(T.getBaseTy()))
      return "type `" + T.str() + "` has no C++ type in torchgen 2.14";
    return std::nullopt;
  case Type::CustomClass:
    return "custom class type `" + T.str() + "` has no C++ type in torchgen";
  case Type::Optional: {
    Type E = T.getElementType();
    // Only optional value types and `Tensor?` can be returned.
    if (IsReturn && !E.isBase(BaseTy::Tensor) && E.getKind() != Type::Base &&
        !(E.getKind() == Type::List && E.getElementType().isBase(BaseTy::Bool)))
      return "return type `" + T.str() + "` has no C++ type in torchgen";
    if (IsReturn && E.isBase(BaseTy::Scalar))
      return "return type `" + T.str() + "` has no C++ type in torchgen";
    return checkCppType(E, IsReturn);
  }
  case Type::List: {
    Type E = T.getElementType();
    if (E.isBase(BaseTy::Bool) && !T.getSize())
      return "`bool[]` needs a size to have a C++ type";
    if (IsReturn && T.getSize() && !E.isBase(BaseTy::Bool))
      return "fixed-size list return type `" + T.str() +
             "` has no C++ type in torchgen";
    return checkCppType(E, IsReturn);
  }
  }
  return std::nullopt;
}

std::optional<CType> opgen::valueCType(Type T, bool SymInt) {
  switch (T.getKind()) {
  case Type::Base: {
    BaseTy B = T.getBaseTy();
    if (B == BaseTy::Tensor || B == BaseTy::Scalar)
      return std::nullopt;
    if (B == BaseTy::SymInt)
      return CType::base(SymInt ? "c10::SymInt" : "int64_t");
    const char *N = baseCppName(B);
    return CType::base(N ? N : "?");
  }
  case Type::Optional:
    if (std::optional<CType> E = valueCType(T.getElementType(), SymInt))
      return CType::wrap(CType::Optional, std::move(*E));
    return std::nullopt;
  case Type::List:
    if (T.getElementType().isBase(BaseTy::Bool)) {
      CType A = CType::wrap(CType::Array, CType::base("bool"));
      A.setSize(T.getSize().value_or(0));
      return A;
    }
    return std::nullopt;
  case Type::CustomClass:
    return std::nullopt;
  }
  return std::nullopt;
}

static bool isListOf(Type T, BaseTy B) {
  return T.getKind() == Type::List && T.getElementType().isBase(B);
}

CType opgen::argumentCType(Type T, bool Mutable, bool SymInt,
                           const CppApiFlags &F, bool Owning) {
  if (std::optional<CType> V = valueCType(T, SymInt))
    return std::move(*V);
  const CType Tensor = CType::base("at::Tensor");
  switch (T.getKind()) {
  case Type::Base:
    if (T.getBaseTy() == BaseTy::Tensor) {
      if (Mutable && !F.ConstRefForMutableTensors)
        return CType::wrap(CType::MutRef, Tensor);
      return Owning ? Tensor : CType::wrap(CType::ConstRef, Tensor);
    }
    return Owning ? CType::base("at::Scalar")
                  : CType::wrap(CType::ConstRef, CType::base("at::Scalar"));
  case Type::Optional: {
    Type E = T.getElementType();
    if (E.isBase(BaseTy::Tensor)) {
      // torchgen notes this discrepancy: a mutable `Tensor?` is `Tensor &`.
      if (Mutable && !F.ConstRefForMutableTensors)
        return CType::wrap(CType::MutRef, Tensor);
      CType Opt = CType::wrap(CType::Optional, Tensor);
      return Owning ? Opt : CType::wrap(CType::ConstRef, std::move(Opt));
    }
    if (E.isBase(BaseTy::Scalar)) {
      CType Opt = CType::wrap(CType::Optional, CType::base("at::Scalar"));
      return Owning ? Opt : CType::wrap(CType::ConstRef, std::move(Opt));
    }
    if (isListOf(E, BaseTy::Int))
      return CType::base("at::OptionalIntArrayRef");
    if (isListOf(E, BaseTy::SymInt))
      return CType::base(SymInt ? "at::OptionalSymIntArrayRef"
                                : "at::OptionalIntArrayRef");
    return CType::wrap(CType::Optional, argumentCType(E, Mutable, SymInt, F));
  }
  case Type::List: {
    Type E = T.getElementType();
    if (Owning && (E.isBase(BaseTy::Int) || E.isBase(BaseTy::SymInt)))
      return CType::wrap(CType::Vector,
                         CType::base(E.isBase(BaseTy::SymInt) && SymInt
                                         ? "c10::SymInt"
                                         : "int64_t"));
    if (E.isBase(BaseTy::Int))
      return CType::base("at::IntArrayRef");
    if (E.isBase(BaseTy::SymInt))
      return CType::base(SymInt ? "c10::SymIntArrayRef" : "at::IntArrayRef");
    if (E.isBase(BaseTy::Tensor)) {
      if (F.ITensorListRefForTensorLists)
        return CType::wrap(CType::ConstRef, CType::base("at::ITensorListRef"));
      return CType::base("at::TensorList");
    }
    if (E.isBase(BaseTy::Scalar))
      return CType::wrap(CType::ArrayRef, CType::base("at::Scalar"));
    if (E.getKind() == Type::Optional &&
        E.getElementType().isBase(BaseTy::Tensor))
      return CType::wrap(
          CType::ConstRef,
          CType::wrap(CType::List, CType::wrap(CType::Optional, Tensor)));
    return CType::wrap(CType::ArrayRef, argumentCType(E, Mutable, SymInt, F));
  }
  case Type::CustomClass:
    break;
  }
  return CType::base("?");
}

/// cpp.returntype_type; SymInt is always kept in returns.
static CType returnTypeCType(Type T, bool Mutable, const CppApiFlags &F) {
  if (std::optional<CType> V = valueCType(T, /*SymInt=*/true))
    return std::move(*V);
  switch (T.getKind()) {
  case Type::Base:
    if (T.getBaseTy() == BaseTy::Tensor) {
      CType Tensor = CType::base("at::Tensor");
      if (!Mutable)
        return Tensor;
      return CType::wrap(F.ConstRefForMutableTensors ? CType::ConstRef
                                                     : CType::MutRef,
                         Tensor);
    }
    return CType::base("at::Scalar");
  case Type::List:
    return CType::wrap(CType::Vector,
                       returnTypeCType(T.getElementType(), false, F));
  case Type::Optional:
    return CType::wrap(CType::Optional,
                       returnTypeCType(T.getElementType(), Mutable, F));
  case Type::CustomClass:
    break;
  }
  return CType::base("?");
}

CType opgen::returnCType(const Return &R, const CppApiFlags &F) {
  return returnTypeCType(R.Ty, R.isWrite(), F);
}

CType opgen::returnsCType(const std::vector<Return> &Returns,
                          const CppApiFlags &F) {
  if (Returns.empty())
    return CType::base("void");
  if (Returns.size() == 1)
    return returnCType(Returns[0], F);
  std::vector<CType> Elems;
  Elems.reserve(Returns.size());
  for (const Return &R : Returns)
    Elems.push_back(returnCType(R, F));
  return CType::tuple(std::move(Elems));
}

std::vector<std::string> opgen::returnNames(const NativeFunction &F) {
  const FunctionSchema &Func = F.Func;
  std::vector<std::string> Names;
  for (size_t I = 0, E = Func.Returns.size(); I != E; ++I) {
    const Return &R = Func.Returns[I];
    if (Func.Name.Name.Inplace) {
      // An inplace function returns self.
      Names.push_back("self");
    } else if (Func.isOutFn()) {
      Names.push_back(I < Func.Args.Out.size() ? Func.Args.Out[I].Name
                                               : "result");
    } else if (R.Name) {
      bool Conflict =
          Func.Args.anyOf(Arguments::AllParts,
                          [&](const Argument &A) { return A.Name == *R.Name; });
      Names.push_back(Conflict ? *R.Name + "_return" : *R.Name);
    } else {
      Names.push_back(E == 1 ? "result" : "result" + std::to_string(I));
    }
  }
  return Names;
}

std::string DispatcherSignature::name() const {
  return Prefix + (F->Names ? F->Names->Dispatcher
                            : computeKernelNames(F->Func).Dispatcher);
}

std::vector<Binding> DispatcherSignature::arguments() const {
  CppApiFlags Flags = CppApiFlags::forFunction(*F);
  std::vector<Binding> Out;
  const Arguments &As = F->Func.Args;
  Out.reserve(As.size());
  // Built in place, in schema order (what anyOf visits, without a call per
  // argument).
  auto Add = [&](const Argument &A) {
    Binding &B = Out.emplace_back();
    B.Name = A.Name;
    B.NCType.Name = A.Name;
    B.NCType.Type = argumentCType(A.Ty, A.isWrite(), SymInt, Flags);
  };
  for (const Argument &A : As.PreSelfPositional)
    Add(A);
  if (As.Self)
    Add(*As.Self);
  for (const Argument &A : As.PostSelfPositional)
    Add(A);
  for (const Argument &A : As.PreTensorOptionsKwargOnly)
    Add(A);
  if (As.TensorOptions)
    for (const Argument &A : *As.TensorOptions)
      Add(A);
  for (const Argument &A : As.PostTensorOptionsKwargOnly)
    Add(A);
  for (const Argument &A : As.Out)
    Add(A);
  return Out;
}

std::string opgen::returnStatement(const NativeFunction &F,
                                   const std::vector<std::string> &Names) {
  if (Names.empty())
    return "";
  if (Names.size() == 1)
    return "return " + Names.front() + ";";
  std::string S = "return ";
  returnsCType(F.Func.Returns, CppApiFlags::forFunction(F)).print(S);
  S += '(';
  for (size_t I = 0; I != Names.size(); ++I) {
    if (I)
      S += ", ";
    S += Names[I];
  }
  return S + ");";
}

CType DispatcherSignature::returnsType() const {
  return returnsCType(F->Func.Returns, CppApiFlags::forFunction(*F));
}

std::string DispatcherSignature::decl(const std::string *Name) const {
  std::string S;
  returnsType().print(S);
  S += ' ';
  S += Name ? *Name : name();
  S += '(';
  appendBindings(S, arguments(), /*Defn=*/true);
  S += ')';
  return S;
}

std::optional<std::string> opgen::checkCppTypes(const FunctionSchema &Func) {
  std::optional<std::string> Why;
  Func.Args.anyOf(Arguments::AllParts, [&](const Argument &A) {
    Why = checkCppType(A.Ty, /*IsReturn=*/false);
    return Why.has_value();
  });
  for (const Return &R : Func.Returns)
    if (!Why)
      Why = checkCppType(R.Ty, /*IsReturn=*/true);
  return Why;
}
