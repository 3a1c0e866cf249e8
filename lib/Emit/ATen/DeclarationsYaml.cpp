//===- DeclarationsYaml.cpp - Declarations.yaml ---------------------------===//
//
// torchgen's gen_declarations_yaml: a legacy description of every function
// (tools/autograd and others read it), one mapping per function with its C++
// API arguments (TensorOptions packed, out= first), its schema-order
// arguments and its returns, dumped with PyYAML. Key order follows
// compute_declaration_yaml for the function's mapping; the argument and
// return mappings are plain dicts, which PyYAML writes with sorted keys.
//
//===----------------------------------------------------------------------===//

#include "opgen/CppApi/CppSignature.h"
#include "opgen/CppApi/CppTypes.h"
#include "opgen/Emit/CppApiWrappers.h"
#include "opgen/Emit/Emitters.h"
#include "opgen/Emit/PyYamlDump.h"
#include "opgen/Support/Parallel.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/DJB.h"

#include <cassert>
#include <deque>

using namespace opgen;
using namespace llvm;

/// Keys and constant values, their styles worked out once.
#define DECLARATION_TEXTS(X)                                                   \
  X(KAbstract, "abstract")                                                     \
  X(KAllocate, "allocate")                                                     \
  X(KAnnotation, "annotation")                                                 \
  X(KArguments, "arguments")                                                   \
  X(KCategoryOverride, "category_override")                                    \
  X(KDefault, "default")                                                       \
  X(KDeprecated, "deprecated")                                                 \
  X(KDeviceGuard, "device_guard")                                              \
  X(KDynamicType, "dynamic_type")                                              \
  X(KFieldName, "field_name")                                                  \
  X(KHasMathKernel, "has_math_kernel")                                         \
  X(KInplace, "inplace")                                                       \
  X(KIsFactoryMethod, "is_factory_method")                                     \
  X(KIsNullable, "is_nullable")                                                \
  X(KKwargOnly, "kwarg_only")                                                  \
  X(KManualKernelRegistration, "manual_kernel_registration")                   \
  X(KMethodOf, "method_of")                                                    \
  X(KMode, "mode")                                                             \
  X(KName, "name")                                                             \
  X(KOperatorName, "operator_name")                                            \
  X(KOutput, "output")                                                         \
  X(KOverloadName, "overload_name")                                            \
  X(KPythonModule, "python_module")                                            \
  X(KReturns, "returns")                                                       \
  X(KSchemaOrderArguments, "schema_order_arguments")                           \
  X(KSchemaOrderCppSignature, "schema_order_cpp_signature")                    \
  X(KSchemaString, "schema_string")                                            \
  X(KSize, "size")                                                             \
  X(KType, "type")                                                             \
  X(KWithGil, "with_gil")                                                      \
  X(VTensor, "Tensor")                                                         \
  X(VType, "Type")                                                             \
  X(VAtTensoroptions, "at::TensorOptions")                                     \
  X(VNamespace, "namespace")                                                   \
  X(VNative, "native")                                                         \
  X(VAtTensor, "at::Tensor")

struct ConstantTexts {
#define DECLARE_TEXT(Id, Spelling) PyYamlString Id{Spelling};
  DECLARATION_TEXTS(DECLARE_TEXT)
#undef DECLARE_TEXT
};

static const ConstantTexts &texts() {
  static const ConstantTexts T;
  return T;
}

namespace {
/// A schema argument with the sets torchgen tests membership of.
struct ArgRef {
  const Argument *A;
  bool KwargOnly;
  bool Out;
  /// Its C++ type and its text under `arguments`, which
  /// `schema_order_arguments` repeats.
  const PyYamlString *CppType = nullptr;
  PyYamlEmitter::Run Text = {};
};

/// An argument's two type texts.
struct ArgTypeTexts {
  const PyYamlString *Dynamic, *Cpp;
};

/// The C++ spellings of argument types, made once per type: a few dozen
/// types recur thousands of times.
class TypeTexts {
public:
  /// dynamic_type: the C++ argument type, except that Tensor and Tensor?
  /// are both `at::Tensor`.
  const PyYamlString &dynamicType(Type T, const CppApiFlags &Flags) {
    while (T.getKind() == Type::Optional)
      T = T.getElementType();
    if (T.isBase(BaseTy::Tensor))
      return texts().VAtTensor;
    return get(T, /*Mutable=*/false, Flags);
  }
  /// cpp.argument_type without SymInt.
  const PyYamlString &argumentType(Type T, bool Mutable,
                                   const CppApiFlags &Flags) {
    return get(T, Mutable, Flags);
  }
  /// Both of an argument's types in one look-up.
  ArgTypeTexts argumentTypes(Type T, bool Mutable, const CppApiFlags &Flags) {
    auto [It, New] = ArgIndex.try_emplace({T.getImpl(), key(Mutable, Flags)},
                                          ArgTypeTexts{nullptr, nullptr});
    if (New)
      It->second = {&dynamicType(T, Flags), &get(T, Mutable, Flags)};
    return It->second;
  }

private:
  static unsigned key(bool Mutable, const CppApiFlags &Flags) {
    return unsigned(Mutable) | unsigned(Flags.ConstRefForMutableTensors) << 1 |
           unsigned(Flags.ITensorListRefForTensorLists) << 2;
  }
  const PyYamlString &get(Type T, bool Mutable, const CppApiFlags &Flags) {
    auto [It, New] =
        Index.try_emplace({T.getImpl(), key(Mutable, Flags)}, Texts.size());
    if (New)
      Texts.emplace_back(
          argumentCType(T, Mutable, /*SymInt=*/false, Flags).str());
    return Texts[It->second];
  }
  llvm::DenseMap<std::pair<const void *, unsigned>, unsigned> Index;
  llvm::DenseMap<std::pair<const void *, unsigned>, ArgTypeTexts> ArgIndex;
  std::deque<PyYamlString> Texts;
};

/// Runs of text written so far in a chunk (PyYamlEmitter::Run), by a key
/// that spells out everything they show. The same argument (`self`, `dim`,
/// `out`) recurs in hundreds of functions, as do returns and the function's
/// last keys; copying their texts instead of emitting them again saves
/// about 22 M instructions of Declarations.yaml's 149 M.
class RunTexts {
public:
  struct Entry {
    PyYamlEmitter::Run Run;
    bool Written = false;
    /// For arguments: the C++ type, for the signature.
    const PyYamlString *CppType = nullptr;
  };

  /// Start a key, then add its parts.
  RunTexts &key() {
    Key.clear();
    return *this;
  }
  RunTexts &add(StringRef S) {
    // The length first, so that parts cannot run into each other.
    uint32_t N = S.size();
    Key += StringRef(reinterpret_cast<const char *>(&N), sizeof(N));
    Key += S;
    return *this;
  }
  RunTexts &add(const void *P) {
    Key += StringRef(reinterpret_cast<const char *>(&P), sizeof(P));
    return *this;
  }
  RunTexts &addBits(unsigned Bits) {
    Key += char(Bits);
    return *this;
  }
  RunTexts &add(const std::optional<Annotation> &A) {
    Key += char(A.has_value());
    if (!A)
      return *this;
    Key += char(A->IsWrite);
    for (const std::vector<std::string> *Set :
         {&A->AliasSet, &A->AliasSetAfter}) {
      Key += char(Set->size());
      for (const std::string &Alias : *Set)
        add(Alias);
    }
    return *this;
  }
  /// The key's entry, not yet written the first time. Entries stay where
  /// they are as others are added.
  Entry &entry() { return Texts[Key]; }

private:
  SmallString<128> Key;
  StringMap<Entry> Texts;
};

/// What an argument's mapping shows, its parts in the module; the key of
/// its text among a chunk's runs. Cheaper to look up than a RunTexts key,
/// which matters for the commonest run (about 3 M instructions).
struct ArgKey {
  const void *Ty;
  unsigned Bits;
  StringRef Name, FieldName, Default;
  const Annotation *Annot;
  unsigned Hash;

  ArgKey(const ArgRef &R, StringRef FieldName, const CppApiFlags &Flags)
      : Ty(R.A->Ty.getImpl()),
        Bits(R.KwargOnly | R.Out << 1 | Flags.ConstRefForMutableTensors << 2 |
             Flags.ITensorListRefForTensorLists << 3 |
             R.A->Default.has_value() << 4 | R.A->Annot.has_value() << 5),
        Name(R.A->Name), FieldName(FieldName),
        Default(R.A->Default ? StringRef(*R.A->Default) : StringRef()),
        Annot(R.A->Annot ? &*R.A->Annot : nullptr) {
    // Annotations differ in their alias sets too, which equality checks.
    unsigned H = djbHash(Name, hash_value(Ty) ^ Bits ^
                                   (Annot ? Annot->IsWrite << 8 : 0));
    Hash = djbHash(Default, djbHash(FieldName, H));
  }
  explicit ArgKey(const void *Ty) : Ty(Ty), Bits(0), Annot(nullptr), Hash(0) {}
};

/// What a chunk's functions share.
struct ChunkTexts {
  TypeTexts Types;
  DenseMap<ArgKey, RunTexts::Entry> Arguments;
  RunTexts Returns, Tails;
};

} // namespace

template <> struct llvm::DenseMapInfo<ArgKey> {
  static ArgKey getEmptyKey() {
    return ArgKey(DenseMapInfo<const void *>::getEmptyKey());
  }
  static ArgKey getTombstoneKey() {
    return ArgKey(DenseMapInfo<const void *>::getTombstoneKey());
  }
  static unsigned getHashValue(const ArgKey &K) { return K.Hash; }
  static bool isEqual(const ArgKey &A, const ArgKey &B) {
    return A.Ty == B.Ty && A.Bits == B.Bits && A.Name == B.Name &&
           A.FieldName == B.FieldName && A.Default == B.Default &&
           (A.Annot == B.Annot || (A.Annot && B.Annot && *A.Annot == *B.Annot));
  }
};

namespace {
class DeclarationWriter {
public:
  DeclarationWriter(const NativeFunction &F, StringRef Schema, PyYamlEmitter &E,
                    ChunkTexts &C)
      : F(F), Schema(Schema), Flags(CppApiFlags::forFunction(F)), E(E), C(C),
        Types(C.Types) {}

  /// The function's item of the root sequence.
  void write();

private:
  const PyYamlString &dynamicType(Type T) {
    return Types.dynamicType(T, Flags);
  }
  /// Under `arguments`, recording the text.
  void argument(ArgRef &R);
  void mapping(const ArgRef &R, StringRef FieldName, RunTexts::Entry &En);
  /// Under `schema_order_arguments`: the same text where the layout lets
  /// it be copied (always, in practice), which saved about 20 M
  /// instructions before texts were also shared between functions.
  void repeatArgument(ArgRef &R) {
    if (!E.repeatRun(R.Text))
      argument(R);
  }
  void tensorOptions(const Binding &B);
  /// pythonify_default: a C++ default that reads as a bool, an int or a
  /// float in Python is written as one.
  void pythonValue(StringRef S);
  void returns();
  /// Copy \p En's text if it was written in the same place before, else
  /// write it with \p Emit and record it.
  template <typename EmitFn> void run(RunTexts::Entry &En, EmitFn Emit) {
    if (En.Written && E.repeatRun(En.Run))
      return;
    E.beginRun(En.Run);
    Emit();
    E.endRun(En.Run);
    En.Written = true;
  }

  const NativeFunction &F;
  /// str(FunctionSchema), made once per run (FunctionTexts).
  StringRef Schema;
  const ConstantTexts &T = texts();
  CppApiFlags Flags;
  PyYamlEmitter &E;
  ChunkTexts &C;
  TypeTexts &Types;
  /// Out argument name -> the name of its return (Note [name and
  /// field_name]).
  std::vector<std::pair<StringRef, StringRef>> FieldNames;
};
} // namespace

void DeclarationWriter::pythonValue(StringRef S) {
  if (S == "true" || S == "false")
    return E.boolean(S == "true");
  if (std::optional<std::string> I = parsePythonInt(S))
    return E.integerDigits(*I);
  if (std::optional<double> D = parsePythonFloat(S))
    return E.real(*D);
  E.string(S);
}

void DeclarationWriter::argument(ArgRef &R) {
  const Argument &A = *R.A;
  StringRef FieldName;
  if (R.Out)
    for (const auto &[Arg, Field] : FieldNames)
      if (Arg == A.Name) {
        FieldName = Field;
        break;
      }
  // No entry is added while this one is in use.
  RunTexts::Entry &En = C.Arguments[ArgKey(R, FieldName, Flags)];
  run(En, [&] { mapping(R, FieldName, En); });
  R.Text = En.Run;
  R.CppType = En.CppType;
}

void DeclarationWriter::mapping(const ArgRef &R, StringRef FieldName,
                                RunTexts::Entry &En) {
  const Argument &A = *R.A;
  ArgTypeTexts Ty = Types.argumentTypes(A.Ty, A.isWrite(), Flags);
  En.CppType = Ty.Cpp;
  E.beginMapping();
  if (R.Out) {
    E.key(T.KAllocate);
    E.boolean(true);
  }
  E.key(T.KAnnotation);
  if (A.Annot)
    E.string(A.Annot->str());
  else
    E.null();
  if (A.Default) {
    E.key(T.KDefault);
    pythonValue(defaultExpr(*A.Default, A.Ty, /*SymInt=*/false));
  }
  E.key(T.KDynamicType);
  E.string(*Ty.Dynamic);
  if (!FieldName.empty()) {
    E.key(T.KFieldName);
    E.string(FieldName);
  }
  E.key(T.KIsNullable);
  E.boolean(A.Ty.isNullable());
  if (R.KwargOnly) {
    E.key(T.KKwargOnly);
    E.boolean(true);
  }
  E.key(T.KName);
  E.string(A.Name);
  if (R.Out) {
    E.key(T.KOutput);
    E.boolean(true);
  }
  // A bool list's size is part of its C++ type (std::array<bool,N>).
  if (Type L = A.Ty.getListLike()) {
    std::optional<uint64_t> Size = L.getSize();
    if (Size && !L.getElementType().isBase(BaseTy::Bool)) {
      E.key(T.KSize);
      E.integer(static_cast<int64_t>(*Size));
    }
  }
  E.key(T.KType);
  E.string(*Ty.Cpp);
  E.endMapping();
}

void DeclarationWriter::tensorOptions(const Binding &B) {
  E.beginMapping();
  E.key(T.KAnnotation);
  E.null();
  if (B.Default) {
    E.key(T.KDefault);
    E.string(*B.Default);
  }
  E.key(T.KDynamicType);
  E.string(T.VAtTensoroptions);
  E.key(T.KIsNullable);
  E.boolean(false);
  E.key(T.KKwargOnly);
  E.boolean(true);
  E.key(T.KName);
  E.string(B.Name);
  E.key(T.KType);
  E.string(B.type());
  E.endMapping();
}

void DeclarationWriter::returns() {
  std::vector<std::string> Names = returnNames(F);
  E.beginSequence();
  for (size_t I = 0, N = F.Func.Returns.size(); I != N; ++I) {
    const Return &R = F.Func.Returns[I];
    RunTexts::Entry &En = C.Returns.key()
                              .add(R.Ty.getImpl())
                              .addBits(Flags.ConstRefForMutableTensors |
                                       Flags.ITensorListRefForTensorLists << 1 |
                                       R.Name.has_value() << 2)
                              .add(R.Name ? StringRef(*R.Name) : StringRef())
                              .add(Names[I])
                              .add(R.Annot)
                              .entry();
    run(En, [&] {
      E.beginMapping();
      E.key(T.KDynamicType);
      E.string(dynamicType(R.Ty));
      if (R.Name) {
        E.key(T.KFieldName);
        E.string(*R.Name);
      }
      E.key(T.KName);
      E.string(Names[I]);
      E.key(T.KType);
      E.string(returnCType(R, Flags).str());
      E.endMapping();
    });
  }
  E.endSequence();
}

void DeclarationWriter::write() {
  const FunctionSchema &Func = F.Func;
  const Arguments &As = Func.Args;
  if (Func.isOutFn())
    for (size_t I = 0, N = Func.Returns.size(); I != N && I < As.Out.size();
         ++I)
      if (Func.Returns[I].Name)
        FieldNames.emplace_back(As.Out[I].Name, *Func.Returns[I].Name);

  // The schema's arguments in order; a null argument stands for the four
  // tensor options, which the C++ API packs into one.
  // On the stack: growing vectors of these cost about 3 M instructions.
  SmallVector<ArgRef, 8> Positional, KwargOnly, Out;
  for (const Argument &A : As.PreSelfPositional)
    Positional.push_back({&A, false, false});
  if (As.Self)
    Positional.push_back({&*As.Self, false, false});
  for (const Argument &A : As.PostSelfPositional)
    Positional.push_back({&A, false, false});
  for (const Argument &A : As.PreTensorOptionsKwargOnly)
    KwargOnly.push_back({&A, true, false});
  if (As.TensorOptions)
    KwargOnly.push_back({nullptr, true, false});
  for (const Argument &A : As.PostTensorOptionsKwargOnly)
    KwargOnly.push_back({&A, true, false});
  for (const Argument &A : As.Out)
    Out.push_back({&A, false, true});

  E.beginMapping();
  E.key(T.KName);
  E.string(cppName(F, /*FaithfulOutName=*/false));
  E.key(T.KOperatorName);
  E.string(Func.Name.Name.str());
  E.key(T.KOverloadName);
  E.string(Func.Name.OverloadName);
  E.key(T.KManualKernelRegistration);
  E.boolean(F.ManualKernelRegistration);
  E.key(T.KCategoryOverride);
  E.string(F.CategoryOverride ? *F.CategoryOverride : "");
  E.key(T.KSchemaString);
  SmallString<256> SchemaString("aten::");
  SchemaString += Schema;
  E.string(SchemaString);

  // The C++ API's arguments: out= first, then the rest. Only the packed
  // tensor options need its bindings.
  std::vector<Binding> CppArgs;
  if (As.TensorOptions)
    CppArgs = cppArguments(F, /*Faithful=*/false, /*SymInt=*/false,
                           /*Method=*/false);
  assert((CppArgs.empty() || CppArgs.size() == Out.size() + Positional.size() +
                                                   KwargOnly.size()) &&
         "the C++ API packs only the tensor options");
  E.key(T.KArguments);
  E.beginSequence();
  size_t B = 0;
  for (SmallVector<ArgRef, 8> *Part : {&Out, &Positional, &KwargOnly})
    for (ArgRef &R : *Part) {
      if (R.A)
        argument(R);
      else
        tensorOptions(CppArgs[B]);
      ++B;
    }
  E.endSequence();

  // Schema order, each argument as the C++ API types it unpacked.
  SmallString<256> Sig(returnsCType(Func.Returns, Flags).str());
  Sig += " (";
  bool First = true;
  auto AddType = [&](const PyYamlString &Ty) {
    if (!First)
      Sig += ", ";
    First = false;
    Sig += Ty.str();
  };
  for (const SmallVector<ArgRef, 8> *Part : {&Positional, &KwargOnly, &Out})
    for (const ArgRef &R : *Part) {
      if (R.A) {
        AddType(*R.CppType);
        continue;
      }
      for (const Argument &A : *As.TensorOptions)
        AddType(Types.argumentType(A.Ty, A.isWrite(), Flags));
    }
  Sig += ')';
  E.key(T.KSchemaOrderCppSignature);
  E.string(Sig.str());

  E.key(T.KSchemaOrderArguments);
  E.beginSequence();
  for (SmallVector<ArgRef, 8> *Part : {&Positional, &KwargOnly, &Out})
    for (ArgRef &R : *Part) {
      if (R.A) {
        repeatArgument(R);
        continue;
      }
      for (const Argument &A : *As.TensorOptions) {
        ArgRef Unpacked{&A, true, false};
        argument(Unpacked);
      }
    }
  E.endSequence();

  // A StringRef of the member, not of a temporary string made by `?:`.
  StringRef PythonModule =
      F.PythonModule ? StringRef(*F.PythonModule) : StringRef();
  run(C.Tails.key()
          .addBits(0 | F.VariantMethod << 1 | F.VariantFunction << 2)
          .add(PythonModule)
          .entry(),
      [&] {
        E.key(T.KMethodOf);
        E.beginSequence();
        E.string(T.VType);
        if (F.VariantMethod)
          E.string(T.VTensor);
        if (F.VariantFunction)
          E.string(T.VNamespace);
        E.endSequence();
        E.key(T.KMode);
        E.string(T.VNative);
        E.key(T.KPythonModule);
        E.string(PythonModule);
      });
  E.key(T.KReturns);
  returns();
  bool Inplace = Func.Name.Name.Inplace;
  bool IsFactory = As.TensorOptions.has_value() && !F.VariantMethod;
  run(C.Tails.key()
          .addBits(1 | Inplace << 1 | IsFactory << 2 | F.IsAbstract << 3 |
                   F.DeviceGuard << 4 |
                   F.HasCompositeImplicitAutogradKernel << 5)
          .entry(),
      [&] {
        E.key(T.KInplace);
        E.boolean(Inplace);
        E.key(T.KIsFactoryMethod);
        E.boolean(IsFactory);
        E.key(T.KAbstract);
        E.boolean(F.IsAbstract);
        E.key(T.KDeviceGuard);
        E.boolean(F.DeviceGuard);
        E.key(T.KWithGil);
        E.boolean(false);
        E.key(T.KDeprecated);
        E.boolean(false);
        E.key(T.KHasMathKernel);
        E.boolean(F.HasCompositeImplicitAutogradKernel);
      });
  E.endMapping();
}

LogicalResult opgen::emitDeclarationsYaml(EmitContext &EC) {
  if (!EC.Options.GenerateDeclarationsYaml)
    return success();
  const std::vector<NativeFunction> &Fns = EC.M.Functions;
  if (Fns.empty())
    return EC.files().writeText("Declarations.yaml", "[]\n");
  // Each function is one item of the root list, and items are independent:
  // each thread makes the items of a run of functions into a text of its
  // own, and the texts are joined in order.
  unsigned NumChunks =
      std::max(1u, std::min<unsigned>(EC.Options.Threads, Fns.size()));
  CppWrapperCache &Cache = getCppWrapperCache(EC);
  std::vector<std::string> Chunks(NumChunks);
  EC.Ctx.getThreadPool().parallelFor(NumChunks, NumChunks, [&](size_t C) {
    size_t Begin = Fns.size() * C / NumChunks;
    size_t End = Fns.size() * (C + 1) / NumChunks;
    // About 1.7 kB per function.
    Chunks[C].reserve((End - Begin) * 2048);
    ChunkTexts Texts;
    PyYamlEmitter E = PyYamlEmitter::forRootSequenceItem(Chunks[C]);
    for (size_t I = Begin; I != End; ++I)
      DeclarationWriter(Fns[I], Cache.texts(Fns[I]).schema(), E, Texts).write();
    E.finishDocument();
  });
  std::string Text = std::move(Chunks[0]);
  size_t Size = 0;
  for (const std::string &S : Chunks)
    Size += S.size();
  Text.reserve(Size);
  for (unsigned C = 1; C < NumChunks; ++C)
    Text += Chunks[C];
  return EC.files().writeText("Declarations.yaml", std::move(Text));
}
