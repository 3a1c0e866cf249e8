//===- NativeSignature.cpp - The native API -------------------------------===//

#include "opgen/CppApi/NativeSignature.h"
#include "opgen/CppApi/CppSignature.h"

using namespace opgen;
using namespace llvm;

std::string opgen::nativeName(const NativeFunction &F) {
  std::string N = cppName(F, /*FaithfulOutName=*/false);
  const std::string &Overload = F.Func.Name.OverloadName;
  if (!Overload.empty())
    N += "_" + Overload;
  return N;
}

CType opgen::nativeArgumentCType(Type T, bool Mutable, bool SymInt,
                                 const CppApiFlags &Flags) {
  const CType Tensor = CType::base("at::Tensor");
  const CType Scalar = CType::base("at::Scalar");
  if (T.getKind() == Type::Optional) {
    Type E = T.getElementType();
    if (E.isBase(BaseTy::Tensor)) {
      CType Opt = CType::wrap(CType::Optional, Tensor);
      return CType::wrap(Mutable && !Flags.ConstRefForMutableTensors
                             ? CType::MutRef
                             : CType::ConstRef,
                         std::move(Opt));
    }
    if (E.isBase(BaseTy::Scalar))
      return CType::wrap(CType::ConstRef, CType::wrap(CType::Optional, Scalar));
  }
  if (T.isBase(BaseTy::Scalar))
    return CType::wrap(CType::ConstRef, Scalar);
  // `Tensor?[]` is the C++ API's type already.
  return argumentCType(T, Mutable, SymInt, Flags);
}

std::vector<Binding> NativeSignature::arguments() const {
  CppApiFlags Flags = CppApiFlags::forFunction(*F);
  // Defaults only where a caller can use them: an out= function's out
  // arguments come last and have none, so none of its arguments get one.
  bool Defaults = !F->Func.isOutFn();
  std::vector<Binding> Out;
  Out.reserve(F->Func.Args.size());
  auto Add = [&](const Argument &A) {
    Binding &B = Out.emplace_back();
    B.Name = A.Name;
    B.NCType.Name = A.Name;
    B.NCType.Type = nativeArgumentCType(A.Ty, A.isWrite(), SymInt, Flags);
    if (Defaults && A.Default)
      B.Default = defaultExpr(*A.Default, A.Ty, SymInt);
  };
  const Arguments &As = F->Func.Args;
  for (const Argument &A : As.PreSelfPositional)
    Add(A);
  if (As.Self)
    Add(*As.Self);
  for (const Argument &A : As.PostSelfPositional)
    Add(A);
  for (const Argument &A : As.PreTensorOptionsKwargOnly)
    Add(A);
  if (As.TensorOptions) {
    // Unpacked with fixed types whatever the schema says, and defaulted as
    // a whole.
    static const char *const Names[] = {"dtype", "layout", "device",
                                        "pin_memory"};
    static const char *const Types[] = {"at::ScalarType", "at::Layout",
                                        "at::Device", "bool"};
    for (unsigned I = 0; I != 4; ++I) {
      Binding &B = Out.emplace_back();
      B.Name = Names[I];
      B.NCType = {Names[I],
                  CType::wrap(CType::Optional, CType::base(Types[I]))};
      if (Defaults)
        B.Default = "{}";
    }
  }
  for (const Argument &A : As.PostTensorOptionsKwargOnly)
    Add(A);
  for (const Argument &A : As.Out)
    Add(A);
  return Out;
}

CType NativeSignature::returnsType() const {
  return returnsCType(F->Func.Returns, CppApiFlags::forFunction(*F));
}

static std::string signature(const NativeSignature &S, bool Defn) {
  std::string R;
  S.returnsType().print(R);
  R += ' ';
  R += S.name();
  R += '(';
  appendBindings(R, S.arguments(), Defn);
  R += ')';
  return R;
}

std::string NativeSignature::decl() const {
  return signature(*this, /*Defn=*/false);
}

std::string NativeSignature::defn() const {
  return signature(*this, /*Defn=*/true);
}
