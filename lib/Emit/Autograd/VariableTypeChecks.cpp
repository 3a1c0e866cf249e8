//===- VariableTypeChecks.cpp - A kernel's debug-mode sanity checks -------===//
//
// torchgen's check_tensorimpl_and_storage: under `#ifndef NDEBUG`, a kernel
// checks that the call below autograd kept its inputs' TensorImpl and
// Storage, and that a fresh output is not shared (use counts of 1) or, for
// a view, aliases its base. The DONT_ENFORCE_* policy tables exempt
// functions from each check.
//
//===----------------------------------------------------------------------===//

#include "VariableTypeBody.h"

#include "opgen/CppApi/CppSignature.h"

using namespace opgen;
using namespace opgen::vtbody;
using namespace llvm;

namespace {

const CodeTemplate SaveTensorStorage(
    "auto ${tensor_name}_storage_saved =\n"
    "  ${tensor_name}.has_storage() ? "
    "::std::optional<Storage>(${tensor_name}.storage()) : ::std::nullopt;\n");

const CodeTemplate EnforceSameTensorStorage(
    "if (${tensor_name}_storage_saved.has_value() &&\n"
    "    !at::impl::dispatch_mode_enabled() &&\n"
    "    !at::impl::tensor_has_dispatch(${tensor_name}) &&\n"
    "    !at::impl::tensor_has_dispatch(${out_tensor_name}))\n"
    "  "
    "TORCH_INTERNAL_ASSERT(${tensor_name}_storage_saved.value().is_alias_of(${"
    "out_tensor_name}.storage()));\n");

const CodeTemplate SaveTensorListStorage(
    "std::vector<::std::optional<Storage>> "
    "${tensorlist_name}_storage_saved(${tensorlist_name}.size());\n"
    "for (const Tensor& tensor : ${tensorlist_name})\n"
    "  ${tensorlist_name}_storage_saved.push_back(\n"
    "    tensor.has_storage() ? ::std::optional<Storage>(tensor.storage()) : "
    "::std::nullopt);\n");

const CodeTemplate EnforceSameTensorListStorage(
    "for (size_t i=0; i<${tensorlist_name}.size() && "
    "!at::impl::dispatch_mode_enabled(); i++) {\n"
    "  if (${tensorlist_name}_storage_saved[i].has_value() && "
    "!at::impl::tensorlist_has_dispatch(${tensorlist_name}))\n"
    "    "
    "TORCH_INTERNAL_ASSERT(${tensorlist_name}_storage_saved[i].value().is_"
    "alias_of(${tensorlist_name}[i].storage()));\n"
    "}\n");

const CodeTemplate SaveOptionalTensorListStorage(
    "std::vector<::std::optional<Storage>> "
    "${tensorlist_name}_storage_saved(${tensorlist_name}.size());\n"
    "for (const ::std::optional<Tensor>& tensor : ${tensorlist_name})\n"
    "  ${tensorlist_name}_storage_saved.push_back(\n"
    "    tensor.has_value() && tensor->has_storage() ? "
    "::std::optional<Storage>(tensor->storage()) : ::std::nullopt);\n");

const CodeTemplate EnforceSameOptionalTensorListStorage(
    "for (size_t i=0; i<${tensorlist_name}.size() && "
    "!at::impl::dispatch_mode_enabled(); i++) {\n"
    "  if (${tensorlist_name}_storage_saved[i].has_value() && "
    "!at::impl::tensorlist_has_dispatch(${tensorlist_name}))\n"
    "    "
    "TORCH_INTERNAL_ASSERT(${tensorlist_name}_storage_saved[i].value().is_"
    "alias_of(\n"
    "        "
    "static_cast<::std::optional<Tensor>>(${tensorlist_name}[i])->storage()));"
    "\n"
    "}\n");

const CodeTemplate
    SaveTensorImpl("c10::intrusive_ptr<TensorImpl> ${tensor_name}_impl_saved;\n"
                   "if (${tensor_name}.defined()) ${tensor_name}_impl_saved = "
                   "${tensor_name}.getIntrusivePtr();\n");

const CodeTemplate EnforceSameTensorImpl(
    "if (${tensor_name}_impl_saved && !at::impl::dispatch_mode_enabled() && "
    "!at::impl::tensor_has_dispatch(${tensor_name}))\n"
    "  TORCH_INTERNAL_ASSERT(${tensor_name}_impl_saved == "
    "${tensor_name}.getIntrusivePtr());\n");

const CodeTemplate EnforceTensorImplUseCount(
    "if (!at::impl::dispatch_mode_enabled() && "
    "!at::impl::tensor_has_dispatch(${tensor_name}))\n"
    "  TORCH_INTERNAL_ASSERT(${tensor_name}.use_count() == "
    "expected_fresh_use_count(${tensor_name}), \"function: ${fn_name}\");\n");

const CodeTemplate EnforceTensorStorageUseCountEqualsOne(
    "if (${tensor_name}.has_storage() && !at::impl::dispatch_mode_enabled() "
    "&& !at::impl::tensor_has_dispatch(${tensor_name})) {\n"
    "  TORCH_INTERNAL_ASSERT(${tensor_name}.storage().use_count() == 1, "
    "\"function: ${fn_name}\");\n"
    "}\n");

const CodeTemplate SaveTensorListImpl(
    "std::vector<c10::intrusive_ptr<TensorImpl>> "
    "${tensorlist_name}_impl_saved(${tensorlist_name}.size());\n"
    "for (size_t i=0; i<${tensorlist_name}.size(); i++)\n"
    "  if (${tensorlist_name}[i].defined()) ${tensorlist_name}_impl_saved[i] "
    "= ${tensorlist_name}[i].getIntrusivePtr();\n");

const CodeTemplate EnforceSameTensorListImpl(
    "for (size_t i=0; i<${tensorlist_name}.size() && "
    "!at::impl::dispatch_mode_enabled(); i++) {\n"
    "  if (${tensorlist_name}_impl_saved[i] && "
    "!at::impl::tensorlist_has_dispatch(${tensorlist_name}))\n"
    "    TORCH_INTERNAL_ASSERT(${tensorlist_name}_impl_saved[i] == "
    "${tensorlist_name}[i].getIntrusivePtr());\n"
    "}\n");

const CodeTemplate SaveOptionalTensorListImpl(
    "std::vector<c10::intrusive_ptr<TensorImpl>> "
    "${tensorlist_name}_impl_saved(${tensorlist_name}.size());\n"
    "for (size_t i=0; i<${tensorlist_name}.size(); i++) {\n"
    "  ::std::optional<Tensor> t = ${tensorlist_name}[i];\n"
    "  if (t.has_value() && t->defined()) ${tensorlist_name}_impl_saved[i] = "
    "t->getIntrusivePtr();\n"
    "}\n");

const CodeTemplate EnforceSameOptionalTensorListImpl(
    "for (size_t i=0; i<${tensorlist_name}.size() && "
    "!at::impl::dispatch_mode_enabled(); i++) {\n"
    "  if (${tensorlist_name}_impl_saved[i])\n"
    "    TORCH_INTERNAL_ASSERT(\n"
    "      ${tensorlist_name}_impl_saved[i] == "
    "static_cast<::std::optional<Tensor>>(${tensorlist_name}[i])->"
    "getIntrusivePtr());\n"
    "}\n");

const CodeTemplate RunOnlyInDebugMode("#ifndef NDEBUG\n"
                                      "${statements}\n"
                                      "#endif\n");

} // namespace

std::string BodyEmitter::checkTensorImplAndStorage(std::string Call) {
  if (Tab.DontEnforceSameTensorImplOrStorage.count(Name))
    return Call;
  std::vector<std::string> Before, After;
  for (const Binding &B : Unpacked.Bindings) {
    std::string Arg = B.Name.str();
    std::string T = noRefCType(B.NCType.Type);
    if (T == "at::TensorList" || T == "at::ITensorListRef") {
      Before.push_back(
          subst(SaveTensorListStorage, {{"tensorlist_name", Arg}}));
      Before.push_back(subst(SaveTensorListImpl, {{"tensorlist_name", Arg}}));
      After.push_back(
          subst(EnforceSameTensorListStorage, {{"tensorlist_name", Arg}}));
      After.push_back(
          subst(EnforceSameTensorListImpl, {{"tensorlist_name", Arg}}));
    } else if (T == "c10::List<::std::optional<at::Tensor>>") {
      Before.push_back(
          subst(SaveOptionalTensorListStorage, {{"tensorlist_name", Arg}}));
      Before.push_back(
          subst(SaveOptionalTensorListImpl, {{"tensorlist_name", Arg}}));
      After.push_back(subst(EnforceSameOptionalTensorListStorage,
                            {{"tensorlist_name", Arg}}));
      After.push_back(
          subst(EnforceSameOptionalTensorListImpl, {{"tensorlist_name", Arg}}));
    } else if (T == "at::Tensor") {
      Before.push_back(subst(SaveTensorStorage, {{"tensor_name", Arg}}));
      Before.push_back(subst(SaveTensorImpl, {{"tensor_name", Arg}}));
      After.push_back(subst(EnforceSameTensorStorage,
                            {{"tensor_name", Arg}, {"out_tensor_name", Arg}}));
      After.push_back(subst(EnforceSameTensorImpl, {{"tensor_name", Arg}}));
    }
  }

  SchemaKind Kind = F.Func.kind();
  if (Kind != SchemaKind::Inplace && Kind != SchemaKind::Out) {
    std::string Base = getBaseName(F).str();
    std::optional<std::string> Aliased;
    if (const std::string *A = Tab.AllViewFunctions.lookup(Base))
      Aliased = unpackedName(*A);
    std::string Wrapper = typeWrapperName(F);
    CppApiFlags Flags = CppApiFlags::forFunction(F);
    std::vector<std::string> RetNames = returnNames(F);
    for (size_t I = 0; I != F.Func.Returns.size(); ++I) {
      std::string T = noRefCType(returnCType(F.Func.Returns[I], Flags));
      const std::string &Ret = RetNames[I];
      if (T == "at::Tensor") {
        if (Aliased) {
          if (I != 0) {
            error("Expect non-CompositeImplicitAutograd view function " + Base +
                  " to return single output, got index " + Twine(I));
            return Call;
          }
          After.push_back(
              subst(EnforceSameTensorStorage,
                    {{"tensor_name", *Aliased}, {"out_tensor_name", Ret}}));
        } else if (!Tab.DontEnforceStorageImplUseCount.count(Wrapper)) {
          After.push_back(subst(EnforceTensorStorageUseCountEqualsOne,
                                {{"tensor_name", Ret}, {"fn_name", Wrapper}}));
        }
        if (!Tab.DontEnforceTensorImplUseCount.count(Wrapper))
          After.push_back(subst(EnforceTensorImplUseCount,
                                {{"tensor_name", Ret}, {"fn_name", Wrapper}}));
      } else if (T == "c10::List<::std::optional<at::Tensor>>" ||
                 T == "at::TensorList") {
        error("Please add use_count checks for " + T);
        return Call;
      }
    }
  }
  if (!Before.empty() && !After.empty())
    Call = subst(RunOnlyInDebugMode, {{"statements", std::move(Before)}}) +
           Call + subst(RunOnlyInDebugMode, {{"statements", std::move(After)}});
  return Call;
}
