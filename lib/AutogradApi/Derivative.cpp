//===- Derivative.cpp - One formula's analysis ----------------------------===//
//
// A backward formula reads inputs and outputs of the forward call, which
// the Node must save. Where the formula only needs something computed from
// a tensor (its sizes, its options, its scalar type), torchgen saves that
// instead, under a new name, and rewrites the formula to use it:
//
//   mul_tensor_backward(grad, self, other.scalar_type())
//   -> mul_tensor_backward(grad, self, other_scalar_type)
//      saving `self` and `other_scalar_type` (= other.scalar_type())
//
// The seventeen rewrites are torchgen's REPLACEMENTS, applied per argument
// in its order, with its patterns as Python reads them: `{name}.sym_sizes\(\)`
// has no left boundary and an unescaped `.` (so `xself.sym_sizes()` and
// `self_sym_sizes()` match too), which is reproduced by matching with
// PyRegex.
//
//===----------------------------------------------------------------------===//

#include "Derivative.h"

#include "opgen/CppApi/FunctionalizationApi.h"
#include "opgen/Support/PythonText.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace opgen;
using namespace opgen::autograd_detail;
using namespace llvm;

SMLoc FormulaSite::at(StringRef Token) const {
  size_t At = Token.empty() ? StringRef::npos : Original.find(Token);
  return At == StringRef::npos ? Loc.Start : Loc.at(At);
}

std::string autograd_detail::savedName(const NamedCType &T) {
  StringRef Name = T.Name;
  Name.consume_front("$");
  return Name.str();
}

namespace {

CType base(StringRef Name) { return CType::base(Name); }
CType optional(CType T) { return CType::wrap(CType::Optional, std::move(T)); }
CType vector(CType T) { return CType::wrap(CType::Vector, std::move(T)); }

/// One of torchgen's REPLACEMENTS.
struct Replacement {
  /// Text every match holds besides the name: a formula without it is not
  /// searched (17 patterns per argument per formula made most of a run's
  /// time before this test).
  const char *Needle;
  /// The pattern's text around the argument's name.
  const char *Before, *After;
  /// The saved value's name suffix (for `sym_size(N)`, the prefix of one
  /// made from the group).
  const char *Suffix;
  CType (*Type)();
  enum ExprKind { Matched, SymSizesOpt, BlockSize, Name, Strides } Expr;
  /// `zeros_like(x)` becomes `x_info.zeros()`, not the saved name.
  bool InfoZeros = false;
  bool SuffixFromGroup = false;
};

CType symIntArrayRef() { return base("c10::SymIntArrayRef"); }

const Replacement Replacements[] = {
    {"sym_sizes(", "", ".sym_sizes\\(\\)", "_sym_sizes", symIntArrayRef,
     Replacement::Matched},
    {"->sym_sizes(", "", "->sym_sizes\\(\\)", "_sym_sizes_opt",
     [] { return optional(symIntArrayRef()); }, Replacement::SymSizesOpt},
    {"sym_blocksize(", "", ".sym_blocksize\\(\\)", "_self_sym_blocksize_opt",
     [] { return optional(symIntArrayRef()); }, Replacement::BlockSize},
    {"options(", "", ".options\\(\\)", "_options",
     [] { return base("at::TensorOptions"); }, Replacement::Matched},
    {"zeros_like(", "zeros_like\\(", "\\)", "_info",
     [] { return base("torch::autograd::generated::TypeAndSize"); },
     Replacement::Name, /*InfoZeros=*/true},
    {"sym_size(", "", ".sym_size\\((-?\\w+)\\)", "_sym_argsize_",
     [] { return base("c10::SymInt"); }, Replacement::Matched, false,
     /*SuffixFromGroup=*/true},
    {"numel(", "", ".numel\\(\\)", "_numel", [] { return base("int64_t"); },
     Replacement::Matched},
    {"sym_numel(", "", ".sym_numel\\(\\)", "_sym_numel",
     [] { return base("c10::SymInt"); }, Replacement::Matched},
    {"to_args_sizes(", "to_args_sizes\\(", "\\)", "_args_sizes",
     [] { return vector(vector(base("int64_t"))); }, Replacement::Matched},
    {"to_args_sizes_symint(", "to_args_sizes_symint\\(", "\\)",
     "_args_sizes_symint", [] { return vector(vector(base("c10::SymInt"))); },
     Replacement::Matched},
    {"to_args_scalartypes(", "to_args_scalartypes\\(", "\\)",
     "_args_scalartypes", [] { return vector(base("at::ScalarType")); },
     Replacement::Matched},
    {"TensorGeometry(", "TensorGeometry\\(", "\\)", "_geometry",
     [] { return base("at::TensorGeometry"); }, Replacement::Matched},
    {"scalar_type(", "", ".scalar_type\\(\\)", "_scalar_type",
     [] { return base("at::ScalarType"); }, Replacement::Matched},
    {"dim(", "", ".dim\\(\\)", "_dim", [] { return base("int64_t"); },
     Replacement::Matched},
    {"sym_strides(", "", ".sym_strides\\(\\)", "_sym_strides", symIntArrayRef,
     Replacement::Strides},
    {"layout(", "", ".layout\\(\\)", "_layout",
     [] { return base("at::Layout"); }, Replacement::Matched},
    {"is_conj(", "", ".is_conj\\(\\)", "_conjugate",
     [] { return base("bool"); }, Replacement::Matched},
};

/// torchgen's checks for the sizes and strides it will not save: each is
/// reported at its first place in the formula as written.
bool checkUnsupportedCalls(FormulaPatterns &P, StringRef Formula,
                           const FormulaSite &Site) {
  struct Check {
    /// Text every match holds (the pattern is not run without it).
    const char *Needle;
    const char *Pattern, *What, *Instead;
  };
  static const Check Checks[] = {
      {"sizes()", "\\.sizes\\(\\)|->sizes\\(\\)", ".sizes()", ".sym_sizes()"},
      {"size(", "\\.size\\([-]?\\d+\\)|->size\\([-]?\\d+\\)", ".size(int)",
       ".sym_size(int)"},
      {"strides()", "\\.strides\\(\\)|->strides\\(\\)", ".strides()",
       ".sym_strides()"},
  };
  bool Ok = true;
  for (const Check &C : Checks) {
    if (!Formula.contains(C.Needle))
      continue;
    const PyRegex *R = P.get(C.Pattern);
    if (!R)
      continue;
    if (std::optional<PyRegex::Match> M = R->search(Formula)) {
      Site.error(Site.at(M->str()),
                 Twine(C.What) +
                     " is not supported in derivative formulas: use the "
                     "SymInt form, " +
                     C.Instead + ", which saves symbolic sizes");
      Ok = false;
    }
  }
  return Ok;
}

/// torchgen's saved_variables: \p Formula rewritten to use what is saved
/// of \p NCTypes (in their order), and what is saved appended to \p Saved.
std::string savedVariables(std::string Formula,
                           const std::vector<NamedCType> &NCTypes,
                           ArrayRef<std::string> VarNames,
                           std::vector<SavedAttribute> &Saved,
                           FormulaPatterns &P, const FormulaSite &Site) {
  for (const NamedCType &NC : NCTypes) {
    std::string Name = savedName(NC);
    // Every pattern below holds the name: no occurrence, nothing to do
    // (most arguments of most formulas).
    if (!StringRef(Formula).contains(Name))
      continue;
    for (const Replacement &R : Replacements) {
      if (!StringRef(Formula).contains(R.Needle))
        continue;
      const PyRegex *Re = P.get((R.Before + Name + R.After));
      if (!Re)
        continue;
      Formula = Re->sub(Formula, [&](const PyRegex::Match &M) {
        std::string SavedName = Name + R.Suffix;
        if (R.SuffixFromGroup)
          SavedName += replaceAll(M.group(1), "-", "minus_");
        std::string Expr;
        switch (R.Expr) {
        case Replacement::Matched:
          Expr = M.str().str();
          break;
        case Replacement::SymSizesOpt:
          Expr = Name +
                 ".has_value() ? "
                 "std::optional<c10::SymIntArrayRef>(" +
                 Name + "->sym_sizes()) : std::nullopt";
          break;
        case Replacement::BlockSize:
          Expr = "at::sparse_csr::getSymIntBlockSize(" + Name + ")";
          break;
        case Replacement::Name:
          Expr = Name;
          break;
        case Replacement::Strides:
          if (!(VarNames.size() == 1 && VarNames[0] == Name))
            Site.error(Site.at(M.str()),
                       "`" + Name +
                           ".sym_strides()` can only be saved in the "
                           "formula for `" +
                           Name + "` alone (its key must be `" + Name + "`)");
          Expr = "strides_or_error(" + Name + ", \"" + Name + "\")";
          break;
        }
        Saved.push_back({{SavedName, R.Type()}, Expr});
        return R.InfoZeros ? Name + "_info.zeros()" : SavedName;
      });
    }
    // A `str?` is saved as an optional string but passed to the backward
    // function as an optional string_view.
    if (NC.Type.str() == "::std::optional<c10::string_view>")
      if (const PyRegex *Re = P.get("\\b" + Name + "\\b"))
        Formula = Re->subLiteral(
            Formula, Name + ".has_value() ? std::optional<std::string_view>(" +
                         Name + ".value()) : std::nullopt");
    if (hasIdent(Formula, Name))
      Saved.push_back({{Name, NC.Type}, Name});
  }
  return Formula;
}

} // namespace

std::vector<uint64_t> autograd_detail::usedGradientIndices(FormulaPatterns &P,
                                                           StringRef Formula) {
  std::vector<uint64_t> Indices;
  if (!Formula.contains("grads["))
    return Indices;
  const PyRegex *R = P.get("(?:^|\\W)grads\\[(\\d+)\\]");
  for (const PyRegex::Match &M : R->findAll(Formula)) {
    uint64_t N = 0;
    if (M.group(1).getAsInteger(10, N))
      N = UINT64_MAX; // Python's int has no limit; any such index is too big.
    Indices.push_back(N);
  }
  return Indices;
}

Derivative autograd_detail::createDerivative(
    const NativeFunction &F, const std::vector<Binding> &Args,
    StringRef Formula, std::vector<std::string> VarNames,
    const std::vector<std::string> &AvailableNamedGrads, FormulaPatterns &P,
    const FormulaSite &Site) {
  Derivative D;
  D.OriginalFormula = Formula.str();
  D.VarNames = std::move(VarNames);
  // torchgen checks before saving the inputs and again before the outputs;
  // the first check stops it, so the formula is reported once.
  if (!checkUnsupportedCalls(P, Formula, Site)) {
    D.Formula = Formula.str();
    return D;
  }

  std::vector<NamedCType> Inputs;
  Inputs.reserve(Args.size());
  for (const Binding &B : Args)
    Inputs.push_back({B.NCType.Name, removeConstRef(B.NCType.Type)});
  std::vector<NamedCType> Outputs;
  std::vector<std::string> Names = returnNames(F);
  CppApiFlags Flags = CppApiFlags::forFunction(F);
  for (size_t I = 0; I != F.Func.Returns.size(); ++I)
    Outputs.push_back({Names[I] == "self" ? "result" : Names[I],
                       removeConstRef(returnCType(F.Func.Returns[I], Flags))});

  std::string Text =
      savedVariables(Formula.str(), Inputs, D.VarNames, D.SavedInputs, P, Site);
  Text = savedVariables(std::move(Text), Outputs, D.VarNames, D.SavedOutputs, P,
                        Site);
  for (const std::string &G : AvailableNamedGrads)
    if (hasIdent(Text, G))
      D.NamedGradients.insert(G);
  for (uint64_t I : usedGradientIndices(P, Text))
    if (I >= F.Func.Returns.size()) {
      Site.error(Site.at("grads["),
                 "`grads[" + Twine(I == UINT64_MAX ? "..." : Twine(I).str()) +
                     "]` is out of bounds: `" + F.Func.Name.str() +
                     "` returns " + Twine(F.Func.Returns.size()) + " output" +
                     (F.Func.Returns.size() == 1 ? "" : "s"));
      break;
    }
  D.Formula = std::move(Text);
  return D;
}

std::optional<ForwardDerivative> autograd_detail::createForwardDerivative(
    const NativeFunction &F, StringRef Formula, std::vector<std::string> Names,
    const FormulaSite &Site, SMLoc NamesLoc, bool &NoOutput) {
  NoOutput = false;
  ForwardDerivative FD;
  FD.Formula = Formula.str();
  const auto &Returns = F.Func.Returns;
  bool Found = false;
  // Named returns, in the order of the returns.
  for (const Return &R : Returns)
    if (R.Name && is_contained(Names, *R.Name)) {
      FD.VarTypes.push_back(R.Ty);
      Found = true;
    }
  if (!Found) {
    if (Names.size() == 1 && Names[0] == "result") {
      if (Returns.size() != 1) {
        Site.error(NamesLoc,
                   "`result` names the only output, but `" + F.Func.Name.str() +
                       "` returns " + Twine(Returns.size()) +
                       " outputs: use `result0`, `result1`, ... or the "
                       "returns' names");
        return std::nullopt;
      }
      FD.VarTypes.push_back(Returns[0].Ty);
      Found = true;
    } else {
      for (const std::string &N : Names) {
        StringRef Digits = N;
        if (!Digits.consume_front("result") || Digits.empty() ||
            !all_of(Digits, isDigit))
          continue;
        uint64_t I = 0;
        if (Digits.getAsInteger(10, I) || I >= Returns.size()) {
          Site.error(NamesLoc, "`" + N + "` names output " + Digits +
                                   ", but `" + F.Func.Name.str() +
                                   "` returns " + Twine(Returns.size()) +
                                   " output" +
                                   (Returns.size() == 1 ? "" : "s"));
          return std::nullopt;
        }
        FD.VarTypes.push_back(Returns[I].Ty);
        Found = true;
      }
    }
  }
  if (!Found) {
    NoOutput = true;
    return std::nullopt;
  }
  FD.VarNames = std::move(Names);
  return FD;
}

std::string autograd_detail::createOpPrefix(StringRef Name) {
  // Python's str.title() on each `_`-separated part: a letter after a
  // letter is lowered, any other letter raised (so `2d` becomes `2D`).
  std::string Camel;
  bool PrevCased = false;
  for (char C : Name) {
    if (C == '_') {
      PrevCased = false;
      continue;
    }
    bool Cased = isAlpha(C);
    Camel += Cased ? (PrevCased ? toLower(C) : toUpper(C)) : C;
    PrevCased = Cased;
  }
  return replaceAll(Camel + "Backward", "ForwardBackward", "Backward");
}
