//===- NativeYamlReader.cpp - Read native_functions.yaml ------------------===//
//
// One EntryReader reads one `- func: ...` entry, field by field, in the order
// torchgen's NativeFunction.from_yaml reads them; the cross-entry checks run
// once every entry is read.
//
//===----------------------------------------------------------------------===//

#include "opgen/Parse/NativeYamlReader.h"
#include "opgen/Parse/FastYaml.h"
#include "opgen/Parse/SchemaParser.h"
#include "opgen/Parse/YamlSupport.h"
#include "opgen/Support/Parallel.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <thread>

using namespace opgen;
using namespace llvm;

unsigned opgen::loadFile(Context &Ctx, StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf =
      MemoryBuffer::getFileOrSTDIN(Path, /*IsText=*/true);
  if (!Buf) {
    Ctx.getDiags().fileError(Path,
                             "cannot read file: " + Buf.getError().message());
    return 0;
  }
  return Ctx.getSourceMgr().AddNewSourceBuffer(std::move(*Buf), SMLoc());
}

//===----------------------------------------------------------------------===//
// tags.yaml
//===----------------------------------------------------------------------===//

LogicalResult opgen::readTagsYaml(Context &Ctx, unsigned BufferID,
                                  std::set<std::string> &Tags) {
  DiagnosticEngine &D = Ctx.getDiags();
  unsigned Before = D.getNumErrors();
  std::optional<YamlValue> Parsed = readYamlValue(Ctx, BufferID);
  if (!Parsed)
    return failure();
  const YamlValue &Root = *Parsed;
  if (Root.Kind != YamlKind::Sequence) {
    SMLoc L = Root.Loc.isValid()
                  ? Root.Loc
                  : SMLoc::getFromPointer(Ctx.getSourceMgr()
                                              .getMemoryBuffer(BufferID)
                                              ->getBufferStart());
    D.error(L, "tags.yaml must be a list of `- tag:` entries, found " +
                   describe(Root.Kind));
    return failure();
  }
  for (const YamlValue &E : Root.Items) {
    if (E.Kind != YamlKind::Mapping) {
      D.error(E.Loc, "tag entry must be a mapping with `tag:` and `desc:`, "
                     "found " +
                         describe(E.Kind));
      continue;
    }
    const YamlValue *Tag = E.lookup("tag");
    const YamlValue *Desc = E.lookup("desc");
    if (!Tag) {
      D.error(E.Loc, "tag entry has no `tag:`");
      continue;
    }
    if (Tag->Kind != YamlKind::Str) {
      D.error(Tag->Loc,
              "tag name must be a string, found " + describe(Tag->Kind));
      continue;
    }
    if (!Desc || !Desc->isScalar() || Desc->str().empty()) {
      D.error(Tag->Loc,
              "tag `" + Tag->str() + "` must have a non-empty `desc:`");
      continue;
    }
    Tags.insert(Tag->str());
  }
  return success(D.getNumErrors() == Before);
}

//===----------------------------------------------------------------------===//
// native_functions.yaml
//===----------------------------------------------------------------------===//

namespace {

/// The keys an entry may have. Each entry's fields are indexed by key once
/// (see EntryReader::indexFields), so the many checks that look at a field
/// do not search the entry for it each time.
enum class EntryKey : unsigned {
  Func,
  CppNoDefaultArgs,
  UseConstRefForMutableTensors,
  Variants,
  ManualKernelRegistration,
  ManualCppBinding,
  DeviceGuard,
  DeviceCheck,
  Structured,
  StructuredDelegate,
  StructuredInherits,
  PythonModule,
  CategoryOverride,
  Precomputed,
  Tags,
  Dispatch,
  Autogen,
  UfuncInnerLoop,
  PrintedLine,
  PrintedNames,
  PrintedGroup,
  PrintedViewGroup,
  IsAbstract,
  NumKeys
};
const StringRef EntryKeyNames[] = {
    "func",
    "cpp_no_default_args",
    "use_const_ref_for_mutable_tensors",
    "variants",
    "manual_kernel_registration",
    "manual_cpp_binding",
    "device_guard",
    "device_check",
    "structured",
    "structured_delegate",
    "structured_inherits",
    "python_module",
    "category_override",
    "precomputed",
    "tags",
    "dispatch",
    "autogen",
    "ufunc_inner_loop",
    "__line__",
    "__names__",
    "__group__",
    "__view_group__",
    "is_abstract",
};

StringRef keyName(EntryKey K) { return EntryKeyNames[unsigned(K)]; }

/// The key \p Key names, if any. Every key of every entry comes through
/// here: compare lengths, then the few names of that length.
std::optional<EntryKey> parseEntryKey(StringRef Key) {
  for (unsigned I = 0; I < unsigned(EntryKey::NumKeys); ++I)
    if (EntryKeyNames[I].size() == Key.size() &&
        std::memcmp(EntryKeyNames[I].data(), Key.data(), Key.size()) == 0)
      return EntryKey(I);
  return std::nullopt;
}

/// Whether \p Name is one of Python's reserved words, which cannot name
/// arguments of Python bindings. Every argument of every function is
/// checked, so only words of the name's length are compared.
bool isPythonKeyword(StringRef Name) {
  // Most names are not keywords and differ from them in the first letter.
  auto In = [&](std::initializer_list<StringRef> Words) {
    return any_of(Words, [&](StringRef W) {
      return W.front() == Name.front() && W == Name;
    });
  };
  switch (Name.size()) {
  case 2:
    return In({"as", "if", "in", "is", "or"});
  case 3:
    return In({"and", "def", "del", "for", "not", "try"});
  case 4:
    return In({"None", "True", "elif", "else", "from", "pass", "with"});
  case 5:
    return In({"False", "async", "await", "break", "class", "raise", "while",
               "yield"});
  case 6:
    return In({"assert", "except", "global", "import", "lambda", "return"});
  case 7:
    return In({"finally"});
  case 8:
    return In({"continue", "nonlocal"});
  default:
    return false;
  }
}

/// Existing operators allowed to keep a reserved word as an argument name.
bool isKeywordExempt(StringRef Op, StringRef Arg) {
  return Arg == "from" && (Op == "_has_compatible_shallow_copy_type" ||
                           Op == "random_.from" || Op == "uniform_");
}

/// Expand dtype classes of `ufunc_inner_loop:` into scalar types.
/// The first release whose torchgen has \p B in its BaseTy enum, and the
/// first one that no longer has it.
std::pair<TorchRelease, std::optional<TorchRelease>> baseTyReleases(BaseTy B) {
  switch (B) {
  case BaseTy::Dimname:
    return {TorchRelease::V1_13, TorchRelease::V2_14};
  case BaseTy::ConstQuantizerPtr:
    return {TorchRelease::V1_13, TorchRelease::V2_6};
  case BaseTy::DeviceIndex:
  case BaseTy::SymBool:
  case BaseTy::GraphModule:
    return {TorchRelease::V2_6, std::nullopt};
  default:
    return {TorchRelease::V1_13, std::nullopt};
  }
}

bool expandDtypes(StringRef Name, std::vector<std::string> &Out) {
  static const StringRef ScalarTypes[] = {"Byte",
                                          "Char",
                                          "Short",
                                          "Int",
                                          "Long",
                                          "Half",
                                          "Float",
                                          "Double",
                                          "ComplexHalf",
                                          "ComplexFloat",
                                          "ComplexDouble",
                                          "Bool",
                                          "BFloat16",
                                          "Float8_e5m2",
                                          "Float8_e5m2fnuz",
                                          "Float8_e4m3fn",
                                          "Float8_e4m3fnuz",
                                          "Float8_e8m0fnu"};
  auto Add = [&](ArrayRef<StringRef> Ts) {
    for (StringRef T : Ts)
      if (!is_contained(Out, T.str()))
        Out.push_back(T.str());
  };
  static const StringRef Integral[] = {"Byte", "Char", "Int", "Long", "Short"};
  static const StringRef Floating[] = {"Float", "Double"};
  static const StringRef Complex[] = {"ComplexFloat", "ComplexDouble"};
  if (Name == "Integral")
    Add(Integral);
  else if (Name == "Floating")
    Add(Floating);
  else if (Name == "Complex")
    Add(Complex);
  else if (Name == "All")
    Add(Integral), Add(Floating);
  else if (Name == "AllAndComplex")
    Add(Integral), Add(Floating), Add(Complex);
  else if (Name == "FloatingAndComplex")
    Add(Floating), Add(Complex);
  else if (is_contained(ScalarTypes, Name))
    Add(Name);
  else
    return false;
  return true;
}

/// Split \p Text, which starts at offset \p Offset of a scalar located at
/// \p Loc, at ", " (torchgen's list separator); each part comes with where it
/// is in the source.
SmallVector<std::pair<StringRef, TextLocation>, 4>
splitList(StringRef Text, const TextLocation &Loc, size_t Offset = 0) {
  SmallVector<StringRef, 4> Parts;
  Text.split(Parts, ", ");
  SmallVector<std::pair<StringRef, TextLocation>, 4> Out;
  for (StringRef P : Parts) {
    Out.push_back({P, TextLocation{Loc.at(Offset), Loc.Exact}});
    Offset += P.size() + 2;
  }
  return Out;
}

/// Which of the tags the reader adds on its own tags.yaml declares; looked
/// up once per file rather than once per entry.
struct ImpliedTags {
  bool Pt2Compliant = false, Out = false, Inplace = false,
       NondeterministicSeeded = false;
  explicit ImpliedTags(const std::set<std::string> &ValidTags)
      : Pt2Compliant(ValidTags.count("pt2_compliant_tag")),
        Out(ValidTags.count("out")), Inplace(ValidTags.count("inplace")),
        NondeterministicSeeded(ValidTags.count("nondeterministic_seeded")) {}
};

class EntryReader {
public:
  EntryReader(Context &Ctx, const std::set<std::string> &ValidTags,
              const ImpliedTags &Implied, StringRef File, TorchRelease Release)
      : Ctx(Ctx), D(Ctx.getDiags()), ValidTags(ValidTags), Implied(Implied),
        File(File), Release(Release) {}

  /// Read entry \p E, which starts on line \p Line, into \p F, which must
  /// be default-constructed; false if the entry had errors. (Filling the
  /// caller's function saves moving it, field by field, twice.)
  bool read(const YamlValue &E, unsigned Line, NativeFunction &F);
  /// The operator's name, if the schema parsed, even when read() failed.
  const std::optional<OperatorName> &getName() const { return Name; }
  /// The value of \p Key in the entry read, or null.
  const YamlValue *field(EntryKey Key) const { return Fields[unsigned(Key)]; }

private:
  void error(SMLoc L, const Twine &Msg) {
    D.error(L, Msg);
    Failed = true;
  }
  /// Fill Fields and Keys from \p E, reporting unknown keys.
  void indexFields(const YamlValue &E);
  /// Whether the entry is tagged `generated` (printed by variant synthesis).
  bool isGenerated() const;
  /// A boolean field; absent means \p Default.
  bool getBool(const YamlValue &E, EntryKey Key, bool Default);
  /// An optional string field; absent or null gives nothing.
  std::optional<std::string> getOptString(EntryKey Key);
  SMLoc keyLoc(const YamlValue &E, EntryKey Key) {
    const YamlScalar *K = Keys[unsigned(Key)];
    return K ? K->Loc.Start : E.Loc;
  }
  /// Where to report a bad value of \p Key. An empty value has no text: the
  /// YAML parser places it at the next token, often on a later line, so
  /// point at the key instead.
  SMLoc valueLoc(const YamlValue &E, EntryKey Key) {
    const YamlValue *V = field(Key);
    return V && V->Kind != YamlKind::Null ? V->Loc : keyLoc(E, Key);
  }

  void readDispatch(const YamlValue &V, NativeFunction &F, StringRef CppName,
                    bool &Redundant, unsigned &NumKeys);
  void readUfunc(const YamlValue &V, NativeFunction &F);
  void readPrecomputed(const YamlValue &V, NativeFunction &F);
  void checkUfuncFunctors(const NativeFunction &F, const YamlValue &E);
  /// False (with an error) when \p Ty's base type is not in the release.
  bool checkTypeInRelease(Type Ty, SMLoc L);
  void checkInvariants(NativeFunction &F, const YamlValue &E);

  Context &Ctx;
  DiagnosticEngine &D;
  const std::set<std::string> &ValidTags;
  const ImpliedTags &Implied;
  StringRef File;
  TorchRelease Release;
  bool Failed = false;
  std::optional<OperatorName> Name;
  /// The entry's fields and their keys by key, as indexFields found them.
  const YamlValue *Fields[unsigned(EntryKey::NumKeys)] = {};
  const YamlScalar *Keys[unsigned(EntryKey::NumKeys)] = {};
};

void EntryReader::indexFields(const YamlValue &E) {
  bool MaybeUnknown = false;
  for (const auto &[K, V] : E.Entries) {
    std::optional<EntryKey> Key = parseEntryKey(K.Value);
    if (!Key || *Key == EntryKey::IsAbstract)
      MaybeUnknown = true;
    // The first of equal keys, as YamlValue::lookup finds it.
    if (Key && !Fields[unsigned(*Key)]) {
      Fields[unsigned(*Key)] = &V;
      Keys[unsigned(*Key)] = &K;
    }
  }
  if (!MaybeUnknown)
    return;
  // `is_abstract` is opgen's own key, printed only on generated functions:
  // theirs is their parent's, not what their own kernels imply. Whether the
  // entry is generated is known only once all its keys are indexed.
  bool Generated = isGenerated();
  for (const auto &[K, V] : E.Entries) {
    std::optional<EntryKey> Key = parseEntryKey(K.Value);
    if (!Key || (*Key == EntryKey::IsAbstract && !Generated))
      error(K.Loc.Start,
            "unknown key `" + K.Value + "` in native function entry");
  }
}

bool EntryReader::isGenerated() const {
  const YamlValue *Tags = field(EntryKey::Tags);
  if (!Tags)
    return false;
  if (Tags->Kind == YamlKind::Str)
    return Tags->str() == "generated";
  return any_of(Tags->Items, [](const YamlValue &T) {
    return T.Kind == YamlKind::Str && T.str() == "generated";
  });
}

bool EntryReader::getBool(const YamlValue &E, EntryKey Key, bool Default) {
  const YamlValue *V = field(Key);
  if (!V)
    return Default;
  if (V->Kind != YamlKind::Bool) {
    error(valueLoc(E, Key), "`" + keyName(Key) +
                                "` must be a boolean (True or False), found " +
                                describe(V->Kind));
    return Default;
  }
  return V->Scalar.asBool();
}

std::optional<std::string> EntryReader::getOptString(EntryKey Key) {
  const YamlValue *V = field(Key);
  if (!V || V->Kind == YamlKind::Null)
    return std::nullopt;
  if (V->Kind != YamlKind::Str) {
    error(V->Loc, "`" + keyName(Key) + "` must be a string, found " +
                      describe(V->Kind));
    return std::nullopt;
  }
  return V->str();
}

bool EntryReader::read(const YamlValue &E, unsigned Line, NativeFunction &F) {
  F.Loc.File = File.str();
  F.Loc.Line = Line;
  // Printed IR records the original line (see emitYaml); torchgen's loader
  // ignores the key, so the file stays readable by torchgen.
  indexFields(E);
  if (const YamlValue *L = field(EntryKey::PrintedLine)) {
    unsigned N;
    if (L->Kind == YamlKind::Int && !StringRef(L->str()).getAsInteger(10, N))
      F.Loc.Line = N;
  }

  // func: [namespace::]schema
  const YamlValue *FuncV = field(EntryKey::Func);
  bool HaveSchema = false;
  if (!FuncV) {
    error(E.Loc, "native function entry has no `func:`");
  } else if (FuncV->Kind != YamlKind::Str) {
    error(valueLoc(E, EntryKey::Func),
          "`func` must be a string, found " + describe(FuncV->Kind));
  } else {
    F.FuncLoc = FuncV->Scalar.Loc.Start;
    if (auto P = parseFunctionSchema(Ctx, FuncV->str(), FuncV->Scalar.Loc)) {
      if (!P->Namespace.empty())
        F.Namespace = P->Namespace;
      F.Func = std::move(P->Schema);
      Name = F.Func.Name;
      // Not the engine's error count: other threads share it.
      bool TypesOk = true;
      F.Func.Args.anyOf(Arguments::AllParts, [&](const Argument &A) {
        TypesOk &=
            checkTypeInRelease(A.Ty, A.Loc.isValid() ? A.Loc : F.FuncLoc);
        return false;
      });
      for (const Return &R : F.Func.Returns)
        TypesOk &=
            checkTypeInRelease(R.Ty, R.Loc.isValid() ? R.Loc : F.FuncLoc);
      HaveSchema = TypesOk && succeeded(verifySchema(Ctx, F.Func, F.FuncLoc));
      if (!HaveSchema)
        Failed = true;
    } else {
      Failed = true;
    }
  }

  // cpp_no_default_args: a list of argument names.
  if (const YamlValue *V = field(EntryKey::CppNoDefaultArgs)) {
    if (V->Kind != YamlKind::Sequence) {
      error(valueLoc(E, EntryKey::CppNoDefaultArgs),
            "`cpp_no_default_args` must be a list, found " + describe(V->Kind));
    } else {
      for (const YamlValue &I : V->Items) {
        if (I.Kind != YamlKind::Str) {
          error(I.Loc, "`cpp_no_default_args` entries must be argument "
                       "names, found " +
                           describe(I.Kind));
          continue;
        }
        F.CppNoDefaultArgs.insert(I.str());
      }
    }
  }

  F.UseConstRefForMutableTensors =
      getBool(E, EntryKey::UseConstRefForMutableTensors, false);
  // Checks of what users write do not apply to functions variant synthesis
  // made (tagged `generated`), which torchgen never reads from yaml; they
  // come back here when printed IR is read again.
  if (F.UseConstRefForMutableTensors && HaveSchema && F.Func.isOutFn() &&
      Release >= TorchRelease::V2_14 && !isGenerated())
    error(keyLoc(E, EntryKey::UseConstRefForMutableTensors),
          "`use_const_ref_for_mutable_tensors` is not supported on out= "
          "functions (pytorch/pytorch#145522)");

  // variants: "function", "method" or "function, method".
  if (const YamlValue *V = field(EntryKey::Variants)) {
    if (V->Kind != YamlKind::Str) {
      error(valueLoc(E, EntryKey::Variants),
            "`variants` must be a string such as `function, method`, "
            "found " +
                describe(V->Kind));
    } else {
      F.VariantFunction = false;
      for (auto &[P, L] : splitList(V->str(), V->Scalar.Loc)) {
        if (P == "function")
          F.VariantFunction = true;
        else if (P == "method")
          F.VariantMethod = true;
        else
          error(L.Start,
                "illegal variant `" + P + "`; expected `function` or `method`");
      }
    }
  }

  F.ManualKernelRegistration =
      getBool(E, EntryKey::ManualKernelRegistration, false);
  F.ManualCppBinding = getBool(E, EntryKey::ManualCppBinding, false);
  F.DeviceGuard = getBool(E, EntryKey::DeviceGuard, true);

  if (auto S = getOptString(EntryKey::DeviceCheck)) {
    if (*S == "NoCheck")
      F.DeviceCheck = DeviceCheckType::NoCheck;
    else if (*S == "ExactSame")
      F.DeviceCheck = DeviceCheckType::ExactSame;
    else
      error(field(EntryKey::DeviceCheck)->Loc,
            "illegal device_check `" + *S +
                "`; expected `NoCheck` or `ExactSame`");
  }

  F.Structured = getBool(E, EntryKey::Structured, false);

  if (auto S = getOptString(EntryKey::StructuredDelegate)) {
    const YamlValue *V = field(EntryKey::StructuredDelegate);
    if (StringRef(*S).contains("::"))
      error(V->Loc, "`structured_delegate` cannot name a namespace; the "
                    "delegate is in the function's own namespace");
    else if (auto N = parseOperatorName(Ctx, *S, V->Scalar.Loc))
      F.StructuredDelegate = std::move(*N);
    else
      Failed = true;
  }

  if (auto S = getOptString(EntryKey::StructuredInherits)) {
    if (StringRef(*S).contains("::"))
      error(field(EntryKey::StructuredInherits)->Loc,
            "`structured_inherits` cannot name a namespace");
    else
      F.StructuredInherits = *S;
  }

  F.PythonModule = getOptString(EntryKey::PythonModule);
  if (F.PythonModule && F.VariantMethod)
    error(keyLoc(E, EntryKey::PythonModule),
          "functions in a `python_module` cannot be methods");

  F.CategoryOverride = getOptString(EntryKey::CategoryOverride);

  if (const YamlValue *V = field(EntryKey::Precomputed)) {
    if (V->Kind != YamlKind::Null && !F.Structured)
      error(keyLoc(E, EntryKey::Precomputed),
            "`precomputed` requires `structured: True`");
    else
      readPrecomputed(*V, F);
  }

  // tags: a string or a list of strings, each declared in tags.yaml.
  // The names point into E.
  SmallVector<std::pair<StringRef, SMLoc>, 8> TagsIn;
  if (const YamlValue *V = field(EntryKey::Tags)) {
    if (V->Kind == YamlKind::Str) {
      TagsIn.push_back({V->str(), V->Loc});
    } else if (V->Kind == YamlKind::Sequence) {
      for (const YamlValue &I : V->Items) {
        if (I.Kind != YamlKind::Str)
          error(I.Loc, "tags must be strings, found " + describe(I.Kind));
        else
          TagsIn.push_back({I.str(), I.Loc});
      }
    } else {
      error(valueLoc(E, EntryKey::Tags),
            "`tags` must be a string or a list of strings, found " +
                describe(V->Kind));
    }
  }
  for (auto &[T, L] : TagsIn) {
    if (ValidTags.empty()) {
      error(L.isValid() ? L : E.Loc, "tag `" + T +
                                         "` used, but tags.yaml declares no "
                                         "tags");
      break;
    }
    std::string Tag = T.str();
    if (!ValidTags.count(Tag))
      error(L, "unknown tag `" + T + "`; tags must be declared in tags.yaml");
    else
      F.Tags.insert(std::move(Tag));
  }
  // The tags the reader adds on its own, after the written ones. Implied
  // holds only those tags.yaml declares, so they need no lookup there.
  if (F.Namespace == "aten" && Implied.Pt2Compliant)
    F.Tags.insert("pt2_compliant_tag");
  if (HaveSchema && F.Func.isOutFn() && Implied.Out)
    F.Tags.insert("out");
  if (HaveSchema && F.Func.Name.Name.Inplace && Implied.Inplace)
    F.Tags.insert("inplace");

  // The C++ name (`add_out`), which a lone CompositeImplicitAutograd kernel
  // must have, once the schema parsed.
  std::string CppName;
  if (Name) {
    CppName = F.Func.Name.Name.str();
    if (F.Func.isOutFn())
      CppName += "_out";
  }

  // dispatch:
  bool RedundantCIA = false;
  unsigned NumKeys = 0;
  const YamlValue *DispatchV = field(EntryKey::Dispatch);
  if (DispatchV && DispatchV->Kind != YamlKind::Null) {
    if (DispatchV->Kind != YamlKind::Mapping) {
      error(DispatchV->Loc, "`dispatch` must be a mapping from dispatch keys "
                            "to kernel names, found " +
                                describe(DispatchV->Kind));
    } else {
      if (F.ManualKernelRegistration)
        error(keyLoc(E, EntryKey::Dispatch),
              "cannot specify both `manual_kernel_registration` and "
              "`dispatch`; with manual registration, dispatch has no effect");
      F.DispatchAsWritten.emplace();
      readDispatch(*DispatchV, F,
                   F.Func.Name.Name.Base.empty() ? StringRef() : CppName,
                   RedundantCIA, NumKeys);
    }
  }
  auto HasKey = [&](DispatchKey K) {
    return any_of(F.Dispatch, [&](const auto &P) { return P.first == K; });
  };
  if (!HaveSchema)
    CppName.clear();
  if (DispatchV && DispatchV->Kind == YamlKind::Mapping) {
    // torchgen stops at the first of these two checks; the second one would
    // fire for the redundant table too. Name the kernel as written, with its
    // namespace, which may be all that is wrong with it.
    if (NumKeys == 1 && RedundantCIA)
      error(keyLoc(E, EntryKey::Dispatch),
            "unnecessary dispatch table: the only kernel is the default "
            "CompositeImplicitAutograd one; delete the `dispatch:` key");
    else if (!F.StructuredDelegate && F.Dispatch.size() == 1 &&
             HasKey(DispatchKey::CompositeImplicitAutograd) && NumKeys == 1 &&
             !StringRef(F.Dispatch[0].second.Kernel).contains("_symint") &&
             HaveSchema)
      error(keyLoc(E, EntryKey::Dispatch),
            "unexpected name for a lone CompositeImplicitAutograd kernel: "
            "expected `" +
                CppName + "` but got `" + F.DispatchAsWritten->back().second +
                "`; rename the implementation, then delete the dispatch "
                "table");
  } else if (!F.Structured && !F.StructuredDelegate && HaveSchema) {
    StringRef Name = F.Func.Name.Name.Base;
    std::string Full = F.Func.Name.Name.str();
    if (StringRef(Full).startswith("new_") ||
        StringRef(Full).endswith("_like") ||
        (F.Func.Args.TensorOptions && !F.Func.Args.hasTensorArg()))
      error(F.FuncLoc.isValid() ? F.FuncLoc : E.Loc,
            "factory function `" + Full +
                "` needs a CompositeExplicitAutograd dispatch entry: factory "
                "functions must not be decomposed implicitly");
    (void)Name;
    F.Dispatch.push_back({DispatchKey::CompositeImplicitAutograd,
                          {CppName, false, "at::native"}});
  }

  unsigned Composites = 0;
  bool HasNonFunctional = false, HasNested = false;
  for (auto &[K, M] : F.Dispatch) {
    if (getFlags(K) & DK_Generic)
      ++Composites;
    HasNonFunctional |=
        K == DispatchKey::CompositeExplicitAutogradNonFunctional;
    HasNested |= K == DispatchKey::CompositeImplicitAutogradNestedTensor;
  }
  if (!(Composites <= 1 || (Composites == 2 && !HasNonFunctional && HasNested)))
    error(keyLoc(E, EntryKey::Dispatch),
          "cannot give more than one of CompositeExplicitAutograd, "
          "CompositeExplicitAutogradNonFunctional and "
          "CompositeImplicitAutograd: each subsumes the others");

  // autogen: "a.out, b.out"
  if (const YamlValue *V = field(EntryKey::Autogen)) {
    if (V->Kind != YamlKind::Str) {
      error(valueLoc(E, EntryKey::Autogen),
            "`autogen` must be a string of comma-separated operator "
            "names, found " +
                describe(V->Kind));
    } else if (!V->str().empty()) {
      for (auto &[P, L] : splitList(V->str(), V->Scalar.Loc)) {
        if (P.contains("::"))
          error(L.Start, "`autogen` names cannot have a namespace");
        else if (auto N = parseOperatorName(Ctx, P, L))
          F.Autogen.push_back(std::move(*N));
        else
          Failed = true;
      }
    }
  }

  if (const YamlValue *V = field(EntryKey::UfuncInnerLoop))
    readUfunc(*V, F);
  if (!F.UfuncInnerLoops.empty()) {
    if (!F.Structured)
      error(keyLoc(E, EntryKey::UfuncInnerLoop),
            "`ufunc_inner_loop` requires `structured: True`");
    else if (HaveSchema && !F.Func.isOutFn())
      error(keyLoc(E, EntryKey::UfuncInnerLoop),
            "`ufunc_inner_loop` is only valid on out= functions");
    for (DispatchKey K : {DispatchKey::CPU, DispatchKey::CUDA}) {
      if (HasKey(K)) {
        error(keyLoc(E, EntryKey::Dispatch),
              "a ufunc must not have an explicit " + toString(K) +
                  " dispatch entry");
        continue;
      }
      F.Dispatch.push_back(
          {K,
           {"ufunc_" + F.Func.Name.Name.str() + "_" + toString(K).str(), true,
            "at::native"}});
    }
    if (HaveSchema && F.Structured && F.Func.isOutFn())
      checkUfuncFunctors(F, E);
  }

  auto Only = [&](std::initializer_list<DispatchKey> Ks) {
    if (F.Dispatch.size() != Ks.size())
      return false;
    return all_of(Ks, HasKey);
  };
  if (F.StructuredDelegate)
    F.IsAbstract = true;
  else
    F.IsAbstract =
        !(Only({DispatchKey::CompositeImplicitAutograd}) ||
          Only({DispatchKey::CompositeImplicitAutogradNestedTensor}) ||
          Only({DispatchKey::CompositeImplicitAutograd,
                DispatchKey::CompositeImplicitAutogradNestedTensor}));
  if (field(EntryKey::IsAbstract) && isGenerated())
    F.IsAbstract = getBool(E, EntryKey::IsAbstract, F.IsAbstract);
  F.HasCompositeImplicitAutogradKernel =
      HasKey(DispatchKey::CompositeImplicitAutograd);
  F.HasCompositeImplicitAutogradNestedTensorKernel =
      HasKey(DispatchKey::CompositeImplicitAutogradNestedTensor);
  F.HasCompositeExplicitAutogradKernel =
      HasKey(DispatchKey::CompositeExplicitAutograd);
  F.HasCompositeExplicitAutogradNonFunctionalKernel =
      HasKey(DispatchKey::CompositeExplicitAutogradNonFunctional);

  if (F.StructuredDelegate)
    for (auto &[K, M] : F.Dispatch)
      if (isStructuredKey(K))
        error(keyLoc(E, EntryKey::Dispatch),
              "a function with `structured_delegate` must not have a " +
                  toString(K) + " kernel: it is delegated");

  if (HaveSchema)
    checkInvariants(F, E);
  return !Failed && HaveSchema;
}

void EntryReader::readDispatch(const YamlValue &V, NativeFunction &F,
                               StringRef CppName, bool &Redundant,
                               unsigned &NumKeys) {
  // A kernel per entry, and room for the two a ufunc adds.
  F.DispatchAsWritten->reserve(V.Entries.size());
  F.Dispatch.reserve(V.Entries.size() + 2);
  for (const auto &[K, KV] : V.Entries) {
    if (K.Value == "__line__")
      continue;
    if (K.Kind != YamlKind::Str) {
      error(K.Loc.Start, "illegal dispatch key `" + K.Value + "`");
      continue;
    }
    if (KV.Kind != YamlKind::Str) {
      error(KV.Kind == YamlKind::Null ? K.Loc.Start : KV.Loc,
            "kernel name for `" + K.Value + "` must be a string, found " +
                describe(KV.Kind));
      continue;
    }
    F.DispatchAsWritten->emplace_back(K.Value, KV.str());
    StringRef Kernel = KV.str();
    // Nearly every kernel is a plain name in at::native.
    bool Plain = !Kernel.contains(':');
    // Nearly every key is one name without spaces: take it as it is rather
    // than split and trim it.
    StringRef Written = K.Value;
    bool Split = Written.contains(',') ||
                 (!Written.empty() &&
                  (isSpace(Written.front()) || isSpace(Written.back())));
    SmallVector<StringRef, 4> Keys;
    if (Split)
      Written.split(Keys, ',');
    else
      Keys.push_back(Written);
    size_t Offset = 0;
    for (StringRef RawKey : Keys) {
      StringRef Name = Split ? RawKey.trim() : RawKey;
      size_t Lead = Split ? RawKey.size() - RawKey.ltrim().size() : 0;
      SMLoc L = K.Loc.at(Offset + Lead);
      Offset += RawKey.size() + 1;
      ++NumKeys;
      std::optional<DispatchKey> DK = parseDispatchKey(Name);
      if (!DK) {
        error(L, "unknown dispatch key `" + Name + "`");
        continue;
      }
      if (!isInTree(*DK)) {
        error(L, "dispatch key `" + Name + "` of kernel `" + Kernel +
                     "` is not a supported dispatch key");
        continue;
      }
      SmallVector<StringRef, 4> Parts;
      if (!Plain) {
        Kernel.split(Parts, "::");
        if (Parts.size() - 1 > 3) {
          error(KV.Loc,
                "kernel `" + Kernel + "` has more than 3 levels of namespace");
          continue;
        }
      }
      auto Existing =
          find_if(F.Dispatch, [&](const auto &P) { return P.first == *DK; });
      if (Existing != F.Dispatch.end()) {
        error(L, "dispatch key `" + Name + "` is given more than once");
        continue;
      }
      // Built in place: its strings are not moved again.
      auto &[NewKey, M] = F.Dispatch.emplace_back();
      NewKey = *DK;
      M.Structured = F.Structured && isStructuredKey(*DK);
      if (Plain) {
        M.Kernel = Kernel.str();
        M.CppNamespace = "at::native";
      } else {
        std::string Ns = join(ArrayRef<StringRef>(Parts).drop_back(), "::");
        M.Kernel = Parts.back().str();
        M.CppNamespace = (Ns.empty() ? std::string("at") : Ns) + "::native";
      }
      if (*DK == DispatchKey::CompositeImplicitAutograd && Kernel == CppName)
        Redundant = true;
    }
  }
}

void EntryReader::readUfunc(const YamlValue &V, NativeFunction &F) {
  auto ParseLoop = [&](UfuncKey Key, const YamlValue &Val) {
    StringRef S = Val.str();
    auto [Name, Dtypes] = S.split(' ');
    if (!S.contains(' ')) {
      error(Val.Loc, "ufunc inner loop `" + S +
                         "` must be a kernel name followed by `(dtypes)`");
      return;
    }
    size_t Offset = Name.size() + 1;
    if (!Dtypes.startswith("(") || !Dtypes.endswith(")")) {
      error(Val.Scalar.Loc.at(Offset), "supported dtypes `" + Dtypes +
                                           "` must be enclosed in parentheses");
      return;
    }
    UfuncInnerLoop L;
    L.Name = Name.str();
    L.Spelling = S.str();
    for (auto &[P, PL] :
         splitList(Dtypes.drop_front().drop_back(), Val.Scalar.Loc, Offset + 1))
      if (!expandDtypes(P, L.SupportedDtypes))
        error(PL.Start, "unknown dtype `" + P + "`");
    F.UfuncInnerLoops[Key] = std::move(L);
  };
  if (V.Kind == YamlKind::Null)
    return;
  if (V.Kind == YamlKind::Str) {
    ParseLoop(UfuncKey::Generic, V);
    return;
  }
  if (V.Kind != YamlKind::Mapping) {
    error(V.Loc, "`ufunc_inner_loop` must be a string or a mapping, found " +
                     describe(V.Kind));
    return;
  }
  for (const auto &[K, KV] : V.Entries) {
    if (K.Value == "__line__")
      continue;
    std::optional<UfuncKey> UK = parseUfuncKey(K.Value);
    if (K.Kind != YamlKind::Str || !UK) {
      error(K.Loc.Start, "unknown ufunc key `" + K.Value + "`");
      continue;
    }
    if (KV.Kind != YamlKind::Str) {
      error(KV.Kind == YamlKind::Null ? K.Loc.Start : KV.Loc,
            "ufunc inner loop must be a string, found " + describe(KV.Kind));
      continue;
    }
    ParseLoop(*UK, KV);
  }
}

/// The base types changed between releases: report one this release's
/// torchgen does not know.
bool EntryReader::checkTypeInRelease(Type Ty, SMLoc L) {
  while (Ty.getKind() == Type::Optional || Ty.getKind() == Type::List)
    Ty = Ty.getElementType();
  if (Ty.getKind() != Type::Base)
    return true;
  auto [Since, Until] = baseTyReleases(Ty.getBaseTy());
  if (Release < Since) {
    error(L, "type `" + toString(Ty.getBaseTy()) +
                 "` does not exist before torchgen " + toString(Since) +
                 " (reading for " + toString(Release) + ")");
    return false;
  }
  if (Until && Release >= *Until) {
    error(L, "type `" + toString(Ty.getBaseTy()) +
                 "` no longer exists in torchgen " + toString(*Until) +
                 " (reading for " + toString(Release) + ")");
    return false;
  }
  return true;
}

/// torchgen checks these only when it generates the CUDA functors of a ufunc
/// (compute_ufunc_cuda_functors in dest/ufunc.py); they depend on the entry
/// alone, so report them here, where they can point into it.
void EntryReader::checkUfuncFunctors(const NativeFunction &F,
                                     const YamlValue &E) {
  const YamlValue *V = field(EntryKey::UfuncInnerLoop);
  auto LoopLoc = [&](UfuncKey K) {
    for (const auto &[Key, Val] : V->Entries)
      if (Key.Value == toString(K))
        return Key.Loc.Start;
    return V->Loc;
  };
  const auto &Loops = F.UfuncInnerLoops;
  // Binary operators (two Tensor-like arguments) get functors specialized
  // for a CPU scalar in either position.
  std::vector<const Argument *> NonOut = F.Func.Args.flatNonOut();
  size_t NumTensors =
      count_if(NonOut, [](const Argument *A) { return A->Ty.isTensorLike(); });
  SmallVector<UfuncKey, 3> Functors;
  if (NumTensors == 2) {
    Functors = {UfuncKey::CUDAFunctorOnSelf, UfuncKey::CUDAFunctorOnOther,
                UfuncKey::CUDAFunctor};
  } else {
    Functors = {UfuncKey::CUDAFunctor};
    for (UfuncKey K :
         {UfuncKey::CUDAFunctorOnSelf, UfuncKey::CUDAFunctorOnOther})
      if (Loops.count(K))
        error(LoopLoc(K), "cannot use " + toString(K) +
                              " on a non-binary function: `" +
                              F.Func.Name.str() + "` has " + Twine(NumTensors) +
                              " Tensor arguments, not 2");
  }
  // A functor not given explicitly is generated from ScalarOnly and
  // Generic, which then must name the same ufunc.
  auto SO = Loops.find(UfuncKey::ScalarOnly);
  auto G = Loops.find(UfuncKey::Generic);
  if (SO != Loops.end() && G != Loops.end() &&
      SO->second.Name != G->second.Name &&
      any_of(Functors, [&](UfuncKey K) { return !Loops.count(K); }))
    error(LoopLoc(UfuncKey::ScalarOnly),
          "ScalarOnly and Generic must have the same ufunc name, as the "
          "generated CUDA functors serve both; got `" +
              SO->second.Name + "` and `" + G->second.Name + "`");
}

void EntryReader::readPrecomputed(const YamlValue &V, NativeFunction &F) {
  if (V.Kind == YamlKind::Null)
    return;
  if (V.Kind != YamlKind::Sequence) {
    error(V.Loc, "`precomputed` must be a list, found " + describe(V.Kind));
    return;
  }
  if (V.Items.empty())
    return;
  for (const YamlValue &I : V.Items)
    if (I.Kind != YamlKind::Str) {
      error(I.Loc,
            "`precomputed` entries must be strings, found " + describe(I.Kind));
      return;
    }
  Precompute P;
  auto ParseArgs = [&](const YamlValue &Item, StringRef List, size_t Offset,
                       std::vector<Argument> &Out) {
    SmallVector<StringRef, 4> Parts;
    List.split(Parts, ',');
    for (StringRef Part : Parts) {
      StringRef T = Part.trim();
      size_t Lead = Part.size() - Part.ltrim().size();
      TextLocation L{Item.Scalar.Loc.at(Offset + Lead), Item.Scalar.Loc.Exact};
      Offset += Part.size() + 1;
      auto A = parseArgument(Ctx, T, L);
      if (!A) {
        Failed = true;
        continue;
      }
      checkTypeInRelease(A->Ty, L.Start);
      if (Release >= TorchRelease::V2_14 &&
          StringRef(A->Name).upper() == A->Name)
        error(L.Start, "precomputed argument name `" + A->Name +
                           "` must not be all upper case");
      Out.push_back(std::move(*A));
    }
  };
  ArrayRef<YamlValue> Items = V.Items;
  const YamlValue &Last = Items.back();
  if (!StringRef(Last.str()).contains(" -> ")) {
    ParseArgs(Last, Last.str(), 0, P.Add);
    Items = Items.drop_back();
  }
  for (const YamlValue &I : Items) {
    StringRef S = I.str();
    if (!S.contains(" -> ")) {
      error(I.Loc, "precomputed elements without a replacement (`name -> "
                   "decls`) may only be on the last line");
      continue;
    }
    // Not a structured binding: clang 14 cannot capture one in a lambda.
    StringRef Param, Rest;
    std::tie(Param, Rest) = S.split(" -> ");
    if (Rest.contains(" -> ")) {
      error(I.Loc, "precomputed line has more than one ` -> `");
      continue;
    }
    if (Param.contains(' ') || Param.empty()) {
      error(I.Loc,
            "illegal kernel parameter name `" + Param + "` in precomputed");
      continue;
    }
    if (any_of(P.Replace, [&](const auto &R) { return R.first == Param; })) {
      error(I.Loc, "kernel parameter `" + Param +
                       "` is replaced twice in precomputed");
      continue;
    }
    std::vector<Argument> With;
    ParseArgs(I, Rest, Param.size() + 4, With);
    // torchgen prints the replacement back with ", " between declarations
    // and requires the same text.
    std::string Printed = Param.str() + " -> ";
    ListSeparator Sep(", ");
    for (const Argument &A : With)
      Printed += StringRef(Sep).str() + A.str();
    if (Printed != S && !Failed)
      error(I.Loc, "precomputed line is not in canonical form; expected `" +
                       Printed + "`");
    P.Replace.push_back({Param.str(), std::move(With)});
  }
  F.Precomputed = std::move(P);
}

void EntryReader::checkInvariants(NativeFunction &F, const YamlValue &E) {
  const FunctionSchema &S = F.Func;
  // Printed on the stack: every entry is checked, and few names are short
  // enough for a std::string to hold without allocating.
  SmallString<64> NameBuf;
  raw_svector_ostream(NameBuf) << S.Name;
  StringRef Name = NameBuf;
  SMLoc FL = F.FuncLoc.isValid() ? F.FuncLoc : E.Loc;
  if (S.isOutFn() && (F.VariantMethod || !F.VariantFunction))
    error(field(EntryKey::Variants) ? field(EntryKey::Variants)->Loc : FL,
          "out= function `" + Name + "` must have only the `function` variant");
  if (F.Structured) {
    if (S.kind() != SchemaKind::Out)
      error(keyLoc(E, EntryKey::Structured),
            "`structured` belongs on the out= variant; did you mean "
            "`structured_delegate`?");
    if (!F.DeviceGuard)
      error(keyLoc(E, EntryKey::DeviceGuard),
            "`device_guard: False` is not respected by structured kernels");
  }
  if (F.StructuredDelegate) {
    if (S.kind() == SchemaKind::Out)
      error(keyLoc(E, EntryKey::StructuredDelegate),
            "`structured_delegate` is not allowed on out= functions; did you "
            "mean `structured`?");
    if (!F.DeviceGuard && !F.Structured)
      error(keyLoc(E, EntryKey::DeviceGuard),
            "`device_guard: False` is not respected by structured kernels");
  }
  if (F.Structured && F.StructuredDelegate)
    error(keyLoc(E, EntryKey::StructuredDelegate),
          "a function cannot have both `structured` and "
          "`structured_delegate`");
  StringSet<> Defaulted;
  if (!F.CppNoDefaultArgs.empty())
    for (const Argument *A : S.schemaOrderArguments())
      if (A->Default)
        Defaulted.insert(A->Name);
  for (const std::string &N : F.CppNoDefaultArgs) {
    if (Defaulted.count(N))
      continue;
    // Point at the list entry that names the argument.
    SMLoc L = keyLoc(E, EntryKey::CppNoDefaultArgs);
    for (const YamlValue &I : field(EntryKey::CppNoDefaultArgs)->Items)
      if (I.Kind == YamlKind::Str && I.str() == N) {
        L = I.Loc;
        break;
      }
    error(L, "`cpp_no_default_args` names `" + N +
                 "`, which is not an argument with a default");
  }
  if (F.StructuredInherits && !F.Structured)
    error(keyLoc(E, EntryKey::StructuredInherits),
          "`structured_inherits` requires `structured: True`");
  if (StringRef(Name).startswith("_foreach") &&
      F.DeviceCheck != DeviceCheckType::NoCheck)
    error(FL, "foreach kernel `" + Name +
                  "` must have `device_check: NoCheck`: foreach kernels fall "
                  "back to a slow path for tensors on different devices");

  // Random operators must say so, where tags.yaml has the tag for it.
  if (Release >= TorchRelease::V2_14 && Implied.NondeterministicSeeded) {
    // The cheap tests first; the arguments are looked at last.
    auto DropoutArg = [&] {
      return S.Args.anyOf(Arguments::AllParts, [](const Argument &A) {
        return StringRef(A.Name).contains("dropout");
      });
    };
    bool Random = Name.contains("rand") || S.Args.hasGeneratorArg() ||
                  ((Name.contains("dropout") || DropoutArg()) &&
                   !Name.contains("backward") &&
                   S.Name.Name.str() != "_cudnn_init_dropout_state");
    if (Random && !F.Tags.count("nondeterministic_seeded"))
      error(field(EntryKey::Tags) ? field(EntryKey::Tags)->Loc : FL,
            "`" + Name +
                "` looks random (its name or a Generator argument), "
                "so it needs the `nondeterministic_seeded` tag");
  }
}

} // namespace

/// Read entry \p E into \p Out; false (with \p FailedName set when the
/// schema parsed) if the entry had errors.
/// An entry's place in a group or view group, as printed IR records it:
/// `__group__: "3 out"` is the out= member of group 3.
struct GroupRef {
  unsigned Index = 0;
  std::string Role;
  SMLoc Loc;
};

/// Printed IR's `__group__` / `__view_group__` (\p Key), whose value is \p V.
static std::optional<GroupRef> readGroupRef(Context &Ctx, const YamlValue *V,
                                            StringRef Key,
                                            ArrayRef<StringRef> Roles,
                                            bool &Ok) {
  if (!V)
    return std::nullopt;
  GroupRef R;
  R.Loc = V->Loc;
  StringRef Index, Role;
  std::tie(Index, Role) = StringRef(V->str()).split(' ');
  if (V->Kind != YamlKind::Str || Index.getAsInteger(10, R.Index) ||
      !is_contained(Roles, Role)) {
    Ctx.getDiags().error(V->Loc, "`" + Key +
                                     "` must be `<index> <role>`, "
                                     "with role one of " +
                                     join(Roles, ", "));
    Ok = false;
    return std::nullopt;
  }
  R.Role = Role.str();
  return R;
}

const StringRef GroupRoles[] = {"single", "functional", "inplace", "mutable",
                                "out"};
const StringRef ViewGroupRoles[] = {"view", "view_copy", "view_inplace"};

/// What printed IR adds to an entry besides the entry itself.
struct PrintedResults {
  std::optional<GroupRef> Group, ViewGroup;
};

/// Arguments named by a Python keyword. A check of the function alone, made
/// once it read without errors: on the reading threads, and after the
/// entry's other checks, as if it came after all entries were read.
static void checkArgumentNames(Context &Ctx, const NativeFunction &F,
                               TorchRelease Release) {
  if (Release < TorchRelease::V2_6 || F.isGenerated())
    return;
  F.Func.Args.anyOf(Arguments::AllParts, [&](const Argument &A) {
    if (!isPythonKeyword(A.Name))
      return false;
    std::string Name = F.Func.Name.str();
    if (!isKeywordExempt(Name, A.Name))
      Ctx.getDiags().error(A.Loc.isValid() ? A.Loc : F.FuncLoc,
                           "argument name `" + A.Name + "` of `" + Name +
                               "` is a reserved Python keyword");
    return false;
  });
}

static bool readEntry(Context &Ctx, const YamlValue &E, unsigned Line,
                      const Module &M, const ImpliedTags &Implied,
                      StringRef File, TorchRelease Release, NativeFunction &Out,
                      std::optional<OperatorName> &FailedName,
                      PrintedResults &Printed) {
  if (E.Kind != YamlKind::Mapping) {
    Ctx.getDiags().error(E.Loc,
                         "native function entry must be a mapping, found " +
                             describe(E.Kind));
    return false;
  }
  EntryReader Reader(Ctx, M.ValidTags, Implied, File, Release);
  bool Ok = Reader.read(E, Line, Out);
  Printed.Group = readGroupRef(Ctx, Reader.field(EntryKey::PrintedGroup),
                               "__group__", GroupRoles, Ok);
  Printed.ViewGroup =
      readGroupRef(Ctx, Reader.field(EntryKey::PrintedViewGroup),
                   "__view_group__", ViewGroupRoles, Ok);
  if (const YamlValue *N = Reader.field(EntryKey::PrintedNames)) {
    const YamlValue *Cpp = N->lookup("cpp"), *Disp = N->lookup("dispatcher"),
                    *Unamb = N->lookup("unambiguous"),
                    *Root = N->lookup("root");
    if (N->Kind != YamlKind::Mapping || !Cpp || !Disp || !Unamb || !Root) {
      Ctx.getDiags().error(N->Loc, "`__names__` must map cpp, dispatcher, "
                                   "unambiguous and root to names");
      Ok = false;
    } else if (Ok) {
      Out.Names =
          KernelNames{Cpp->str(), Disp->str(), Unamb->str(), Root->str()};
    }
  }
  if (Ok) {
    checkArgumentNames(Ctx, Out, Release);
    return true;
  }
  FailedName = Reader.getName();
  return false;
}

/// Rebuild the groups and view groups that printed IR records on its
/// entries. Every entry carries `__group__` or none does.
static LogicalResult rebuildGroups(Context &Ctx, Module &M,
                                   const std::vector<PrintedResults> &Printed) {
  DiagnosticEngine &D = Ctx.getDiags();
  size_t WithGroup = count_if(
      Printed, [](const PrintedResults &P) { return P.Group.has_value(); });
  if (WithGroup == 0) {
    for (const PrintedResults &P : Printed)
      if (P.ViewGroup) {
        D.error(P.ViewGroup->Loc, "`__view_group__` without `__group__`");
        return failure();
      }
    return success();
  }
  bool Ok = true;
  std::vector<FunctionGroup> Groups;
  std::vector<std::vector<FunctionId>> Members;
  std::vector<ViewGroup> Views;
  std::vector<bool> HasView;
  for (FunctionId I = 0; I < Printed.size(); ++I) {
    const PrintedResults &P = Printed[I];
    if (!P.Group) {
      D.error(M.Functions[I].FuncLoc,
              "printed IR has `__group__` on some entries but not this one");
      Ok = false;
      continue;
    }
    const GroupRef &G = *P.Group;
    if (G.Index >= Printed.size()) {
      D.error(G.Loc, "group index " + Twine(G.Index) + " is out of range");
      Ok = false;
      continue;
    }
    if (Groups.size() <= G.Index) {
      Groups.resize(G.Index + 1);
      Members.resize(G.Index + 1);
    }
    FunctionGroup &FG = Groups[G.Index];
    Members[G.Index].push_back(I);
    if (G.Role == "single") {
      FG.Function = I;
    } else {
      FG.IsGroup = true;
      if (G.Role == "functional")
        FG.Functional = I;
      else if (G.Role == "out")
        FG.Out = I;
      else if (G.Role == "inplace")
        FG.Inplace = I;
      else
        FG.Mutable = I;
    }
    if (P.ViewGroup) {
      const GroupRef &V = *P.ViewGroup;
      if (V.Index >= Printed.size()) {
        D.error(V.Loc,
                "view group index " + Twine(V.Index) + " is out of range");
        Ok = false;
        continue;
      }
      if (Views.size() <= V.Index) {
        Views.resize(V.Index + 1);
        HasView.resize(V.Index + 1);
      }
      ViewGroup &VG = Views[V.Index];
      if (V.Role == "view") {
        VG.View = I;
        HasView[V.Index] = true;
      } else if (V.Role == "view_copy") {
        VG.ViewCopy = I;
      } else {
        VG.ViewInplace = I;
      }
    }
  }
  for (size_t G = 0; G < Groups.size() && Ok; ++G) {
    bool Single = !Groups[G].IsGroup;
    if (Members[G].empty() || (Single && Members[G].size() != 1) ||
        (!Single && Members[G].size() < 2)) {
      D.error(Members[G].empty() ? SMLoc()
                                 : M.Functions[Members[G].front()].FuncLoc,
              "printed IR's group " + Twine(G) + " is malformed");
      Ok = false;
    } else if (!Single) {
      Groups[G].Structured = M.Functions[Groups[G].Out].Structured;
    }
  }
  for (size_t V = 0; V < Views.size() && Ok; ++V)
    if (!HasView[V]) {
      D.error(SMLoc(), "printed IR's view group " + Twine(V) + " has no view");
      Ok = false;
    }
  if (!Ok)
    return failure();
  M.Groups = std::move(Groups);
  M.ViewGroups = std::move(Views);
  return success();
}

/// The functions read, one slot per entry, in file order.
struct EntrySlots {
  std::vector<NativeFunction> Fns;
  std::vector<char> Ok;
  std::vector<std::optional<OperatorName>> FailedNames;
  std::vector<PrintedResults> Printed;
  explicit EntrySlots(size_t N) : Ok(N), FailedNames(N), Printed(N) {
    // Room for the functions variant synthesis adds (about a fifth more for
    // PyTorch), so it appends without moving the others; untouched capacity
    // costs no memory.
    Fns.reserve(N + N / 4);
    Fns.resize(N);
  }
};

/// Read a file laid out as native_functions.yaml in pieces cut at entry
/// boundaries, each piece on its own thread, YAML and entry checks together,
/// one entry at a time (so the YAML of the whole file is never held at once).
/// The Context's types and diagnostics are thread-safe; each piece has a
/// SourceMgr of its own for LLVM's YAML parser. If any piece meets a YAML
/// problem, everything the pieces reported is taken back and nothing is
/// returned: the caller then reads the file whole, so diagnostics are always
/// those of a whole read.
static std::optional<EntrySlots>
readInPieces(Context &Ctx, unsigned BufferID, const Module &M,
             TorchRelease Release, unsigned Threads, YamlReading Reading) {
  const MemoryBuffer *Buf = Ctx.getSourceMgr().getMemoryBuffer(BufferID);
  auto Pieces = splitTopLevelSequence(Buf->getBuffer(), Threads);
  if (!Pieces)
    return std::nullopt;
  DiagnosticEngine &D = Ctx.getDiags();
  StringRef File = Buf->getBufferIdentifier();
  size_t Total = 0;
  std::vector<size_t> FirstSlot;
  for (const SequencePiece &P : *Pieces) {
    FirstSlot.push_back(Total);
    Total += P.NumEntries;
  }
  // Every thread writes its own slots of one vector: no merging afterwards.
  EntrySlots Slots(Total);
  const ImpliedTags Implied(M.ValidTags);
  struct Piece {
    DiagnosticEngine *Diags = nullptr;
    SourceMgr SM;
    bool YamlTrouble = false;
  };
  std::vector<Piece> Ps(Pieces->size());
  parallelFor(Ps.size(), Ps.size(), [&](size_t I) {
    Piece &P = Ps[I];
    D.setThreadTag(I + 1);
    // LLVM's YAML parser reports through the piece's SourceMgr.
    P.Diags = &D;
    P.SM.setDiagHandler(
        [](const SMDiagnostic &Diag, void *Arg) {
          auto *Self = static_cast<Piece *>(Arg);
          Self->YamlTrouble = true;
          Self->Diags->emit(Diag);
        },
        &P);
    const SequencePiece &Text = (*Pieces)[I];
    size_t Slot = FirstSlot[I], End = Slot + Text.NumEntries;
    // The entries as YAML values: from the fast reader when the piece keeps
    // to the subset it handles, else (or to check it) from LLVM's parser.
    std::vector<YamlValue> Fast, Slow;
    bool UseFast = Reading != YamlReading::LLVM &&
                   readSimpleYamlEntries(Text.Text, Fast) &&
                   Fast.size() == Text.NumEntries;
    if (!UseFast || Reading == YamlReading::Check) {
      YamlDocument Doc(D, P.SM, MemoryBufferRef(Text.Text, File));
      auto *Seq = dyn_cast_or_null<yaml::SequenceNode>(Doc.getRoot());
      if (!Seq) {
        P.YamlTrouble = true;
      } else {
        for (yaml::Node &Item : *Seq) {
          Slow.push_back(toYamlValue(D, &Item));
          // The cut assumed each `- ` line at column 0 starts an entry.
          if (P.YamlTrouble || Slow.back().HasErrors ||
              Slow.size() > Text.NumEntries) {
            P.YamlTrouble = true;
            break;
          }
        }
      }
      if (Slow.size() != Text.NumEntries || (!P.YamlTrouble && !Doc.finish()))
        P.YamlTrouble = true;
    }
    if (UseFast && Reading == YamlReading::Check && !P.YamlTrouble)
      for (size_t K = 0; K < Fast.size(); ++K)
        if (!sameYamlValue(Fast[K], Slow[K]))
          D.error(Slow[K].Loc, "the fast YAML reader reads this entry "
                               "differently from LLVM's YAMLParser (a bug "
                               "in opgen)");
    if (!P.YamlTrouble) {
      unsigned Line = Text.FirstLine;
      const char *LinePos = Text.Text.data();
      for (const YamlValue &E : UseFast ? Fast : Slow) {
        // Count lines here rather than ask the SourceMgr, whose line table
        // is built lazily and so is not safe to share between threads.
        Line += std::count(LinePos, E.Loc.getPointer(), '\n');
        LinePos = E.Loc.getPointer();
        Slots.Ok[Slot] =
            readEntry(Ctx, E, Line, M, Implied, File, Release, Slots.Fns[Slot],
                      Slots.FailedNames[Slot], Slots.Printed[Slot]);
        ++Slot;
      }
      if (Slot != End)
        P.YamlTrouble = true;
    }
    D.setThreadTag(0);
  });
  if (any_of(Ps, [](const Piece &P) { return P.YamlTrouble; })) {
    for (size_t I = 0; I < Ps.size(); ++I)
      D.discardDeferred(I + 1);
    return std::nullopt;
  }
  return Slots;
}

static LogicalResult readNativeFunctionsYamlImpl(Context &Ctx,
                                                 unsigned BufferID, Module &M,
                                                 TorchRelease Release,
                                                 unsigned Threads,
                                                 YamlReading Reading) {
  DiagnosticEngine &D = Ctx.getDiags();
  unsigned Before = D.getNumErrors();
  SourceMgr &SM = Ctx.getSourceMgr();
  const MemoryBuffer *Buf = SM.getMemoryBuffer(BufferID);
  StringRef File = Buf->getBufferIdentifier();
  std::optional<EntrySlots> Slots =
      readInPieces(Ctx, BufferID, M, Release, std::max(1u, Threads), Reading);
  if (!Slots) {
    // Read whole: the YAML first, then the entries only if it was clean.
    YamlDocument Doc(Ctx, BufferID);
    YamlValue Root = toYamlValue(Ctx, Doc.getRoot());
    Doc.finish();
    if (D.getNumErrors() != Before)
      return failure();
    if (Root.Kind != YamlKind::Sequence) {
      SMLoc L = Root.Loc.isValid()
                    ? Root.Loc
                    : SMLoc::getFromPointer(Buf->getBufferStart());
      D.error(L, "native_functions.yaml must be a list of `- func:` entries, "
                 "found " +
                     describe(Root.Kind));
      return failure();
    }
    Slots.emplace(Root.Items.size());
    const ImpliedTags Implied(M.ValidTags);
    for (size_t I = 0; I < Root.Items.size(); ++I)
      Slots->Ok[I] = readEntry(Ctx, Root.Items[I],
                               SM.getLineAndColumn(Root.Items[I].Loc).first, M,
                               Implied, File, Release, Slots->Fns[I],
                               Slots->FailedNames[I], Slots->Printed[I]);
  }

  // Operators whose entries had errors: the checks across entries must not
  // report them missing as well.
  std::set<OperatorName> FailedNames;
  std::vector<NativeFunction> &Fns = Slots->Fns;
  size_t Kept = 0;
  for (size_t I = 0; I < Fns.size(); ++I) {
    if (Slots->Ok[I]) {
      if (Kept != I)
        Fns[Kept] = std::move(Fns[I]);
      ++Kept;
    } else if (Slots->FailedNames[I]) {
      FailedNames.insert(*Slots->FailedNames[I]);
    }
  }
  Fns.resize(Kept);

  // Checks across entries (torchgen's error_check_native_functions), plus
  // duplicate operators, which torchgen only notices when two entries share
  // a dispatch key.
  // Names print canonically (they parse back to themselves), so their text
  // identifies them; hashing text is cheaper than ordering structs.
  // Names are printed into a stack buffer and kept, once, in an arena
  // rather than in a node each.
  auto Print = [](const OperatorName &N, SmallString<128> &Buf) {
    Buf.clear();
    raw_svector_ostream OS(Buf);
    N.print(OS);
    return StringRef(Buf);
  };
  BumpPtrAllocator NameArena;
  using NameMap = DenseMap<StringRef, const NativeFunction *>;
  // The entry for \p Key, added (and \p Key saved) if new.
  auto Insert = [&](NameMap &Map, StringRef Key, const NativeFunction *F) {
    auto It = Map.find(Key);
    if (It != Map.end())
      return std::make_pair(It, false);
    return Map.try_emplace(Key.copy(NameArena), F);
  };
  SmallString<128> NameBuf;
  std::vector<StringRef> Names;
  Names.reserve(Fns.size());
  NameMap ByName, ByQualifiedName;
  ByName.reserve(Fns.size());
  ByQualifiedName.reserve(Fns.size());
  for (const NativeFunction &F : Fns) {
    Names.push_back(
        Insert(ByName, Print(F.Func.Name, NameBuf), &F).first->first);
    // Operators are registered per namespace, so `aten::f` and `custom::f`
    // are two operators (torchgen objects only when they share a dispatch
    // key, which the backend-index pass checks).
    NameBuf.clear();
    raw_svector_ostream(NameBuf) << F.Namespace << "::" << Names.back();
    auto [It, New] = Insert(ByQualifiedName, NameBuf, &F);
    if (!New) {
      D.error(F.FuncLoc,
              "duplicate operator `" +
                  (F.Namespace == "aten" ? Names.back() : It->first) + "`");
      D.note(It->second->FuncLoc, "previously declared here");
    }
  }
  // Base names are needed only for inplace_view operators, which are few.
  StringSet<> BaseNames;
  auto HasBaseName = [&](const BaseOperatorName &B) {
    if (BaseNames.empty()) {
      for (const NativeFunction &F : Fns)
        BaseNames.insert(F.Func.Name.Name.str());
      for (const OperatorName &N : FailedNames)
        BaseNames.insert(N.Name.str());
    }
    return BaseNames.count(B.str()) != 0;
  };
  for (size_t I = 0; I < Fns.size(); ++I) {
    const NativeFunction &F = Fns[I];
    StringRef Name = Names[I];
    if (F.StructuredDelegate) {
      auto It = ByName.find(Print(*F.StructuredDelegate, NameBuf));
      if (It == ByName.end()) {
        if (!FailedNames.count(*F.StructuredDelegate))
          D.error(F.FuncLoc, "`" + Name + "` has structured_delegate `" +
                                 F.StructuredDelegate->str() +
                                 "`, but no such operator exists");
      } else if (!It->second->Structured) {
        D.error(F.FuncLoc, "`" + Name + "` has structured_delegate `" +
                               F.StructuredDelegate->str() +
                               "`, which is not marked `structured: True`");
        D.note(It->second->FuncLoc, "delegate declared here");
      }
    }
    if (F.Tags.count("inplace_view") && Name != "resize_" &&
        Name != "resize_as_" && F.Func.Name.Name.str() != "set_") {
      const BaseOperatorName &B = F.Func.Name.Name;
      if (!B.Inplace) {
        D.error(F.FuncLoc, "`" + Name +
                               "` has the inplace_view tag, but its name "
                               "does not end in `_` as inplace operators' do");
      } else {
        BaseOperatorName OutOfPlace{B.Base, false, B.DunderMethod, false};
        if (!HasBaseName(OutOfPlace))
          D.error(F.FuncLoc, "`" + Name +
                                 "` has the inplace_view tag, but there is no "
                                 "out-of-place view operator `" +
                                 OutOfPlace.str() + "`");
      }
    }
  }

  if (D.getNumErrors() != Before)
    return failure();
  M.VariantsSynthesized =
      any_of(Fns, [](const NativeFunction &F) { return F.isGenerated(); });
  M.Functions = std::move(Fns);
  // Every entry was read, so slots and functions line up.
  return rebuildGroups(Ctx, M, Slots->Printed);
}

LogicalResult opgen::readNativeFunctionsYaml(Context &Ctx, unsigned BufferID,
                                             Module &M, TorchRelease Release,
                                             unsigned Threads,
                                             YamlReading Reading) {
  M.Release = Release;
  // Collect diagnostics and print them in source order afterwards, so the
  // output does not depend on the number of threads.
  Ctx.getDiags().beginDeferred();
  LogicalResult R =
      readNativeFunctionsYamlImpl(Ctx, BufferID, M, Release, Threads, Reading);
  Ctx.getDiags().flushDeferred();
  return R;
}
