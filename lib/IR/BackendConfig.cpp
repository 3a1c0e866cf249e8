//===- BackendConfig.cpp - An external backend's configuration ------------===//

#include "opgen/IR/BackendConfig.h"
#include "opgen/IR/NativeFunction.h"

using namespace opgen;
using namespace llvm;

std::vector<const BackendOp *> BackendConfig::backendOps() const {
  std::vector<const BackendOp *> Ops;
  for (const BackendOp &Op : Supported)
    Ops.push_back(&Op);
  for (const BackendOp &Op : FullCodegen)
    Ops.push_back(&Op);
  return Ops;
}

void BackendConfig::addSymInt(std::string Spelling, SMLoc Loc) {
  SymIntSpellings.insert(Spelling);
  SymInt.push_back({std::move(Spelling), Loc});
}

bool BackendConfig::isSymInt(const BackendOp &Op) const {
  return SymIntSpellings.contains(Op.Spelling);
}

SMLoc BackendConfig::getLocation(const OperatorName &Name) const {
  for (const std::vector<BackendOp> *L : {&Supported, &FullCodegen, &Autograd})
    for (const BackendOp &Op : *L)
      if (Op.Name == Name)
        return Op.Loc;
  return SMLoc();
}

std::string opgen::getExternalKernelName(const FunctionSchema &Func,
                                         bool SymInt) {
  std::string Name = computeKernelNames(Func).Dispatcher;
  if (SymInt)
    Name += "_symint";
  return Name;
}

ArrayRef<StringRef> opgen::getLazyIrPropertyNames() {
  static const StringRef Names[] = {
      "ShapePrecompute",     "ShapeCompute",
      "ShapeCache",          "Lower",
      "LowerDeclOnly",       "CanBeReused",
      "CanBeReusedDeclOnly", "CreateFn",
      "CreateFnDeclOnly",    "TreatScalarsAsConstants"};
  return Names;
}

std::optional<LazyIrProperty> opgen::parseLazyIrProperty(StringRef Name) {
  ArrayRef<StringRef> Names = getLazyIrPropertyNames();
  for (size_t I = 0; I != Names.size(); ++I)
    if (Names[I] == Name)
      return static_cast<LazyIrProperty>(I);
  return std::nullopt;
}
