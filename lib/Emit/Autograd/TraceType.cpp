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
// torchgen nests small templates (PRE_RECORD_TRACE, SELECT) in the kernel's
// METHOD_DEFINITION, each block placeholder indenting what it is given.
// The kernels are written here line by line at their final indentation
// instead (a third of the instructions), by the same rules: an empty block
// leaves an empty line, SELECT starts with one.
//
//===----------------------------------------------------------------------===//

#include "opgen/AutogradApi/TracePolicy.h"
#include "opgen/CppApi/CppTypes.h"
#include "opgen/Emit/Autograd/TraceTypeCommon.h"
#include "opgen/Emit/CodeTemplate.h"
#include "opgen/Emit/Emitters.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Error.h"

using namespace opgen;
using namespace llvm;

namespace {

/// One kernel's text, written a line at a time.
class KernelWriter {
public:
  explicit KernelWriter(std::string &Out) : Out(Out) {}

  /// \p Pieces as one line at \p Indent blanks.
  void line(unsigned Indent, std::initializer_list<StringRef> Pieces) {
    Out.append(Indent, ' ');
    for (StringRef P : Pieces)
      Out += P;
    Out += '\n';
  }
  void emptyLine() { Out += '\n'; }

  /// SELECT at \p Indent: an empty line (its leading newline; none when
  /// \p OwnLine is false, where it follows a line's text directly), then
  /// `if (COND) {`, the lines \p True writes two blanks deeper (an empty line
  /// if none), `} else {`, the same for \p False, `}`.
  template <typename TrueFn, typename FalseFn>
  void select(unsigned Indent, StringRef Cond, TrueFn True, FalseFn False,
              bool OwnLine = true) {
    if (OwnLine)
      emptyLine();
    line(Indent, {"if (", Cond, ") {"});
    branch(True, Indent + 2);
    line(Indent, {"} else {"});
    branch(False, Indent + 2);
    line(Indent, {"}"});
  }

  /// \p Text as a block placeholder at \p Indent blanks makes it (each
  /// non-blank line indented, blanks cut at line ends and trailing lines),
  /// then the placeholder line's newline. For text that is not ours (the
  /// policy tables' statements).
  void block(unsigned Indent, StringRef Text) {
    static const CodeTemplate T("${text}");
    std::string Pad(Indent, ' ');
    TemplateValue V(Text);
    std::string S = cantFail(T.substitute({{"text", &V}}));
    // The template has no indentation of its own: indent each non-empty
    // line of what it made (blank lines are already empty).
    size_t Start = 0;
    while (Start < S.size()) {
      size_t End = S.find('\n', Start);
      if (End == std::string::npos)
        End = S.size();
      if (End != Start)
        Out += Pad;
      Out.append(S, Start, End - Start);
      Out += '\n';
      Start = End + 1;
    }
    if (S.empty())
      emptyLine();
  }

private:
  template <typename Fn> void branch(Fn Write, unsigned Indent) {
    size_t Before = Out.size();
    Write(Indent);
    if (Out.size() == Before)
      emptyLine();
  }

  std::string &Out;
};

/// What one kernel is made from.
struct TraceGen {
  const AutogradTables &T;
  const NativeFunction &F;
  KernelWriter W;

  StringRef rename(StringRef Name) const {
    const std::string *To = T.RenameTrace.lookup(Name);
    return To ? StringRef(*To) : Name;
  }

  void opName(unsigned Indent, StringRef TraceName) {
    W.line(Indent, {"op_name = c10::Symbol::fromQualString(\"aten::", TraceName,
                    "\");"});
  }

  bool shouldTrace() const;
  void traceOpName(unsigned Indent);
  void addTraceInput(unsigned Indent, StringRef Name, StringRef Input) {
    W.line(Indent,
           {"jit::tracer::addInputs(node, \"", Name, "\", ", Input, ");"});
  }
  bool traceInputs(unsigned Indent);
  void prerecordTrace();
  void addOutputs(unsigned Indent, ArrayRef<std::string> Names) {
    for (const std::string &N : Names)
      W.line(Indent, {"jit::tracer::addOutput(node, ", N, ");"});
  }
  void postrecordTrace();
  void kernel(StringRef WrapperName);
};

/// torchgen's should_trace.
bool TraceGen::shouldTrace() const { return opgen::shouldTrace(F, T); }

/// torchgen's format_trace_op_name: an in-place function records its
/// out-of-place name when the tracer outplaces.
void TraceGen::traceOpName(unsigned Indent) {
  SchemaKind K = F.Func.kind();
  const BaseOperatorName &N = F.Func.Name.Name;
  if (K == SchemaKind::Functional || K == SchemaKind::Out || N.DunderMethod) {
    opName(Indent, rename(N.str()));
    return;
  }
  std::string Inplace = autogradCppName(F);
  W.select(
      Indent, "tracer_state->force_outplace",
      [&](unsigned I) { opName(I, rename(N.Base)); },
      [&](unsigned I) { opName(I, rename(Inplace)); });
}

/// torchgen's format_trace_inputs; whether it wrote anything.
bool TraceGen::traceInputs(unsigned Indent) {
  std::vector<const Argument *> Args = F.Func.schemaOrderArguments();
  const std::vector<Argument> &OutArgs = F.Func.Args.Out;
  bool IsOut = F.Func.isOutFn();
  // An out= function's outputs are traced as the options they carry, or as
  // inputs when not outplaced.
  if (IsOut)
    Args.resize(Args.size() - OutArgs.size());
  for (const Argument *A : Args)
    addTraceInput(Indent, A->Name, A->Name);
  if (!IsOut)
    return !Args.empty();

  bool HasTensorInput =
      F.Func.Args.anyOf(Arguments::NonOutParts,
                        [](const Argument &A) { return A.Ty.isTensorLike(); });
  bool HasTensorReturn = any_of(
      F.Func.Returns, [](const Return &R) { return R.Ty.isTensorLike(); });
  bool IsFactory = (F.CategoryOverride && *F.CategoryOverride == "factory") ||
                   (HasTensorReturn && !HasTensorInput);
  // torchgen's old generator treated the whole `normal` family as factories.
  if (F.Func.Name.Name.Base == "normal")
    IsFactory = true;
  W.select(
      Indent, "tracer_state->force_outplace",
      [&](unsigned I) {
        if (!IsFactory)
          return;
        addTraceInput(
            I, "out",
            "c10::optTypeMetaToScalarType(out.options().dtype_opt())");
        addTraceInput(I, "out", "out.options().layout()");
        addTraceInput(I, "out", "out.options().device()");
        addTraceInput(I, "out", "out.options().pinned_memory()");
      },
      [&](unsigned I) {
        for (const Argument &A : OutArgs)
          addTraceInput(I, A.Name, A.Name);
      });
  return true;
}

/// torchgen's format_prerecord_trace.
void TraceGen::prerecordTrace() {
  W.line(2, {"torch::jit::Node* node = nullptr;"});
  W.line(2, {"std::shared_ptr<jit::tracer::TracingState> tracer_state;"});
  W.line(2, {"if (jit::tracer::isTracing()) {"});
  W.line(4, {"tracer_state = jit::tracer::getTracingState();"});
  W.line(4, {"at::Symbol op_name;"});
  traceOpName(4);
  W.line(4, {"node = tracer_state->createNode(op_name, /*num_outputs=*/0);"});
  W.line(4, {"jit::tracer::recordSourceLocation(node);"});
  SchemaKind K = F.Func.kind();
  bool IsInplace = (K == SchemaKind::Inplace || K == SchemaKind::Out) &&
                   !F.Func.Name.Name.DunderMethod;
  bool Wrote = traceInputs(4);
  // RENAME_TRACE_ADD_ARGS: what the renamed out-of-place op takes besides.
  // torchgen appends its SELECT to the inputs' text, whose last line (but
  // an out= function's SELECT) has no newline for the SELECT's to end.
  const std::string *AddArgs =
      IsInplace ? T.RenameTraceAddArgs.lookup(F.Func.Name.Name.Base) : nullptr;
  if (AddArgs && !AddArgs->empty()) {
    W.select(
        4, "tracer_state->force_outplace",
        [&](unsigned I) { W.block(I, *AddArgs); }, [](unsigned) {},
        /*OwnLine=*/!Wrote || F.Func.isOutFn());
    Wrote = true;
  }
  if (!Wrote)
    W.emptyLine();
  W.line(4, {"tracer_state->insertNode(node);"});
  if (IsInplace) {
    const std::vector<Argument> &Out = F.Func.Args.Out;
    W.line(4, {"jit::tracer::ensureUniqueIfOutOfPlaced(\"", autogradCppName(F),
               "\", ", Out.empty() ? StringRef("self") : StringRef(Out[0].Name),
               ");"});
  } else {
    W.emptyLine();
  }
  W.line(4, {"jit::tracer::setTracingState(nullptr);"});
  W.line(2, {"}"});
}

/// torchgen's format_postrecord_trace.
void TraceGen::postrecordTrace() {
  W.line(2, {"if (tracer_state) {"});
  W.line(4, {"jit::tracer::setTracingState(std::move(tracer_state));"});
  std::vector<std::string> Returned = returnNames(F);
  bool Wrote = !Returned.empty();
  if (F.Func.isOutFn()) {
    std::vector<std::string> OutNames;
    for (const Argument &A : F.Func.Args.Out)
      OutNames.push_back(A.Name);
    if (OutNames == Returned) {
      addOutputs(4, OutNames);
      Wrote = !OutNames.empty();
    } else {
      W.select(
          4, "force_outplace", [&](unsigned I) { addOutputs(I, OutNames); },
          [&](unsigned I) { addOutputs(I, Returned); });
      Wrote = true;
    }
  } else {
    addOutputs(4, Returned);
  }
  if (!Wrote)
    W.emptyLine();
  W.line(2, {"}"});
}

/// torchgen's method_definition with emit_trace_body.
void TraceGen::kernel(StringRef WrapperName) {
  W.line(0, {kernelReturnType(F), " ", WrapperName, "(", genKernelFormals(F),
             ") {"});
  bool Traced = shouldTrace();
  if (Traced)
    prerecordTrace();
  SchemaKind K = F.Func.kind();
  std::string Tie;
  // TRACE_DISPATCH's placeholder starts its line, so it is a block and
  // loses the trailing blank.
  if ((K == SchemaKind::Functional || K == SchemaKind::Mutable) &&
      !F.Func.Returns.empty())
    Tie = tieReturnValues(F) + " =";
  W.line(2, {Tie, "at::_ops::",
             F.Names ? StringRef(F.Names->Unambiguous)
                     : StringRef(F.Func.Name.unambiguousName()),
             "::redispatch(",
             redispatchArgs(F, "ks & c10::DispatchKeySet(c10::DispatchKeySet::"
                               "FULL_AFTER, c10::DispatchKey::Tracer)"),
             ");"});
  if (Traced)
    postrecordTrace();
  if (!F.Func.Returns.empty())
    W.line(2, {"return ", getReturnValue(F), ";"});
  W.line(0, {"}"});
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
        std::string Defn;
        Defn.reserve(2048);
        TraceGen G{*Tables, F, KernelWriter(Defn)};
        G.kernel(Name);
        It.Env["trace_method_definitions"] =
            std::vector<std::string>{std::move(Defn)};
        It.Env["trace_wrapper_registrations"] = std::vector<std::string>{
            wrapperRegistration(F.Func.Name.str(), "TraceType", Name)};
      });
  TemplateEnv Base;
  Base["generated_comment"] = "@generated from " +
                              EC.Options.AutogradTemplateDirForComments +
                              "/TraceType.cpp";
  return EC.files().writeSharded("TraceType.cpp", "TraceType.cpp",
                                 std::move(Items),
                                 /*NumShards=*/10, Base,
                                 {"ops_headers", "trace_method_definitions",
                                  "trace_wrapper_registrations"},
                                 EC.Options.Threads);
}
