//===- FunctionalizationApi.cpp - Names of functionalization's views ------===//

#include "opgen/CppApi/FunctionalizationApi.h"

#include <cassert>

using namespace opgen;
using namespace llvm;

static std::string unambiguousName(const NativeFunction &F) {
  return F.Names ? F.Names->Unambiguous : F.Func.Name.unambiguousName();
}

std::string opgen::viewMetaClassName(const NativeFunction &F,
                                     bool WithNamespace) {
  return (WithNamespace ? "at::functionalization::" : "") + unambiguousName(F) +
         "_ViewMeta";
}

std::string opgen::viewInverseName(const NativeFunction &F,
                                   bool WithNamespace) {
  // Call sites need the namespace, the declarations inside the class don't.
  return (WithNamespace ? "at::functionalization::FunctionalInverses::" : "") +
         unambiguousName(F) + "_inverse";
}

bool opgen::isMultiOutputView(const FunctionSchema &Func) {
  return Func.Returns.size() > 1 ||
         (Func.Returns.size() == 1 && Func.Returns[0].Ty.getListLike());
}

static Binding binding(const char *Name, CType T) {
  Binding B;
  B.Name = Name;
  B.NCType = {Name, std::move(T)};
  return B;
}

static CType inverseReturnModeType() {
  return CType::base("at::functionalization::InverseReturnMode");
}

std::vector<Binding> opgen::viewMetaBaseCtorArguments(const NativeFunction &F) {
  std::vector<Binding> Out{binding("has_symbolic_inputs", CType::base("bool"))};
  if (isMultiOutputView(F.Func))
    Out.push_back(binding("out_index", CType::base("int64_t")));
  return Out;
}

/// Append the dispatcher-API bindings of \p F's arguments after the first,
/// the tensor a view op views (\p Owning: value types a ViewMeta can keep).
static void appendViewArguments(const NativeFunction &F, bool Owning,
                                std::vector<Binding> &Out) {
  std::vector<const Argument *> Args = F.Func.Args.flatAll();
  assert(!Args.empty() && Args[0]->Ty.isBase(BaseTy::Tensor) &&
         "a view op's first argument is the tensor it views");
  CppApiFlags Flags = CppApiFlags::forFunction(F);
  for (size_t I = 1; I != Args.size(); ++I)
    Out.push_back(
        {Args[I]->Name,
         {Args[I]->Name, argumentCType(Args[I]->Ty, Args[I]->isWrite(),
                                       /*SymInt=*/true, Flags, Owning)}});
}

std::vector<Binding> opgen::viewMetaAttributes(const NativeFunction &F,
                                               bool Owning) {
  std::vector<Binding> Out{
      binding("reapply_views", CType::base("bool")),
      binding("inverse_return_mode", inverseReturnModeType())};
  appendViewArguments(F, Owning, Out);
  return Out;
}

std::vector<Binding> opgen::viewOpArguments(const NativeFunction &F,
                                            bool Reverse) {
  CType ConstTensor = CType::wrap(CType::ConstRef, CType::base("at::Tensor"));
  // The lambda's `base` stands for the viewed tensor.
  std::vector<Binding> Out{binding("base", ConstTensor)};
  if (Reverse) {
    Out.push_back(binding("mutated_view", ConstTensor));
    Out.push_back(binding("inverse_return_mode", inverseReturnModeType()));
    if (isMultiOutputView(F.Func))
      Out.push_back(binding("out_index", CType::base("int64_t")));
  }
  // The rest follow the dispatcher API.
  appendViewArguments(F, /*Owning=*/false, Out);
  return Out;
}

std::string opgen::viewMetaNew(const NativeFunction &F, StringRef OutIndex) {
  std::string S = "std::make_shared<" + viewMetaClassName(F, true) + ">(";
  bool First = true;
  auto Add = [&](const std::vector<Binding> &Bs) {
    for (const Binding &B : Bs) {
      if (!First)
        S += ", ";
      First = false;
      S += B.Name == "out_index" ? OutIndex : B.Name;
    }
  };
  Add(viewMetaBaseCtorArguments(F));
  Add(viewMetaAttributes(F, /*Owning=*/false));
  return S + ")";
}

CType opgen::removeConstRef(const CType &T) {
  switch (T.kind()) {
  case CType::Base:
    return T;
  case CType::ConstRef:
  case CType::MutRef:
    return removeConstRef(T.elem());
  case CType::Tuple: {
    std::vector<CType> Elems;
    for (const CType &E : T.elems())
      Elems.push_back(removeConstRef(E));
    return CType::tuple(std::move(Elems));
  }
  case CType::Array: {
    CType A = CType::wrap(CType::Array, removeConstRef(T.elem()));
    A.setSize(T.size());
    return A;
  }
  default:
    return CType::wrap(T.kind(), removeConstRef(T.elem()));
  }
}

std::string opgen::viewInverseDecl(const Module &M, const ViewGroup &VG) {
  const NativeFunction &View = M.Functions[VG.View];
  // Every view op returns tensors, but the lambda yields one at a time.
  return "static at::Tensor " + viewInverseName(View, false) + "(" +
         joinBindings(viewOpArguments(View, /*Reverse=*/true)) + ");";
}
