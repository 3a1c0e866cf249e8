//===- TraceType.cpp - TraceType_N.cpp ------------------------------------===//
//
// The Tracer kernels (torchgen's gen_trace_type): for every native function
// but the manually written ones, a kernel that, while the JIT traces,
// records a graph node with the call's inputs, redispatches below the
// Tracer key, then records the outputs. Spread over ten shards by root
// name, plus TraceTypeEverything.cpp.
//
//   at::Tensor abs(c10::DispatchKeySet ks, const at::Tensor & self) {
//     torch::jit::Node* node = nullptr;
//     ... op_name = c10::Symbol::fromQualString("aten::abs"); ...
//     auto result =at::_ops::abs::redispatch(ks & ..., self);
//     if (tracer_state) { ... jit::tracer::addOutput(node, result); }
//     return result;
//   }
//
//===----------------------------------------------------------------------===//

#include "opgen/CppApi/CppTypes.h"
#include "opgen/Emit/Autograd/TraceTypeCommon.h"
#include "opgen/Emit/CodeTemplate.h"
#include "opgen/Emit/Emitters.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Error.h"

using namespace opgen;
using namespace llvm;

namespace {

/// The policy the tracer kernels follow (gen_trace_type.py's tables).
struct TracePolicy {
  const AutogradTables &T;

  StringRef rename(StringRef Name) const {
    const std::string *To = T.RenameTrace.lookup(Name);
    return To ? StringRef(*To) : Name;
  }
};

std::string subst(const CodeTemplate &T, ArrayRef<TemplateArg> Args) {
  return cantFail(T.substitute(Args));
}

/// SELECT: `if (COND) { TRUE } else { FALSE }`, after an empty line.
std::string select(StringRef Cond, const TemplateValue &True,
                   const TemplateValue &False) {
  static const CodeTemplate T("\nif (${cond}) {\n  ${true}\n} else {\n"
                              "  ${false}\n}\n");
  TemplateValue C(Cond);
  return subst(T, {{"cond", &C}, {"true", &True}, {"false", &False}});
}

std::string opName(StringRef TraceName) {
  return ("op_name = c10::Symbol::fromQualString(\"aten::" + TraceName +
          "\");\n")
      .str();
}

std::string addTraceInput(StringRef Name, StringRef Input) {
  return ("jit::tracer::addInputs(node, \"" + Name + "\", " + Input + ");")
      .str();
}

/// torchgen's should_trace.
bool shouldTrace(const TracePolicy &P, const NativeFunction &F) {
  for (const Argument *A : F.Func.schemaOrderArguments()) {
    if (A->Ty.isBase(BaseTy::Storage))
      return false;
    // `Type` is no base type of the IR; a schema naming it does not parse.
  }
  if (none_of(F.Func.Returns,
              [](const Return &R) { return R.Ty.isTensorLike(); }))
    return false;
  return !P.T.DontRecordTrace.count(F.Func.Name.Name.Base);
}

/// torchgen's format_trace_op_name.
std::string formatTraceOpName(const TracePolicy &P, const NativeFunction &F) {
  SchemaKind K = F.Func.kind();
  const BaseOperatorName &N = F.Func.Name.Name;
  if (K == SchemaKind::Functional || K == SchemaKind::Out || N.DunderMethod)
    return opName(P.rename(N.str()));
  TemplateValue Out(opName(P.rename(N.Base)));
  TemplateValue In(opName(P.rename(autogradCppName(F))));
  return select("tracer_state->force_outplace", Out, In);
}

bool hasTensorReturn(const NativeFunction &F) {
  return any_of(F.Func.Returns,
                [](const Return &R) { return R.Ty.isTensorLike(); });
}

/// torchgen's format_trace_inputs.
std::string formatTraceInputs(const NativeFunction &F) {
  std::vector<const Argument *> Args = F.Func.schemaOrderArguments();
  const std::vector<Argument> &OutArgs = F.Func.Args.Out;
  bool IsOut = F.Func.isOutFn();
  if (IsOut)
    Args.resize(Args.size() - OutArgs.size());
  std::string S;
  bool First = true;
  auto Add = [&](StringRef Line) {
    if (!First)
      S += '\n';
    First = false;
    S += Line;
  };
  for (const Argument *A : Args)
    Add(addTraceInput(A->Name, A->Name));
  if (!IsOut)
    return S;

  std::string Inplace;
  for (const Argument &A : OutArgs) {
    if (!Inplace.empty())
      Inplace += '\n';
    Inplace += addTraceInput(A.Name, A.Name);
  }
  bool HasTensorInput =
      F.Func.Args.anyOf(Arguments::NonOutParts,
                        [](const Argument &A) { return A.Ty.isTensorLike(); });
  bool IsFactory = (F.CategoryOverride && *F.CategoryOverride == "factory") ||
                   (hasTensorReturn(F) && !HasTensorInput);
  // torchgen's old generator treated the whole `normal` family as factories.
  if (F.Func.Name.Name.Base == "normal")
    IsFactory = true;
  std::string Outplace;
  if (IsFactory)
    Outplace =
        addTraceInput(
            "out", "c10::optTypeMetaToScalarType(out.options().dtype_opt())") +
        "\n" + addTraceInput("out", "out.options().layout()") + "\n" +
        addTraceInput("out", "out.options().device()") + "\n" +
        addTraceInput("out", "out.options().pinned_memory()");
  Add(select("tracer_state->force_outplace", TemplateValue(std::move(Outplace)),
             TemplateValue(std::move(Inplace))));
  return S;
}

/// torchgen's format_prerecord_trace.
std::string formatPrerecordTrace(const TracePolicy &P,
                                 const NativeFunction &F) {
  static const CodeTemplate T(
      "torch::jit::Node* node = nullptr;\n"
      "std::shared_ptr<jit::tracer::TracingState> tracer_state;\n"
      "if (jit::tracer::isTracing()) {\n"
      "  tracer_state = jit::tracer::getTracingState();\n"
      "  at::Symbol op_name;\n"
      "  ${set_op_name}\n"
      "  node = tracer_state->createNode(op_name, /*num_outputs=*/0);\n"
      "  jit::tracer::recordSourceLocation(node);\n"
      "  ${add_trace_inputs}\n"
      "  tracer_state->insertNode(node);\n"
      "  ${inplace_guard}\n"
      "  jit::tracer::setTracingState(nullptr);\n"
      "}\n");
  SchemaKind K = F.Func.kind();
  bool IsInplace = (K == SchemaKind::Inplace || K == SchemaKind::Out) &&
                   !F.Func.Name.Name.DunderMethod;
  std::string Inputs = formatTraceInputs(F);
  if (IsInplace)
    if (const std::string *AddArgs =
            P.T.RenameTraceAddArgs.lookup(F.Func.Name.Name.Base))
      if (!AddArgs->empty())
        Inputs += select("tracer_state->force_outplace",
                         TemplateValue(*AddArgs), TemplateValue(""));
  std::string Guard;
  if (IsInplace) {
    const std::vector<Argument> &Out = F.Func.Args.Out;
    Guard = "jit::tracer::ensureUniqueIfOutOfPlaced(\"" + autogradCppName(F) +
            "\", " + (Out.empty() ? std::string("self") : Out[0].Name) + ");\n";
  }
  TemplateValue OpName(formatTraceOpName(P, F)), In(std::move(Inputs)),
      G(std::move(Guard));
  return subst(T, {{"set_op_name", &OpName},
                   {"add_trace_inputs", &In},
                   {"inplace_guard", &G}});
}

std::vector<std::string> addOutputs(ArrayRef<std::string> Names) {
  std::vector<std::string> L;
  L.reserve(Names.size());
  for (const std::string &N : Names)
    L.push_back("jit::tracer::addOutput(node, " + N + ");");
  return L;
}

/// torchgen's format_postrecord_trace.
std::string formatPostrecordTrace(const NativeFunction &F) {
  static const CodeTemplate T(
      "if (tracer_state) {\n"
      "  jit::tracer::setTracingState(std::move(tracer_state));\n"
      "  ${add_trace_outputs}\n"
      "}\n");
  std::vector<std::string> Returned = returnNames(F);
  TemplateValue Outputs;
  if (F.Func.isOutFn()) {
    std::vector<std::string> OutNames;
    for (const Argument &A : F.Func.Args.Out)
      OutNames.push_back(A.Name);
    if (OutNames == Returned) {
      Outputs = TemplateValue(addOutputs(OutNames));
    } else {
      auto Join = [](std::vector<std::string> L) {
        return TemplateValue(join(L, "\n"));
      };
      Outputs =
          TemplateValue(select("force_outplace", Join(addOutputs(OutNames)),
                               Join(addOutputs(Returned))));
    }
  } else {
    Outputs = TemplateValue(addOutputs(Returned));
  }
  return subst(T, {{"add_trace_outputs", &Outputs}});
}

/// torchgen's emit_trace_body.
std::vector<std::string> emitTraceBody(const TracePolicy &P,
                                       const NativeFunction &F) {
  std::vector<std::string> Body;
  bool Traced = shouldTrace(P, F);
  Body.push_back(Traced ? formatPrerecordTrace(P, F) : std::string());
  SchemaKind K = F.Func.kind();
  std::string Call;
  if ((K == SchemaKind::Functional || K == SchemaKind::Mutable) &&
      !F.Func.Returns.empty())
    // TRACE_DISPATCH's placeholder starts its line, so it is a block and
    // loses the trailing blank.
    Call = tieReturnValues(F) + " =";
  Call += "at::_ops::";
  Call += F.Names ? F.Names->Unambiguous : F.Func.Name.unambiguousName();
  Call += "::redispatch(";
  Call += redispatchArgs(F, "ks & c10::DispatchKeySet(c10::DispatchKeySet::"
                            "FULL_AFTER, c10::DispatchKey::Tracer)");
  Call += ");";
  Body.push_back(std::move(Call));
  Body.push_back(Traced ? formatPostrecordTrace(F) : std::string());
  if (!F.Func.Returns.empty())
    Body.push_back("return " + getReturnValue(F) + ";");
  return Body;
}

} // namespace

LogicalResult opgen::emitTraceType(EmitContext &EC) {
  if (EC.Options.DisableAutograd)
    return success();
  const AutogradTables *Tables = EC.Options.AutogradPolicy;
  if (!Tables) {
    EC.Ctx.getDiags().error(
        SMLoc(), "TraceType needs the autograd folder's policy tables "
                 "(--autograd-dir)");
    return failure();
  }
  TracePolicy P{*Tables};
  const Module &M = EC.M;
  std::vector<FunctionId> Ids;
  Ids.reserve(M.Functions.size());
  for (FunctionId I = 0; I != M.Functions.size(); ++I)
    if (!Tables->ManualTracer.count(autogradCppName(M.Functions[I])))
      Ids.push_back(I);
  std::vector<ShardItem> Items(Ids.size());
  EC.Ctx.getThreadPool().parallelFor(
      EC.Options.Threads, Ids.size(), [&](size_t I) {
        const NativeFunction &F = M.Functions[Ids[I]];
        ShardItem &It = Items[I];
        It.Key = F.rootName();
        It.Env["ops_headers"] = std::vector<std::string>{
            "#include <ATen/ops/" + F.rootName() + "_ops.h>"};
        std::string Name = typeWrapperName(F);
        It.Env["trace_method_definitions"] = std::vector<std::string>{
            methodDefinition(kernelReturnType(F), Name, genKernelFormals(F),
                             emitTraceBody(P, F))};
        It.Env["trace_wrapper_registrations"] = std::vector<std::string>{
            wrapperRegistration(F.Func.Name.str(), "TraceType", Name)};
      });
  TemplateEnv Base;
  Base["generated_comment"] = "@generated from " +
                              EC.Options.AutogradTemplateDirForComments +
                              "/TraceType.cpp";
  return EC.files().writeSharded("TraceType.cpp", "TraceType.cpp", Items,
                                 /*NumShards=*/10, Base,
                                 {"ops_headers", "trace_method_definitions",
                                  "trace_wrapper_registrations"},
                                 EC.Options.Threads);
}
