//===- UfuncFields.cpp - An entry's ufunc_inner_loop ----------------------===//
//
// `ufunc_inner_loop:` names the scalar kernels a ufunc is generated from,
// each with the dtypes it supports. A ufunc gets generated CPU and CUDA
// kernels, and the CUDA functors it will get constrain which loops it may
// name.
//
//===----------------------------------------------------------------------===//

#include "EntryReader.h"

#include "opgen/IR/PrintedIRKeys.h"

#include "llvm/ADT/STLExtras.h"

using namespace opgen;
using namespace opgen::nativeyaml;
using namespace llvm;

/// Expand the dtype class \p Name (`Integral`, `AllAndComplex`, ...) or
/// scalar type into scalar types, appending those not yet in \p Out; false
/// if \p Name is neither.
static bool expandDtypes(StringRef Name, std::vector<std::string> &Out) {
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

/// The field, its requirements on the rest of the entry, and the CPU and
/// CUDA kernels it implies.
void EntryReader::readUfuncField(const YamlValue &E, NativeFunction &F,
                                 bool HaveSchema) {
  if (const YamlValue *V = field(EntryKey::UfuncInnerLoop))
    readUfunc(*V, F);
  if (F.UfuncInnerLoops.empty())
    return;
  if (!F.Structured)
    error(keyLoc(E, EntryKey::UfuncInnerLoop),
          "`ufunc_inner_loop` requires `structured: True`");
  else if (HaveSchema && !F.Func.isOutFn())
    error(keyLoc(E, EntryKey::UfuncInnerLoop),
          "`ufunc_inner_loop` is only valid on out= functions");
  for (DispatchKey K : {DispatchKey::CPU, DispatchKey::CUDA}) {
    if (hasKernelFor(F, K)) {
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

/// A string (the Generic loop) or a mapping from ufunc keys to loops, each
/// `kernel_name (dtypes)`.
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
    if (K.Value == printedir::LineKey)
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

/// Whether the generated kernels can hold an argument of type \p T as it is
/// (torchgen's cpp.valuetype_type has a C++ type for it): a base type other
/// than Tensor and Scalar, an optional one, or a `bool[N]`.
static bool isValueType(Type T) {
  switch (T.getKind()) {
  case Type::Base:
    return !T.isBase(BaseTy::Tensor) && !T.isBase(BaseTy::Scalar);
  case Type::Optional:
    return isValueType(T.getElementType());
  case Type::List:
    return T.getElementType().isBase(BaseTy::Bool);
  case Type::CustomClass:
    return false;
  }
  return false;
}

/// The dtypes of \p Ks' loops, in order, each once.
static std::vector<StringRef>
dtypesOf(const std::map<UfuncKey, UfuncInnerLoop> &Loops,
         std::initializer_list<UfuncKey> Ks) {
  std::vector<StringRef> Out;
  for (UfuncKey K : Ks)
    if (auto It = Loops.find(K); It != Loops.end())
      for (const std::string &T : It->second.SupportedDtypes)
        if (!is_contained(Out, T))
          Out.push_back(T);
  return Out;
}

/// torchgen checks these only when it generates a ufunc's kernels
/// (dest/ufunc.py: its asserts, and what translate() cannot make); they
/// depend on the entry alone, so report them here, where they can point
/// into it.
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
  auto Has = [&](UfuncKey K) { return Loops.count(K) != 0; };
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
      if (Has(K))
        error(LoopLoc(K), "cannot use " + toString(K) +
                              " on a non-binary function: `" +
                              F.Func.Name.str() + "` has " + Twine(NumTensors) +
                              " Tensor arguments, not 2");
  }
  // A functor not given explicitly is generated from ScalarOnly and
  // Generic, which then must name the same ufunc.
  auto SO = Loops.find(UfuncKey::ScalarOnly);
  auto G = Loops.find(UfuncKey::Generic);
  bool Generated = any_of(Functors, [&](UfuncKey K) { return !Has(K); });
  if (SO != Loops.end() && G != Loops.end() &&
      SO->second.Name != G->second.Name && Generated)
    error(LoopLoc(UfuncKey::ScalarOnly),
          "ScalarOnly and Generic must have the same ufunc name, as the "
          "generated CUDA functors serve both; got `" +
              SO->second.Name + "` and `" + G->second.Name + "`");
  if (Generated && !Has(UfuncKey::ScalarOnly) && !Has(UfuncKey::Generic)) {
    for (UfuncKey K : Functors)
      if (!Has(K))
        error(keyLoc(E, EntryKey::UfuncInnerLoop),
              "no " + toString(K) +
                  " loop, and no ScalarOnly or Generic loop to generate "
                  "the CUDA functor from");
  } else if (NumTensors == 2) {
    // Each dtype a scalar specialization handles falls back to the plain
    // functor.
    auto FunctorDtypes = [&](UfuncKey K) {
      return Has(K)
                 ? dtypesOf(Loops, {K})
                 : dtypesOf(Loops, {UfuncKey::ScalarOnly, UfuncKey::Generic});
    };
    std::vector<StringRef> Plain = FunctorDtypes(UfuncKey::CUDAFunctor);
    for (UfuncKey K :
         {UfuncKey::CUDAFunctorOnSelf, UfuncKey::CUDAFunctorOnOther})
      for (StringRef T : FunctorDtypes(K))
        if (!is_contained(Plain, T)) {
          error(LoopLoc(Has(K) ? K : UfuncKey::CUDAFunctor),
                "dtype `" + T + "` has a " + toString(K) +
                    " loop but no CUDAFunctor one to fall back to");
          break;
        }
  }
  // The CPU kernel runs a scalar loop for every dtype it has a vectorized
  // one for.
  std::vector<StringRef> CpuScalar = dtypesOf(
      Loops, {UfuncKey::CPUScalar, UfuncKey::ScalarOnly, UfuncKey::Generic});
  for (StringRef T : dtypesOf(Loops, {UfuncKey::CPUVector}))
    if (!is_contained(CpuScalar, T)) {
      error(LoopLoc(UfuncKey::CPUVector),
            "dtype `" + T +
                "` has a CPUVector loop but no CPUScalar, ScalarOnly or "
                "Generic one");
      break;
    }

  // What the kernels pass to the ufunc: each tensor's elements, Scalars
  // converted to the element type, and (on CUDA only, as functor fields)
  // value types. The scalar specializations of a binary op know its
  // tensors as `self` and `other`.
  SMLoc FuncLoc = keyLoc(E, EntryKey::Func);
  bool Cpu = !CpuScalar.empty();
  unsigned TensorIdx = 0;
  for (const Argument *A : NonOut) {
    SMLoc L = A->Loc.isValid() ? A->Loc : FuncLoc;
    if (A->Ty.isTensorLike()) {
      if (!A->Ty.isBase(BaseTy::Tensor))
        error(L, "ufunc argument `" + A->Name + "` must be a Tensor, not `" +
                     A->Ty.str() + "`: the kernels take its elements");
      else if (NumTensors == 2 && A->Name != (TensorIdx ? "other" : "self"))
        error(L, Twine("the tensors of a binary ufunc must be named `self` "
                       "and `other`, which its CUDA kernel's scalar "
                       "specializations use; found `") +
                     A->Name + "`");
      ++TensorIdx;
    } else if (!A->Ty.isBase(BaseTy::Scalar)) {
      if (!isValueType(A->Ty))
        error(L, "ufunc argument `" + A->Name + "` of type `" + A->Ty.str() +
                     "` cannot be passed to the generated kernels");
      else if (Cpu)
        error(L, "ufunc argument `" + A->Name + "` of type `" + A->Ty.str() +
                     "` cannot be passed by the generated CPU kernel, which "
                     "gives the ufunc only Tensors and Scalars");
    }
  }
}
