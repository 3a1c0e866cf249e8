//===- SelectionReader.cpp - Read a selective build's operators -----------===//
//
// The checks are those of torchgen's SelectiveBuilder.from_yaml_dict and
// SelectiveBuildOperator.from_yaml_dict (torchgen/selective_build), with
// their defaults. torchgen stops at the first problem and, where it makes no
// check (a file that is not a mapping, an operator whose properties are not
// a mapping, a null list of dtypes), fails with a Python traceback; opgen
// reports every problem at its key or value.
//
// opgen is stricter than torchgen in a few places, each because torchgen
// would silently read something other than what was meant (the cases are in
// test/Parse/stricter-than-torchgen.txt):
//  - an operator name must be `<namespace>::<name>[.<overload>]`: torchgen
//    takes any key, and one without a namespace never matches an operator;
//  - lists (`custom_classes`, `build_features`, the dtypes of
//    `kernel_metadata` and `et_kernel_metadata`) must be lists of scalars:
//    torchgen iterates whatever it gets, turning a string into its letters
//    and a mapping into its keys, and does not look at et_kernel_metadata's
//    values at all;
//  - `debug_info` entries must be scalars (torchgen keeps str() of a list);
//  - a key given twice is an error (PyYAML keeps the last one).
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

std::string quoted(const Twine &S) { return ("`" + S + "`").str(); }

std::string joinQuoted(ArrayRef<StringRef> Names) {
  std::string R;
  for (StringRef N : Names)
    R += (R.empty() ? "" : ", ") + quoted(N);
  return R;
}

std::string found(const YamlValue &V) {
  if (V.Kind == YamlKind::Null)
    return "found null";
  if (V.isScalar())
    return "found " + describe(V.Kind).str() + " " + quoted(V.str());
  return "found " + describe(V.Kind).str();
}

bool isIdentifier(StringRef S) {
  return !S.empty() && (isAlpha(S.front()) || S.front() == '_') &&
         all_of(S, [](char C) { return isAlnum(C) || C == '_'; });
}

/// Check that \p Text names an operator as a selection does:
/// `<namespace>::<name>[.<overload>]`, with identifiers for the namespace
/// and the name, and an overload made of identifier characters and dots (as
/// the schema parser reads it).
///
/// This is the schema grammar's operator name without parseOperatorName's
/// further rules: those are native_functions.yaml's (a name may not end in
/// `_out`, a dunder name starting with `i` must be an augmented assignment),
/// and selection yamls name operators registered elsewhere too, such as
/// `quantized::add_out` and TorchScript's `aten::__is__`.
bool checkOperatorName(DiagnosticEngine &D, StringRef Text, TextLocation Loc) {
  size_t Colons = Text.find("::");
  if (Colons == StringRef::npos) {
    D.error(Loc.Start, "operator name " + quoted(Text) +
                           " has no namespace; write it as " +
                           quoted("aten::" + Text) + " for an ATen operator");
    return false;
  }
  StringRef Ns = Text.take_front(Colons);
  if (!isIdentifier(Ns)) {
    D.error(Loc.Start, "expected a namespace before `::` in operator name " +
                           quoted(Text));
    return false;
  }
  size_t NameStart = Colons + 2;
  StringRef Rest = Text.drop_front(NameStart);
  auto [Name, Overload] = Rest.split('.');
  if (!isIdentifier(Name)) {
    D.error(Loc.at(NameStart),
            (Name.empty() ? "expected an operator name after `::` in "
                          : "operator name " + quoted(Name) +
                                " is not an identifier in ") +
                quoted(Text));
    return false;
  }
  if (Rest.contains('.') && (Overload.empty() || !all_of(Overload, [](char C) {
                               return isAlnum(C) || C == '_' || C == '.';
                             }))) {
    D.error(Loc.at(NameStart + Name.size() + 1),
            (Overload.empty() ? "expected an overload name after `.` in "
                              : "overload name " + quoted(Overload) +
                                    " is not made of identifier characters "
                                    "in ") +
                quoted(Text));
    return false;
  }
  return true;
}

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
  /// A list of scalars, each kept as written. \p What names the list.
  bool readScalarList(const YamlScalar &Key, const YamlValue &V,
                      const Twine &What, std::vector<std::string> &Field);
  void readKernelMetadata(const YamlScalar &Key, const YamlValue &V,
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
      readKernelMetadata(Key, Value, Out.KernelMetadata);
    else if (K == "et_kernel_metadata")
      readKernelMetadata(Key, Value, Out.EtKernelMetadata);
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
  if (readScalarList(Key, V, "`debug_info`", Items))
    Field = std::move(Items);
}

bool SelectionReader::readScalarList(const YamlScalar &Key, const YamlValue &V,
                                     const Twine &What,
                                     std::vector<std::string> &Field) {
  if (V.Kind != YamlKind::Sequence) {
    std::string Msg = What.str() + " must be a list, " + found(V);
    if (V.Kind == YamlKind::Str)
      Msg += "; write `[" + V.str() + "]` for a list of one";
    D.error(at(Key, V), Msg);
    return false;
  }
  bool Ok = true;
  for (const YamlValue &E : V.Items) {
    if (!E.isScalar()) {
      D.error(E.Loc.isValid() ? startOf(E) : Key.Loc.Start,
              "entries of " + What + " must be scalars, " + found(E));
      Ok = false;
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
  if (Key.Kind != YamlKind::Str) {
    D.error(Key.Loc.Start, "an operator name such as `aten::add.Tensor` must "
                           "be a string, found " +
                               describe(Key.Kind).str() + " " +
                               quoted(Key.Value));
    Ok = false;
  } else {
    Ok = checkOperatorName(D, Key.Value, Key.Loc);
  }
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
    const YamlScalar &Key, const YamlValue &V,
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
                       List))
      M[Tag.Value] = std::move(List);
  }
}

void SelectionReader::readNameSet(const YamlScalar &Key, const YamlValue &V,
                                  std::set<std::string> &Field) {
  std::vector<std::string> Items;
  if (readScalarList(Key, V, quoted(Key.Value), Items))
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
                                                 OperatorSelection &Out) {
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
    if (!checkOperatorName(D, Name, Loc))
      continue;
    SelectedOperator Op;
    Op.Name = Name;
    Op.IsRootOperator = true;
    Op.IsUsedForTraining = false;
    Op.IncludeAllOverloads = true;
    Op.Loc = Loc.Start;
    Out.Operators.emplace(Name, std::move(Op));
  }
  return success(D.getNumErrors() == Before);
}
