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
#include "opgen/Emit/Emitters.h"
#include "opgen/Emit/PyYamlDump.h"
#include "opgen/Support/Parallel.h"

#include <cassert>

using namespace opgen;
using namespace llvm;

namespace {
/// A schema argument with the sets torchgen tests membership of.
struct ArgRef {
  const Argument *A;
  bool KwargOnly;
  bool Out;
};

class DeclarationWriter {
public:
  DeclarationWriter(const NativeFunction &F, std::string &Out)
      : F(F), Flags(CppApiFlags::forFunction(F)),
        E(PyYamlEmitter::forRootSequenceItem(Out)) {}

  void write();

private:
  /// dynamic_type: the C++ argument type, except that Tensor and Tensor?
  /// are both `at::Tensor`.
  std::string dynamicType(Type T) const {
    while (T.getKind() == Type::Optional)
      T = T.getElementType();
    if (T.isBase(BaseTy::Tensor))
      return "at::Tensor";
    return argumentCType(T, /*Mutable=*/false, /*SymInt=*/false, Flags).str();
  }
  void argument(const ArgRef &R);
  void tensorOptions(const Binding &B);
  /// pythonify_default: a C++ default that reads as a bool, an int or a
  /// float in Python is written as one.
  void pythonValue(StringRef S);
  void returns();

  const NativeFunction &F;
  CppApiFlags Flags;
  PyYamlEmitter E;
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

void DeclarationWriter::argument(const ArgRef &R) {
  const Argument &A = *R.A;
  E.beginMapping();
  if (R.Out) {
    E.key("allocate");
    E.boolean(true);
  }
  E.key("annotation");
  if (A.Annot)
    E.string(A.Annot->str());
  else
    E.null();
  if (A.Default) {
    E.key("default");
    pythonValue(defaultExpr(*A.Default, A.Ty, /*SymInt=*/false));
  }
  E.key("dynamic_type");
  E.string(dynamicType(A.Ty));
  if (R.Out) {
    for (const auto &[Arg, Field] : FieldNames)
      if (Arg == A.Name) {
        E.key("field_name");
        E.string(Field);
        break;
      }
  }
  E.key("is_nullable");
  E.boolean(A.Ty.isNullable());
  if (R.KwargOnly) {
    E.key("kwarg_only");
    E.boolean(true);
  }
  E.key("name");
  E.string(A.Name);
  if (R.Out) {
    E.key("output");
    E.boolean(true);
  }
  // A bool list's size is part of its C++ type (std::array<bool,N>).
  if (Type L = A.Ty.getListLike()) {
    std::optional<uint64_t> Size = L.getSize();
    if (Size && !L.getElementType().isBase(BaseTy::Bool)) {
      E.key("size");
      E.integer(static_cast<int64_t>(*Size));
    }
  }
  E.key("type");
  E.string(argumentCType(A.Ty, A.isWrite(), /*SymInt=*/false, Flags).str());
  E.endMapping();
}

void DeclarationWriter::tensorOptions(const Binding &B) {
  E.beginMapping();
  E.key("annotation");
  E.null();
  if (B.Default) {
    E.key("default");
    E.string(*B.Default);
  }
  E.key("dynamic_type");
  E.string("at::TensorOptions");
  E.key("is_nullable");
  E.boolean(false);
  E.key("kwarg_only");
  E.boolean(true);
  E.key("name");
  E.string(B.Name);
  E.key("type");
  E.string(B.type());
  E.endMapping();
}

void DeclarationWriter::returns() {
  std::vector<std::string> Names = returnNames(F);
  E.beginSequence();
  for (size_t I = 0, N = F.Func.Returns.size(); I != N; ++I) {
    const Return &R = F.Func.Returns[I];
    E.beginMapping();
    E.key("dynamic_type");
    E.string(dynamicType(R.Ty));
    if (R.Name) {
      E.key("field_name");
      E.string(*R.Name);
    }
    E.key("name");
    E.string(Names[I]);
    E.key("type");
    E.string(returnCType(R, Flags).str());
    E.endMapping();
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
  std::vector<ArgRef> Positional, KwargOnly, Out;
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
  E.key("name");
  E.string(cppName(F, /*FaithfulOutName=*/false));
  E.key("operator_name");
  E.string(Func.Name.Name.str());
  E.key("overload_name");
  E.string(Func.Name.OverloadName);
  E.key("manual_kernel_registration");
  E.boolean(F.ManualKernelRegistration);
  E.key("category_override");
  E.string(F.CategoryOverride ? *F.CategoryOverride : "");
  E.key("schema_string");
  E.string("aten::" + Func.str());

  // The C++ API's arguments: out= first, then the rest.
  std::vector<Binding> CppArgs = cppArguments(F, /*Faithful=*/false,
                                              /*SymInt=*/false,
                                              /*Method=*/false);
  assert(CppArgs.size() == Out.size() + Positional.size() + KwargOnly.size() &&
         "the C++ API packs only the tensor options");
  E.key("arguments");
  E.beginSequence();
  size_t B = 0;
  for (const std::vector<ArgRef> *Part : {&Out, &Positional, &KwargOnly})
    for (const ArgRef &R : *Part) {
      if (R.A)
        argument(R);
      else
        tensorOptions(CppArgs[B]);
      ++B;
    }
  E.endSequence();

  // Schema order, each argument as the C++ API types it unpacked.
  std::string Sig = returnsCType(Func.Returns, Flags).str();
  Sig += " (";
  bool First = true;
  for (const Argument *A : Func.schemaOrderArguments()) {
    if (!First)
      Sig += ", ";
    First = false;
    argumentCType(A->Ty, A->isWrite(), /*SymInt=*/false, Flags).print(Sig);
  }
  Sig += ')';
  E.key("schema_order_cpp_signature");
  E.string(Sig);

  E.key("schema_order_arguments");
  E.beginSequence();
  for (const std::vector<ArgRef> *Part : {&Positional, &KwargOnly, &Out})
    for (const ArgRef &R : *Part) {
      if (R.A) {
        argument(R);
        continue;
      }
      for (const Argument &A : *As.TensorOptions)
        argument({&A, true, false});
    }
  E.endSequence();

  E.key("method_of");
  E.beginSequence();
  E.string("Type");
  if (F.VariantMethod)
    E.string("Tensor");
  if (F.VariantFunction)
    E.string("namespace");
  E.endSequence();
  E.key("mode");
  E.string("native");
  E.key("python_module");
  E.string(F.PythonModule ? *F.PythonModule : "");
  E.key("returns");
  returns();
  E.key("inplace");
  E.boolean(Func.Name.Name.Inplace);
  E.key("is_factory_method");
  E.boolean(As.TensorOptions.has_value() && !F.VariantMethod);
  E.key("abstract");
  E.boolean(F.IsAbstract);
  E.key("device_guard");
  E.boolean(F.DeviceGuard);
  E.key("with_gil");
  E.boolean(false);
  E.key("deprecated");
  E.boolean(false);
  E.key("has_math_kernel");
  E.boolean(F.HasCompositeImplicitAutogradKernel);
  E.endMapping();
  E.finishDocument();
}

LogicalResult opgen::emitDeclarationsYaml(EmitContext &EC) {
  if (!EC.Options.GenerateDeclarationsYaml)
    return success();
  const std::vector<NativeFunction> &Fns = EC.M.Functions;
  // Each function is one item of the root list; items are independent, so
  // they are made on threads and joined in order.
  std::vector<std::string> Items(Fns.size());
  parallelFor(EC.Options.Threads, Fns.size(), [&](size_t I) {
    Items[I].reserve(2048);
    DeclarationWriter(Fns[I], Items[I]).write();
  });
  std::string Text;
  if (Fns.empty()) {
    Text = "[]\n";
  } else {
    size_t Size = 0;
    for (const std::string &S : Items)
      Size += S.size();
    Text.reserve(Size);
    for (const std::string &S : Items)
      Text += S;
  }
  return EC.files().writeText("Declarations.yaml", std::move(Text));
}
