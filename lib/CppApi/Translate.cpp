//===- Translate.cpp - Expressions from one C++ API to another ------------===//
//
// A port of torchgen's backtracking search: the context maps (name, type)
// to an expression; a goal is solved directly from the context, through
// reference conversions, or by one of the synthesis rules (each of which
// only asks for direct solutions, so the search terminates).
//
//===----------------------------------------------------------------------===//

#include "opgen/CppApi/Translate.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

using namespace opgen;
using namespace llvm;

namespace {

CType base(StringRef N) { return CType::base(N); }
CType wrap(CType::Kind K, CType E) { return CType::wrap(K, std::move(E)); }
CType constRef(CType E) { return wrap(CType::ConstRef, std::move(E)); }
CType optional(CType E) { return wrap(CType::Optional, std::move(E)); }

/// The composite types the rules test for, built once.
struct CommonTypes {
  CType Tensor = base("at::Tensor");
  CType ConstRefTensor = constRef(Tensor);
  CType MutRefTensor = wrap(CType::MutRef, Tensor);
  CType OptTensor = optional(Tensor);
  CType ConstRefOptTensor = constRef(OptTensor);
  CType ConstRefScalar = constRef(base("at::Scalar"));
  CType OptScalar = optional(base("at::Scalar"));
  CType ConstRefOptScalar = constRef(OptScalar);
  CType ConstRefListOptTensor =
      constRef(wrap(CType::List, optional(base("at::Tensor"))));
  CType ArrayRefLong = wrap(CType::ArrayRef, base("int64_t"));
  CType VectorLong = wrap(CType::Vector, base("int64_t"));
  CType VectorSymInt = wrap(CType::Vector, base("c10::SymInt"));
  CType OptVectorLong = optional(wrap(CType::Vector, base("int64_t")));
  CType OptLong = optional(base("int64_t"));
  CType OptSymInt = optional(base("c10::SymInt"));
  CType ScalarT = base("scalar_t");
  NamedCType Options{"options", constRef(base("at::TensorOptions"))};
  NamedCType OutTensor{"out", constRef(base("at::Tensor"))};
};

const CommonTypes &common() {
  static const CommonTypes C;
  return C;
}

/// `T == base(Name)` and `T == optional(base(Name))`, without building the
/// types: synthesize() tries about twenty rules per goal.
bool isBase(const CType &T, StringRef Name) {
  return T.kind() == CType::Base && T.name() == Name;
}
bool isOptional(const CType &T, StringRef Name) {
  return T.kind() == CType::Optional && T == optional(base(Name));
}

/// How a context entry's expression is made from the binding it was
/// inferred from; made only when a goal asks for it, since most never are.
enum class Forward : unsigned char {
  None,
  OptionalTensorRef,
  OpmathFromScalar,
  OptionalScalarRef,
  OpmathFromScalarT,
  IOptTensorListRef
};

static std::string forwardText(Forward R, StringRef E) {
  switch (R) {
  case Forward::None:
    return E.str();
  case Forward::OptionalTensorRef:
    return ("((" + E + ".has_value() && (*" + E +
            ").defined()) ? at::OptionalTensorRef(*" + E +
            ") : at::OptionalTensorRef())")
        .str();
  case Forward::OpmathFromScalar:
    return ("(" + E + ").to<opmath_t>()").str();
  case Forward::OptionalScalarRef:
    return ("(" + E + ".has_value() ? at::OptionalScalarRef(&(" + E +
            ".value())) : at::OptionalScalarRef())")
        .str();
  case Forward::OpmathFromScalarT:
    return ("static_cast<opmath_t>(" + E + ")").str();
  case Forward::IOptTensorListRef:
    return ("at::IOptTensorListRef(" + E + ")").str();
  }
  return E.str();
}

/// The search. Names and expressions are the callers' (the bindings' and
/// goals', or literals), referred to rather than copied: the wrappers of
/// Functions.h ask for about 30,000 expressions.
class Solver {
public:
  /// Later bindings of the same (name, type) replace earlier ones, as in a
  /// Python dict.
  void bind(StringRef Name, CType T, StringRef E, Forward R = Forward::None) {
    for (Entry &X : Ctx)
      if (X.Name == Name && X.Type == T) {
        X.Source = E;
        X.Rule = R;
        return;
      }
    Ctx.push_back({Name, std::move(T), E, R});
  }

  /// Bind \p T to \p E, and what torchgen infers from it through
  /// constructors.
  void bindWithInferences(const NamedCType &T, StringRef E);

  std::optional<std::string> lookup(StringRef Name, const CType &T) const {
    for (const Entry &X : Ctx)
      if (X.Name == Name && X.Type == T)
        return forwardText(X.Rule, X.Source);
    return std::nullopt;
  }

  /// The goals of the whole call, which one rule looks at.
  std::vector<const NamedCType *> Goals;
  bool AllowExpensive = false;

  std::optional<std::string> solve(StringRef Name, const CType &T, bool Direct);

  std::string describeContext() const {
    std::string S;
    for (const Entry &X : Ctx)
      S += "  " + X.Type.str() + " " + X.Name.str() + "; // " +
           forwardText(X.Rule, X.Source) + "\n";
    return S;
  }

  /// The error for a goal without a solution.
  llvm::Error unsolved(const NamedCType &G) const {
    return createStringError(
        inconvertibleErrorCode(),
        "cannot make the expression `%s %s` from the bindings in scope:\n%s",
        G.Type.str().c_str(), G.Name.c_str(), describeContext().c_str());
  }

private:
  struct Entry {
    StringRef Name;
    CType Type;
    StringRef Source;
    Forward Rule;
  };
  std::vector<Entry> Ctx;

  std::optional<std::string> direct(const NamedCType &G) {
    return solve(G.Name, G.Type, /*Direct=*/true);
  }
  std::optional<std::string> direct(StringRef Name, const CType &T) {
    return solve(Name, T, /*Direct=*/true);
  }
  std::optional<std::string> synthesize(StringRef Name, const CType &T);
};

std::optional<std::string> Solver::solve(StringRef Name, const CType &T,
                                         bool Direct) {
  if (std::optional<std::string> E = lookup(Name, T))
    return E;
  // A const reference binds to a mutable one, and a mutable one to a value.
  if (T.kind() == CType::ConstRef)
    if (auto E = solve(Name, wrap(CType::MutRef, T.elem()), Direct))
      return E;
  if (T.kind() == CType::MutRef)
    if (auto E = solve(Name, T.elem(), Direct))
      return E;
  // at::ArrayRef<int64_t> is spelled at::IntArrayRef.
  if (T == common().ArrayRefLong)
    return solve(Name, base("at::IntArrayRef"), Direct);
  if (Direct)
    return std::nullopt;
  return synthesize(Name, T);
}

std::optional<std::string> Solver::synthesize(StringRef Name, const CType &T) {
  const CommonTypes &C = common();
  const NamedCType &Options = C.Options;
  const NamedCType &OutTensor = C.OutTensor;
  auto HasGoal = [&](const NamedCType &N) {
    for (const NamedCType *X : Goals)
      if (*X == N)
        return true;
    return false;
  };

  // The rules below are mutually exclusive.
  if (Name == "memory_format" && isOptional(T, "at::MemoryFormat")) {
    auto MF = direct(PossiblyRedundantMemoryFormat,
                     optional(base("at::MemoryFormat")));
    if (!MF)
      return std::nullopt;
    if (HasGoal(Options))
      return MF;
    if (auto O = direct(Options))
      return "c10::impl::check_tensor_options_and_extract_memory_format(" + *O +
             ", " + *MF + ")";
    return MF;
  }
  if (Name == "options" && isBase(T, "at::TensorOptions")) {
    auto DType = direct("dtype", optional(base("at::ScalarType")));
    if (!DType)
      return std::nullopt;
    auto Pin = direct("pin_memory", optional(base("bool")));
    if (!Pin)
      return std::nullopt;
    auto Device = direct("device", optional(base("at::Device")));
    if (!Device)
      return std::nullopt;
    auto Layout = direct("layout", optional(base("at::Layout")));
    if (!Layout)
      return std::nullopt;
    return "TensorOptions().dtype(" + *DType + ").layout(" + *Layout +
           ").device(" + *Device + ").pinned_memory(" + *Pin + ")";
  }
  // dtype, layout, device and pin_memory come from the options, or else from
  // the out tensor.
  struct FromOptions {
    const char *Name;
    const char *Ty;
    const char *OptionsFmt;
    const char *OutFmt;
  };
  static const FromOptions Scattered[] = {
      {"dtype", "at::ScalarType", "c10::optTypeMetaToScalarType(%.dtype_opt())",
       "%.scalar_type()"},
      {"layout", "at::Layout", "%.layout_opt()", "%.layout()"},
      {"device", "at::Device", "%.device_opt()", "%.device()"},
      {"pin_memory", "bool", "%.pinned_memory_opt()", "::std::nullopt"},
  };
  for (const FromOptions &S : Scattered) {
    if (Name != S.Name || !isOptional(T, S.Ty))
      continue;
    auto Fill = [](StringRef Fmt, const std::string &X) {
      std::string R;
      for (char C : Fmt)
        if (C == '%')
          R += X;
        else
          R += C;
      return R;
    };
    if (auto O = direct(Options))
      return Fill(S.OptionsFmt, *O);
    if (auto Out = direct(OutTensor))
      return Fill(S.OutFmt, *Out);
    return std::nullopt;
  }

  // Value types convert to reference types, and SymInt to int and back.
  if (isBase(T, "at::IntArrayRef")) {
    if (auto E = direct(Name, wrap(CType::Vector, base("int64_t"))))
      return E;
    if (auto E = direct(Name, base("c10::SymIntArrayRef")))
      return "C10_AS_INTARRAYREF_SLOW(" + *E + ")";
    return std::nullopt;
  }
  if (isBase(T, "c10::SymIntArrayRef")) {
    if (auto E = direct(Name, base("at::IntArrayRef")))
      return "c10::fromIntArrayRefSlow(" + *E + ")";
    return direct(Name, wrap(CType::Vector, base("c10::SymInt")));
  }
  if (isBase(T, "c10::SymInt"))
    return direct(Name, base("int64_t"));
  if (isOptional(T, "c10::SymInt")) {
    if (auto E = direct(Name, optional(base("int64_t"))))
      return *E + ".has_value() ? ::std::make_optional(c10::SymInt(*" + *E +
             ")) : ::std::nullopt";
    return std::nullopt;
  }
  if (isBase(T, "int64_t")) {
    if (auto E = direct(Name, base("c10::SymInt")))
      return *E + ".guard_int(__FILE__, __LINE__)";
    return std::nullopt;
  }
  if (isOptional(T, "int64_t")) {
    if (auto E = direct(Name, optional(base("c10::SymInt"))))
      return *E + ".has_value() ? ::std::make_optional(" + *E +
             "->guard_int(__FILE__, __LINE__)) : ::std::nullopt";
    return std::nullopt;
  }
  if (isBase(T, "at::OptionalIntArrayRef")) {
    if (auto E = direct(Name, optional(wrap(CType::Vector, base("int64_t")))))
      return E;
    if (auto E = direct(Name, base("at::OptionalSymIntArrayRef")))
      return *E +
             ".has_value() ? ::std::make_optional(C10_AS_INTARRAYREF_SLOW(*" +
             *E + ")) : ::std::nullopt";
    return std::nullopt;
  }
  if (isBase(T, "at::OptionalSymIntArrayRef")) {
    if (auto E = direct(Name, base("at::OptionalIntArrayRef")))
      return *E +
             ".has_value() ? ::std::make_optional(c10::fromIntArrayRefSlow(*" +
             *E + ")) : ::std::nullopt";
    return std::nullopt;
  }
  if (isBase(T, "at::OptionalScalarRef"))
    return direct(Name, optional(base("at::Scalar")));
  if (isBase(T, "at::OptionalTensorRef"))
    return direct(Name, optional(base("at::Tensor")));

  // Reference to value conversions, for lambda captures; expensive, so the
  // caller asks for them.
  if (AllowExpensive) {
    if (T == C.VectorLong) {
      if (auto E = direct(Name, base("at::IntArrayRef")))
        return *E + ".vec()";
      return std::nullopt;
    }
    if (T == C.VectorSymInt) {
      if (auto E = direct(Name, base("c10::SymIntArrayRef")))
        return *E + ".vec()";
      return std::nullopt;
    }
    if (isBase(T, "at::Tensor"))
      return direct(Name, constRef(base("at::Tensor")));
    if (isOptional(T, "at::Tensor"))
      return direct(Name, constRef(optional(base("at::Tensor"))));
    if (T == C.OptVectorLong) {
      if (auto E = direct(Name, base("at::OptionalIntArrayRef")))
        return *E + ".has_value() ? ::std::make_optional(" + *E +
               "->vec()) : ::std::nullopt";
      return std::nullopt;
    }
    if (isOptional(T, "at::Scalar")) {
      if (auto E = direct(Name, base("at::OptionalScalarRef")))
        return *E + ".has_value() ? ::std::make_optional(" + *E +
               ") : ::std::nullopt";
      return std::nullopt;
    }
  }

  // const-correctness is loose for at::Tensor, so a const one may be cast.
  if (T == C.MutRefTensor) {
    if (auto E = direct(Name, constRef(base("at::Tensor"))))
      return "const_cast<Tensor&>(" + *E + ")";
  }
  return std::nullopt;
}

void Solver::bindWithInferences(const NamedCType &T, StringRef E) {
  bind(T.Name, T.Type, E);
  // Forward inference through constructors.
  const CommonTypes &C = common();
  const CType &Ty = T.Type;
  StringRef N = T.Name;
  // (torchgen also has a rule making `const at::Tensor &` from an optional
  // tensor, but it tests the wrong object and never fires.)
  if (Ty == C.ConstRefOptTensor)
    bind(N, base("at::OptionalTensorRef"), E, Forward::OptionalTensorRef);
  else if (Ty == C.ConstRefScalar)
    bind(N, base("opmath_t"), E, Forward::OpmathFromScalar);
  else if (Ty == C.ConstRefOptScalar)
    bind(N, base("at::OptionalScalarRef"), E, Forward::OptionalScalarRef);
  else if (Ty == C.ScalarT)
    bind(N, base("opmath_t"), E, Forward::OpmathFromScalarT);
  else if (Ty == C.ConstRefListOptTensor)
    bind(N, base("at::IOptTensorListRef"), E, Forward::IOptTensorListRef);
}

} // namespace

Expected<std::vector<std::string>>
opgen::translate(const std::vector<Expr> &Bindings,
                 const std::vector<NamedCType> &Goals, bool Method,
                 bool AllowExpensiveConversions) {
  Solver S;
  S.Goals.reserve(Goals.size());
  for (const NamedCType &G : Goals)
    S.Goals.push_back(&G);
  S.AllowExpensive = AllowExpensiveConversions;
  const CommonTypes &C = common();
  for (const Expr &B : Bindings)
    S.bindWithInferences(B.Type, B.Text);
  if (Method) {
    S.bind("self", C.MutRefTensor, "const_cast<Tensor&>(*this)");
    S.bind("self", C.ConstRefTensor, "const_cast<Tensor&>(*this)");
  }
  std::vector<std::string> Out;
  Out.reserve(Goals.size());
  for (const NamedCType &G : Goals) {
    std::optional<std::string> E = S.solve(G.Name, G.Type, /*Direct=*/false);
    if (!E)
      return S.unsolved(G);
    Out.push_back(std::move(*E));
  }
  return Out;
}

Expected<std::vector<std::string>>
opgen::translate(const std::vector<Binding> &Bindings,
                 const std::vector<Binding> &Goals, bool Method) {
  // Most goals are a binding of the same name and type, which the search
  // would find first: those are answered without building its context, and
  // the search, when some goal needs it, solves only the others. (A method's
  // `self` is the implicit object, bound after the bindings.) Saves about
  // 10 M instructions of Functions.h's wrappers.
  std::vector<std::string> Out(Goals.size());
  llvm::SmallVector<unsigned, 8> Rest;
  for (unsigned I = 0, E = Goals.size(); I != E; ++I) {
    const NamedCType &G = Goals[I].NCType;
    auto It = llvm::find_if(Bindings,
                            [&](const Binding &B) { return B.NCType == G; });
    if (It == Bindings.end() || (Method && G.Name == "self"))
      Rest.push_back(I);
    else
      Out[I] = It->Name;
  }
  if (Rest.empty())
    return Out;
  Solver S;
  S.Goals.reserve(Goals.size());
  for (const Binding &G : Goals)
    S.Goals.push_back(&G.NCType);
  for (const Binding &B : Bindings)
    S.bindWithInferences(B.NCType, B.Name);
  if (Method) {
    const CommonTypes &C = common();
    S.bind("self", C.MutRefTensor, "const_cast<Tensor&>(*this)");
    S.bind("self", C.ConstRefTensor, "const_cast<Tensor&>(*this)");
  }
  for (unsigned I : Rest) {
    const NamedCType &G = Goals[I].NCType;
    std::optional<std::string> E = S.solve(G.Name, G.Type, /*Direct=*/false);
    if (!E)
      return S.unsolved(Goals[I].NCType);
    Out[I] = std::move(*E);
  }
  return Out;
}
