//===- CompositeViewCopyKernels.cpp - CompositeViewCopyKernels.cpp --------===//
//
// The kernels torchgen writes rather than a person (Note [view_copy
// NativeFunctions]): each `<view>_copy` operator's composite kernel, which
// runs the view and clones the result (gen_composite_view_copy_kernel);
// and, for a group whose functional or out= function variant synthesis
// made (tag `generated`), that function's kernel in terms of a hand-written
// one: the functional one clones the mutated inputs and calls the inplace or
// mutable op (gen_composite_functional_kernel), the out= one calls the
// functional op and copies into `out` (gen_composite_out_kernel). Neither
// the selective build nor the dispatcher flags change the file.
//
//===----------------------------------------------------------------------===//

#include "opgen/CppApi/CppTypes.h"
#include "opgen/CppApi/NativeSignature.h"
#include "opgen/CppApi/Translate.h"
#include "opgen/Emit/Emitters.h"
#include "opgen/Emit/ATen/KernelTable.h"

#include "llvm/ADT/STLExtras.h"

#include <optional>

using namespace opgen;
using namespace llvm;

namespace {

/// What the three kinds of kernel share: the module, where to report, and
/// the CompositeExplicitAutogradNonFunctional kernels.
class KernelWriter {
public:
  KernelWriter(const Module &M, DiagnosticEngine &D) : M(M), D(D), Kernels(M) {
    for (size_t K = 0; K != Kernels.numKeys(); ++K)
      if (Kernels.indices()[K]->Key ==
          DispatchKey::CompositeExplicitAutogradNonFunctional)
        NonFunctionalKey = K;
  }

  /// GenCompositeViewCopyKernel, gen_composite_functional_kernel and
  /// gen_composite_out_kernel: the kernel, an empty string where torchgen
  /// writes none, nothing after an error (reported).
  std::optional<std::string> viewCopy(const ViewGroup &VG);
  std::optional<std::string> functional(const FunctionGroup &G);
  std::optional<std::string> out(const FunctionGroup &G);

private:
  const Module &M;
  DiagnosticEngine &D;
  KernelTable Kernels;
  std::optional<size_t> NonFunctionalKey;

  const NativeFunction &fn(FunctionId Id) const { return M.Functions[Id]; }
  std::nullopt_t fail(const NativeFunction &F, const Twine &Msg) {
    D.error(F.FuncLoc, Msg);
    return std::nullopt;
  }
  /// The argument each of \p F's returns aliases (null for none), or
  /// nothing after reporting a return that aliases several.
  std::optional<std::vector<const Argument *>>
  aliasedArguments(const NativeFunction &F);
  /// translate()'s expressions joined, or nothing after an error.
  std::optional<std::string> join(const NativeFunction &At,
                                  Expected<std::vector<std::string>> Exprs);
};

} // namespace

std::optional<std::vector<const Argument *>>
KernelWriter::aliasedArguments(const NativeFunction &F) {
  const Return *Ambiguous = nullptr;
  std::vector<const Argument *> Args =
      F.Func.aliasedReturnArguments(&Ambiguous);
  if (Ambiguous)
    return fail(F, "cannot generate a composite kernel for `" +
                       F.Func.Name.str() +
                       "`: a return aliases several arguments");
  return Args;
}

std::optional<std::string>
KernelWriter::join(const NativeFunction &At,
                   Expected<std::vector<std::string>> Exprs) {
  if (!Exprs)
    return fail(At, "cannot generate a composite kernel for `" +
                        At.Func.Name.str() +
                        "`: " + toString(Exprs.takeError()));
  return llvm::join(*Exprs, ", ");
}

std::optional<std::string> KernelWriter::viewCopy(const ViewGroup &VG) {
  if (!VG.ViewCopy)
    return std::string();
  const NativeFunction &View = fn(VG.View), &Copy = fn(*VG.ViewCopy);
  // A copy variant not named <view>_copy exists already (slice_scatter for
  // slice_inverse).
  if (Copy.Func.Name.Name.Base != View.Func.Name.Name.str() + "_copy")
    return std::string();
  const BackendMetadata *Meta =
      NonFunctionalKey ? Kernels.kernel(*NonFunctionalKey, *VG.ViewCopy)
                       : nullptr;
  if (!Meta)
    return fail(Copy, "`" + Copy.Func.Name.str() +
                          "` has no CompositeExplicitAutogradNonFunctional "
                          "kernel to generate");
  // view_copy reshapes where the view would fail, which saves backends
  // (LTC) the clone reshape would need.
  if (Copy.Func.Name.str() == "view_copy") {
    if (Meta->Kernel != "view_copy_symint")
      return fail(Copy, "view_copy's kernel must be `view_copy_symint`, not `" +
                            Meta->Kernel + "`");
    return std::string(
        "at::Tensor view_copy_symint(const at::Tensor & self, "
        "at::SymIntArrayRef size) {\n"
        "  c10::SymDimVector shape = infer_size_dv(size, self.sym_numel());\n"
        "  if (!at::detail::computeStride(self.sym_sizes(), "
        "self.sym_strides(), shape).has_value()) {\n"
        "    return self.reshape_symint(size);\n"
        "  } else {\n"
        "    auto output = at::_ops::view::call(self, size);\n"
        "    return output.clone(/*memory_format=*/"
        "at::MemoryFormat::Contiguous);\n"
        "  }\n"
        "}\n");
  }

  // An at::native kernel calling the view through at::_ops; SymInts as the
  // kernel takes them.
  NativeSignature CopySig{&Copy, StringRef(Meta->Kernel).contains("_symint"),
                          ""};
  std::vector<Binding> CopyArgs = CopySig.arguments();
  std::optional<std::string> Exprs =
      join(View, translate(CopyArgs, DispatcherSignature(View).arguments()));
  if (!Exprs)
    return std::nullopt;

  const std::vector<Return> &Rets = View.Func.Returns;
  bool OneTensor = Rets.size() == 1 && Rets[0].Ty.isBase(BaseTy::Tensor);
  bool TensorList = Rets.size() == 1 && Rets[0].Ty.getKind() == Type::List &&
                    Rets[0].Ty.getElementType().isBase(BaseTy::Tensor) &&
                    !Rets[0].Ty.getSize();
  if (!OneTensor && !TensorList)
    return fail(View, "view op `" + View.Func.Name.str() +
                          "` must return a Tensor or a Tensor[] to have a "
                          "generated copy kernel");
  // torchgen indents the first line twice.
  std::string ReturnClone;
  if (OneTensor)
    ReturnClone = "  return output.clone(/*memory_format=*/"
                  "at::MemoryFormat::Contiguous);";
  else
    ReturnClone = "  " + CopySig.returnsType().str() +
                  " out_clone;\n  for (const auto i : "
                  "c10::irange(output.size())) {\n    "
                  "out_clone.push_back(output[i].clone(/*memory_format=*/"
                  "at::MemoryFormat::Contiguous));\n  }\n  return out_clone;";

  // NativeSignature::defn() under the kernel's name (torchgen's
  // defn(name=metadata.kernel)).
  return "\n" + CopySig.returnsType().str() + " " + Meta->Kernel + "(" +
         joinBindings(CopyArgs, /*Defn=*/true) +
         ") {\n  auto output = " + "at::_ops::" + View.Names->Unambiguous +
         "::call(" + *Exprs + ");\n  " + ReturnClone + "\n}\n";
}

std::optional<std::string> KernelWriter::functional(const FunctionGroup &G) {
  const NativeFunction &Fn = fn(G.Functional);
  if (!Fn.isGenerated())
    return std::string();
  // A generated op is written in terms of one that is not.
  const NativeFunction *Target = nullptr;
  if (G.Inplace && !fn(*G.Inplace).isGenerated())
    Target = &fn(*G.Inplace);
  else if (G.Mutable && !fn(*G.Mutable).isGenerated())
    Target = &fn(*G.Mutable);
  else
    return fail(Fn, "generated functional op `" + Fn.Func.Name.str() +
                        "` has no hand-written inplace or mutable variant "
                        "to call");

  // The functional op's arguments, with a clone in place of each one the
  // target mutates; the clones are returned after the target's own
  // non-aliased returns.
  DispatcherSignature Sig(Fn), TargetSig(*Target);
  std::vector<Binding> Args = Sig.arguments();
  std::vector<const Argument *> FnArgs = Fn.Func.Args.flatAll(),
                                TargetArgs = Target->Func.Args.flatAll();
  std::vector<Expr> Context;
  std::string Clones;
  std::vector<std::string> ClonedNames;
  for (size_t I = 0, E = std::min(FnArgs.size(), TargetArgs.size()); I != E;
       ++I) {
    Binding &B = Args[I];
    if (TargetArgs[I]->isWrite()) {
      std::string Clone = FnArgs[I]->Name + "_clone";
      Clones += (Clones.empty() ? "auto " : "\nauto ") + Clone +
                " = clone_arg(" + FnArgs[I]->Name + ");";
      ClonedNames.push_back(Clone);
      Context.push_back({std::move(Clone), std::move(B.NCType)});
    } else {
      Context.push_back({B.Name.str(), std::move(B.NCType)});
    }
  }
  std::vector<NamedCType> Goals;
  for (Binding &B : TargetSig.arguments())
    Goals.push_back(std::move(B.NCType));
  std::optional<std::string> Exprs = join(Fn, translate(Context, Goals));
  if (!Exprs)
    return std::nullopt;

  auto Aliased = aliasedArguments(*Target);
  if (!Aliased)
    return std::nullopt;
  bool Tuple = Target->Func.Returns.size() > 1;
  std::vector<std::string> RetNames;
  for (size_t I = 0; I != Aliased->size(); ++I)
    if (!(*Aliased)[I])
      RetNames.push_back(Tuple ? "std::get<" + std::to_string(I) + ">(output)"
                               : "output");
  append_range(RetNames, ClonedNames);
  if (RetNames.size() != Fn.Func.Returns.size())
    return fail(Fn, "generated functional op `" + Fn.Func.Name.str() +
                        "` returns " + Twine(Fn.Func.Returns.size()) +
                        " values, but its kernel would return " +
                        Twine(RetNames.size()));

  std::string Name = Sig.name();
  if (fn(G.Out).Func.Args.hasSymIntArg())
    Name += "_symint";
  return "\n" + Sig.defn(&Name) + " {\n  " + Clones + "\n  " +
         (Target->Func.Returns.empty() ? "" : "auto output = ") +
         "at::_ops::" + Target->Names->Unambiguous + "::call(" + *Exprs +
         ");\n  " + returnStatement(Fn, RetNames) + "\n}\n";
}

std::optional<std::string> KernelWriter::out(const FunctionGroup &G) {
  const NativeFunction &Out = fn(G.Out), &Fn = fn(G.Functional);
  if (!Out.isGenerated())
    return std::string();
  // Generated functional kernels call hand-written ops, so calling the
  // functional op cannot cycle.
  DispatcherSignature Sig(Out), TargetSig(Fn);
  std::optional<std::string> Exprs =
      join(Out, translate(Sig.arguments(), TargetSig.arguments()));
  if (!Exprs)
    return std::nullopt;

  auto Result = [&](size_t I) {
    return Fn.Func.Returns.size() == 1
               ? std::string("tmp_output")
               : "std::get<" + std::to_string(I) + ">(tmp_output)";
  };
  std::string Copies;
  for (size_t I = 0, E = Out.Func.Args.Out.size(); I != E; ++I) {
    const std::string &Arg = Out.Func.Args.Out[I].Name;
    std::string R = Result(I);
    Copies += (I ? "\n  resize_out_helper(" : "  resize_out_helper(") + Arg +
              ", " + R + ");\n  copy_arg(" + Arg + ", " + R + ");";
  }
  // A return aliasing an input returns that input.
  auto Aliased = aliasedArguments(Out);
  if (!Aliased)
    return std::nullopt;
  std::vector<std::string> Rets;
  for (size_t I = 0; I != Aliased->size(); ++I)
    Rets.push_back((*Aliased)[I] ? (*Aliased)[I]->Name : Result(I));

  // The name generate_function gives the generated kernel.
  std::string Name = Out.Names->Unambiguous;
  if (Out.Func.Args.hasSymIntArg())
    Name += "_symint";
  return "\n" + Sig.defn(&Name) +
         " {\n  auto tmp_output = at::_ops::" + Fn.Names->Unambiguous +
         "::call(" + *Exprs + ");\n  " + Copies + "\n  " +
         returnStatement(Out, Rets) + "\n}\n";
}

/// `#include`s of \p F's _ops.h and _native.h (the latter sets the
/// generated kernels' visibility).
static std::string includesOf(const NativeFunction &F) {
  const std::string &Root = F.Names->Root;
  return "#include <ATen/ops/" + Root + "_ops.h>\n#include <ATen/ops/" + Root +
         "_native.h>";
}

LogicalResult opgen::emitCompositeViewCopyKernels(EmitContext &EC) {
  if (!EC.Options.GenerateSources)
    return success();
  const Module &M = EC.M;
  DiagnosticEngine &D = EC.Ctx.getDiags();
  if (!M.Groups || !M.ViewGroups || !M.BackendIndices ||
      any_of(M.Functions,
             [](const NativeFunction &F) { return !F.Names.has_value(); })) {
    D.error(SMLoc(), "CompositeViewCopyKernels.cpp needs the default pipeline "
                     "(groups, view groups, kernel names and backend "
                     "indices) to have run");
    return failure();
  }

  std::vector<std::string> Headers;
  for (const ViewGroup &VG : *M.ViewGroups) {
    std::string H = includesOf(M.Functions[VG.View]);
    if (VG.ViewCopy)
      H += "\n" + includesOf(M.Functions[*VG.ViewCopy]);
    Headers.push_back(std::move(H));
  }
  for (const FunctionGroup &G : *M.Groups) {
    if (!G.IsGroup)
      continue;
    std::string H;
    for (std::optional<FunctionId> Id :
         {G.Inplace, G.Mutable, std::optional<FunctionId>(G.Functional)})
      if (Id && !M.Functions[*Id].isGenerated())
        H += (H.empty() ? "" : "\n") + includesOf(M.Functions[*Id]);
    Headers.push_back(std::move(H));
  }

  KernelWriter W(M, D);
  bool Ok = true;
  auto Collect = [&](std::vector<std::string> &Into,
                     std::optional<std::string> Kernel) {
    if (!Kernel)
      Ok = false;
    else if (!Kernel->empty())
      Into.push_back(std::move(*Kernel));
  };
  std::vector<std::string> ViewCopies, Functionals, Outs;
  for (const ViewGroup &VG : *M.ViewGroups)
    Collect(ViewCopies, W.viewCopy(VG));
  for (const FunctionGroup &G : *M.Groups)
    if (G.IsGroup)
      Collect(Functionals, W.functional(G));
  for (const FunctionGroup &G : *M.Groups)
    if (G.IsGroup)
      Collect(Outs, W.out(G));
  if (!Ok)
    return failure();

  return EC.files().write(
      "CompositeViewCopyKernels.cpp",
      {{"ops_headers", std::move(Headers)},
       {"CompositeViewCopyKernel_Definitions", std::move(ViewCopies)},
       {"GeneratedCompositeFunctional_Definitions", std::move(Functionals)},
       {"GeneratedCompositeOut_Definitions", std::move(Outs)}});
}
