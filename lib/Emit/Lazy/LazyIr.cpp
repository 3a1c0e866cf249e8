//===- LazyIr.cpp - LazyIr.h: a lazy backend's IR node classes ------------===//
//
// gen_lazy_tensor's LazyIr.h: a node class for each function of the
// backend yaml's `full_codegen` and `ir_gen` lists, in its order.
//
//===----------------------------------------------------------------------===//

#include "LazyIrClass.h"
#include "LazyNodes.h"

#include "opgen/Emit/Dest/Namespaces.h"
#include "opgen/Emit/FileManager.h"

#include "llvm/ADT/StringMap.h"

using namespace opgen;
using namespace opgen::lazy;
using namespace llvm;

LogicalResult opgen::emitLazyIr(EmitContext &EC) {
  const BackendConfig *B = getLazyBackend(EC);
  if (!B)
    return failure();
  bool Ok = true;
  std::vector<LazyFunction> Fns =
      getLazyFunctions(EC, *B, {&B->FullCodegen, &B->IrGen}, Ok);
  const LazyTensorOptions &O = getLazyOptions(EC);
  DiagnosticEngine &D = EC.Ctx.getDiags();
  std::vector<std::string> Decls;
  // Two functions whose nodes share a name (`abs` and `abs_`) would define
  // the class twice, which does not compile.
  StringMap<FunctionId> ByNode;
  for (const LazyFunction &F : Fns) {
    std::string Node = F.Schema.nodeName();
    auto [It, New] = ByNode.try_emplace(Node, F.Id);
    if (!New) {
      D.error(F.Loc, "`" + EC.M.Functions[F.Id].Func.Name.str() + "` and `" +
                         EC.M.Functions[It->second].Func.Name.str() +
                         "` would both be lazy IR class `" + Node +
                         "` in LazyIr.h; list only one of them");
      Ok = false;
      continue;
    }
    std::string Error;
    std::optional<std::string> Class = genLazyIrClass(F.Schema, O, Error);
    if (!Class) {
      D.error(F.Loc, Error);
      Ok = false;
      continue;
    }
    Decls.push_back(std::move(*Class));
  }
  if (!Ok)
    return failure();
  std::vector<std::string> SysInc;
  for (const char *H :
       {"ATen/core/Formatting.h", "c10/core/ScalarType.h",
        "torch/csrc/lazy/core/hash.h", "torch/csrc/lazy/core/ir.h",
        "torch/csrc/lazy/core/shape.h", "optional", "vector"})
    SysInc.push_back(std::string("#include <") + H + ">");
  std::vector<std::string> Inc;
  if (O.NodeBaseHdr)
    Inc.push_back("#include \"" + *O.NodeBaseHdr + "\"");
  auto [Prologue, Epilogue] = getNamespaceLines(B->CppNamespace);
  TemplateEnv Env;
  Env["lazy_ir_sysinc"] = std::move(SysInc);
  Env["lazy_ir_inc"] = std::move(Inc);
  Env["ir_declarations"] = std::move(Decls);
  Env["namespace_prologue"] = Prologue;
  Env["namespace_epilogue"] = Epilogue;
  return EC.files().write("LazyIr.h", std::move(Env));
}
