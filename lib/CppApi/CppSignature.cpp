//===- CppSignature.cpp - The public C++ API ------------------------------===//

#include "opgen/CppApi/CppSignature.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

using namespace opgen;
using namespace llvm;

/// A schema string literal (single-quoted, Python escapes) as a C++ one.
static std::string cppStringLiteral(StringRef D) {
  std::string S = "\"";
  size_t I = 1;
  while (I + 1 < D.size()) {
    if (D[I] != '\\') {
      // A double quote needs escaping once the delimiters are double quotes.
      if (D[I] == '"')
        S += "\\\"";
      else
        S += D[I];
      ++I;
      continue;
    }
    // An escaped single quote needs no escape in a C++ string; other escapes
    // are kept as written.
    if (D[I + 1] == '\'')
      S += '\'';
    else
      S += D.substr(I, 2);
    I += 2;
  }
  S += '"';
  return S;
}

std::string opgen::defaultExpr(StringRef D, Type T, bool SymInt) {
  if (D == "None" && T.getKind() == Type::Optional &&
      T.getElementType().isBase(BaseTy::Tensor))
    return "{}";
  if (T.isBase(BaseTy::Str) && D.size() >= 2 && D.front() == '\'' &&
      D.back() == '\'')
    return cppStringLiteral(D);
  if (T.getKind() == Type::Optional) {
    if (D == "None")
      return "::std::nullopt";
    return defaultExpr(D, T.getElementType(), SymInt);
  }
  if (T.getKind() == Type::List) {
    if (D.startswith("[") && D.endswith("]"))
      return ("{" + D.drop_front().drop_back() + "}").str();
    // A bare integer for a SymInt[] broadcasts; as a SymInt it needs the
    // explicit constructor. (Sized lists may have a scalar default too.)
    if (SymInt && !D.empty() && all_of(D, isDigit) &&
        T.getElementType().isBase(BaseTy::SymInt))
      return ("c10::SymInt(" + D + ")").str();
  }
  // Literals, not strings: a StringSwitch of std::string builds every case.
  const char *Known =
      StringSwitch<const char *>(D)
          .Case("False", "false")
          .Case("True", "true")
          .Case("None", "::std::nullopt")
          .Case("Mean", "at::Reduction::Mean")
          .Case("[]", "{}")
          .Case("contiguous_format", "c10::MemoryFormat::Contiguous")
          .Case("long", "at::kLong")
          .Default(nullptr);
  return Known ? std::string(Known) : D.str();
}

std::string opgen::cppBaseName(const NativeFunction &F) {
  if (!F.Names)
    return F.Func.Name.Name.str();
  StringRef N = F.Names->Cpp;
  if (F.Func.isOutFn())
    N.consume_back("_out");
  return N.str();
}

std::string opgen::cppName(const NativeFunction &F, bool FaithfulOutName,
                           bool SymIntOverload) {
  if (!SymIntOverload && !FaithfulOutName && F.Names)
    return F.Names->Cpp;
  std::string N = cppBaseName(F);
  if (SymIntOverload)
    N += "_symint";
  if (F.Func.isOutFn())
    N += FaithfulOutName ? "_outf" : "_out";
  return N;
}

namespace {
/// Builds the bindings of cpp.argument for each schema argument in turn.
struct CppArgumentBuilder {
  const NativeFunction &F;
  bool Faithful, SymInt, Method;
  CppApiFlags Flags;
  std::vector<Binding> Out;

  void add(const Argument &A) {
    // Built in place: a Binding is large to move.
    Binding &B = Out.emplace_back();
    B.Name = A.Name;
    // With TensorOptions, translate() must see `memory_format` as possibly
    // redundant with the options' (this changes no declaration).
    bool Redundant =
        F.Func.Args.TensorOptions && StringRef(A.Name) == "memory_format";
    B.NCType.Name = Redundant ? PossiblyRedundantMemoryFormat : A.Name;
    B.NCType.Type = argumentCType(A.Ty, A.isWrite(), SymInt, Flags);
    // The faithful API has no defaults at all.
    if (!Faithful && A.Default &&
        (F.CppNoDefaultArgs.empty() || !F.CppNoDefaultArgs.count(A.Name)))
      B.Default = defaultExpr(*A.Default, A.Ty, SymInt);
  }

  void addTensorOptions(const std::array<Argument, 4> &TO) {
    if (Faithful) {
      for (const Argument &A : TO)
        add(A);
      return;
    }
    Binding &B = Out.emplace_back();
    B.Name = "options";
    B.NCType = {"options", CType::base("at::TensorOptions")};
    if (llvm::all_of(TO, [](const Argument &A) { return A.Default == "None"; }))
      B.Default = "{}";
    else if (TO[0].Default == "long")
      // torchgen's own TODO says this default is wrong; it is kept as is.
      B.Default = "at::kLong";
  }

  void addNonOut() {
    const Arguments &As = F.Func.Args;
    for (const Argument &A : As.PreSelfPositional)
      add(A);
    // A method's self is the implicit `this`.
    if (As.Self && !Method)
      add(*As.Self);
    for (const Argument &A : As.PostSelfPositional)
      add(A);
    for (const Argument &A : As.PreTensorOptionsKwargOnly)
      add(A);
    if (As.TensorOptions)
      addTensorOptions(*As.TensorOptions);
    for (const Argument &A : As.PostTensorOptionsKwargOnly)
      add(A);
  }
  void addOut() {
    for (const Argument &A : F.Func.Args.Out)
      add(A);
  }
};
} // namespace

std::vector<Binding> opgen::cppArguments(const NativeFunction &F, bool Faithful,
                                         bool SymInt, bool Method) {
  CppArgumentBuilder B{F, Faithful, SymInt, Method, CppApiFlags::forFunction(F),
                       {}};
  B.Out.reserve(F.Func.Args.size());
  // The convenience API puts out= arguments first so that defaults can
  // follow; the faithful one keeps the schema's order.
  if (Faithful) {
    B.addNonOut();
    B.addOut();
  } else {
    B.addOut();
    B.addNonOut();
  }
  return std::move(B.Out);
}

std::vector<Binding> CppSignature::arguments() const {
  return cppArguments(*F, Faithful, SymInt, Method);
}

std::string CppSignature::name() const {
  std::string N = cppName(*F, Faithful, SymInt);
  return FallbackBinding ? "__dispatch_" + N : N;
}

CType CppSignature::returnsType() const {
  return returnsCType(F->Func.Returns, CppApiFlags::forFunction(*F));
}

static std::string signature(const CppSignature &S, bool Redispatch,
                             bool Defn) {
  std::string R;
  S.returnsType().print(R);
  R += ' ';
  R += S.name();
  R += '(';
  std::vector<Binding> Args = S.arguments();
  if (Redispatch)
    R += Args.empty() ? "c10::DispatchKeySet dispatchKeySet"
                      : "c10::DispatchKeySet dispatchKeySet, ";
  appendBindings(R, Args, Defn);
  R += ')';
  return R;
}

std::string CppSignature::decl(bool Redispatch) const {
  return signature(*this, Redispatch, /*Defn=*/false);
}

std::string CppSignature::defn(bool Redispatch) const {
  return signature(*this, Redispatch, /*Defn=*/true);
}

CppSignatureGroup CppSignatureGroup::get(const NativeFunction &F, bool Method,
                                         bool FallbackBinding) {
  auto Make = [&](bool Faithful, bool SymInt) {
    CppSignature S;
    S.F = &F;
    S.Method = Method;
    S.Faithful = Faithful;
    S.SymInt = SymInt;
    S.FallbackBinding = FallbackBinding;
    return S;
  };
  // Without TensorOptions or out= arguments the faithful signature would be
  // the same as the convenience one, defaults aside.
  bool HasFaithful = F.Func.Args.TensorOptions || F.Func.isOutFn();
  CppSignatureGroup G{Make(false, false), std::nullopt, std::nullopt,
                      std::nullopt};
  if (HasFaithful)
    G.FaithfulSignature = Make(true, false);
  if (F.Func.Args.hasSymIntArg()) {
    G.SymIntSignature = Make(false, true);
    if (HasFaithful)
      G.SymIntFaithfulSignature = Make(true, true);
  }
  return G;
}

CppSignature opgen::getStaticDispatchCallSignature(const NativeFunction &F) {
  // The dispatcher keeps SymInt, so the kernel called is the SymInt
  // overload whenever there is one; never a manual binding's alternate.
  CppSignatureGroup G = CppSignatureGroup::get(F, /*Method=*/false);
  return G.SymIntSignature ? *G.SymIntSignature : G.Signature;
}
