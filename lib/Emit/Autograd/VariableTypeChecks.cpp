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

/// The generator's inline templates, parsed once.
struct CheckTemplates {
  CodeTemplate SaveTensorStorage{
      "auto ${tensor_name}_storage_saved =\n"
      "  ${tensor_name}.has_storage() ? "
      "::std::optional<Storage>(${tensor_name}.storage()) : ::std::nullopt;\n"};

  CodeTemplate EnforceSameTensorStorage{
      "if (${tensor_name}_storage_saved.has_value() &&\n"
      "    !at::impl::dispatch_mode_enabled() &&\n"
      "    !at::impl::tensor_has_dispatch(${tensor_name}) &&\n"
      "    !at::impl::tensor_has_dispatch(${out_tensor_name}))\n"
      "  "
      "TORCH_INTERNAL_ASSERT(${tensor_name}_storage_saved.value().is_alias_of($"
      "{"
      "out_tensor_name}.storage()));\n"};

  CodeTemplate SaveTensorListStorage{
      "std::vector<::std::optional<Storage>> "
      "${tensorlist_name}_storage_saved(${tensorlist_name}.size());\n"
      "for (const Tensor& tensor : ${tensorlist_name})\n"
      "  ${tensorlist_name}_storage_saved.push_back(\n"
      "    tensor.has_storage() ? ::std::optional<Storage>(tensor.storage()) : "
      "::std::nullopt);\n"};

  CodeTemplate EnforceSameTensorListStorage{
      "for (size_t i=0; i<${tensorlist_name}.size() && "
      "!at::impl::dispatch_mode_enabled(); i++) {\n"
      "  if (${tensorlist_name}_storage_saved[i].has_value() && "
      "!at::impl::tensorlist_has_dispatch(${tensorlist_name}))\n"
      "    "
      "TORCH_INTERNAL_ASSERT(${tensorlist_name}_storage_saved[i].value().is_"
      "alias_of(${tensorlist_name}[i].storage()));\n"
      "}\n"};

  CodeTemplate SaveOptionalTensorListStorage{
      "std::vector<::std::optional<Storage>> "
      "${tensorlist_name}_storage_saved(${tensorlist_name}.size());\n"
      "for (const ::std::optional<Tensor>& tensor : ${tensorlist_name})\n"
      "  ${tensorlist_name}_storage_saved.push_back(\n"
      "    tensor.has_value() && tensor->has_storage() ? "
      "::std::optional<Storage>(tensor->storage()) : ::std::nullopt);\n"};

  CodeTemplate EnforceSameOptionalTensorListStorage{
      "for (size_t i=0; i<${tensorlist_name}.size() && "
      "!at::impl::dispatch_mode_enabled(); i++) {\n"
      "  if (${tensorlist_name}_storage_saved[i].has_value() && "
      "!at::impl::tensorlist_has_dispatch(${tensorlist_name}))\n"
      "    "
      "TORCH_INTERNAL_ASSERT(${tensorlist_name}_storage_saved[i].value().is_"
      "alias_of(\n"
      "        "
      "static_cast<::std::optional<Tensor>>(${tensorlist_name}[i])->storage()))"
      ";"
      "\n"
      "}\n"};

  CodeTemplate SaveTensorImpl{
      "c10::intrusive_ptr<TensorImpl> ${tensor_name}_impl_saved;\n"
      "if (${tensor_name}.defined()) ${tensor_name}_impl_saved = "
      "${tensor_name}.getIntrusivePtr();\n"};

  CodeTemplate EnforceSameTensorImpl{
      "if (${tensor_name}_impl_saved && !at::impl::dispatch_mode_enabled() && "
      "!at::impl::tensor_has_dispatch(${tensor_name}))\n"
      "  TORCH_INTERNAL_ASSERT(${tensor_name}_impl_saved == "
      "${tensor_name}.getIntrusivePtr());\n"};

  CodeTemplate EnforceTensorImplUseCount{
      "if (!at::impl::dispatch_mode_enabled() && "
      "!at::impl::tensor_has_dispatch(${tensor_name}))\n"
      "  TORCH_INTERNAL_ASSERT(${tensor_name}.use_count() == "
      "expected_fresh_use_count(${tensor_name}), \"function: ${fn_name}\");\n"};

  CodeTemplate EnforceTensorStorageUseCountEqualsOne{
      "if (${tensor_name}.has_storage() && !at::impl::dispatch_mode_enabled() "
      "&& !at::impl::tensor_has_dispatch(${tensor_name})) {\n"
      "  TORCH_INTERNAL_ASSERT(${tensor_name}.storage().use_count() == 1, "
      "\"function: ${fn_name}\");\n"
      "}\n"};

  CodeTemplate SaveTensorListImpl{
      "std::vector<c10::intrusive_ptr<TensorImpl>> "
      "${tensorlist_name}_impl_saved(${tensorlist_name}.size());\n"
      "for (size_t i=0; i<${tensorlist_name}.size(); i++)\n"
      "  if (${tensorlist_name}[i].defined()) ${tensorlist_name}_impl_saved[i] "
      "= ${tensorlist_name}[i].getIntrusivePtr();\n"};

  CodeTemplate EnforceSameTensorListImpl{
      "for (size_t i=0; i<${tensorlist_name}.size() && "
      "!at::impl::dispatch_mode_enabled(); i++) {\n"
      "  if (${tensorlist_name}_impl_saved[i] && "
      "!at::impl::tensorlist_has_dispatch(${tensorlist_name}))\n"
      "    TORCH_INTERNAL_ASSERT(${tensorlist_name}_impl_saved[i] == "
      "${tensorlist_name}[i].getIntrusivePtr());\n"
      "}\n"};

  CodeTemplate SaveOptionalTensorListImpl{
      "std::vector<c10::intrusive_ptr<TensorImpl>> "
      "${tensorlist_name}_impl_saved(${tensorlist_name}.size());\n"
      "for (size_t i=0; i<${tensorlist_name}.size(); i++) {\n"
      "  ::std::optional<Tensor> t = ${tensorlist_name}[i];\n"
      "  if (t.has_value() && t->defined()) ${tensorlist_name}_impl_saved[i] = "
      "t->getIntrusivePtr();\n"
      "}\n"};

  CodeTemplate EnforceSameOptionalTensorListImpl{
      "for (size_t i=0; i<${tensorlist_name}.size() && "
      "!at::impl::dispatch_mode_enabled(); i++) {\n"
      "  if (${tensorlist_name}_impl_saved[i])\n"
      "    TORCH_INTERNAL_ASSERT(\n"
      "      ${tensorlist_name}_impl_saved[i] == "
      "static_cast<::std::optional<Tensor>>(${tensorlist_name}[i])->"
      "getIntrusivePtr());\n"
      "}\n"};

  CodeTemplate RunOnlyInDebugMode{"#ifndef NDEBUG\n"
                                  "${statements}\n"
                                  "#endif\n"};
};

const CheckTemplates &checkTemplates() {
  static const CheckTemplates T;
  return T;
}

} // namespace

std::string BodyEmitter::checkTensorImplAndStorage(std::string Call) {
  const CheckTemplates &Tpl = checkTemplates();
  if (Tab.DontEnforceSameTensorImplOrStorage.count(Name))
    return Call;
  // Each check's statements end in a line break, so the statements of
  // one side, as one string, are the same block as the list of them.
  std::string Before, After;
  for (const Binding &B : Unpacked.Bindings) {
    std::string Arg = B.Name.str();
    std::string T = noRefCType(B.NCType.Type);
    if (T == "at::TensorList" || T == "at::ITensorListRef") {
      appendSubst(Before, Tpl.SaveTensorListStorage,
                  {{"tensorlist_name", Arg}});
      appendSubst(Before, Tpl.SaveTensorListImpl, {{"tensorlist_name", Arg}});
      appendSubst(After, Tpl.EnforceSameTensorListStorage,
                  {{"tensorlist_name", Arg}});
      appendSubst(After, Tpl.EnforceSameTensorListImpl,
                  {{"tensorlist_name", Arg}});
    } else if (T == "c10::List<::std::optional<at::Tensor>>") {
      appendSubst(Before, Tpl.SaveOptionalTensorListStorage,
                  {{"tensorlist_name", Arg}});
      appendSubst(Before, Tpl.SaveOptionalTensorListImpl,
                  {{"tensorlist_name", Arg}});
      appendSubst(After, Tpl.EnforceSameOptionalTensorListStorage,
                  {{"tensorlist_name", Arg}});
      appendSubst(After, Tpl.EnforceSameOptionalTensorListImpl,
                  {{"tensorlist_name", Arg}});
    } else if (T == "at::Tensor") {
      appendSubst(Before, Tpl.SaveTensorStorage, {{"tensor_name", Arg}});
      appendSubst(Before, Tpl.SaveTensorImpl, {{"tensor_name", Arg}});
      appendSubst(After, Tpl.EnforceSameTensorStorage,
                  {{"tensor_name", Arg}, {"out_tensor_name", Arg}});
      appendSubst(After, Tpl.EnforceSameTensorImpl, {{"tensor_name", Arg}});
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
          appendSubst(After, Tpl.EnforceSameTensorStorage,
                      {{"tensor_name", *Aliased}, {"out_tensor_name", Ret}});
        } else if (!Tab.DontEnforceStorageImplUseCount.count(Wrapper)) {
          appendSubst(After, Tpl.EnforceTensorStorageUseCountEqualsOne,
                      {{"tensor_name", Ret}, {"fn_name", Wrapper}});
        }
        if (!Tab.DontEnforceTensorImplUseCount.count(Wrapper))
          appendSubst(After, Tpl.EnforceTensorImplUseCount,
                      {{"tensor_name", Ret}, {"fn_name", Wrapper}});
      } else if (T == "c10::List<::std::optional<at::Tensor>>" ||
                 T == "at::TensorList") {
        error("Please add use_count checks for " + T);
        return Call;
      }
    }
  }
  if (Before.empty() || After.empty())
    return Call;
  std::string BeforeText =
      subst(Tpl.RunOnlyInDebugMode,
            {{"statements", std::vector<std::string>{std::move(Before)}}});
  std::string AfterText =
      subst(Tpl.RunOnlyInDebugMode,
            {{"statements", std::vector<std::string>{std::move(After)}}});
  std::string Out;
  Out.reserve(BeforeText.size() + Call.size() + AfterText.size());
  Out += BeforeText;
  Out += Call;
  Out += AfterText;
  return Out;
  return Call;
}
