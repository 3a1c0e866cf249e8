//===- AotiCShims.cpp - AOTInductor's C shims (c_shim_<device>.h/.cpp) ----===//
//
// AOTInductor-compiled models call ATen through a C ABI: one function per
// fallback operator and device, taking handles and plain C values and
// returning an error code (torchgen's gen_aoti_c_shim):
//
//   AOTITorchError aoti_torch_cpu_addmm_out(AtenTensorHandle out, ...) {
//       AOTI_TORCH_CONVERT_EXCEPTION_TO_ERROR_CODE({
//           at::cpu::addmm_out(*tensor_handle_to_tensor_pointer(out), ...);
//       });
//   }
//
// The operators come from fallback_ops.py (EmitOptions::AotiOps). The .cpp
// files are always written. The headers are the ABI: PyTorch checks them
// in, so unless --update-aoti-c-shim asks to rewrite them, the run compares
// the header it would write with the one in the folder and stops with
// torchgen's message (and its diff) when they differ.
//
//===----------------------------------------------------------------------===//

#include "opgen/CppApi/CppSignature.h"
#include "opgen/Emit/Emitters.h"
#include "opgen/Emit/ATen/KernelTable.h"
#include "opgen/Support/UnifiedDiff.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <set>

using namespace opgen;
using namespace llvm;

namespace {

/// The C side, the ATen side and the conversion of one schema argument
/// (torchgen's convert_arg_type_and_name); a Device takes two C values.
struct ConvertedArg {
  SmallVector<std::string, 2> CTypes, Names, AtenTypes, Exprs;
};

/// Why a function gets no shim: torchgen skips types it does not support
/// (NotImplementedError) and stops on a few it cannot (AssertionError).
enum class Conversion { Ok, Unsupported, Invalid };

struct BaseMapping {
  const char *CType, *AtenType, *Wrap;
};

/// base_type_to_c_type, _aten_type and _callsite_expr.
std::optional<BaseMapping> mapBase(BaseTy T) {
  switch (T) {
  case BaseTy::Tensor:
    return BaseMapping{"AtenTensorHandle", "at::Tensor",
                       "resolve_tensor_dispatch_flags"};
  case BaseTy::Bool:
    return BaseMapping{"int32_t", "bool", ""};
  case BaseTy::Int:
    return BaseMapping{"int64_t", "int64_t", ""};
  case BaseTy::SymInt:
    return BaseMapping{"int64_t", "c10::SymInt", ""};
  case BaseTy::Scalar:
    return BaseMapping{"double", "c10::Scalar", ""};
  case BaseTy::Float:
    return BaseMapping{"double", "double", ""};
  case BaseTy::Str:
    return BaseMapping{"const char*", "::std::string_view", ""};
  case BaseTy::DeviceIndex:
    return BaseMapping{"int32_t", "c10::DeviceIndex",
                       "static_cast<c10::DeviceIndex>"};
  case BaseTy::Layout:
    return BaseMapping{"int32_t", "c10::Layout", "static_cast<c10::Layout>"};
  case BaseTy::MemoryFormat:
    return BaseMapping{"int32_t", "c10::MemoryFormat",
                       "static_cast<c10::MemoryFormat>"};
  case BaseTy::ScalarType:
    return BaseMapping{"int32_t", "c10::ScalarType",
                       "static_cast<c10::ScalarType>"};
  case BaseTy::Generator:
    return BaseMapping{"AtenGeneratorHandle", "at::Generator",
                       "*generator_handle_to_generator_pointer"};
  default:
    return std::nullopt;
  }
}

Conversion convertArg(Type T, StringRef Name, bool IsWrite, ConvertedArg &C,
                      std::string &Why) {
  std::string N = Name.str();
  switch (T.getKind()) {
  case Type::Base: {
    if (T.getBaseTy() == BaseTy::Device) {
      C.CTypes = {"int32_t", "int32_t"};
      C.Names = {N, N + "_index_"};
      C.AtenTypes = {"c10::Device"};
      C.Exprs = {"c10::Device(static_cast<c10::DeviceType>(" + N +
                 "), static_cast<c10::DeviceIndex>(" + N + "_index_))"};
      return Conversion::Ok;
    }
    std::optional<BaseMapping> B = mapBase(T.getBaseTy());
    if (!B)
      return Conversion::Unsupported;
    C.CTypes = {B->CType};
    C.Names = {N};
    C.AtenTypes = {B->AtenType};
    // An output tensor must stay an lvalue for at::Tensor&.
    if (T.getBaseTy() == BaseTy::Tensor && IsWrite)
      C.Exprs = {"*tensor_handle_to_tensor_pointer(" + N + ")"};
    else
      C.Exprs = {*B->Wrap ? std::string(B->Wrap) + "(" + N + ")" : N};
    return Conversion::Ok;
  }
  case Type::Optional: {
    ConvertedArg E;
    if (Conversion R = convertArg(T.getElementType(), Name, false, E, Why);
        R != Conversion::Ok)
      return R;
    C.CTypes = E.CTypes;
    C.Names = E.Names;
    size_t J = 0;
    for (const std::string &A : E.AtenTypes) {
      C.CTypes[J] += "*";
      C.AtenTypes.push_back("::std::optional<" + A + ">");
      if (StringRef(A).startswith("c10::ArrayRef<")) {
        std::string Elem = StringRef(A).drop_front(14).drop_back().str();
        C.Exprs.push_back("pointer_to_optional_list<" + Elem + ">(" +
                          E.Names[J] + ", " + E.Names[J + 1] + ")");
        J += 2;
      } else if (A == "c10::Device") {
        C.Exprs.push_back("pointer_to_optional_device(" + E.Names[J] + ", " +
                          E.Names[J + 1] + ")");
        J += 2;
      } else if (A == "at::Tensor") {
        C.Exprs.push_back("resolve_tensor_dispatch_flags(" + E.Names[J] + ")");
        J += 1;
      } else {
        C.Exprs.push_back("pointer_to_optional<" + A + ">(" + E.Names[J] + ")");
        J += 1;
      }
    }
    return Conversion::Ok;
  }
  case Type::List: {
    ConvertedArg E;
    if (Conversion R = convertArg(T.getElementType(), Name, false, E, Why);
        R != Conversion::Ok)
      return R;
    if (E.CTypes.size() != 1) {
      Why = "a list of `" + T.getElementType().str() +
            "` has no C shim form (its elements take two C values)";
      return Conversion::Invalid;
    }
    const std::string &Base = E.Names[0];
    C.CTypes = {"const " + E.CTypes[0] + "*", "int64_t"};
    C.Names = {Base, Base + "_len_"};
    const std::string &A = E.AtenTypes[0];
    if (A == "bool") {
      // No ArrayRef<bool> from a vector<bool>: a std::array of fixed size.
      if (!T.getSize()) {
        Why = "a `bool[]` argument needs a size for its C shim";
        return Conversion::Invalid;
      }
      C.Exprs = {"pointer_to_list<" + std::to_string(*T.getSize()) + ">(" +
                 Base + ")"};
    } else if (A == "at::Tensor" && !IsWrite) {
      C.Exprs = {"resolve_tensor_list_dispatch_flags(" + Base + ", " + Base +
                 "_len_)"};
    } else if (A == "::std::optional<at::Tensor>") {
      C.Exprs = {"c10::List<" + A + ">(c10::ArrayRef<" + A +
                 ">(resolve_tensor_list_dispatch_flags(" + Base + ", " + Base +
                 "_len_)))"};
    } else {
      C.Exprs = {"pointer_to_list<" + A + ">(" + Base + ", " + Base + "_len_)"};
    }
    C.AtenTypes = {"c10::ArrayRef<" + A + ">"};
    return Conversion::Ok;
  }
  case Type::CustomClass:
    return Conversion::Unsupported;
  }
  return Conversion::Unsupported;
}

/// Functions whose out-pointers may be null (some outputs are optional).
bool returnsMayBeNull(StringRef Unambiguous) {
  static const char *const Names[] = {
      "_functional_sym_constrain_range",
      "_scaled_dot_product_cudnn_attention",
      "_scaled_dot_product_efficient_attention_backward",
      "_scaled_dot_product_efficient_attention",
      "_scaled_dot_product_flash_attention",
      "_scaled_dot_product_fused_attention_overrideable",
      "_thhn_fused_lstm_cell_backward_impl",
      "convolution_backward",
      "grid_sampler_2d_backward",
      "grid_sampler_3d_backward",
      "linear_backward"};
  return any_of(Names, [&](const char *N) { return Unambiguous.contains(N); });
}

/// One shim's declarations and definitions, newest version first.
struct ShimText {
  std::string Declarations, Definitions;
};

/// gen_declaration_and_definition for \p F on \p Device, calling
/// \p BackendCall.
Conversion makeShim(const NativeFunction &F, StringRef Device,
                    StringRef BackendCall, const AotiFallbackOp &Op,
                    ShimText &Out, std::string &Why) {
  const FunctionSchema &S = F.Func;
  const std::string &Base = F.Names->Unambiguous;
  std::vector<const Argument *> Args;
  if (S.isOutFn()) {
    for (const Argument &A : S.Args.Out)
      Args.push_back(&A);
    append_range(Args, S.Args.flatNonOut());
  } else {
    Args = S.Args.flatAll();
  }
  // Returns go out through pointers (the result is the error code); out=
  // and inplace functions return nothing.
  std::vector<std::string> RetDecls, RetAssigns;
  if (!S.isOutFn() && !S.Name.Name.Inplace) {
    bool MayBeNull = returnsMayBeNull(Base);
    for (size_t I = 0; I != S.Returns.size(); ++I) {
      Type T = S.Returns[I].Ty;
      std::optional<BaseMapping> B;
      if (T.getKind() == Type::Base)
        B = mapBase(T.getBaseTy());
      if (!B)
        return Conversion::Unsupported;
      std::string Name = "ret" + std::to_string(I);
      RetDecls.push_back(std::string(B->CType) + "* " + Name);
      std::string Tmp = S.Returns.size() == 1
                            ? std::string("tmp_result")
                            : "std::get<" + std::to_string(I) + ">(tmp_result)";
      std::string Value = T.isBase(BaseTy::Tensor)
                              ? "new_tensor_handle(std::move(" + Tmp + "))"
                          : T.isBase(BaseTy::SymInt) ? Tmp + ".expect_int()"
                          : T.isBase(BaseTy::Scalar) ? Tmp + ".toDouble()"
                                                     : Tmp;
      RetAssigns.push_back(MayBeNull ? "if (" + Name + ") { *" + Name + " = " +
                                           Value + "; }"
                                     : "*" + Name + " = " + Value + ";");
    }
  }

  std::set<std::string> Skipped;
  for (const AotiOpVersion &V : Op.Versions) {
    std::string Params, Exprs;
    auto Join = [](std::string &To, const std::string &S) {
      if (!To.empty())
        To += ", ";
      To += S;
    };
    for (const Argument *A : Args) {
      if (Skipped.count(A->Name)) {
        // An argument this version does not have: its default.
        Join(Exprs, A->Default ? defaultExpr(*A->Default, A->Ty, false)
                               : std::string("std::nullopt"));
        continue;
      }
      ConvertedArg C;
      if (Conversion R = convertArg(A->Ty, A->Name, A->isWrite(), C, Why);
          R != Conversion::Ok)
        return R;
      for (size_t I = 0; I != C.CTypes.size(); ++I)
        Join(Params, C.CTypes[I] + " " + C.Names[I]);
      for (const std::string &E : C.Exprs)
        Join(Exprs, E);
    }
    for (const std::string &R : RetDecls)
      Join(Params, R);
    std::string Name =
        V.Version == 1 ? Base : Base + "_v" + std::to_string(V.Version);
    std::string Decl = "AOTITorchError aoti_torch_" + Device.str() + "_" +
                       Name + "(" + Params + ")";
    std::string &Defs = Out.Definitions;
    if (!Defs.empty())
      Defs += "\n";
    // An empty argument line is a blank line (textwrap.dedent empties it).
    Defs += "\n" + Decl +
            " {\n    AOTI_TORCH_CONVERT_EXCEPTION_TO_ERROR_CODE({\n" +
            "        " + (RetAssigns.empty() ? "" : "auto tmp_result = ") +
            BackendCall.str() + "(\n" + (Exprs.empty() ? "" : "            ") +
            Exprs + "\n        );\n";
    for (size_t I = 0; I != RetAssigns.size(); ++I)
      Defs += (I ? "\n\t\t" : "\t\t") + RetAssigns[I];
    Defs += "\n    });\n}\n";

    std::string &Decls = Out.Declarations;
    if (!Decls.empty())
      Decls += "\n";
    if (V.Since)
      Decls += "#if TORCH_FEATURE_VERSION >= " + *V.Since + "\n";
    Decls += "AOTI_TORCH_EXPORT " + Decl + ";";
    if (V.Since)
      Decls += "\n#endif // TORCH_FEATURE_VERSION >= " + *V.Since;
    Skipped.insert(V.NewArgs.begin(), V.NewArgs.end());
  }
  return Conversion::Ok;
}

/// A listed operator and its function.
using FallbackFunction = std::pair<const AotiFallbackOp *, FunctionId>;

/// The functions of \p List, sorted by their names there.
std::vector<FallbackFunction>
findFallbacks(const std::vector<AotiFallbackOp> &List,
              ArrayRef<std::pair<std::string, FunctionId>> Names) {
  std::vector<FallbackFunction> Found;
  for (const auto &[Name, Id] : Names)
    if (const AotiFallbackOp *Op = AotiFallbackOps::find(List, Name))
      Found.push_back({Op, Id});
  llvm::stable_sort(Found, [](const auto &A, const auto &B) {
    return A.first->Name < B.first->Name;
  });
  // A name met twice keeps its last function, as a dict does.
  std::vector<FallbackFunction> Out;
  for (const FallbackFunction &P : Found) {
    if (!Out.empty() && Out.back().first == P.first)
      Out.back() = P;
    else
      Out.push_back(P);
  }
  return Out;
}

/// What one run of the emitter shares between devices.
class ShimContext {
public:
  ShimContext(EmitContext &EC) : EC(EC), M(EC.M), Kernels(EC.M) {
    // Each function's name in fallback_ops.py (get_fallback_op_name).
    std::vector<std::pair<std::string, FunctionId>> Names;
    Names.reserve(M.Functions.size());
    for (FunctionId Id = 0; Id != M.Functions.size(); ++Id) {
      const NativeFunction &F = M.Functions[Id];
      Names.push_back(
          {F.Namespace + "." + F.Func.Name.Name.str() + "." +
               (F.Func.Name.OverloadName.empty() ? "default"
                                                 : F.Func.Name.OverloadName),
           Id});
    }
    InductorFunctions =
        findFallbacks(EC.Options.AotiOps->InductorFallbackOps, Names);
    AtenFunctions = findFallbacks(EC.Options.AotiOps->AtenShimifiedOps, Names);
    // gen_aoti_c_shim_files' structured_func_group_dict: each group under
    // the structured_delegate of its first member that has one.
    for (const FunctionGroup &G : *M.Groups) {
      if (!G.IsGroup)
        continue;
      for (FunctionId Id : G.members())
        if (const auto &D = M.Functions[Id].StructuredDelegate) {
          DelegateGroups.emplace(*D, &G);
          break;
        }
    }
  }

  /// The index whose kernel the shim of \p Id on \p Key calls
  /// (get_backend_index_for_aoti); none for the aten shims, or when it has
  /// no shim on \p Key.
  std::optional<DispatchKey> backendFor(FunctionId Id,
                                        std::optional<DispatchKey> Key) const;
  /// gen_static_dispatch_backend_call.
  std::string backendCall(const NativeFunction &F,
                          std::optional<DispatchKey> Index) const;

  EmitContext &EC;
  const Module &M;
  std::vector<FallbackFunction> InductorFunctions, AtenFunctions;

private:
  bool hasKernel(DispatchKey K, FunctionId Id) const {
    size_t Pos = keyPos(K);
    return Pos != ~size_t(0) && Kernels.kernel(Pos, Id);
  }
  size_t keyPos(DispatchKey K) const {
    ArrayRef<const BackendIndex *> I = Kernels.indices();
    for (size_t P = 0; P != I.size(); ++P)
      if (I[P]->Key == K)
        return P;
    return ~size_t(0);
  }

  KernelTable Kernels;
  std::map<OperatorName, const FunctionGroup *> DelegateGroups;
};

std::optional<DispatchKey>
ShimContext::backendFor(FunctionId Id, std::optional<DispatchKey> Key) const {
  if (!Key)
    return std::nullopt;
  const NativeFunction &F = M.Functions[Id];
  if (hasKernel(*Key, Id))
    return Key;
  if (const auto &D = F.StructuredDelegate) {
    auto It = DelegateGroups.find(*D);
    size_t Pos = keyPos(*Key);
    if (It != DelegateGroups.end() && Pos != ~size_t(0) &&
        Kernels.kernel(Pos, Kernels.primary(Pos, *It->second)))
      return Key;
  }
  // Out-of-tree operators get shims for their own kernels only.
  if (EC.Options.ExtendAotiCShim)
    return std::nullopt;
  for (DispatchKey K : {DispatchKey::CompositeExplicitAutograd,
                        DispatchKey::CompositeExplicitAutogradNonFunctional,
                        DispatchKey::CompositeImplicitAutograd})
    if (hasKernel(K, Id))
      return K;
  return std::nullopt;
}

std::string ShimContext::backendCall(const NativeFunction &F,
                                     std::optional<DispatchKey> Index) const {
  CppSignatureGroup Sigs = CppSignatureGroup::get(F, /*Method=*/false);
  bool SymInt = F.Func.Args.hasSymIntArg();
  std::string Name = SymInt && Sigs.SymIntSignature
                         ? Sigs.SymIntSignature->name()
                         : Sigs.Signature.name();
  if (Index)
    return "at::" + StringRef(toString(*Index)).lower() + "::" + Name;
  // A method-only SymInt function has no at::<name>_symint: it is a
  // template in at::symint::.
  if (SymInt && !F.VariantFunction) {
    StringRef Base(Name);
    Base.consume_back("_symint");
    return "at::symint::" + Base.str() + "<c10::SymInt>";
  }
  return "at::" + Name;
}

const char *const Warning =
    "\n\n// WARNING: THIS FILE IS AUTOGENERATED BY torchgen. DO NOT MODIFY BY "
    "HAND.\n// See "
    "https://github.com/pytorch/pytorch/blob/"
    "7e86a7c0155295539996e0cf422883571126073e/torchgen/gen.py#L2424-L2436 "
    "for details";
const char *const AtenWarning =
    "\n\n// This file corresponds to the aten_shimified_ops list in "
    "torchgen/aoti/fallback_ops.py\n";

const char *const HeaderChanged = R"(
The generated AOTInductor C shim header files have unexpectedly changed. This
indicates an AOTInductor fallback operator ABI backward compatibility breakage!!!
Only in a limited number of situations, this is allowed:

1. You added a fallback op to the inductor_fallback_ops list in torchgen/aoti/fallback_ops.py.
If that's the case, run `python torchgen/gen.py --update-aoti-c-shim` to add a new entry to
existing C shim header files.

2. You added a new default argument to an existing fallback op. This is clearly a BC breaking
change in the AOTInductor land. You need to annotate the new default argument in
torchgen/aoti/fallback_ops.py, and then run `python torchgen/gen.py --update-aoti-c-shim` to
update the C shim header files by creating different versions of the fallback op. See
https://github.com/pytorch/pytorch/pull/154848 as an example.

)";

/// The folder as Python's pathlib prints it: no `.` parts, no empty ones.
std::string pathlibSpelling(StringRef Dir) {
  SmallVector<StringRef, 8> Parts;
  Dir.split(Parts, '/');
  std::string Out = Dir.startswith("/") ? "/" : "";
  bool First = true;
  for (StringRef P : Parts) {
    if (P.empty() || P == ".")
      continue;
    Out += (First ? "" : "/") + P.str();
    First = false;
  }
  return Out.empty() ? "." : Out;
}

/// Compare \p New with the checked-in header \p Name, as torchgen does
/// without --update-aoti-c-shim.
LogicalResult checkHeader(EmitContext &EC, StringRef Name,
                          const std::string &New) {
  std::string Path =
      pathlibSpelling(EC.files(OutputFolder::Aoti).getOutputDir()) + "/" +
      Name.str();
  ErrorOr<std::unique_ptr<MemoryBuffer>> Old =
      MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Old) {
    // A file where the folder should be is no header either; the commit
    // then reports that file once, not once per header.
    if (Old.getError() != std::errc::no_such_file_or_directory &&
        Old.getError() != std::errc::not_a_directory) {
      EC.Ctx.getDiags().fileError(Path, "cannot read the checked-in header: " +
                                            Old.getError().message());
      return failure();
    }
    if (EC.Options.NoticeOS)
      *EC.Options.NoticeOS << Path << " not found\n";
    return success();
  }
  // Python reads text with universal newlines.
  std::string OldText;
  StringRef Raw = (*Old)->getBuffer();
  for (size_t I = 0; I < Raw.size(); ++I) {
    if (Raw[I] == '\r') {
      OldText += '\n';
      if (I + 1 < Raw.size() && Raw[I + 1] == '\n')
        ++I;
      continue;
    }
    OldText += Raw[I];
  }
  if (OldText == New)
    return success();
  std::string Diff =
      unifiedDiff(splitLinesLikePython(OldText), splitLinesLikePython(New),
                  "expected", "actual");
  EC.Ctx.getDiags().fileError(Path, std::string(HeaderChanged) + Diff);
  return failure();
}

/// c_shim_<device>.h and .cpp for \p Key (none: the aten shims).
LogicalResult emitDevice(ShimContext &SC, std::optional<DispatchKey> Key) {
  EmitContext &EC = SC.EC;
  const Module &M = SC.M;
  std::string Device = Key ? StringRef(toString(*Key)).lower() : "aten";

  const std::vector<FallbackFunction> &Fallbacks =
      Key ? SC.InductorFunctions : SC.AtenFunctions;

  std::string Decls, Defs;
  std::set<std::string> Includes;
  bool Ok = true;
  for (const auto &[Op, Id] : Fallbacks) {
    const NativeFunction &F = M.Functions[Id];
    std::optional<DispatchKey> Index = SC.backendFor(Id, Key);
    if (!Index && !Key)
      Includes.insert("#include <ATen/ops/" + F.Names->Root + ".h>");
    else if (Index)
      Includes.insert("#include <ATen/ops/" + F.Names->Root + "_" +
                      StringRef(toString(*Index)).lower() + "_dispatch.h>");
    if (!Index && Key)
      continue;
    ShimText T;
    std::string Why;
    switch (makeShim(F, Device, SC.backendCall(F, Index), *Op, T, Why)) {
    case Conversion::Unsupported:
      continue;
    case Conversion::Invalid:
      EC.Ctx.getDiags().error(
          F.FuncLoc, "`" + Op->Name + "` has no AOTInductor C shim: " + Why);
      Ok = false;
      continue;
    case Conversion::Ok:
      break;
    }
    if (!Decls.empty()) {
      Decls += "\n";
      Defs += "\n";
    }
    Decls += T.Declarations;
    Defs += T.Definitions;
  }
  if (!Ok)
    return failure();

  bool Extend = EC.Options.ExtendAotiCShim;
  std::string Head = std::string(Warning) + (Key ? "" : AtenWarning);
  std::string Header = Head +
                       "\n\n#pragma once\n\n#include "
                       "<torch/csrc/inductor/aoti_torch/c/shim.h>\n\n#ifdef "
                       "__cplusplus\nextern \"C\" {\n#endif\n\n" +
                       Decls +
                       "\n\n#ifdef __cplusplus\n} // extern \"C\"\n#endif\n";
  std::string HeaderName = "c_shim_" + Device + ".h";
  FileManager &FM = EC.files(OutputFolder::Aoti);
  if (EC.Options.UpdateAotiCShim) {
    if (failed(FM.writeText(HeaderName, std::move(Header))))
      return failure();
  } else if (failed(checkHeader(EC, HeaderName, Header))) {
    return failure();
  }

  std::string Source = Head +
                       "\n\n#include <torch/csrc/inductor/aoti_torch/"
                       "generated/" +
                       (Extend ? "extend/" : "") + HeaderName +
                       ">\n#include <torch/csrc/inductor/aoti_torch/utils.h>\n"
                       "\n#ifndef AT_PER_OPERATOR_HEADERS\n#include <ATen/" +
                       (Key ? toString(*Key).str() : std::string()) +
                       "Functions.h>\n#include "
                       "<ATen/CompositeExplicitAutogradFunctions.h>\n#include "
                       "<ATen/CompositeExplicitAutogradNonFunctionalFunctions."
                       "h>\n#include "
                       "<ATen/CompositeImplicitAutogradFunctions.h>\n#else\n";
  Source += join(Includes, "\n");
  Source += "\n";
  if (Key == DispatchKey::CUDA)
    Source += EC.Options.Rocm ? "#include <c10/hip/HIPGuard.h>\n#include "
                                "<ATen/hip/ATenHIPGeneral.h>\n#include "
                                "<ATen/hip/HIPDevice.h>\n#include "
                                "<ATen/hip/HIPContext.h>"
                              : "#include <c10/cuda/CUDAGuard.h>\n#include "
                                "<ATen/cuda/ATenCUDAGeneral.h>\n#include "
                                "<ATen/cuda/CUDADevice.h>\n#include "
                                "<ATen/cuda/CUDAContext.h>";
  Source += "\n#endif // AT_PER_OPERATOR_HEADERS\n\nusing namespace "
            "torch::aot_inductor;\n\n";
  Source += Defs;
  return FM.writeText("c_shim_" + Device + ".cpp", std::move(Source));
}

} // namespace

LogicalResult opgen::emitAotiCShims(EmitContext &EC) {
  // torchgen writes them with the sources; without a fallback table (a
  // tool that read none) there are none.
  if (!EC.Options.GenerateSources || !EC.Options.AotiOps)
    return success();
  const Module &M = EC.M;
  if (!M.Groups || !M.BackendIndices ||
      any_of(M.Functions,
             [](const NativeFunction &F) { return !F.Names.has_value(); })) {
    EC.Ctx.getDiags().error(SMLoc(), "the AOTInductor C shims need the "
                                     "groups, backend indices and kernel "
                                     "names of the default pipeline; run it "
                                     "with -passes=default");
    return failure();
  }
  ShimContext SC(EC);
  for (const std::optional<DispatchKey> &Key : EC.Options.AotiBackends)
    if (failed(emitDevice(SC, Key)))
      return failure();
  return success();
}
