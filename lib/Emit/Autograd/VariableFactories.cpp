//===- VariableFactories.cpp - variable_factories.h -----------------------===//
//
// torch:: factory functions (torchgen's gen_variable_factories): for each
// function variant that takes TensorOptions or is named `*_like`, an inline
// wrapper of the at:: function that makes its result a Variable and sets
// requires_grad from the options itself:
//
//   inline at::Tensor ones(at::IntArrayRef size, at::TensorOptions options =
//   {}) {
//     at::AutoDispatchBelowADInplaceOrView guard;
//     return autograd::make_variable(at::ones(size,
//         at::TensorOptions(options).requires_grad(::std::nullopt)),
//         /*requires_grad=*/options.requires_grad());
//   }
//
//===----------------------------------------------------------------------===//

#include "opgen/CppApi/CppSignature.h"
#include "opgen/Emit/Autograd/TraceTypeCommon.h"
#include "opgen/Emit/Emitters.h"

#include "llvm/ADT/StringExtras.h"

using namespace opgen;
using namespace llvm;

namespace {

/// torchgen's fully_qualified_type: `at::` before a type name that starts
/// with a capital (after an optional `const `), looking inside a leading
/// `std::optional<...>`. The C++ API spells its types qualified already,
/// so this rarely changes anything; it follows torchgen's two patterns.
std::string fullyQualifiedType(StringRef Ty) {
  bool IsOpt = false;
  StringRef Inner = Ty;
  // OPTIONAL_TYPE_PATTERN, `std::optional<(.+)>`, matched at the start:
  // the group runs to the last `>` that leaves it non-empty.
  if (Ty.startswith("std::optional<")) {
    StringRef Rest = Ty.drop_front(strlen("std::optional<"));
    size_t Gt = Rest.rfind('>');
    if (Gt != StringRef::npos && Gt > 0) {
      IsOpt = true;
      Inner = Rest.take_front(Gt);
    }
  }
  // TYPE_PATTERN, `(?:const\s+)?([A-Z]\w+)`, matched at the start.
  auto IsWord = [](char C) { return isAlnum(C) || C == '_'; };
  auto MatchName = [&](size_t I) {
    return I + 1 < Inner.size() && Inner[I] >= 'A' && Inner[I] <= 'Z' &&
           IsWord(Inner[I + 1]);
  };
  std::optional<size_t> Index;
  if (Inner.startswith("const")) {
    size_t I = 5;
    while (I < Inner.size() && isSpace(Inner[I]))
      ++I;
    if (I > 5 && MatchName(I))
      Index = I;
  }
  if (!Index && MatchName(0))
    Index = 0;
  std::string Q =
      Index
          ? (Inner.take_front(*Index) + "at::" + Inner.drop_front(*Index)).str()
          : Inner.str();
  return IsOpt ? "std::optional<" + Q + ">" : Q;
}

bool isFactoryFunction(const NativeFunction &F) {
  if (!F.VariantFunction)
    return false;
  return F.Func.Args.TensorOptions ||
         StringRef(autogradCppName(F)).endswith("_like");
}

/// torchgen's process_function: the wrappers of \p F's C++ signature and,
/// if it has one, its SymInt signature.
std::string processFunction(const NativeFunction &F) {
  CppSignatureGroup G = CppSignatureGroup::get(F, /*Method=*/false);
  std::vector<const CppSignature *> Sigs{&G.Signature};
  if (G.SymIntSignature)
    Sigs.push_back(&*G.SymIntSignature);
  bool HasOptions = bool(F.Func.Args.TensorOptions);
  std::string R;
  for (const CppSignature *Sig : Sigs) {
    std::string Formals, Exprs, RequiresGrad = "false";
    for (const Binding &B : Sig->arguments()) {
      if (!Formals.empty()) {
        Formals += ", ";
        Exprs += ", ";
      }
      Formals += fullyQualifiedType(B.type());
      Formals += ' ';
      Formals += B.Name;
      if (B.Default && !B.Default->empty()) {
        Formals += " = ";
        Formals += *B.Default;
      }
      // The packed TensorOptions: requires_grad is set on the result, not
      // passed to the kernel (which asserts it is not set).
      if (HasOptions && B.Name == "options" &&
          B.NCType.Type.str() == "at::TensorOptions") {
        Exprs += "at::TensorOptions(" + B.Name.str() +
                 ").requires_grad(::std::nullopt)";
        RequiresGrad = B.Name.str() + ".requires_grad()";
      } else {
        Exprs += B.Name;
      }
    }
    std::string Name = Sig->name();
    R += "inline at::Tensor " + Name + "(" + Formals +
         ") {\n  at::AutoDispatchBelowADInplaceOrView guard;\n"
         "  return autograd::make_variable(at::" +
         Name + "(" + Exprs + "), /*requires_grad=*/" + RequiresGrad +
         ");\n}\n";
  }
  return R;
}

} // namespace

LogicalResult opgen::emitVariableFactories(EmitContext &EC) {
  std::vector<std::string> Headers, Defns;
  for (const NativeFunction &F : EC.M.Functions) {
    if (!isFactoryFunction(F))
      continue;
    Headers.push_back("#include <ATen/ops/" + F.rootName() + ".h>");
    Defns.push_back(processFunction(F));
  }
  TemplateEnv Env;
  Env["generated_comment"] = "@generated from " +
                             EC.Options.AutogradTemplateDirForComments +
                             "/variable_factories.h";
  Env["ops_headers"] = std::move(Headers);
  Env["function_definitions"] = std::move(Defns);
  return EC.files().write("variable_factories.h", std::move(Env));
}
