//===- FunctionalInverses.cpp - FunctionalInverses.h ----------------------===//
//
// Functionalization undoes a view by its inverse (Note [Functionalization
// Pass: View Inverses]): people write those by hand, and this header
// declares one for each view op that is not CompositeImplicitAutograd, so
// that a new view op without an inverse fails to link rather than
// misbehave (torchgen's gen_functionalization_view_inverse_declaration).
// The selective build does not change it.
//
//   static at::Tensor transpose_int_inverse(const at::Tensor & base, ...);
//
//===----------------------------------------------------------------------===//

#include "opgen/CppApi/FunctionalizationApi.h"
#include "opgen/Emit/Emitters.h"

using namespace opgen;
using namespace llvm;

LogicalResult opgen::emitFunctionalInverses(EmitContext &EC) {
  if (!EC.Options.GenerateSources)
    return success();
  const Module &M = EC.M;
  if (!M.ViewGroups || any_of(M.Functions, [](const NativeFunction &F) {
        return !F.Names.has_value();
      })) {
    EC.Ctx.getDiags().error(SMLoc(), "FunctionalInverses.h needs the view "
                                     "groups and kernel names of the default "
                                     "pipeline; run it with -passes=default");
    return failure();
  }
  std::vector<std::string> Decls;
  for (const ViewGroup &VG : *M.ViewGroups)
    if (!M.Functions[VG.View].HasCompositeImplicitAutogradKernel)
      Decls.push_back(viewInverseDecl(M, VG));
  return EC.files().write("FunctionalInverses.h",
                          {{"view_inverse_declarations", std::move(Decls)}});
}
