//===- AutogradFunctions.cpp - Functions.h and Functions.cpp --------------===//
//
// The autograd Node classes gen_autograd_functions.py writes: for every
// differentiability info with a backward formula (the listed functions'
// infos, key by key, in the model's order), a struct deriving from
// TraceableFunction (or Node, for the untraceable view functions) that
// holds what the formulas saved, and its definitions: a pure
// `<Op>_apply_functional` computing the input gradients, `apply`, and the
// compiled-autograd hooks (`compiled_args`, `apply_with_saved`).
//
// How each saved value is stored and unpacked is in NodeParts.cpp; this
// file turns a Node's parts into the two templates' texts and writes the
// files.
//
//===----------------------------------------------------------------------===//

#include "opgen/Emit/Dest/NodeParts.h"

#include "opgen/AutogradApi/DifferentiabilityInfo.h"
#include "opgen/Emit/CodeTemplate.h"
#include "opgen/Emit/Emitters.h"
#include "opgen/Support/Parallel.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/raw_ostream.h"

using namespace opgen;
using namespace opgen::autograd_functions;
using namespace llvm;

namespace {

const CodeTemplate &declarationTemplate() {
  static const CodeTemplate T(R"(#ifdef _WIN32
struct ${op} : public ${superclass} {
  TORCH_API ${op}() = default;
#else
struct TORCH_API ${op} : public ${superclass} {
#endif
  using ${superclass}::${superclass};
  variable_list apply(variable_list&& grads) override;
  std::string name() const override { return "${op}"; }
  void release_variables() override {
    ${thread_lock}
    ${release_variables}
  }
  ${will_release_variables}
  void compiled_args(CompiledNodeArgs& args) const override;
  variable_list apply_with_saved(const variable_list& inputs, SwapSavedVariables& saved) override;
  ${saved_variables}
  ${saved_list_sizes}
};
)",
                              "FUNCTION_DECLARATION");
  return T;
}

const CodeTemplate &definitionTemplate() {
  static const CodeTemplate T(R"(static variable_list ${op}_apply_functional(
  variable_list&& grads,
  std::array<bool,${num_inputs}> needs_input_grad${,apply_functional_args_signature})
{
  IndexRangeGenerator gen;
  ${compute_index_ranges}
  variable_list grad_inputs(gen.size());
  ${body}
  return grad_inputs;
}
inline variable_list ${op}_apply_functional_ivalue(const variable_list& grads, const ivalue_list& args)
{
#ifdef C10_MOBILE
  TORCH_INTERNAL_ASSERT(false, "compiled autograd doesn't work on mobile");
#else
  auto packed_args = PackedArgs(args);
  auto needs_input_grad = packed_args.unpack<std::array<bool, ${num_inputs}>>();
  ${unpack_ivalues}
  return ${op}_apply_functional(variable_list(grads), needs_input_grad${,apply_functional_args});
#endif
}

variable_list ${op}::apply(variable_list&& grads) {
  ${thread_lock}
  ${asserts}
  ${unpacks}
  ${compute_needs_input_grad}
  return ${op}_apply_functional(std::move(grads), needs_input_grad${,apply_functional_args});
}

void ${op}::compiled_args(CompiledNodeArgs& args) const {
    ${compiled_args}
}
variable_list ${op}::apply_with_saved(const variable_list& grads, SwapSavedVariables& saved) {
#ifdef C10_MOBILE
  TORCH_INTERNAL_ASSERT(false, "compiled autograd doesn't work on mobile");
#else
  ${apply_with_saved_before}

  static bool called = false;
  if (!called) {
    called = true;
    ${compute_schema}
    const auto& pyinterface = torch::dynamo::autograd::getPyCompilerInterface();
    pyinterface->bind_function(saved.get_py_compiler(), name(), ${op}_apply_functional_ivalue, schema);
  }

  variable_list output_result;

  PackedArgs packed_args;
  ${asserts}
  ${unpacks}
  ${compute_needs_input_grad}
  packed_args.pack(needs_input_grad);
  ${get_packed_args}

  output_result = compiled_autograd_apply_functional(packed_args, next_edges(), saved, grads, name());

  ${apply_with_saved_after}
  return output_result;
#endif
}

)",
                              "FUNCTION_DEFINITION");
  return T;
}

const CodeTemplate &computeNeedsInputGradTemplate() {
  static const CodeTemplate T(R"(IndexRangeGenerator gen;
${compute_index_ranges}
auto needs_input_grad = std::array<bool, ${n}>{
  ${masks}
};)",
                              "COMPUTE_NEEDS_INPUT_GRAD");
  return T;
}

/// What one Node adds to the two files, or why it cannot be written.
struct NodeTexts {
  std::string Declaration, Definition;
  /// Whether each text is clean block text (checked on the node's thread,
  /// so that the files' substitution need not scan 3 MB again).
  bool DeclarationClean = false, DefinitionClean = false;
  std::vector<NodeError> Errors;
};

/// Python's `Sep.join(L)`.
std::string join(const std::vector<std::string> &L, StringRef Sep) {
  size_t Size = 0;
  for (const std::string &S : L)
    Size += S.size() + Sep.size();
  std::string Out;
  Out.reserve(Size);
  for (size_t I = 0; I != L.size(); ++I) {
    if (I)
      Out += Sep;
    Out += L[I];
  }
  return Out;
}

NodeTexts makeNode(const Module &M, const DifferentiabilityInfo &Info,
                   bool Untraceable) {
  NodeTexts Out;
  NodeParts P = buildNodeParts(M, Info, Out.Errors);
  if (!Out.Errors.empty())
    return Out;

  std::string Op = Info.Op ? *Info.Op : "None";
  std::string ThreadLock = P.ReleaseVariables.empty()
                               ? ""
                               : "std::lock_guard<std::mutex> lock(mutex_);";
  std::string WillRelease = P.UsesRetainVariables
                                ? "bool retain_variables = true;\n"
                                  "void will_release_variables() override {\n"
                                  "  retain_variables = false;\n"
                                  "}\n"
                                : "";
  const char *Superclass = Untraceable ? "Node" : "TraceableFunction";

  TemplateValue VOp(Op), VSuper(Superclass), VLock(std::move(ThreadLock)),
      VRelease(std::move(P.ReleaseVariables)), VWill(std::move(WillRelease)),
      VSaved(std::move(P.SavedVariables)), VSizes(std::move(P.SavedListSizes));
  TemplateArg DeclArgs[] = {{"op", &VOp},
                            {"superclass", &VSuper},
                            {"thread_lock", &VLock},
                            {"release_variables", &VRelease},
                            {"will_release_variables", &VWill},
                            {"saved_variables", &VSaved},
                            {"saved_list_sizes", &VSizes}};
  Out.Declaration = substitute(declarationTemplate(), DeclArgs);

  // The needs_input_grad array: one slot per differentiable input.
  std::vector<std::string> Masks;
  Masks.reserve(P.InputNames.size());
  for (const std::string &N : P.InputNames)
    Masks.push_back("task_should_compute_output({ " + N + "_ix }),");
  TemplateValue VRanges(P.ComputeIndexRanges), VN(std::to_string(Masks.size())),
      VMasks(std::move(Masks));
  TemplateArg NeedsArgs[] = {
      {"compute_index_ranges", &VRanges}, {"n", &VN}, {"masks", &VMasks}};
  std::string ComputeNeeds =
      substitute(computeNeedsInputGradTemplate(), NeedsArgs);

  std::vector<std::string> Signature, UnpackIValues, PackedArgs;
  Signature.reserve(P.FunctionalArgs.size());
  UnpackIValues.reserve(P.FunctionalArgs.size());
  std::vector<std::string> Schema;
  Schema.reserve(P.FunctionalArgs.size() + 3);
  Schema.push_back("std::vector<at::TypePtr> schema = {");
  auto SchemaLine = [&](StringRef T) {
    Schema.push_back(
        ("  torch::dynamo::autograd::IValuePacker<" + T + ">::packed_type(),")
            .str());
  };
  SchemaLine("std::array<bool, " + std::to_string(P.InputNames.size()) + ">");
  for (size_t I = 0; I != P.FunctionalArgs.size(); ++I) {
    const std::string &Name = P.FunctionalArgs[I];
    StringRef RefType = P.FunctionalArgTypes[I];
    Signature.push_back((RefType + " " + Name).str());
    StringRef Value = RefType;
    Value.consume_back("&");
    UnpackIValues.push_back(
        ("auto " + Name + " = packed_args.unpack<" + Value + ">();").str());
    PackedArgs.push_back("packed_args.pack(" + Name + ");");
    Value.consume_front("const");
    SchemaLine(pyStrip(Value));
  }
  Schema.push_back("};");

  TemplateValue VNumInputs(std::to_string(P.InputNames.size())),
      VSig(std::move(Signature)), VArgs(P.FunctionalArgs),
      VUnpackIV(join(UnpackIValues, "\n")),
      VRanges2(std::move(P.ComputeIndexRanges)), VBody(std::move(P.Body)),
      VAsserts(std::move(P.Asserts)), VUnpacks(join(P.Unpack, "\n")),
      VNeeds(std::move(ComputeNeeds)), VCompiled(std::move(P.CompiledArgs)),
      VBefore(std::move(P.ApplyWithSavedBefore)), VSchema(join(Schema, "\n")),
      VPacked(join(PackedArgs, "\n")), VAfter(std::move(P.ApplyWithSavedAfter));
  TemplateArg DefArgs[] = {{"op", &VOp},
                           {"num_inputs", &VNumInputs},
                           {"apply_functional_args_signature", &VSig},
                           {"compute_index_ranges", &VRanges2},
                           {"body", &VBody},
                           {"unpack_ivalues", &VUnpackIV},
                           {"apply_functional_args", &VArgs},
                           {"thread_lock", &VLock},
                           {"asserts", &VAsserts},
                           {"unpacks", &VUnpacks},
                           {"compute_needs_input_grad", &VNeeds},
                           {"compiled_args", &VCompiled},
                           {"apply_with_saved_before", &VBefore},
                           {"compute_schema", &VSchema},
                           {"get_packed_args", &VPacked},
                           {"apply_with_saved_after", &VAfter}};
  Out.Definition = substitute(definitionTemplate(), DefArgs);
  return Out;
}

} // namespace

LogicalResult opgen::emitAutogradFunctions(EmitContext &EC) {
  const AutogradModel *AM = EC.Autograd;
  const AutogradTables *Tables = EC.Options.AutogradPolicy;
  if (!AM || !Tables) {
    EC.Ctx.getDiags().error(SMLoc(), "Functions.h and Functions.cpp need "
                                     "derivatives.yaml and the autograd "
                                     "policy tables (--autograd-dir)");
    return failure();
  }
  const Module &M = EC.M;

  std::vector<const DifferentiabilityInfo *> Infos =
      getInfosWithDerivatives(*AM);

  // UNTRACEABLE_FUNCTIONS is read only by membership.
  StringSet<> Untraceable;
  for (const auto &KV : Tables->UntraceableFunctions.Entries)
    Untraceable.insert(KV.first);

  std::vector<NodeTexts> Texts(Infos.size());
  EC.Ctx.getThreadPool().parallelFor(
      EC.Options.Threads, Infos.size(), [&](size_t I) {
        NodeTexts &T = Texts[I];
        T = makeNode(M, *Infos[I], Untraceable.count(Infos[I]->Name));
        T.DeclarationClean = isCleanBlockText(T.Declaration);
        T.DefinitionClean = isCleanBlockText(T.Definition);
      });

  bool Failed = false;
  for (size_t I = 0; I != Infos.size(); ++I)
    Failed |= !reportNodeErrors(EC.Ctx, M, *Infos[I], Texts[I].Errors);
  if (Failed)
    return failure();

  std::vector<StringRef> Declarations, Definitions;
  std::vector<bool> DeclarationsClean, DefinitionsClean;
  Declarations.reserve(Texts.size());
  Definitions.reserve(Texts.size());
  for (const NodeTexts &T : Texts) {
    Declarations.push_back(T.Declaration);
    Definitions.push_back(T.Definition);
    DeclarationsClean.push_back(T.DeclarationClean);
    DefinitionsClean.push_back(T.DefinitionClean);
  }

  FileManager &FM = EC.files();
  LogicalResult Result = success();
  for (StringRef Name : {"Functions.h", "Functions.cpp"}) {
    TemplateEnv Env;
    Env["generated_comment"] = "@generated from " +
                               EC.Options.AutogradTemplateDirForComments + "/" +
                               Name.str();
    Env["autograd_function_declarations"] =
        TemplateValue::borrowedList(Declarations, DeclarationsClean);
    Env["autograd_function_definitions"] =
        TemplateValue::borrowedList(Definitions, DefinitionsClean);
    if (failed(FM.writeWithTemplate(Name, Name, std::move(Env))))
      Result = failure();
  }
  return Result;
}
