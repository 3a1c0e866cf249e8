//===- LazyShapeDeclarations.cpp - The shape functions a backend needs ----===//
//
// Generated lazy kernels infer their outputs' shapes with a meta kernel
// where the operator has one (structured, or a view_copy), and otherwise
// call `torch::lazy::compute_shape_<kernel>`, which the backend writes by
// hand and declares in its shape-inference header. gen_lazy_tensor checks
// the header against these declarations; the `lazy-shape-declarations`
// text emitter prints them, one per line, as torchgen_lazy.py's
// --expected-shape-decls writes torchgen's.
//
//===----------------------------------------------------------------------===//

#include "LazyNodes.h"

#include "opgen/CppApi/CppTypes.h"

#include "llvm/Support/raw_ostream.h"

using namespace opgen;
using namespace opgen::lazy;
using namespace llvm;

std::vector<std::string> lazy::getShapeInferenceDeclarations(
    EmitContext &EC, const std::vector<LazyFunction> &Fns, bool &Ok) {
  std::vector<std::string> Decls;
  for (const LazyFunction &L : Fns) {
    const NativeFunction &F = EC.M.Functions[L.Id];
    if (!L.Kernel) {
      EC.Ctx.getDiags().error(L.Loc, "`" + F.Func.Name.str() +
                                         "` has no kernel in the backend's "
                                         "index to infer shapes for");
      Ok = false;
      continue;
    }
    if (F.Structured || F.StructuredDelegate || F.Tags.count("view_copy"))
      continue;
    DispatcherSignature Sig(F, "", L.Schema.SymInt);
    std::string D = "TORCH_API std::vector<torch::lazy::Shape> compute_shape_" +
                    L.Kernel->Kernel + "(";
    bool First = true;
    for (const Binding &B : Sig.arguments()) {
      if (!First)
        D += ", ";
      First = false;
      B.appendDecl(D);
    }
    D += ");";
    Decls.push_back(std::move(D));
  }
  return Decls;
}

LogicalResult opgen::emitLazyShapeDeclarations(EmitContext &EC,
                                               raw_ostream &OS) {
  const BackendConfig *B = getLazyBackend(EC);
  if (!B)
    return failure();
  bool Ok = true;
  std::vector<LazyFunction> Fns =
      getLazyFunctions(EC, *B, {&B->FullCodegen}, Ok);
  std::vector<std::string> Decls = getShapeInferenceDeclarations(EC, Fns, Ok);
  if (!Ok)
    return failure();
  for (const std::string &D : Decls)
    OS << D << "\n";
  return success();
}
