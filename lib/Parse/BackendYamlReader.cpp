//===- BackendYamlReader.cpp - Read an external backend's yaml ------------===//
//
// The checks follow torchgen's parse_backend_yaml (gen_backend_stubs.py) in
// its order, then parse_native_functions_keys and the non_native handling of
// gen_lazy_tensor.py, and NamespaceHelper's limit on namespace depth. Where
// torchgen crashes (a mapping inside a list, a scalar `full_codegen:`) or
// silently does something surprising (`extra_headers:` is named valid but
// rejected, a `symint:` entry that matches nothing), opgen reports it at the
// offending key or entry instead. Every problem is reported, not only the
// first.
//
//===----------------------------------------------------------------------===//

#include "opgen/Parse/BackendYamlReader.h"
#include "opgen/IR/FunctionIndex.h"
#include "opgen/Parse/SchemaParser.h"
#include "opgen/Parse/YamlSupport.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MemoryBuffer.h"

#include <map>

using namespace opgen;
using namespace llvm;

namespace {

/// The keys torchgen's parse_backend_yaml pops, in its order.
const StringRef KnownKeys[] = {
    "backend",      "class_name", "cpp_namespace", "use_out_as_primary",
    "device_guard", "supported",  "symint",        "autograd",
    "full_codegen", "non_native", "ir_gen"};

/// The keys of a `non_native:` entry that gen_lazy_tensor reads.
const StringRef NonNativeKeys[] = {"func", "opkind", "properties"};

std::string joinQuoted(ArrayRef<StringRef> Names) {
  std::string R;
  for (StringRef N : Names) {
    if (!R.empty())
      R += ", ";
    R += quoted(N);
  }
  return R;
}

class BackendYamlReader {
public:
  BackendYamlReader(Context &Ctx, BackendConfig &Out, StringRef Buffer,
                    BackendYamlReading Reading)
      : Ctx(Ctx), D(Ctx.getDiags()), Out(Out), Buffer(Buffer),
        Reading(Reading) {}

  void read(const YamlValue &Root);

private:
  /// Where a value starts. libyaml places an entry without text (`-`)
  /// just after its dash; this steps back to the dash.
  SMLoc startOf(const YamlValue &V) const {
    bool Empty = V.Kind == YamlKind::Null && V.str().empty();
    if (!V.Loc.isValid() || !Empty)
      return V.Loc;
    const char *P = V.Loc.getPointer();
    const char *Begin = Buffer.begin();
    if (P <= Begin || P > Buffer.end())
      return V.Loc;
    if (P[-1] == '-')
      return SMLoc::getFromPointer(P - 1);
    return V.Loc;
  }
  /// Where key \p Key of mapping \p Map is.
  static SMLoc keyLocIn(const YamlValue &Map, StringRef Key) {
    for (const auto &[K, V] : Map.Entries)
      if (K.Value == Key)
        return K.Loc.Start;
    return Map.Loc;
  }
  SMLoc fileStart() const { return SMLoc::getFromPointer(Buffer.begin()); }

  /// Where to report about key \p Key: the key itself.
  SMLoc keyLoc(StringRef Key) const {
    auto It = KeyLocs.find(Key);
    return It == KeyLocs.end() ? SMLoc() : It->second;
  }
  const YamlValue *get(StringRef Key) const {
    auto It = Values.find(Key);
    return It == Values.end() ? nullptr : It->second;
  }
  /// Where a value is reported: the value, or its key when it is empty.
  SMLoc valueLoc(StringRef Key, const YamlValue &V) const {
    if (V.Kind == YamlKind::Null || !V.Loc.isValid())
      return keyLoc(Key);
    return startOf(V);
  }

  void readStrings();
  void readBooleans();
  /// The list under \p Key, or null when the key is absent or (with
  /// \p NullIsEmpty) empty. Reports values that are not lists.
  const YamlValue *getList(StringRef Key, bool NullIsEmpty,
                           StringRef WhyList = "");
  void readOps(StringRef Key, bool NullIsEmpty, StringRef WhyList,
               std::vector<BackendOp> &Ops);
  void readSymInt();
  void readNonNative();
  void readNonNativeEntry(const YamlValue &E);
  void checkDuplicates();
  void resolveKeys();

  Context &Ctx;
  DiagnosticEngine &D;
  BackendConfig &Out;
  SMLoc RootLoc;
  StringMap<SMLoc> KeyLocs;
  StringMap<const YamlValue *> Values;
  StringRef Buffer;
  BackendYamlReading Reading;
  /// How many entries each operator list has as written (invalid ones
  /// included): torchgen decides on these counts whether to parse keys.
  size_t NumBackendEntries = 0, NumAutogradEntries = 0;
};

void BackendYamlReader::read(const YamlValue &Root) {
  if (Root.Kind != YamlKind::Mapping) {
    // An empty file's null document sits at its end; report at its start.
    D.error(Root.Loc.isValid() && Root.Kind != YamlKind::Null ? startOf(Root)
                                                              : fileStart(),
            "a backend yaml must be a mapping with `backend:`, "
            "`cpp_namespace:` and lists of operators, " +
                found(Root));
    return;
  }
  RootLoc = Root.Loc.isValid() ? startOf(Root) : fileStart();
  for (const auto &[Key, Value] : Root.Entries) {
    if (Key.Value == "extra_headers") {
      D.error(Key.Loc.Start,
              "`extra_headers` is not supported: torchgen lists it among the "
              "valid keys of a backend yaml but rejects it");
      continue;
    }
    if (!is_contained(KnownKeys, StringRef(Key.Value))) {
      D.error(Key.Loc.Start, "unknown key " + quoted(Key.Value) +
                                 " in backend yaml; the keys are " +
                                 joinQuoted(KnownKeys));
      continue;
    }
    KeyLocs[Key.Value] = Key.Loc.Start;
    Values[Key.Value] = &Value;
  }
  readStrings();
  readBooleans();
  readOps("supported", /*NullIsEmpty=*/true, "", Out.Supported);
  readSymInt();
  readOps("autograd", /*NullIsEmpty=*/false, "write `autograd: []` for none",
          Out.Autograd);
  readOps("full_codegen", /*NullIsEmpty=*/false,
          "write `full_codegen: []` for none", Out.FullCodegen);
  {
    // Only gen_lazy_tensor reads these two.
    bool Ignored = Reading == BackendYamlReading::BackendStubs;
    if (Ignored)
      D.setThreadErrorsAsWarnings(
          "gen_backend_stubs ignores `non_native` and `ir_gen`; "
          "gen_lazy_tensor rejects this");
    readNonNative();
    readOps("ir_gen", /*NullIsEmpty=*/false, "write `ir_gen: []` for none",
            Out.IrGen);
    if (Ignored)
      D.setThreadErrorsAsWarnings("");
  }
  checkDuplicates();
  resolveKeys();
}

/// `backend`, `cpp_namespace` and `class_name`.
void BackendYamlReader::readStrings() {
  const YamlValue *Backend = get("backend");
  if (!Backend)
    D.error(RootLoc, "missing `backend:`, the backend's dispatch key");
  else if (Backend->Kind == YamlKind::Null)
    D.error(keyLoc("backend"),
            "`backend` is empty; it must name the backend's dispatch key");
  else if (Backend->Kind != YamlKind::Str)
    D.error(valueLoc("backend", *Backend),
            "`backend` must be the name of a dispatch key, " + found(*Backend));
  else {
    Out.Backend = Backend->str();
    Out.BackendLoc = Backend->Loc;
  }

  const YamlValue *Ns = get("cpp_namespace");
  if (!Ns)
    D.error(RootLoc,
            "missing `cpp_namespace:`, the C++ namespace of the backend's "
            "kernels");
  else if (Ns->Kind == YamlKind::Null)
    D.error(keyLoc("cpp_namespace"),
            "`cpp_namespace` is empty; it must name the C++ namespace of the "
            "backend's kernels");
  else if (Ns->Kind != YamlKind::Str)
    D.error(valueLoc("cpp_namespace", *Ns),
            "`cpp_namespace` must be a C++ namespace, " + found(*Ns));
  else {
    Out.CppNamespace = Ns->str();
    Out.CppNamespaceLoc = Ns->Loc;
    SmallVector<StringRef, 4> Levels;
    StringRef(Out.CppNamespace).split(Levels, "::");
    // torchgen's NamespaceHelper, which writes the kernels' declarations.
    if (Levels.size() > 2)
      D.error(Ns->Loc, "`cpp_namespace` " + quoted(Out.CppNamespace) + " has " +
                           Twine(Levels.size()) +
                           " levels; codegen supports at most 2");
  }

  if (const YamlValue *Class = get("class_name")) {
    if (Class->Kind == YamlKind::Str)
      Out.ClassName = Class->str();
    else if (Class->Kind != YamlKind::Null)
      D.error(valueLoc("class_name", *Class),
              "`class_name` must be the name of a C++ class, " + found(*Class));
  }
}

void BackendYamlReader::readBooleans() {
  for (auto [Key, Field] : {std::pair<StringRef, bool *>{"use_out_as_primary",
                                                         &Out.UseOutAsPrimary},
                            {"device_guard", &Out.DeviceGuard}}) {
    const YamlValue *V = get(Key);
    if (!V)
      continue;
    if (V->Kind != YamlKind::Bool) {
      D.error(valueLoc(Key, *V),
              quoted(Key) + " must be true or false, " + found(*V));
      continue;
    }
    *Field = V->Scalar.asBool();
  }
}

const YamlValue *BackendYamlReader::getList(StringRef Key, bool NullIsEmpty,
                                            StringRef WhyList) {
  const YamlValue *V = get(Key);
  if (!V || (NullIsEmpty && V->Kind == YamlKind::Null))
    return nullptr;
  if (V->Kind != YamlKind::Sequence) {
    std::string Msg = quoted(Key) + " must be a list, " + found(*V);
    if (V->Kind == YamlKind::Null && !WhyList.empty())
      Msg += "; " + WhyList.str();
    else if (V->Kind == YamlKind::Str)
      Msg += "; write `- " + V->str() + "` on the next line";
    D.error(valueLoc(Key, *V), Msg);
    return nullptr;
  }
  return V;
}

void BackendYamlReader::readOps(StringRef Key, bool NullIsEmpty,
                                StringRef WhyList,
                                std::vector<BackendOp> &Ops) {
  const YamlValue *List = getList(Key, NullIsEmpty, WhyList);
  if (!List)
    return;
  if (Key == "supported" || Key == "full_codegen")
    NumBackendEntries += List->Items.size();
  else if (Key == "autograd")
    NumAutogradEntries += List->Items.size();
  if (Key == "autograd")
    Out.AutogradLoc = keyLoc(Key);
  for (const YamlValue &E : List->Items) {
    if (E.Kind != YamlKind::Str) {
      D.error(E.Loc.isValid() ? startOf(E) : keyLoc(Key),
              "entries of " + quoted(Key) + " must be operator names, " +
                  found(E));
      continue;
    }
    std::optional<OperatorName> Name =
        parseOperatorName(Ctx, E.str(), E.Scalar.Loc);
    if (!Name)
      continue;
    Ops.push_back({std::move(*Name), E.str(), Key, E.Loc});
  }
}

void BackendYamlReader::readSymInt() {
  const YamlValue *List = getList("symint", /*NullIsEmpty=*/true);
  if (!List)
    return;
  for (const YamlValue &E : List->Items) {
    SMLoc L = E.Loc.isValid() ? startOf(E) : keyLoc("symint");
    if (!E.isScalar()) {
      // torchgen makes a set of the entries and fails on unhashable ones.
      D.error(L, "entries of `symint` must be operator names, " + found(E));
      continue;
    }
    if (E.Kind != YamlKind::Str) {
      D.warning(L, "`symint` entry is " + describeValue(E) +
                       ", not an operator name; it has no effect");
      continue;
    }
    Out.addSymInt(E.str(), E.Loc);
  }
}

void BackendYamlReader::readNonNative() {
  const YamlValue *List = getList("non_native", /*NullIsEmpty=*/false,
                                  "write `non_native: []` for none");
  if (!List)
    return;
  for (const YamlValue &E : List->Items)
    readNonNativeEntry(E);
}

void BackendYamlReader::readNonNativeEntry(const YamlValue &E) {
  if (E.Kind != YamlKind::Mapping) {
    D.error(E.Loc.isValid() ? startOf(E) : keyLoc("non_native"),
            "entries of `non_native` must be mappings with a `func:` schema, " +
                found(E));
    return;
  }
  BackendNonNativeOp NN;
  NN.Loc = E.Loc;
  bool Ok = true;
  for (const auto &[Key, Value] : E.Entries)
    if (!is_contained(NonNativeKeys, StringRef(Key.Value)))
      D.warning(Key.Loc.Start, "key " + quoted(Key.Value) +
                                   " of a `non_native` entry is ignored; the "
                                   "keys are " +
                                   joinQuoted(NonNativeKeys));
  const YamlValue *Func = E.lookup("func");
  if (!Func) {
    D.error(E.Loc, "`non_native` entry has no `func:` schema");
    Ok = false;
  } else if (Func->Kind != YamlKind::Str) {
    D.error(startOf(*Func), "`func` must be a schema string, " + found(*Func));
    Ok = false;
  } else if (std::optional<ParsedSchema> S =
                 parseFunctionSchema(Ctx, Func->str(), Func->Scalar.Loc)) {
    if (!S->Namespace.empty() || S->EmptyNamespace) {
      D.error(Func->Loc, "a `non_native` schema cannot have a namespace");
      Ok = false;
    }
    Ok &= succeeded(verifySchema(Ctx, S->Schema, Func->Loc));
    NN.Func = std::move(S->Schema);
  } else {
    Ok = false;
  }
  if (const YamlValue *Kind = E.lookup("opkind")) {
    if (Kind->Kind == YamlKind::Str) {
      NN.OpKind = Kind->str();
    } else if (Kind->Kind != YamlKind::Null) {
      D.error(startOf(*Kind), "`opkind` must be a string, " + found(*Kind));
      Ok = false;
    }
  }
  if (const YamlValue *Props = E.lookup("properties")) {
    if (Props->Kind != YamlKind::Sequence) {
      D.error(Props->Kind == YamlKind::Null ? keyLocIn(E, "properties")
                                            : startOf(*Props),
              "`properties` must be a list of lazy IR properties, " +
                  found(*Props));
      Ok = false;
    } else {
      for (const YamlValue &P : Props->Items) {
        std::optional<LazyIrProperty> Prop;
        if (P.Kind == YamlKind::Str)
          Prop = parseLazyIrProperty(P.str());
        if (!Prop) {
          D.error(P.Loc.isValid() ? startOf(P) : keyLocIn(E, "properties"),
                  (P.Kind == YamlKind::Str
                       ? "unknown lazy IR property " + quoted(P.str())
                       : "a lazy IR property must be a name, " + found(P)) +
                      "; the properties are " +
                      joinQuoted(getLazyIrPropertyNames()));
          Ok = false;
          continue;
        }
        NN.Properties.push_back(*Prop);
      }
    }
  }
  if (Ok)
    Out.NonNative.push_back(std::move(NN));
}

/// torchgen keeps one kernel per operator and key, so an operator listed
/// twice for one key is harmless but surely a mistake.
void BackendYamlReader::checkDuplicates() {
  auto Check = [&](ArrayRef<const BackendOp *> Ops) {
    std::map<OperatorName, const BackendOp *> Seen;
    for (const BackendOp *Op : Ops) {
      auto [It, New] = Seen.try_emplace(Op->Name, Op);
      if (New)
        continue;
      D.warning(Op->Loc, "operator " + quoted(Op->Spelling) +
                             " is already listed under " +
                             quoted(It->second->List) +
                             "; the entry has no effect");
      D.note(It->second->Loc, "listed here");
    }
  };
  Check(Out.backendOps());
  std::vector<const BackendOp *> Autograd, IrGen;
  for (const BackendOp &Op : Out.Autograd)
    Autograd.push_back(&Op);
  for (const BackendOp &Op : Out.IrGen)
    IrGen.push_back(&Op);
  Check(Autograd);
  Check(IrGen);
  StringMap<SMLoc> SymInts;
  for (const BackendSymInt &S : Out.SymInt) {
    auto [It, New] = SymInts.try_emplace(S.Spelling, S.Loc);
    if (New)
      continue;
    D.warning(S.Loc, "operator " + quoted(S.Spelling) +
                         " is already listed under `symint`; the entry has "
                         "no effect");
    D.note(It->second, "listed here");
  }
}

/// The dispatch keys, parsed only when they get operators: a yaml without
/// operators needs no valid backend (torchgen's
/// test_valid_zero_ops_doesnt_require_backend_dispatch_key).
void BackendYamlReader::resolveKeys() {
  if (Out.BackendLoc.isValid() == false)
    return; // `backend` itself was reported
  if (NumBackendEntries > 0) {
    Out.BackendKey = parseDispatchKey(Out.Backend);
    if (!Out.BackendKey)
      D.error(Out.BackendLoc,
              "unknown dispatch key " + quoted(Out.Backend) + " in `backend`");
  }
  if (NumAutogradEntries > 0) {
    std::string Autograd = "Autograd" + Out.Backend;
    Out.AutogradKey = parseDispatchKey(Autograd);
    // An unknown backend key is reported once, above.
    if (!Out.AutogradKey && (NumBackendEntries == 0 || Out.BackendKey)) {
      D.error(Out.AutogradLoc,
              "`autograd` lists operators, but backend " + quoted(Out.Backend) +
                  " has no autograd dispatch key (there is no " +
                  quoted(Autograd) + ")");
      D.note(Out.BackendLoc, "backend given here");
    }
  }
}

} // namespace

LogicalResult opgen::readBackendYaml(Context &Ctx, unsigned BufferID,
                                     BackendConfig &Out,
                                     BackendYamlReading Reading) {
  DiagnosticEngine &D = Ctx.getDiags();
  unsigned Before = D.getNumErrors();
  std::optional<YamlValue> Parsed = readYamlValue(Ctx, BufferID);
  if (!Parsed)
    return failure();
  const YamlValue &Root = *Parsed;
  BackendYamlReader(Ctx, Out,
                    Ctx.getSourceMgr().getMemoryBuffer(BufferID)->getBuffer(),
                    Reading)
      .read(Root);
  return success(D.getNumErrors() == Before);
}
