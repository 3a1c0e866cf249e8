//===- EntryReader.cpp - Read one native_functions.yaml entry -------------===//
//
// The fields of one entry, in the order torchgen's NativeFunction.from_yaml
// reads them, and the checks that need only that entry (torchgen's
// __post_init__ invariants, the release's types, Python keywords).
//
//===----------------------------------------------------------------------===//

#include "EntryReader.h"

#include "opgen/IR/PrintedIRKeys.h"
#include "opgen/Parse/SchemaParser.h"
#include "opgen/Support/TextSearch.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

using namespace opgen;
using namespace opgen::nativeyaml;
using namespace llvm;

namespace {

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
    printedir::LineKey,
    printedir::NamesKey,
    printedir::GroupKey,
    printedir::ViewGroupKey,
    printedir::IsAbstractKey,
};
static_assert(std::size(EntryKeyNames) == unsigned(EntryKey::NumKeys),
              "a name for every EntryKey");

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

/// Arguments named by a Python keyword. A check of the function alone, made
/// once it read without errors: on the reading threads, and after the
/// entry's other checks, as if it came after all entries were read.
void checkArgumentNames(Context &Ctx, const NativeFunction &F,
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

} // namespace

StringRef nativeyaml::keyName(EntryKey K) { return EntryKeyNames[unsigned(K)]; }

SmallVector<std::pair<StringRef, TextLocation>, 4>
nativeyaml::splitList(StringRef Text, const TextLocation &Loc, size_t Offset) {
  SmallVector<StringRef, 4> Parts;
  splitText(Text, ", ", Parts);
  SmallVector<std::pair<StringRef, TextLocation>, 4> Out;
  for (StringRef P : Parts) {
    Out.push_back({P, TextLocation{Loc.at(Offset), Loc.Exact}});
    Offset += P.size() + 2;
  }
  return Out;
}

bool nativeyaml::readEntry(Context &Ctx, const YamlValue &E, unsigned Line,
                           const Module &M, const ImpliedTags &Implied,
                           StringRef File, TorchRelease Release,
                           NativeFunction &Out,
                           std::optional<OperatorName> &FailedName,
                           PrintedResults &Printed, TagListUse &Tags) {
  if (E.Kind != YamlKind::Mapping) {
    Ctx.getDiags().error(E.Loc,
                         "native function entry must be a mapping, found " +
                             describe(E.Kind));
    return false;
  }
  EntryReader Reader(Ctx, M.ValidTags, Implied, File, Release,
                     M.IgnoredDispatchKeys);
  bool Ok = Reader.read(E, Line, Out);
  readPrintedExtensions(Ctx, Reader, Out, Printed, Ok);
  if (Reader.getTagListUse().List.isValid())
    Tags = std::move(Reader.getTagListUse());
  if (Ok) {
    checkArgumentNames(Ctx, Out, Release);
    return true;
  }
  FailedName = Reader.getName();
  return false;
}

//===----------------------------------------------------------------------===//
// Field access
//===----------------------------------------------------------------------===//

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

//===----------------------------------------------------------------------===//
// The entry, field by field
//===----------------------------------------------------------------------===//

bool EntryReader::read(const YamlValue &E, unsigned Line, NativeFunction &F) {
  F.Loc.File = File.str();
  F.Loc.Line = Line;
  indexFields(E);
  // Printed IR records the original line (see emitYaml); torchgen's loader
  // ignores the key, so the file stays readable by torchgen.
  if (const YamlValue *L = field(EntryKey::PrintedLine)) {
    unsigned N;
    if (L->Kind == YamlKind::Int && !StringRef(L->str()).getAsInteger(10, N))
      F.Loc.Line = N;
  }

  bool HaveSchema = readFunc(E, F);
  readCppNoDefaultArgs(E, F);

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

  readVariants(E, F);
  F.ManualKernelRegistration =
      getBool(E, EntryKey::ManualKernelRegistration, false);
  F.ManualCppBinding = getBool(E, EntryKey::ManualCppBinding, false);
  F.DeviceGuard = getBool(E, EntryKey::DeviceGuard, true);
  readDeviceCheck(F);
  F.Structured = getBool(E, EntryKey::Structured, false);
  readStructuredDelegate(F);
  readStructuredInherits(F);
  // The verifier reports the relations between functions at these keys.
  auto KeyAt = [&](EntryKey K) {
    const YamlScalar *S = Keys[unsigned(K)];
    return S ? S->Loc.Start : SMLoc();
  };
  F.StructuredLocs = {
      KeyAt(EntryKey::Structured), KeyAt(EntryKey::StructuredDelegate),
      KeyAt(EntryKey::StructuredInherits), KeyAt(EntryKey::Precomputed)};

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
    if (HaveSchema && F.Precomputed)
      warnDroppedReplacements(F);
  }

  readTags(E, F, HaveSchema);
  readDispatch(E, F, HaveSchema);
  readAutogen(E, F);
  readUfuncField(E, F, HaveSchema);
  deriveFromKernels(E, F);

  if (HaveSchema)
    checkInvariants(F, E);
  return !Failed && HaveSchema;
}

/// `func: [namespace::]schema`. True when the schema parsed and passed its
/// checks.
bool EntryReader::readFunc(const YamlValue &E, NativeFunction &F) {
  const YamlValue *FuncV = field(EntryKey::Func);
  if (!FuncV) {
    error(E.Loc, "native function entry has no `func:`");
    return false;
  }
  if (FuncV->Kind != YamlKind::Str) {
    error(valueLoc(E, EntryKey::Func),
          "`func` must be a string, found " + describe(FuncV->Kind));
    return false;
  }
  F.FuncLoc = FuncV->Scalar.Loc.Start;
  auto P = parseFunctionSchema(Ctx, FuncV->str(), FuncV->Scalar.Loc);
  if (!P) {
    Failed = true;
    return false;
  }
  if (!P->Namespace.empty())
    F.Namespace = P->Namespace;
  // torchgen splits the namespace off at `::`, and an empty one is its
  // default.
  if (P->EmptyNamespace)
    warning(F.FuncLoc, "empty namespace before `::`; `::" +
                           P->Schema.Name.str() + "` is read as `" +
                           P->Schema.Name.str() + "`, an `aten` operator");
  F.Func = std::move(P->Schema);
  Name = F.Func.Name;
  // Not the engine's error count: other threads share it.
  bool TypesOk = true;
  // torchgen takes two arguments of one name and writes both into C++
  // parameter lists, which do not compile. Schemas have a handful.
  SmallVector<StringRef, 16> ArgNames;
  F.Func.Args.anyOf(Arguments::AllParts, [&](const Argument &A) {
    SMLoc L = A.Loc.isValid() ? A.Loc : F.FuncLoc;
    TypesOk &= checkTypeInRelease(A.Ty, L);
    if (is_contained(ArgNames, StringRef(A.Name)))
      error(L, "argument name `" + A.Name +
                   "` is given twice; torchgen would declare two C++ "
                   "parameters of that name");
    ArgNames.push_back(A.Name);
    return false;
  });
  for (const Return &R : F.Func.Returns)
    TypesOk &= checkTypeInRelease(R.Ty, R.Loc.isValid() ? R.Loc : F.FuncLoc);
  bool HaveSchema = TypesOk && succeeded(verifySchema(Ctx, F.Func, F.FuncLoc));
  if (!HaveSchema)
    Failed = true;
  return HaveSchema;
}

/// `cpp_no_default_args`: a list of argument names.
void EntryReader::readCppNoDefaultArgs(const YamlValue &E, NativeFunction &F) {
  const YamlValue *V = field(EntryKey::CppNoDefaultArgs);
  if (!V)
    return;
  if (V->Kind != YamlKind::Sequence) {
    error(valueLoc(E, EntryKey::CppNoDefaultArgs),
          "`cpp_no_default_args` must be a list, found " + describe(V->Kind));
    return;
  }
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

/// `variants`: "function", "method" or "function, method".
void EntryReader::readVariants(const YamlValue &E, NativeFunction &F) {
  const YamlValue *V = field(EntryKey::Variants);
  if (!V)
    return;
  if (V->Kind != YamlKind::Str) {
    error(valueLoc(E, EntryKey::Variants),
          "`variants` must be a string such as `function, method`, "
          "found " +
              describe(V->Kind));
    return;
  }
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

void EntryReader::readDeviceCheck(NativeFunction &F) {
  auto S = getOptString(EntryKey::DeviceCheck);
  if (!S)
    return;
  if (*S == "NoCheck")
    F.DeviceCheck = DeviceCheckType::NoCheck;
  else if (*S == "ExactSame")
    F.DeviceCheck = DeviceCheckType::ExactSame;
  else
    error(field(EntryKey::DeviceCheck)->Loc,
          "illegal device_check `" + *S +
              "`; expected `NoCheck` or `ExactSame`");
}

/// `tags`: a string or a list of strings, each declared in tags.yaml; then
/// the tags the reader adds on its own.
void EntryReader::readTags(const YamlValue &E, NativeFunction &F,
                           bool HaveSchema) {
  // The names point into E.
  SmallVector<std::pair<StringRef, SMLoc>, 8> TagsIn;
  if (const YamlValue *V = field(EntryKey::Tags)) {
    if (V->Kind == YamlKind::Str) {
      TagsIn.push_back({V->str(), V->Loc});
    } else if (V->Kind == YamlKind::Sequence) {
      Tags.List = V->Loc;
      Tags.Key = keyLoc(E, EntryKey::Tags);
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
  auto Add = [&](const char *Tag) {
    F.Tags.insert(Tag);
    if (Tags.List.isValid())
      Tags.Added.push_back(Tag);
  };
  if (F.Namespace == "aten" && Implied.Pt2Compliant)
    Add("pt2_compliant_tag");
  if (HaveSchema && F.Func.isOutFn() && Implied.Out)
    Add("out");
  if (HaveSchema && F.Func.Name.Name.Inplace && Implied.Inplace)
    Add("inplace");
}

/// Whether \p Text is spelt as the schema grammar's operator names are: an
/// identifier, and maybe `.` and an overload name.
static bool isPlainOperatorName(StringRef Text) {
  auto [Op, Overload] = Text.split('.');
  auto IdChar = [](char C) { return isAlnum(C) || C == '_'; };
  return !Op.empty() && !isDigit(Op.front()) && all_of(Op, IdChar) &&
         all_of(Overload, [&](char C) { return IdChar(C) || C == '.'; });
}

/// `autogen`: "a.out, b.out".
void EntryReader::readAutogen(const YamlValue &E, NativeFunction &F) {
  const YamlValue *V = field(EntryKey::Autogen);
  if (!V)
    return;
  if (V->Kind != YamlKind::Str) {
    error(valueLoc(E, EntryKey::Autogen),
          "`autogen` must be a string of comma-separated operator "
          "names, found " +
              describe(V->Kind));
    return;
  }
  if (V->str().empty())
    return;
  for (auto &[P, L] : splitList(V->str(), V->Scalar.Loc)) {
    std::string Why;
    if (!torchgenAcceptsOperatorName(P, Why) || isPlainOperatorName(P)) {
      // The schema grammar says where a name torchgen rejects goes wrong.
      if (auto N = parseOperatorName(Ctx, P, L))
        F.Autogen.push_back(std::move(*N));
      else
        Failed = true;
      continue;
    }
    // torchgen takes the name as written; it can only ever match no
    // variant, which is harmless unless variants are made (then the
    // group's check fails, in opgen as in torchgen).
    if (P.contains("::"))
      warning(L.Start, "`autogen` name `" + P +
                           "` has a namespace, so it names no variant that "
                           "torchgen generates; write it without one");
    else if (P.contains(','))
      warning(L.Start, "`autogen` names are separated by `, `: `" + P +
                           "` is read as one name, which names no variant "
                           "that torchgen generates");
    else
      warning(L.Start, "`autogen` name `" + P +
                           "` is not an operator name, so it names no "
                           "variant that torchgen generates");
    OperatorName Written;
    Written.Name.Base = P.str();
    F.Autogen.push_back(std::move(Written));
  }
}

//===----------------------------------------------------------------------===//
// Checks of the whole entry
//===----------------------------------------------------------------------===//

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
        return containsText(A.Name, "dropout");
      });
    };
    bool Random = containsText(Name, "rand") || S.Args.hasGeneratorArg() ||
                  ((containsText(Name, "dropout") || DropoutArg()) &&
                   !containsText(Name, "backward") &&
                   S.Name.Name.str() != "_cudnn_init_dropout_state");
    if (Random && !F.Tags.count("nondeterministic_seeded"))
      error(field(EntryKey::Tags) ? field(EntryKey::Tags)->Loc : FL,
            "`" + Name +
                "` looks random (its name or a Generator argument), "
                "so it needs the `nondeterministic_seeded` tag");
  }
}
