//===- DerivativesYamlReader.cpp - Read derivatives.yaml ------------------===//
//
// torchgen reads each entry as a dict: `name` and `output_differentiability`
// are popped, and the rest is the formula table (or, with `dispatch:`, the
// tables are that mapping's values). Where it makes no check it fails with a
// Python traceback (a missing `name` is `KeyError: 'name'`, a formula that is
// not a string an AttributeError); opgen reports each at its key or value.
// Where it reads quietly what is surely a mistake, opgen reads the same and
// warns:
//  - keys beside `dispatch:` other than `name` and
//    `output_differentiability`: torchgen never looks at them;
//  - an empty `dispatch:` table: the entry then has no formulas for any key;
//  - an `output_differentiability` item that is not a boolean or a string
//    (a number, null, a list, a mapping): torchgen takes its truth value;
//  - in an entry without `dispatch:`, an `output_differentiability` that is
//    false, null, zero or empty: torchgen drops it (all outputs
//    differentiable).
//
//===----------------------------------------------------------------------===//

#include "opgen/Parse/DerivativesYamlReader.h"
#include "opgen/Parse/FastYaml.h"
#include "opgen/Parse/YamlSupport.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace opgen;
using namespace llvm;

bool opgen::isDerivativesDispatchKey(StringRef Key) {
  // torchgen's BACKEND_COMPONENTS, which AUTOGRAD_KEYS prefixes with
  // `Autograd`.
  static const StringRef Components[] = {
      "CPU",  "CUDA", "HIP",         "XLA",         "MTIA",
      "MPS",  "IPU",  "XPU",         "HPU",         "VE",
      "Lazy", "Meta", "PrivateUse1", "PrivateUse2", "PrivateUse3"};
  if (Key == "Default" || Key == "AutogradNestedTensor")
    return true;
  return Key.consume_front("Autograd") && is_contained(Components, Key);
}

namespace {

/// Python's truth value of a scalar (bool, int, float, null).
bool truthValue(const YamlValue &V) {
  switch (V.Kind) {
  case YamlKind::Null:
    return false;
  case YamlKind::Bool:
    return V.Scalar.asBool();
  case YamlKind::Int: {
    StringRef S = V.str();
    S.consume_front("-") || S.consume_front("+");
    // Any digit other than 0 (after a base prefix) makes it non-zero.
    if (S.startswith_insensitive("0x") || S.startswith_insensitive("0b") ||
        S.startswith_insensitive("0o"))
      S = S.drop_front(2);
    return any_of(S, [](char C) { return isAlnum(C) && C != '0'; });
  }
  case YamlKind::Float: {
    StringRef S = V.str().empty() ? StringRef() : StringRef(V.str());
    if (S.contains_insensitive("nan") || S.contains_insensitive("inf"))
      return true;
    // Non-zero exactly when some mantissa digit is.
    StringRef Mantissa =
        S.take_until([](char C) { return C == 'e' || C == 'E'; });
    return any_of(Mantissa, [](char C) { return C >= '1' && C <= '9'; });
  }
  case YamlKind::Str:
    return !V.str().empty();
  case YamlKind::Sequence:
    return !V.Items.empty();
  case YamlKind::Mapping:
    return !V.Entries.empty();
  default:
    return true;
  }
}

class DerivativesReader {
public:
  DerivativesReader(Context &Ctx, DerivativesFile &Out)
      : D(Ctx.getDiags()), Out(Out) {}

  void readFile(const YamlValue &Root) {
    if (Root.Kind != YamlKind::Sequence) {
      error(Root.Loc,
            "derivatives.yaml must be a list of entries, " + found(Root));
      return;
    }
    for (const YamlValue &Item : Root.Items)
      readEntry(Item);
  }

  bool failed() const { return Failed; }

private:
  void error(SMLoc Loc, const Twine &Msg) {
    D.error(Loc, Msg);
    Failed = true;
  }
  void warning(SMLoc Loc, const Twine &Msg) { D.warning(Loc, Msg); }

  void readEntry(const YamlValue &V) {
    if (V.Kind != YamlKind::Mapping) {
      error(V.Loc, "an entry of derivatives.yaml must be a mapping with a "
                   "`name:` schema and formulas, " +
                       found(V));
      return;
    }
    DerivativeEntry E;
    E.Loc = V.Loc;
    const YamlValue *Name = nullptr, *Dispatch = nullptr, *OutDiff = nullptr;
    SMLoc OutDiffKeyLoc;
    for (const auto &[K, Val] : V.Entries) {
      if (K.Kind != YamlKind::Str)
        continue;
      if (K.Value == "name")
        Name = &Val;
      else if (K.Value == "dispatch")
        Dispatch = &Val;
      else if (K.Value == "output_differentiability") {
        OutDiff = &Val;
        OutDiffKeyLoc = K.Loc.Start;
      }
    }
    bool Ok = true;
    if (!Name) {
      error(V.Loc, "entry has no `name:` (the schema it gives formulas for)");
      Ok = false;
    } else if (Name->Kind != YamlKind::Str) {
      error(Name->Loc, "`name` must be a schema string, " + found(*Name));
      Ok = false;
    } else {
      E.Name = Name->str();
      E.NameLoc = Name->Scalar.Loc;
    }

    E.HasDispatch = Dispatch != nullptr;
    if (OutDiff)
      Ok &= readOutputDifferentiability(*OutDiff, OutDiffKeyLoc, E);

    if (Dispatch) {
      for (const auto &[K, Val] : V.Entries)
        if (!(K.Kind == YamlKind::Str &&
              (K.Value == "name" || K.Value == "dispatch" ||
               K.Value == "output_differentiability")))
          warning(K.Loc.Start,
                  quoted(K.Value) +
                      " is ignored: an entry with `dispatch:` takes its "
                      "formulas from the tables under it");
      Ok &= readDispatch(*Dispatch, E);
    } else {
      DerivativeDispatch T;
      T.Key = "Default";
      T.KeyLoc = V.Loc;
      for (const auto &[K, Val] : V.Entries) {
        if (K.Kind == YamlKind::Str &&
            (K.Value == "name" || K.Value == "output_differentiability"))
          continue;
        Ok &= readFormula(K, Val, T);
      }
      E.Dispatch.push_back(std::move(T));
    }
    if (Ok)
      Out.Entries.push_back(std::move(E));
  }

  bool readOutputDifferentiability(const YamlValue &V, SMLoc KeyLoc,
                                   DerivativeEntry &E) {
    E.OutputDifferentiabilityLoc = KeyLoc;
    if (V.Kind == YamlKind::Null && E.HasDispatch)
      return true;
    if (!E.HasDispatch && !truthValue(V)) {
      // torchgen keeps the field only when it is truthy.
      warning(V.Loc, "`output_differentiability` is ignored when it is " +
                         StringRef(V.Kind == YamlKind::Sequence
                                       ? "empty"
                                       : "false, null or zero") +
                         ": every output is differentiable");
      return true;
    }
    if (V.Kind != YamlKind::Sequence) {
      error(V.Loc, "`output_differentiability` must be a list of booleans, "
                   "or of one condition, " +
                       found(V));
      return false;
    }
    std::vector<OutputDifferentiabilityItem> Items;
    for (const YamlValue &I : V.Items) {
      OutputDifferentiabilityItem It;
      It.Loc = I.Loc;
      switch (I.Kind) {
      case YamlKind::Bool:
        It.Value = I.Scalar.asBool();
        break;
      case YamlKind::Str:
        It.IsCondition = true;
        It.Condition = I.str();
        break;
      default:
        // torchgen takes any other item's truth value (a list or mapping
        // too: it only tests for strings).
        It.Value = truthValue(I);
        warning(I.Loc, "`output_differentiability` item is not a boolean, " +
                           found(I) + "; it is read as " +
                           (It.Value ? "True" : "False"));
        break;
      }
      Items.push_back(std::move(It));
    }
    E.OutputDifferentiability = std::move(Items);
    return true;
  }

  bool readDispatch(const YamlValue &V, DerivativeEntry &E) {
    if (V.Kind != YamlKind::Mapping) {
      error(V.Loc, "`dispatch` must map dispatch keys to tables of "
                   "formulas, " +
                       found(V));
      return false;
    }
    if (V.Entries.empty())
      warning(V.Loc, "`dispatch` is empty: the entry gives no formulas for "
                     "any dispatch key");
    bool Ok = true;
    for (const auto &[K, Val] : V.Entries) {
      if (K.Kind != YamlKind::Str || !isDerivativesDispatchKey(K.Value)) {
        error(K.Loc.Start,
              "invalid dispatch key " + quoted(K.Value) +
                  " in derivatives.yaml: expected `Default`, "
                  "`AutogradNestedTensor` or `Autograd` and a backend "
                  "(`AutogradCPU`, `AutogradCUDA`, ...)");
        Ok = false;
        continue;
      }
      DerivativeDispatch T;
      T.Key = K.Value;
      T.KeyLoc = K.Loc.Start;
      if (Val.Kind != YamlKind::Mapping) {
        error(Val.Loc, "the formulas for " + quoted(K.Value) +
                           " must be a mapping from argument names to "
                           "formulas, " +
                           found(Val));
        Ok = false;
        continue;
      }
      for (const auto &[FK, FV] : Val.Entries)
        Ok &= readFormula(FK, FV, T);
      E.Dispatch.push_back(std::move(T));
    }
    return Ok;
  }

  bool readFormula(const YamlScalar &K, const YamlValue &V,
                   DerivativeDispatch &T) {
    if (K.Kind != YamlKind::Str) {
      error(K.Loc.Start, "a formula's key must name arguments or outputs "
                         "(`self`, `self, other`, `result`), found " +
                             describe(K.Kind) + " " + quoted(K.Value));
      return false;
    }
    if (V.Kind != YamlKind::Str) {
      error(V.Loc, "the formula for " + quoted(K.Value) +
                       " must be a string (a C++ expression), " + found(V));
      return false;
    }
    DerivativeFormula F;
    F.Names = K.Value;
    F.NamesLoc = K.Loc;
    F.Formula = V.str();
    F.FormulaLoc = V.Scalar.Loc;
    T.Formulas.push_back(std::move(F));
    return true;
  }

  DiagnosticEngine &D;
  DerivativesFile &Out;
  bool Failed = false;
};

} // namespace

LogicalResult opgen::readDerivativesYaml(Context &Ctx, unsigned BufferID,
                                         DerivativesFile &Out,
                                         YamlReading Reading) {
  std::optional<YamlValue> Root = readSequenceFile(Ctx, BufferID, Reading);
  if (!Root)
    return failure();
  DerivativesReader R(Ctx, Out);
  R.readFile(*Root);
  return R.failed() ? failure() : success();
}
