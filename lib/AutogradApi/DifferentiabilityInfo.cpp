//===- DifferentiabilityInfo.cpp - Questions the emitters ask -------------===//

#include "opgen/AutogradApi/DifferentiabilityInfo.h"
#include "opgen/AutogradApi/Formula.h"

#include "llvm/ADT/STLExtras.h"

using namespace opgen;
using namespace llvm;

const DifferentiabilityInfo *opgen::findInfo(const InfosByKey &Infos,
                                             StringRef Key) {
  for (const auto &[K, Info] : Infos)
    if (K == Key)
      return &Info;
  return nullptr;
}

bool opgen::usesIdent(const DifferentiabilityInfo *Info, StringRef Ident) {
  return Info && any_of(Info->Derivatives, [&](const Derivative &D) {
           return hasIdent(D.Formula, Ident);
         });
}

DispatchStrategy opgen::getDispatchStrategy(const Module &M,
                                            const AutogradModel &AM,
                                            const FunctionWithDerivatives &F) {
  if (M.Functions[F.Func].IsAbstract)
    return DispatchStrategy::UseDerived;
  if (const InfosByKey *Infos = AM.getInfos(F))
    if (any_of(*Infos,
               [](const auto &KI) { return KI.second.hasDerivatives(); }))
      return DispatchStrategy::UseDerived;
  return DispatchStrategy::UseType;
}

bool opgen::isDifferentiable(StringRef Name, Type Ty,
                             const DifferentiabilityInfo *Info) {
  return Ty.isTensorLike() &&
         (!Info || !is_contained(Info->NonDifferentiableArgNames, Name));
}

std::optional<std::vector<DifferentiableOutput>>
opgen::getDifferentiableOutputs(const Module &M, const AutogradModel &AM,
                                const FunctionWithDerivatives &F, StringRef Key,
                                DiagnosticEngine &D) {
  const NativeFunction &Fn = M.Functions[F.Func];
  const InfosByKey *Infos = AM.getInfos(F);
  // torchgen's fn.info[key]: a key the function has no info for is a
  // KeyError there; the emitters ask only for keys it has.
  const DifferentiabilityInfo *Info = Infos ? findInfo(*Infos, Key) : nullptr;
  std::vector<DifferentiableOutput> Outputs;
  std::vector<std::string> Names = returnNames(Fn);
  CppApiFlags Flags = CppApiFlags::forFunction(Fn);
  for (size_t I = 0; I != Fn.Func.Returns.size(); ++I) {
    const Return &R = Fn.Func.Returns[I];
    Outputs.push_back({Names[I], R.Ty, returnCType(R, Flags).str()});
  }
  if (Info && Info->OutputDifferentiability) {
    const std::vector<bool> &OD = *Info->OutputDifferentiability;
    if (OD.size() != Outputs.size()) {
      D.error(Info->EntryLoc,
              "`output_differentiability` has " + Twine(OD.size()) + " item" +
                  (OD.size() == 1 ? "" : "s") + ", but `" + Fn.Func.Name.str() +
                  "` has " + Twine(Outputs.size()) + " output" +
                  (Outputs.size() == 1 ? "" : "s"));
      return std::nullopt;
    }
    if (is_contained(OD, false) && Fn.Func.kind() == SchemaKind::Inplace) {
      D.error(Info->EntryLoc,
              "`output_differentiability` makes the output of `" +
                  Fn.Func.Name.str() +
                  "` undifferentiable, but it is in place: its version "
                  "counter would not be updated");
      return std::nullopt;
    }
    std::vector<DifferentiableOutput> Kept;
    for (size_t I = 0; I != Outputs.size(); ++I)
      if (OD[I])
        Kept.push_back(std::move(Outputs[I]));
    return Kept;
  }
  std::vector<DifferentiableOutput> Candidates;
  for (DifferentiableOutput &O : Outputs)
    if (isDifferentiable(O.Name, O.Ty, Info))
      Candidates.push_back(std::move(O));
  if (usesSingleGrad(Info) && Candidates.size() > 1)
    Candidates.resize(1);
  return Candidates;
}
