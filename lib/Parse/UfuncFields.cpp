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
