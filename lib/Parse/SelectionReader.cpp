//===- SelectionReader.cpp - Read a selective build's operators -----------===//
//
// The checks are those of torchgen's SelectiveBuilder.from_yaml_dict and
// SelectiveBuildOperator.from_yaml_dict (torchgen/selective_build), with
// their defaults. torchgen stops at the first problem and, where it makes no
// check (a file that is not a mapping, an operator whose properties are not
// a mapping, a null list of dtypes), fails with a Python traceback; opgen
// reports every problem at its key or value.
//
// Where torchgen reads something other than what was surely meant, opgen
// reads it as torchgen does and warns (the cases are in
// test/Parse/stricter-than-torchgen.txt):
//  - an operator name that is not `<namespace>::<name>[.<overload>]`:
//    torchgen takes any key, and such a one never selects an operator;
//  - lists that are not lists of scalars (`custom_classes`,
//    `build_features`, the dtypes of `kernel_metadata` and
//    `et_kernel_metadata`, `debug_info`): torchgen iterates whatever it
//    gets, turning a string into its letters and a mapping into its keys,
//    keeps str() of a nested list, and does not look at
//    et_kernel_metadata's values at all; none of these reach a file
//    torchgen.gen writes;
//  - a key given twice (yaml.safe_load keeps the last value).
// What torchgen fails on (a value it cannot iterate or hash) stays an error.
//
//===----------------------------------------------------------------------===//

#include "opgen/Parse/SelectionReader.h"
#include "opgen/Parse/YamlSupport.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace opgen;
using namespace llvm;

namespace {

const StringRef TopLevelKeys[] = {"include_all_non_op_selectives",
                                  "include_all_operators",
                                  "debug_info",
                                  "operators",
                                  "kernel_metadata",
                                  "et_kernel_metadata",
                                  "custom_classes",
                                  "build_features"};

const StringRef OperatorKeys[] = {"name", "is_root_operator",
                                  "is_used_for_training",
                                  "include_all_overloads", "debug_info"};

std::string joinQuoted(ArrayRef<StringRef> Names) {
  std::string R;
  for (StringRef N : Names)
    R += (R.empty() ? "" : ", ") + quoted(N);
  return R;
}

bool isIdentifier(StringRef S) {
  return !S.empty() && (isAlpha(S.front()) || S.front() == '_') &&
         all_of(S, [](char C) { return isAlnum(C) || C == '_'; });
}

/// Check that \p Text names an operator as a selection does:
/// `<namespace>::<name>[.<overload>]`, with identifiers for the namespace
/// and the name, and an overload made of identifier characters and dots (as
/// the schema parser reads it). torchgen takes any text, and one not of this
/// form never selects an operator: a warning, and false.
///
/// This is the schema grammar's operator name without parseOperatorName's
/// further rules: those are native_functions.yaml's (a name may not end in
/// `_out`, a dunder name starting with `i` must be an augmented assignment),
/// and selection yamls name operators registered elsewhere too, such as
/// `quantized::add_out` and TorchScript's `aten::__is__`.
bool checkOperatorName(DiagnosticEngine &D, StringRef Text, TextLocation Loc) {
  static const char *const Never = ", so it selects no operator";
  size_t Colons = Text.find("::");
  if (Colons == StringRef::npos) {
    D.warning(Loc.Start, "operator name " + quoted(Text) + " has no namespace" +
                             Never + "; write it as " +
                             quoted("aten::" + Text) + " for an ATen operator");
    return false;
  }
  StringRef Ns = Text.take_front(Colons);
  if (!isIdentifier(Ns)) {
    D.warning(Loc.Start, "expected a namespace before `::` in operator name " +
                             quoted(Text) + Never);
    return false;
  }
  size_t NameStart = Colons + 2;
  StringRef Rest = Text.drop_front(NameStart);
  auto [Name, Overload] = Rest.split('.');
  if (!isIdentifier(Name)) {
    D.warning(Loc.at(NameStart),
              (Name.empty() ? "expected an operator name after `::` in "
                            : "operator name " + quoted(Name) +
                                  " is not an identifier in ") +
                  quoted(Text) + Never);
    return false;
  }
  if (Rest.contains('.') && (Overload.empty() || !all_of(Overload, [](char C) {
                               return isAlnum(C) || C == '_' || C == '.';
                             }))) {
    D.warning(Loc.at(NameStart + Name.size() + 1),
              (Overload.empty() ? "expected an overload name after `.` in "
                                : "overload name " + quoted(Overload) +
                                      " is not made of identifier characters "
                                      "in ") +
                  quoted(Text) + Never);
    return false;
  }
  return true;
}

/// How torchgen reads one of a selection's lists, which decides what else
/// it takes.
enum class ListRead {
  /// set(v) (`custom_classes`, `build_features`): any iterable, so a
  /// string's letters or a mapping's keys; entries must be hashable.
  Set,
  /// [str(x) for x in v] after checking v is a list (`debug_info`).
  StrList,
  /// [str(x) for x in v] (the dtypes of `kernel_metadata`): any iterable.
  StrIter,
  /// Never looked at (the dtypes of `et_kernel_metadata`).
  Unread,
};

class SelectionReader {
public:
  SelectionReader(DiagnosticEngine &D, StringRef Buffer, OperatorSelection &Out)
      : D(D), Buffer(Buffer), Out(Out) {}

  void read(const YamlValue &Root);

private:
  /// Where a value starts (libyaml places a flow collection at its
  /// bracket, as PyYAML's marks do).
  SMLoc startOf(const YamlValue &V) const { return V.Loc; }
  /// Where to report value \p V of key \p Key: the value, or the key when
  /// the value is empty (libyaml places it just after the key's colon).
  SMLoc at(const YamlScalar &Key, const YamlValue &V) const {
    if (!V.Loc.isValid() || (V.Kind == YamlKind::Null && V.str().empty()))
      return Key.Loc.Start;
    return startOf(V);
  }

  void readBool(const YamlScalar &Key, const YamlValue &V, bool &Field);
  void readDebugInfo(const YamlScalar &Key, const YamlValue &V,
                     std::optional<std::vector<std::string>> &Field);
  void readOperators(const YamlScalar &Key, const YamlValue &V);
  void readOperator(const YamlScalar &Key, const YamlValue &V);
  /// A list of scalars, each kept as written, read as \p How says.
  /// \p What names the list. False if torchgen fails on it.
  bool readScalarList(const YamlScalar &Key, const YamlValue &V,
                      const Twine &What, ListRead How,
                      std::vector<std::string> &Field);
  void readKernelMetadata(const YamlScalar &Key, const YamlValue &V,
                          ListRead How,
                          std::map<std::string, std::vector<std::string>> &M);
  void readNameSet(const YamlScalar &Key, const YamlValue &V,
                   std::set<std::string> &Field);

  DiagnosticEngine &D;
  StringRef Buffer;
  OperatorSelection &Out;
};

void SelectionReader::read(const YamlValue &Root) {
  if (Root.Kind != YamlKind::Mapping) {
    // An empty file's null document sits at its end; report at its start.
    SMLoc L = Root.Loc.isValid() && Root.Kind != YamlKind::Null
                  ? startOf(Root)
                  : SMLoc::getFromPointer(Buffer.begin());
    D.error(L, "a selection yaml must be a mapping with `operators:` and "
               "the other keys of a selective build, " +
                   found(Root));
    return;
  }
  // torchgen rejects unknown keys before reading any; the others are
  // independent of one another, so they are read in the file's order.
  for (const auto &[Key, Value] : Root.Entries) {
    StringRef K = Key.Value;
    if (Key.Kind != YamlKind::Str || !is_contained(TopLevelKeys, K)) {
      D.error(Key.Loc.Start, "unknown key " + quoted(K) +
                                 " in selection yaml; the keys are " +
                                 joinQuoted(TopLevelKeys));
      continue;
    }
    if (K == "include_all_operators")
      readBool(Key, Value, Out.IncludeAllOperators);
    else if (K == "include_all_non_op_selectives")
      readBool(Key, Value, Out.IncludeAllNonOpSelectives);
    else if (K == "debug_info")
      readDebugInfo(Key, Value, Out.DebugInfo);
    else if (K == "operators")
      readOperators(Key, Value);
    else if (K == "kernel_metadata")
      readKernelMetadata(Key, Value, ListRead::StrIter, Out.KernelMetadata);
    else if (K == "et_kernel_metadata")
      readKernelMetadata(Key, Value, ListRead::Unread, Out.EtKernelMetadata);
    else
      readNameSet(Key, Value,
                  K == "custom_classes" ? Out.CustomClasses
                                        : Out.BuildFeatures);
  }
}

void SelectionReader::readBool(const YamlScalar &Key, const YamlValue &V,
                               bool &Field) {
  // A key written without a value is None to torchgen, not false.
  if (V.Kind != YamlKind::Bool) {
    D.error(at(Key, V),
            quoted(Key.Value) + " must be true or false, " + found(V));
    return;
  }
  Field = V.Scalar.asBool();
}

void SelectionReader::readDebugInfo(
    const YamlScalar &Key, const YamlValue &V,
    std::optional<std::vector<std::string>> &Field) {
  std::vector<std::string> Items;
  if (readScalarList(Key, V, "`debug_info`", ListRead::StrList, Items))
    Field = std::move(Items);
}

bool SelectionReader::readScalarList(const YamlScalar &Key, const YamlValue &V,
                                     const Twine &What, ListRead How,
                                     std::vector<std::string> &Field) {
  SMLoc L = at(Key, V);
  if (V.Kind != YamlKind::Sequence) {
    bool Iterable = V.Kind == YamlKind::Str || V.Kind == YamlKind::Mapping;
    if (How == ListRead::Unread) {
      D.warning(L, What + " should be a list, " + found(V) +
                       "; torchgen does not read it");
    } else if (Iterable && How != ListRead::StrList) {
      // What torchgen iterates: the letters, or the keys.
      if (V.Kind == YamlKind::Str) {
        D.warning(L, What + " is a string, which torchgen reads as its " +
                         "letters; write `[" + V.str() +
                         "]` for a list of one");
        for (char C : V.str())
          Field.push_back(std::string(1, C));
      } else {
        D.warning(L, What + " is a mapping, which torchgen reads as its " +
                         "keys; write a list");
        for (const auto &[K, Unused] : V.Entries)
          Field.push_back(K.Value);
      }
    } else {
      std::string Msg = What.str() + " must be a list, " + found(V);
      if (V.Kind == YamlKind::Str)
        Msg += "; write `[" + V.str() + "]` for a list of one";
      D.error(L, Msg);
      return false;
    }
    return true;
  }
  bool Ok = true;
  for (const YamlValue &E : V.Items) {
    if (!E.isScalar()) {
      SMLoc EL = E.Loc.isValid() ? startOf(E) : Key.Loc.Start;
      if (How == ListRead::Set) {
        // set() cannot hash a list or a mapping.
        D.error(EL, "entries of " + What + " must be scalars, " + found(E));
        Ok = false;
      } else {
        D.warning(EL, "entries of " + What + " should be scalars, " + found(E) +
                          (How == ListRead::Unread
                               ? "; torchgen does not read it"
                               : "; torchgen reads Python's str() of it"));
      }
      continue;
    }
    // As written: torchgen's str() of a YAML 1.1 `yes` is `True`, but no
    // generated file depends on these texts.
    Field.push_back(E.str());
  }
  return Ok;
}

void SelectionReader::readOperators(const YamlScalar &Key, const YamlValue &V) {
  if (V.Kind != YamlKind::Mapping) {
    D.error(at(Key, V),
            "`operators` must be a mapping from operator names to their "
            "properties, " +
                found(V));
    return;
  }
  for (const auto &[OpKey, OpValue] : V.Entries)
    readOperator(OpKey, OpValue);
}

void SelectionReader::readOperator(const YamlScalar &Key, const YamlValue &V) {
  bool Ok = true;
  // A name torchgen never matches is kept: it selects nothing, as there.
  if (Key.Kind != YamlKind::Str)
    D.warning(Key.Loc.Start, "an operator name such as `aten::add.Tensor` "
                             "must be a string, found " +
                                 describe(Key.Kind).str() + " " +
                                 quoted(Key.Value) +
                                 ", so it selects no operator");
  else
    checkOperatorName(D, Key.Value, Key.Loc);
  if (V.Kind != YamlKind::Mapping) {
    std::string Msg = "the properties of operator " + quoted(Key.Value) +
                      " must be a mapping, " + found(V);
    if (V.Kind == YamlKind::Null)
      Msg += "; write `{}` for the defaults";
    D.error(at(Key, V), Msg);
    return;
  }
  SelectedOperator Op;
  Op.Name = Key.Value;
  Op.Loc = Key.Loc.Start;
  for (const auto &[K, Field] : V.Entries) {
    StringRef Name = K.Value;
    if (K.Kind != YamlKind::Str || !is_contained(OperatorKeys, Name)) {
      D.error(K.Loc.Start, "unknown key " + quoted(Name) + " for operator " +
                               quoted(Key.Value) + "; the keys are " +
                               joinQuoted(OperatorKeys));
      Ok = false;
      continue;
    }
    unsigned Before = D.getNumErrors();
    if (Name == "name") {
      // torchgen compares the value with the key as Python objects.
      if (Field.Kind != Key.Kind || Field.str() != Key.Value)
        D.error(at(K, Field), "`name` must be the operator's key " +
                                  quoted(Key.Value) + ", " + found(Field));
    } else if (Name == "is_root_operator") {
      readBool(K, Field, Op.IsRootOperator);
    } else if (Name == "is_used_for_training") {
      readBool(K, Field, Op.IsUsedForTraining);
    } else if (Name == "include_all_overloads") {
      readBool(K, Field, Op.IncludeAllOverloads);
    } else {
      readDebugInfo(K, Field, Op.DebugInfo);
    }
    Ok &= D.getNumErrors() == Before;
  }
  if (Ok)
    Out.Operators.emplace(Op.Name, std::move(Op));
}

void SelectionReader::readKernelMetadata(
    const YamlScalar &Key, const YamlValue &V, ListRead How,
    std::map<std::string, std::vector<std::string>> &M) {
  if (V.Kind != YamlKind::Mapping) {
    D.error(at(Key, V), quoted(Key.Value) +
                            " must be a mapping from kernel tags to lists "
                            "of dtypes, " +
                            found(V));
    return;
  }
  for (const auto &[Tag, Dtypes] : V.Entries) {
    std::vector<std::string> List;
    if (readScalarList(Tag, Dtypes,
                       "the dtypes of " + quoted(Key.Value) + " tag " +
                           quoted(Tag.Value),
                       How, List))
      M[Tag.Value] = std::move(List);
  }
}

void SelectionReader::readNameSet(const YamlScalar &Key, const YamlValue &V,
                                  std::set<std::string> &Field) {
  std::vector<std::string> Items;
  if (readScalarList(Key, V, quoted(Key.Value), ListRead::Set, Items))
    Field.insert(Items.begin(), Items.end());
}

} // namespace

LogicalResult opgen::readOperatorSelection(Context &Ctx, unsigned BufferID,
                                           OperatorSelection &Out) {
  DiagnosticEngine &D = Ctx.getDiags();
  unsigned Before = D.getNumErrors();
  // torchgen reads selections with yaml.safe_load, which merges `<<` keys.
  YamlReadOptions Opts;
  Opts.MergeKeys = true;
  Opts.DuplicateKeysKeepLast = true;
  std::optional<YamlValue> Root = readYamlValue(Ctx, BufferID, Opts);
  if (!Root)
    return failure();
  SelectionReader(D, Ctx.getSourceMgr().getMemoryBuffer(BufferID)->getBuffer(),
                  Out)
      .read(*Root);
  return success(D.getNumErrors() == Before);
}

LogicalResult opgen::readOpRegistrationWhitelist(Context &Ctx,
                                                 ArrayRef<std::string> Names,
                                                 OperatorSelection &Out,
                                                 bool UsedForTraining) {
  // The names, separated by spaces, in a buffer of their own, so that a bad
  // one is shown with a caret under it.
  std::string Text = join(Names, " ");
  auto Buf =
      MemoryBuffer::getMemBufferCopy(Text, "--op-registration-whitelist");
  StringRef Stored = Buf->getBuffer();
  Ctx.getSourceMgr().AddNewSourceBuffer(std::move(Buf), SMLoc());
  DiagnosticEngine &D = Ctx.getDiags();
  unsigned Before = D.getNumErrors();
  Out = OperatorSelection();
  Out.IncludeAllNonOpSelectives = true;
  size_t Offset = 0;
  for (const std::string &Name : Names) {
    TextLocation Loc{SMLoc::getFromPointer(Stored.data() + Offset), true};
    Offset += Name.size() + 1;
    // As torchgen, a name that can match nothing is kept.
    checkOperatorName(D, Name, Loc);
    SelectedOperator Op;
    Op.Name = Name;
    Op.IsRootOperator = true;
    Op.IsUsedForTraining = UsedForTraining;
    Op.IncludeAllOverloads = true;
    Op.Loc = Loc.Start;
    Out.Operators.emplace(Name, std::move(Op));
  }
  return success(D.getNumErrors() == Before);
}

LogicalResult opgen::readSelectedOpList(Context &Ctx, unsigned BufferID,
                                        std::vector<std::string> &Names) {
  std::optional<YamlValue> V = readYamlValue(Ctx, BufferID);
  if (!V)
    return failure();
  DiagnosticEngine &D = Ctx.getDiags();
  if (V->Kind != YamlKind::Sequence) {
    D.error(V->Loc, "a selected-op list must be a list of operator names, " +
                        found(*V));
    return failure();
  }
  bool Ok = true;
  for (const YamlValue &I : V->Items) {
    if (I.Kind != YamlKind::Str) {
      D.error(I.Loc, "a selected-op list holds operator names, " + found(I));
      Ok = false;
      continue;
    }
    Names.push_back(StringRef(I.str()).split('.').first.str());
  }
  return success(Ok);
}
