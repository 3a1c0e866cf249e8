//===- UfuncKernels.cpp - UfuncCPU_<op>.cpp, UfuncCPUKernel_<op>.cpp, .cu -===//
//
// A structured group whose out= function has `ufunc_inner_loop:` gets its
// CPU and CUDA kernels generated from the scalar (and vectorized) loops the
// user wrote in ATen/native/ufunc/<op>.h (torchgen's dest/ufunc.py):
//
//  - UfuncCPU_add.cpp: TORCH_IMPL_FUNC(ufunc_add_CPU) calls `add_stub`, a
//    DispatchStub taking the non-tensor arguments;
//  - UfuncCPUKernel_add.cpp (the CPU kernels' folder, built once per vector
//    ISA): `add_kernel`, registered for the stub, switches on the dtype and
//    runs `cpu_kernel_vec` (or `cpu_kernel` without a vectorized loop);
//  - UfuncCUDA_add.cu: functors (the scalars in the constructor, the
//    elements in operator()), specialized for a CPU-scalar operand of a
//    binary op, and the kernel calling them through `gpu_kernel`.
//
// Each file for its key's being generated (getGenDispatchKeys); the
// selective build does not change them. --rocm includes HIP's loops.
//
//===----------------------------------------------------------------------===//

#include "opgen/CppApi/StructuredApi.h"
#include "opgen/CppApi/Translate.h"
#include "opgen/CppApi/UfuncApi.h"
#include "opgen/Emit/ATen/AtenGroups.h"
#include "opgen/Emit/CppApiWrappers.h"
#include "opgen/Emit/Emitters.h"
#include "opgen/Emit/ATen/StructuredDeclarations.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace opgen;
using namespace llvm;

namespace {

/// Contexts for translate(): the parameters in scope, as expressions.
std::vector<Expr> exprs(const std::vector<Binding> &Bs) {
  std::vector<Expr> Out;
  Out.reserve(Bs.size() + 4);
  for (const Binding &B : Bs)
    Out.push_back({B.Name.str(), B.NCType});
  return Out;
}

/// `T a, U b` of named types.
std::string decls(ArrayRef<NamedCType> Ts) {
  std::string Out;
  for (const NamedCType &T : Ts) {
    if (!Out.empty())
      Out += ", ";
    T.Type.print(Out);
    Out += ' ';
    Out += T.Name;
  }
  return Out;
}

/// One dispatch case: `AT_DISPATCH_CASE(at::ScalarType::Float, [&]() {...})`.
std::string dispatchCase(StringRef Dtype, StringRef Body) {
  return ("\nAT_DISPATCH_CASE(at::ScalarType::" + Dtype + ",\n  [&]() {\n    " +
          Body + "\n  }\n)\n")
      .str();
}

/// A CUDA functor (UfunctorSignature): its name, the tensor its
/// constructor takes as a scalar, and its parameters.
struct Functor {
  std::string Name;
  UfunctorBindings Args;
};

/// The texts of one group's ufunc files. Methods return nothing after
/// reporting at the out= function why torchgen could not write them.
class UfuncWriter {
public:
  UfuncWriter(const Module &M, const FunctionGroup &G, DiagnosticEngine &D)
      : M(M), G(G), D(D), Out(M.Functions[G.Out]), Loops(Out.UfuncInnerLoops),
        Names(ufuncStubNames(M, G)), StubArgs(ufuncStubArguments(M, G)),
        ImplArgs(implArguments(M, G)) {}

  /// compute_ufunc_cpu, compute_ufunc_cpu_kernel, compute_ufunc_cuda.
  std::optional<std::string> cpu();
  std::optional<std::string> cpuKernel();
  std::optional<std::string> cuda();

private:
  const Module &M;
  const FunctionGroup &G;
  DiagnosticEngine &D;
  const NativeFunction &Out;
  const std::map<UfuncKey, UfuncInnerLoop> &Loops;
  UfuncStubNames Names;
  std::vector<Binding> StubArgs, ImplArgs;

  std::nullopt_t fail(const Twine &Msg) {
    D.error(Out.FuncLoc, "cannot generate the ufunc kernels of `" +
                             Out.Func.Name.str() + "`: " + Msg);
    return std::nullopt;
  }
  /// The expressions for \p Goals from \p Ctx, joined with ", ".
  std::optional<std::string> args(const std::vector<Expr> &Ctx,
                                  const std::vector<NamedCType> &Goals) {
    Expected<std::vector<std::string>> E = translate(Ctx, Goals);
    if (!E)
      return fail(toString(E.takeError()));
    return join(*E, ", ");
  }
  std::vector<NamedCType> goals(const std::vector<Binding> &Bs) const {
    std::vector<NamedCType> Out;
    for (const Binding &B : Bs)
      Out.push_back(B.NCType);
    return Out;
  }
  const UfuncInnerLoop *loop(UfuncKey K) const {
    auto It = Loops.find(K);
    return It == Loops.end() ? nullptr : &It->second;
  }
  std::string typeDefn() const {
    std::string S = "using " + Names.Type + " = void(*)(TensorIteratorBase&, ";
    appendTypes(S, StubArgs);
    return S + ")";
  }
  std::string dispatchDecl() const {
    return "DECLARE_DISPATCH(" + Names.Type + ", " + Names.Stub + ")";
  }
  std::string kernelDefn() const {
    std::string S = "void " + Names.Kernel + "(TensorIteratorBase& iter, ";
    appendBindings(S, StubArgs, /*Defn=*/true);
    return S + ")";
  }
  std::string implDefn(DispatchKey K) const {
    std::string S = "TORCH_IMPL_FUNC(" + ufuncKernelName(M, G, K) + ")(";
    appendBindings(S, ImplArgs, /*Defn=*/true);
    return S + ")";
  }
  std::optional<std::string> cpuDtypeBody(const UfuncInnerLoop *Scalar,
                                          const UfuncInnerLoop *Vector);
  std::optional<std::string> cudaDtypeBody(ArrayRef<const Functor *> ByKey);
};

} // namespace

std::optional<std::string> UfuncWriter::cpu() {
  std::optional<std::string> Call = args(exprs(ImplArgs), goals(StubArgs));
  if (!Call)
    return std::nullopt;
  return "\n" + typeDefn() + ";\n" + dispatchDecl() + "\nDEFINE_DISPATCH(" +
         Names.Stub + ");\n\n" + implDefn(DispatchKey::CPU) + " {\n  " +
         Names.Stub + "(device_type(), *this, " + *Call + ");\n}\n";
}

std::optional<std::string>
UfuncWriter::cpuDtypeBody(const UfuncInnerLoop *Scalar,
                          const UfuncInnerLoop *Vector) {
  const CType ScalarT = CType::base("scalar_t");
  const CType VecT = CType::base("at::vec::Vectorized<scalar_t>");
  // Scalars are converted once, outside the loop; translate() is not used
  // for them, as it would convert them again in each loop.
  std::string Body;
  std::vector<Expr> Ctx;
  for (int Vec = 0; Vec != (Vector ? 2 : 1); ++Vec)
    Out.Func.Args.anyOf(Arguments::NonOutParts, [&](const Argument &A) {
      if (!A.Ty.isBase(BaseTy::Scalar))
        return false;
      std::string S = (Vec ? "_v_" : "_s_") + A.Name;
      if (!Body.empty())
        Body += '\n';
      Body += "auto " + S + " = ";
      Body += Vec ? "at::vec::Vectorized<scalar_t>(_s_" + A.Name + ");"
                  : A.Name + ".to<scalar_t>();";
      Ctx.push_back({std::move(S), {A.Name, Vec ? VecT : ScalarT}});
      return false;
    });
  // The lambdas take the tensors' elements.
  std::vector<NamedCType> Elems[2];
  for (const Argument *A : M.Functions[G.Functional].Func.Args.flatNonOut()) {
    if (!A->Ty.isTensorLike())
      continue;
    if (!A->Ty.isBase(BaseTy::Tensor))
      return fail("tensor argument `" + A->Name + "` of type `" + A->Ty.str() +
                  "` cannot be a ufunc operand");
    Elems[0].push_back({A->Name, ScalarT});
    Elems[1].push_back({A->Name, VecT});
  }
  std::string Lambdas[2];
  const UfuncInnerLoop *Ls[2] = {Scalar, Vector};
  for (int Vec = 0; Vec != (Vector ? 2 : 1); ++Vec) {
    Expected<std::vector<NamedCType>> Goals =
        ufuncArguments(M, G, Vec ? VecT : ScalarT);
    if (!Goals)
      return fail(toString(Goals.takeError()));
    std::vector<Expr> LCtx = Ctx;
    for (const NamedCType &T : Elems[Vec])
      LCtx.push_back({T.Name, T});
    std::optional<std::string> Call = args(LCtx, *Goals);
    if (!Call)
      return std::nullopt;
    Lambdas[Vec] = "  [=](" + decls(Elems[Vec]) +
                   ") { return ufunc::" + Ls[Vec]->Name + "(" + *Call + "); }";
  }
  if (!Vector)
    return "\n" + Body + "\ncpu_kernel(iter,\n" + Lambdas[0] + "\n);\n";
  return "\n" + Body + "\ncpu_kernel_vec(iter,\n" + Lambdas[0] + ",\n" +
         Lambdas[1] + "\n);\n";
}

std::optional<std::string> UfuncWriter::cpuKernel() {
  // The loops of each dtype, in the order the dtypes first appear: an
  // explicit CPUScalar or CPUVector loop wins over ScalarOnly (scalar
  // only), which wins over Generic.
  struct DtypeLoops {
    StringRef Dtype;
    const UfuncInnerLoop *Scalar = nullptr, *Vector = nullptr;
  };
  std::vector<DtypeLoops> ByDtype;
  for (UfuncKey K : {UfuncKey::CPUScalar, UfuncKey::CPUVector}) {
    SmallVector<const UfuncInnerLoop *, 3> From;
    if (const UfuncInnerLoop *L = loop(K))
      From.push_back(L);
    if (K == UfuncKey::CPUScalar)
      if (const UfuncInnerLoop *L = loop(UfuncKey::ScalarOnly))
        From.push_back(L);
    if (const UfuncInnerLoop *L = loop(UfuncKey::Generic))
      From.push_back(L);
    for (const UfuncInnerLoop *L : From)
      for (const std::string &Dtype : L->SupportedDtypes) {
        auto It = find_if(
            ByDtype, [&](const DtypeLoops &X) { return X.Dtype == Dtype; });
        if (It == ByDtype.end()) {
          ByDtype.emplace_back();
          ByDtype.back().Dtype = Dtype;
          It = ByDtype.end() - 1;
        }
        const UfuncInnerLoop *&Slot =
            K == UfuncKey::CPUScalar ? It->Scalar : It->Vector;
        if (!Slot)
          Slot = L;
      }
  }
  std::vector<std::string> Cases;
  for (const DtypeLoops &X : ByDtype) {
    if (!X.Scalar)
      return fail("dtype `" + X.Dtype + "` has a CPUVector loop but no " +
                  "CPUScalar one");
    std::optional<std::string> Body = cpuDtypeBody(X.Scalar, X.Vector);
    if (!Body)
      return std::nullopt;
    Cases.push_back(dispatchCase(X.Dtype, *Body));
  }
  return "\nnamespace {\n\n" + kernelDefn() +
         " {\n  AT_DISPATCH_SWITCH(iter.common_dtype(), \"" + Names.Stub +
         "\",\n    " + join(Cases, "\n") +
         "\n  );\n}\n\n} // anonymous namespace\n\n" + typeDefn() + ";\n" +
         dispatchDecl() + "\nREGISTER_DISPATCH(" + Names.Stub + ", &" +
         Names.Kernel + ")\n";
}

/// The functors by UfuncKey (CUDAFunctor, CUDAFunctorOnOther,
/// CUDAFunctorOnSelf are its first three).
static constexpr unsigned NumFunctorKeys = 3;

std::optional<std::string>
UfuncWriter::cudaDtypeBody(ArrayRef<const Functor *> ByKey) {
  std::string Body = "using opmath_t = at::opmath_type<scalar_t>;if (false) "
                     "{}\n";
  // A CPU scalar `self` (operand 1) or `other` (operand 2) is taken out of
  // the iterator and given to the functor's constructor.
  struct Specialization {
    unsigned Operand;
    const char *Tensor;
    UfuncKey Key;
  };
  for (const Specialization &S :
       {Specialization{1, "self", UfuncKey::CUDAFunctorOnOther},
        Specialization{2, "other", UfuncKey::CUDAFunctorOnSelf}}) {
    const Functor *F = ByKey[static_cast<unsigned>(S.Key)];
    if (!F)
      continue;
    std::string Idx = std::to_string(S.Operand);
    std::vector<Expr> Ctx = exprs(ImplArgs);
    Ctx.push_back({"iter.scalar_value<opmath_t>(" + Idx + ")",
                   {S.Tensor, CType::base("opmath_t")}});
    std::optional<std::string> Ctor = args(Ctx, goals(F->Args.Ctor));
    if (!Ctor)
      return std::nullopt;
    Body += "else if (iter.is_cpu_scalar(" + Idx + ")) {\n  " + F->Name +
            "<scalar_t> ufunctor(" + *Ctor + ");\n  iter.remove_operand(" +
            Idx + ");\n  gpu_kernel(iter, ufunctor);\n}";
  }
  const Functor *F = ByKey[static_cast<unsigned>(UfuncKey::CUDAFunctor)];
  if (!F)
    return fail("a dtype has a CUDAFunctorOnSelf or CUDAFunctorOnOther loop "
                "but no CUDAFunctor one");
  std::optional<std::string> Ctor = args(exprs(ImplArgs), goals(F->Args.Ctor));
  if (!Ctor)
    return std::nullopt;
  return Body + "\nelse {\n  gpu_kernel(iter, " + F->Name + "<scalar_t>(" +
         *Ctor + "));\n}\n    ";
}

std::optional<std::string> UfuncWriter::cuda() {
  // Binary ops (two tensors) get functors for a CPU-scalar operand too.
  size_t NumTensors =
      count_if(M.Functions[G.Functional].Func.Args.flatNonOut(),
               [](const Argument *A) { return A->Ty.isTensorLike(); });
  SmallVector<std::pair<UfuncKey, std::optional<unsigned>>, 3> Keys;
  if (NumTensors == 2)
    Keys = {{UfuncKey::CUDAFunctorOnSelf, 1},
            {UfuncKey::CUDAFunctorOnOther, 0},
            {UfuncKey::CUDAFunctor, std::nullopt}};
  else
    Keys = {{UfuncKey::CUDAFunctor, std::nullopt}};

  Functor Functors[NumFunctorKeys];
  struct DtypeFunctors {
    StringRef Dtype;
    const Functor *ByKey[NumFunctorKeys] = {};
  };
  std::vector<DtypeFunctors> ByDtype;
  std::vector<std::string> Texts;
  const CType Opmath = CType::base("opmath_t");
  for (const auto &[K, ScalarIdx] : Keys) {
    Functor &F = Functors[static_cast<unsigned>(K)];
    Expected<UfunctorBindings> Args = ufunctorArguments(M, G, ScalarIdx);
    if (!Args)
      return fail(toString(Args.takeError()));
    F.Args = std::move(*Args);
    // A functor given explicitly is the user's; the others are generated
    // from ScalarOnly and Generic, which name one ufunc (checked when the
    // entry was read).
    std::vector<StringRef> Dtypes;
    const UfuncInnerLoop *Explicit = loop(K);
    std::string UfuncName;
    if (Explicit) {
      F.Name = Explicit->Name;
      Dtypes.assign(Explicit->SupportedDtypes.begin(),
                    Explicit->SupportedDtypes.end());
    } else {
      for (UfuncKey From : {UfuncKey::ScalarOnly, UfuncKey::Generic}) {
        const UfuncInnerLoop *L = loop(From);
        if (!L)
          continue;
        if (UfuncName.empty())
          UfuncName = L->Name;
        else if (UfuncName != L->Name)
          return fail("ScalarOnly and Generic must name the same ufunc");
        for (const std::string &Dtype : L->SupportedDtypes)
          if (!is_contained(Dtypes, Dtype))
            Dtypes.push_back(Dtype);
      }
      if (UfuncName.empty())
        return fail("no " + toString(K) +
                    " loop, and no ScalarOnly or Generic one to make it from");
      F.Name = (toString(K) + "_" + UfuncName).str();
    }
    for (StringRef Dtype : Dtypes) {
      auto It = find_if(
          ByDtype, [&](const DtypeFunctors &X) { return X.Dtype == Dtype; });
      if (It == ByDtype.end()) {
        ByDtype.emplace_back();
        ByDtype.back().Dtype = Dtype;
        It = ByDtype.end() - 1;
      }
      It->ByKey[static_cast<unsigned>(K)] = &F;
    }
    if (Explicit)
      continue;

    // The fields are the constructor's parameters with a trailing `_`.
    std::vector<Expr> Ctx;
    std::string Fields, Params, Inits;
    for (const Binding &B : F.Args.Ctor) {
      std::string Field = B.Name.str() + "_";
      if (!Fields.empty()) {
        Fields += '\n';
        Params += ", ";
        Inits += ", ";
      }
      Fields += B.type() + " " + Field + ";";
      Params += B.defn();
      Inits += Field + "(" + B.Name.str() + ")";
      Ctx.push_back({std::move(Field), B.NCType});
    }
    for (const Binding &B : F.Args.Apply)
      Ctx.push_back({B.Name.str(), B.NCType});
    Expected<std::vector<NamedCType>> Goals = ufuncArguments(M, G, Opmath);
    if (!Goals)
      return fail(toString(Goals.takeError()));
    std::optional<std::string> Call = args(Ctx, *Goals);
    if (!Call)
      return std::nullopt;
    Texts.push_back("\ntemplate <typename scalar_t>\nstruct " + F.Name +
                    " {\n  using opmath_t = at::opmath_type<scalar_t>;\n  " +
                    Fields + "\n  " + F.Name + "(" + Params + ") : " + Inits +
                    " {}\n  __device__ scalar_t operator()(" +
                    joinBindings(F.Args.Apply) +
                    ") const {\n    return ufunc::" + UfuncName + "(" + *Call +
                    ");\n  }\n};\n");
  }

  std::vector<std::string> Cases;
  for (const DtypeFunctors &X : ByDtype) {
    std::optional<std::string> Body = cudaDtypeBody(X.ByKey);
    if (!Body)
      return std::nullopt;
    Cases.push_back(dispatchCase(X.Dtype, *Body));
  }
  std::optional<std::string> Call = args(exprs(ImplArgs), goals(StubArgs));
  if (!Call)
    return std::nullopt;
  return "\n" + join(Texts, "\n") + "\n\n" + typeDefn() + ";\n" +
         dispatchDecl() + "\n\n" + kernelDefn() +
         " {\n  AT_DISPATCH_SWITCH(iter.common_dtype(), \"" +
         ufuncKernelName(M, G, DispatchKey::CUDA) + "\",\n    " +
         join(Cases, "\n") + "\n  );\n}\nREGISTER_DISPATCH(" + Names.Stub +
         ", &" + Names.Kernel + ")\n\n" + implDefn(DispatchKey::CUDA) +
         " {\n  " + Names.Kernel + "(*this, " + *Call + ");\n}\n";
}

LogicalResult opgen::emitUfuncKernels(EmitContext &EC) {
  if (!EC.Options.GenerateSources)
    return success();
  if (failed(checkCppApiModule(EC, "the ufunc kernels", /*NeedsGroups=*/true)))
    return failure();
  const Module &M = EC.M;
  std::vector<DispatchKey> Keys = getGenDispatchKeys(M, EC.Options);
  bool Cpu = is_contained(Keys, DispatchKey::CPU);
  bool Cuda = is_contained(Keys, DispatchKey::CUDA);
  if (!Cpu && !Cuda)
    return success();
  // Few groups are ufuncs (one in PyTorch 2.14), so no threads.
  for (const FunctionGroup &G : *M.Groups) {
    if (!G.IsGroup || !G.Structured ||
        M.Functions[G.Out].UfuncInnerLoops.empty())
      continue;
    UfuncWriter W(M, G, EC.Ctx.getDiags());
    std::string Name = M.Functions[G.Functional].Func.Name.Name.str();
    std::string Meta = metaDeclaration(M, G);
    std::string MetaClass = metaName(M, G);
    std::string Impl = joinBindings(implArguments(M, G));
    auto NativeDecl = [&](DispatchKey K) {
      return structuredKernelDeclaration(ufuncKernelName(M, G, K), MetaClass,
                                         Impl);
    };
    if (Cpu) {
      std::optional<std::string> Defs = W.cpu(), Kernel = W.cpuKernel();
      if (!Defs || !Kernel)
        return failure();
      if (failed(EC.files().writeWithTemplate(
              "UfuncCPU_" + Name + ".cpp", "UfuncCPU.cpp",
              {{"meta_declaration", Meta},
               {"native_declaration", NativeDecl(DispatchKey::CPU)},
               {"native_definitions", std::move(*Defs)}})) ||
          failed(EC.files(OutputFolder::CpuVec)
                     .writeWithTemplate(
                         "UfuncCPUKernel_" + Name + ".cpp",
                         "UfuncCPUKernel.cpp",
                         {{"name", Name},
                          {"native_definitions", std::move(*Kernel)}})))
        return failure();
    }
    if (Cuda) {
      std::optional<std::string> Defs = W.cuda();
      if (!Defs)
        return failure();
      const char *Headers = EC.Options.Rocm
                                ? "#include <ATen/native/hip/Loops.cuh>"
                                : "#include <ATen/native/cuda/Loops.cuh>";
      if (failed(getDispatchKeyFiles(EC, DispatchKey::CUDA)
                     .writeWithTemplate(
                         "UfuncCUDA_" + Name + ".cu", "UfuncCUDA.cu",
                         {{"name", Name},
                          {"cuda_headers", Headers},
                          {"meta_declaration", Meta},
                          {"native_declaration", NativeDecl(DispatchKey::CUDA)},
                          {"native_definitions", std::move(*Defs)}})))
        return failure();
    }
  }
  return success();
}
