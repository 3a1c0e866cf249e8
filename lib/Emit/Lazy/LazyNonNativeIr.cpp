//===- LazyNonNativeIr.cpp - LazyNonNativeIr.h: nodes of no aten operator -===//
//
// gen_lazy_tensor's LazyNonNativeIr.h: a node class for each `non_native:`
// entry of the backend yaml, from its own schema, properties and opkind.
//
//===----------------------------------------------------------------------===//

#include "LazyIrClass.h"
#include "LazyNodes.h"

#include "opgen/Emit/Dest/Namespaces.h"
#include "opgen/Emit/FileManager.h"

using namespace opgen;
using namespace opgen::lazy;
using namespace llvm;

LogicalResult opgen::emitLazyNonNativeIr(EmitContext &EC) {
  const BackendConfig *B = getLazyBackend(EC);
  if (!B)
    return failure();
  const LazyTensorOptions &O = getLazyOptions(EC);
  DiagnosticEngine &D = EC.Ctx.getDiags();
  std::vector<std::string> Nodes;
  bool Ok = true;
  for (const BackendNonNativeOp &Op : B->NonNative) {
    LazyIrProperties P = LazyIrProperties::forNonNative();
    for (LazyIrProperty Prop : Op.Properties)
      P.set(Prop);
    // A non_native node is taken to want SymInt values.
    std::string Error;
    StringRef Bad;
    std::optional<LazyIrSchema> S =
        makeLazyIrSchema(Op.Func, P, /*SymInt=*/true, O.Types, Error, Bad);
    if (!S) {
      D.error(Op.Loc, Error + " (argument `" + Bad + "`)");
      Ok = false;
      continue;
    }
    S->OpKind = Op.OpKind;
    std::optional<std::string> Class = genLazyIrClass(*S, O, Error);
    if (!Class) {
      D.error(Op.Loc, Error);
      Ok = false;
      continue;
    }
    Nodes.push_back(std::move(*Class));
  }
  if (!Ok)
    return failure();
  std::vector<std::string> Inc;
  for (const char *H :
       {"torch/csrc/lazy/core/ir.h", "torch/csrc/lazy/core/ir_builder.h",
        "torch/csrc/lazy/core/internal_ops/ltc_ops.h",
        "torch/csrc/lazy/core/shape_inference.h"})
    Inc.push_back(std::string("#include <") + H + ">");
  if (O.NodeBaseHdr && !O.NodeBaseHdr->empty())
    Inc.push_back("#include <" + *O.NodeBaseHdr + ">");
  auto [Prologue, Epilogue] = getNamespaceLines(B->CppNamespace);
  TemplateEnv Env;
  Env["lazy_non_native_ir_inc"] = std::move(Inc);
  Env["non_native_ir_nodes"] = std::move(Nodes);
  Env["namespace_prologue"] = Prologue;
  Env["namespace_epilogue"] = Epilogue;
  return EC.files().write("LazyNonNativeIr.h", std::move(Env));
}
