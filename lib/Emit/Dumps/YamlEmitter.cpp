//===- YamlEmitter.cpp - The IR as native_functions.yaml text -------------===//
//
// Writes each function back as an entry that the reader turns into the same
// NativeFunction: fields at their defaults are left out, `dispatch:` is
// written as the user wrote it (the implied kernels are derived again), and
// `__line__` keeps the original line, which torchgen's loader ignores.
// Every string is double-quoted so that YAML 1.1 never reads it as a bool or
// number.
//
//===----------------------------------------------------------------------===//

#include "opgen/Emit/Emitters.h"
#include "opgen/Emit/Dumps/IREmitters.h"
#include "opgen/IR/PrintedIRKeys.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace opgen;
using namespace llvm;
using namespace opgen::printedir;

static void quoted(raw_ostream &OS, StringRef S) {
  OS << '"';
  for (unsigned char C : S) {
    switch (C) {
    case '"':
      OS << "\\\"";
      break;
    case '\\':
      OS << "\\\\";
      break;
    case '\n':
      OS << "\\n";
      break;
    case '\t':
      OS << "\\t";
      break;
    case '\r':
      OS << "\\r";
      break;
    default:
      if (C < 0x20 || C == 0x7f)
        OS << "\\x" << format_hex_no_prefix(C, 2);
      else
        OS << C;
    }
  }
  OS << '"';
}

static const char *boolStr(bool B) { return B ? "True" : "False"; }

/// Where each function sits in the groups the group pass made, printed as
/// `<index> <role>` so the reader can rebuild them.
struct GroupPlaces {
  std::vector<std::string> Group, ViewGroup;
};

static GroupPlaces groupPlaces(const Module &M) {
  GroupPlaces P;
  if (M.Groups) {
    P.Group.resize(M.Functions.size());
    for (size_t I = 0; I < M.Groups->size(); ++I) {
      const FunctionGroup &G = (*M.Groups)[I];
      std::string N = std::to_string(I) + " ";
      if (!G.IsGroup) {
        P.Group[G.Function] = N + RoleSingle.str();
        continue;
      }
      P.Group[G.Functional] = N + RoleFunctional.str();
      P.Group[G.Out] = N + RoleOut.str();
      if (G.Inplace)
        P.Group[*G.Inplace] = N + RoleInplace.str();
      if (G.Mutable)
        P.Group[*G.Mutable] = N + RoleMutable.str();
    }
  }
  if (M.ViewGroups) {
    P.ViewGroup.resize(M.Functions.size());
    for (size_t I = 0; I < M.ViewGroups->size(); ++I) {
      const ViewGroup &G = (*M.ViewGroups)[I];
      std::string N = std::to_string(I) + " ";
      P.ViewGroup[G.View] = N + RoleView.str();
      if (G.ViewCopy)
        P.ViewGroup[*G.ViewCopy] = N + RoleViewCopy.str();
      if (G.ViewInplace)
        P.ViewGroup[*G.ViewInplace] = N + RoleViewInplace.str();
    }
  }
  return P;
}

static void emitFunction(const NativeFunction &F, raw_ostream &OS,
                         StringRef GroupPlace, StringRef ViewGroupPlace) {
  std::string Func = F.Func.str();
  if (F.Namespace != "aten")
    Func = F.Namespace + "::" + Func;
  OS << "- func: ";
  quoted(OS, Func);
  OS << "\n";
  OS << "  " << LineKey << ": " << F.Loc.Line << "\n";
  if (!(F.VariantFunction && !F.VariantMethod)) {
    OS << "  variants: ";
    std::string V;
    if (F.VariantFunction)
      V = "function";
    if (F.VariantMethod)
      V += V.empty() ? "method" : ", method";
    quoted(OS, V);
    OS << "\n";
  }
  auto Str = [&](StringRef Key, const std::optional<std::string> &V) {
    if (!V)
      return;
    OS << "  " << Key << ": ";
    quoted(OS, *V);
    OS << "\n";
  };
  auto Bool = [&](StringRef Key, bool V, bool Default) {
    if (V != Default)
      OS << "  " << Key << ": " << boolStr(V) << "\n";
  };
  Str("python_module", F.PythonModule);
  Str("category_override", F.CategoryOverride);
  Bool("manual_kernel_registration", F.ManualKernelRegistration, false);
  Bool("manual_cpp_binding", F.ManualCppBinding, false);
  Bool("device_guard", F.DeviceGuard, true);
  if (F.DeviceCheck == DeviceCheckType::NoCheck)
    OS << "  device_check: \"NoCheck\"\n";
  Bool("use_const_ref_for_mutable_tensors", F.UseConstRefForMutableTensors,
       false);
  Bool("structured", F.Structured, false);
  // A generated function's is_abstract is its parent's (see the reader).
  if (F.isGenerated())
    OS << "  " << IsAbstractKey << ": " << boolStr(F.IsAbstract) << "\n";
  if (F.StructuredDelegate)
    Str("structured_delegate", F.StructuredDelegate->str());
  Str("structured_inherits", F.StructuredInherits);
  if (F.Precomputed) {
    OS << "  precomputed:\n";
    for (const auto &[Param, Args] : F.Precomputed->Replace) {
      std::string Line = Param + " -> ";
      ListSeparator Sep(", ");
      for (const Argument &A : Args)
        Line += StringRef(Sep).str() + A.str();
      OS << "  - ";
      quoted(OS, Line);
      OS << "\n";
    }
    if (!F.Precomputed->Add.empty()) {
      std::string Line;
      ListSeparator Sep(", ");
      for (const Argument &A : F.Precomputed->Add)
        Line += StringRef(Sep).str() + A.str();
      OS << "  - ";
      quoted(OS, Line);
      OS << "\n";
    }
  }
  if (!F.CppNoDefaultArgs.empty()) {
    OS << "  cpp_no_default_args: [";
    ListSeparator Sep(", ");
    for (const std::string &A : F.CppNoDefaultArgs) {
      OS << Sep;
      quoted(OS, A);
    }
    OS << "]\n";
  }
  if (F.DispatchAsWritten && F.DispatchAsWritten->empty()) {
    OS << "  dispatch: {}\n";
  } else if (F.DispatchAsWritten) {
    OS << "  dispatch:\n";
    for (const auto &[Keys, Kernel] : *F.DispatchAsWritten) {
      OS << "    ";
      quoted(OS, Keys);
      OS << ": ";
      quoted(OS, Kernel);
      OS << "\n";
    }
  }
  if (!F.UfuncInnerLoops.empty()) {
    OS << "  ufunc_inner_loop:\n";
    for (const auto &[K, L] : F.UfuncInnerLoops) {
      OS << "    " << toString(K) << ": ";
      quoted(OS, L.Spelling);
      OS << "\n";
    }
  }
  if (!F.Autogen.empty()) {
    std::string A;
    ListSeparator Sep(", ");
    for (const OperatorName &N : F.Autogen)
      A += StringRef(Sep).str() + N.str();
    Str("autogen", A);
  }
  // What the passes computed (backend indices are rebuilt by backend-index
  // from the dispatch tables above and the backend yaml).
  if (F.Names) {
    OS << "  " << NamesKey << ": {" << NamesCpp << ": ";
    quoted(OS, F.Names->Cpp);
    OS << ", " << NamesDispatcher << ": ";
    quoted(OS, F.Names->Dispatcher);
    OS << ", " << NamesUnambiguous << ": ";
    quoted(OS, F.Names->Unambiguous);
    OS << ", " << NamesRoot << ": ";
    quoted(OS, F.Names->Root);
    OS << "}\n";
  }
  if (!GroupPlace.empty())
    OS << "  " << GroupKey << ": \"" << GroupPlace << "\"\n";
  if (!ViewGroupPlace.empty())
    OS << "  " << ViewGroupKey << ": \"" << ViewGroupPlace << "\"\n";
  if (!F.Tags.empty()) {
    OS << "  tags: [";
    ListSeparator Sep(", ");
    for (const std::string &T : F.Tags) {
      OS << Sep;
      quoted(OS, T);
    }
    OS << "]\n";
  }
  OS << "\n";
}

void opgen::emitYaml(const Module &M, raw_ostream &OS) {
  OS << "# Operator IR printed by opgen-opt --emit=yaml.\n\n";
  // An empty file would read back as null, not as an empty list.
  if (M.Functions.empty())
    OS << "[]\n";
  GroupPlaces P = groupPlaces(M);
  for (size_t I = 0; I < M.Functions.size(); ++I)
    emitFunction(M.Functions[I], OS, P.Group.empty() ? "" : P.Group[I],
                 P.ViewGroup.empty() ? "" : P.ViewGroup[I]);
}

LogicalResult opgen::emitYamlText(EmitContext &EC, llvm::raw_ostream &OS) {
  emitYaml(EC.M, OS);
  return success();
}
