//===- LazyOptions.cpp - The real builds' lazy generator settings ---------===//

#include "opgen/LazyApi/LazyOptions.h"

using namespace opgen;
using namespace llvm;

std::optional<LazyTensorOptions> opgen::getLazyPreset(StringRef Name) {
  LazyTensorOptions O;
  if (Name == "torchscript") {
    O.Ir = LazyTensorOptions::IrFlavour::TorchScript;
    O.NodeBase = "TsNode";
    O.NodeBaseHdr = "torch/csrc/lazy/ts_backend/ts_node.h";
    return O;
  }
  if (Name == "xla") {
    O.Ir = LazyTensorOptions::IrFlavour::Xla;
    O.NodeBase = "XlaNode";
    O.NodeBaseHdr = "torch_xla/csrc/generated_file_include.h";
    O.UseLazyShape = false;
    return O;
  }
  return std::nullopt;
}
