//===- VmapPlumbing.cpp - VmapGeneratedPlumbing.h -------------------------===//
//
// functorch's batching rules take each tensor as a (value, batch dim) pair;
// the plumbing torchgen generates (gen_vmap_plumbing.py) is the template
// that adapts a dispatcher call to one: below the FuncTorchBatched key it
// calls the op unchanged when no tensor is batched at the current level,
// otherwise it unwraps the tensors, calls the rule and wraps its results.
//
//   template <typename batch_rule_t, batch_rule_t batch_rule>
//   at::Tensor abs_generated_plumbing(const at::Tensor & self) {
//     ...
//     auto results = batch_rule(self_value, self_bdim);
//     return makeBatched(std::get<0>(results), std::get<1>(results), ...);
//   }
//
// Only functional, no-return and simple inplace functions get one; the file
// is one text (no template) and ignores the selective build.
//
//===----------------------------------------------------------------------===//

#include "opgen/CppApi/CppTypes.h"
#include "opgen/Emit/CppApiWrappers.h"
#include "opgen/Emit/Emitters.h"

#include "llvm/ADT/STLExtras.h"

using namespace opgen;
using namespace llvm;

static bool isPlainTensor(Type T) { return T.isBase(BaseTy::Tensor); }

static bool isOptionalTensor(Type T) {
  return T.getKind() == Type::Optional && isPlainTensor(T.getElementType());
}

static bool isTensorList(Type T) {
  return T.getKind() == Type::List && isPlainTensor(T.getElementType());
}

namespace {
/// The kinds of plumbing, named as torchgen's generators (the name is
/// printed in the escape check).
enum class PlumbingKind { Functional, Inplace, NoReturns };
} // namespace

/// Which plumbing \p F gets, if any (gen_vmap_plumbing's filters).
static std::optional<PlumbingKind> classify(const NativeFunction &F,
                                            ArrayRef<const Argument *> Args) {
  const FunctionSchema &S = F.Func;
  if (none_of(Args, [](const Argument *A) { return A->Ty.isTensorLike(); }))
    return std::nullopt;
  if (S.Returns.empty())
    return PlumbingKind::NoReturns;
  // These return SymInts beside their tensors; the rule passes them
  // through.
  static const StringRef ReturnSymIntOverrides[] = {
      "_scaled_dot_product_flash_attention",
      "_scaled_dot_product_cudnn_attention",
      "_scaled_dot_product_flash_attention_quantized"};
  if (!all_of(S.Returns, [](const Return &R) { return R.Ty.isTensorLike(); }) &&
      !is_contained(ReturnSymIntOverrides, F.Names->Unambiguous))
    return std::nullopt;
  if (F.Tags.count("inplace_view"))
    return std::nullopt;
  SchemaKind K = S.kind();
  if (K == SchemaKind::Inplace) {
    // One mutated argument, the first, and only tensors returned.
    if (!Args.front()->isWrite() ||
        count_if(Args, [](const Argument *A) { return A->isWrite(); }) != 1)
      return std::nullopt;
    if (!all_of(S.Returns, [](const Return &R) {
          return isPlainTensor(R.Ty) || isTensorList(R.Ty);
        }))
      return std::nullopt;
    return PlumbingKind::Inplace;
  }
  if (K != SchemaKind::Functional)
    return std::nullopt;
  return PlumbingKind::Functional;
}

/// The plumbing of \p F, or nothing where torchgen writes none.
static std::optional<std::string> plumbing(const NativeFunction &F,
                                           const FunctionTexts &T) {
  std::vector<const Argument *> Args = F.Func.Args.flatAll();
  std::optional<PlumbingKind> Kind = classify(F, Args);
  if (!Kind)
    return std::nullopt;
  const char *Generator =
      *Kind == PlumbingKind::Functional ? "gen_vmap_plumbing"
      : *Kind == PlumbingKind::Inplace  ? "gen_vmap_inplace_plumbing"
                                        : "gen_vmap_plumbing_no_returns";
  const std::string &Unambiguous = F.Names->Unambiguous;
  std::string Out;
  Out.reserve(1024);
  Out += "template <typename batch_rule_t, batch_rule_t batch_rule>\n";
  Out += T.returns();
  Out += ' ';
  Out += Unambiguous;
  Out += "_generated_plumbing(";
  Out += T.params();
  Out += ") {\n  c10::impl::ExcludeDispatchKeyGuard "
         "guard(DispatchKey::FuncTorchBatched);\n  auto maybe_layer = "
         "maybeCurrentDynamicLayer();\n  vmap_check_escaped(maybe_layer, \"";
  Out += Generator;
  Out += "\");\n  int64_t cur_level = maybe_layer->layerId();\n  if (";
  bool First = true;
  for (const Argument *A : Args) {
    if (!A->Ty.isTensorLike())
      continue;
    Out += First ? "!isBatchedAtLevel(" : " && !isBatchedAtLevel(";
    First = false;
    Out += A->Name;
    Out += ", cur_level)";
  }
  // The call below the batching key has the plumbing's own signature, so
  // its arguments translate to their names.
  Out += ") {\n    return at::_ops::";
  Out += Unambiguous;
  Out += "::call(";
  First = true;
  for (const Binding &B : T.DispatcherArgs) {
    if (!First)
      Out += ", ";
    First = false;
    Out += B.Name;
  }
  Out += ");\n  }\n";
  // Tensors are unwrapped first, then optional tensors.
  bool AnyUnwrap = false;
  for (const Argument *A : Args) {
    if (!isPlainTensor(A->Ty))
      continue;
    AnyUnwrap = true;
    Out += "  auto [";
    Out += A->Name;
    Out += "_value, ";
    Out += A->Name;
    Out += "_bdim] = unwrapTensorAtLevel(";
    Out += A->Name;
    Out += ", cur_level);\n";
  }
  for (const Argument *A : Args) {
    if (!isOptionalTensor(A->Ty))
      continue;
    AnyUnwrap = true;
    const std::string &N = A->Name;
    Out += "  std::optional<Tensor> " + N +
           "_value;\n  std::optional<int64_t> " + N + "_bdim;\n  if (" + N +
           ") {\n      std::tie(" + N + "_value, " + N +
           "_bdim) = unwrapTensorAtLevel(" + N + ".value(), cur_level);\n  }\n";
  }
  // torchgen indents the empty unwrap text to an empty line.
  if (!AnyUnwrap)
    Out += '\n';
  Out += *Kind == PlumbingKind::Functional ? "  auto results = batch_rule("
                                           : "  batch_rule(";
  First = true;
  for (const Argument *A : Args) {
    if (!First)
      Out += ", ";
    First = false;
    Out += A->Name;
    if (isPlainTensor(A->Ty) || isOptionalTensor(A->Ty)) {
      Out += "_value, ";
      Out += A->Name;
      Out += "_bdim";
    }
  }
  Out += ");\n";
  if (*Kind == PlumbingKind::Inplace) {
    Out += "  return ";
    Out += Args.front()->Name;
    Out += ";\n";
  } else if (*Kind == PlumbingKind::Functional) {
    // Tensors and tensor lists come back as (value, bdim) pairs to wrap.
    std::vector<std::string> Returns;
    unsigned Idx = 0;
    for (const Return &R : F.Func.Returns) {
      bool Tensor = isPlainTensor(R.Ty), List = isTensorList(R.Ty);
      std::string Get = "std::get<" + std::to_string(Idx) + ">(results)";
      if (Tensor || List) {
        Returns.push_back((Tensor ? "makeBatched(" : "makeBatchedVector(") +
                          Get + ", std::get<" + std::to_string(Idx + 1) +
                          ">(results), cur_level)");
        Idx += 2;
      } else {
        Returns.push_back(std::move(Get));
        ++Idx;
      }
    }
    Out += "  return ";
    if (Returns.size() == 1) {
      Out += Returns.front();
    } else {
      Out += "std::make_tuple(";
      Out += join(Returns, ", ");
      Out += ')';
    }
    Out += ";\n";
  }
  Out += '}';
  return Out;
}

LogicalResult opgen::emitVmapPlumbing(EmitContext &EC) {
  if (!EC.Options.GenerateHeaders)
    return success();
  if (failed(checkCppApiModule(EC, "VmapGeneratedPlumbing.h")))
    return failure();
  CppWrapperCache &Cache = getCppWrapperCache(EC);
  std::vector<std::optional<std::string>> Texts;
  if (failed(forEachFunction(
          EC,
          [&](const NativeFunction &F, bool &) {
            return plumbing(F, Cache.texts(F));
          },
          Texts)))
    return failure();
  std::string Out = "\n#pragma once\n#include <ATen/Operators.h>\n#include "
                    "<ATen/functorch/PlumbingHelper.h>\n\nnamespace at { "
                    "namespace functorch {\n\n";
  size_t Size = Out.size();
  for (const std::optional<std::string> &T : Texts)
    Size += T ? T->size() + 1 : 0;
  Out.reserve(Size + 64);
  bool First = true;
  for (const std::optional<std::string> &T : Texts) {
    if (!T)
      continue;
    if (!First)
      Out += '\n';
    First = false;
    Out += *T;
  }
  Out += "\n\n}} // namespace at::functorch\n";
  return EC.files().writeText("VmapGeneratedPlumbing.h", std::move(Out));
}
