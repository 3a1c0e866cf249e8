//===- ViewMetaClassesPythonBinding.cpp - The ViewMetas for Python --------===//
//
// ViewMetaClassesPythonBinding.cpp (gen_functionalization_view_meta_classes,
// which generate_code.py runs after the autograd generators): a pickling
// Python binding of each ViewMeta specialization ViewMetaClasses.h declares,
// in the same order, from ATen's template.
//
//===----------------------------------------------------------------------===//

#include "opgen/CppApi/FunctionalizationApi.h"
#include "opgen/Emit/Emitters.h"

using namespace opgen;
using namespace llvm;

LogicalResult opgen::emitViewMetaClassesPythonBinding(EmitContext &EC) {
  const Module &M = EC.M;
  if (!M.ViewGroups) {
    EC.Ctx.getDiags().error(SMLoc(), "ViewMetaClassesPythonBinding.cpp needs "
                                     "the view groups of the default "
                                     "pipeline; run it with -passes=default");
    return failure();
  }
  // As ViewMetaClasses.h: none for a selective build that leaves out some
  // operator, none for a view that decomposes (CompositeImplicitAutograd).
  bool AllOperators = !M.Selection || M.Selection->IncludeAllOperators;
  std::vector<std::string> Bindings;
  for (const ViewGroup &VG : *M.ViewGroups) {
    if (!AllOperators ||
        M.Functions[VG.View].HasCompositeImplicitAutogradKernel)
      continue;
    for (std::optional<FunctionId> Id :
         {std::optional<FunctionId>(VG.View), VG.ViewInplace})
      if (Id)
        Bindings.push_back(
            "  create_binding_with_pickle<" +
            viewMetaClassName(M.Functions[*Id], /*WithNamespace=*/true) +
            ">(functionalization);");
  }
  return EC.files().write("ViewMetaClassesPythonBinding.cpp",
                          {{"view_meta_bindings", std::move(Bindings)}});
}
