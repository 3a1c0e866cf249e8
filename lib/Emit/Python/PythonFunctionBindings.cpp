//===- PythonFunctionBindings.cpp - The operators' Python bindings --------===//
//
// gen_python_functions.py's bindings of the ATen operators: for each base
// name of a namespace (torch, torch.Tensor, torch.nn, torch.fft, ...), one
// CPython function that parses its arguments against every overload's
// signature and dispatches the one that matched, releasing the GIL around
// the ATen call, and its PyMethodDef entry:
//
//   python_variable_methods.cpp      torch.Tensor's methods
//   python_torch_functions_0..2.cpp  torch.* (sharded by base name)
//   python_{nn,fft,linalg,nested,sparse,special}_functions.cpp
//
//===----------------------------------------------------------------------===//

#include "opgen/AutogradApi/TracePolicy.h"
#include "opgen/Emit/CodeTemplate.h"
#include "opgen/Emit/CppString.h"
#include "opgen/Emit/Dest/NodeParts.h"
#include "opgen/Emit/Emitters.h"
#include "opgen/PythonApi/PythonBindingModel.h"
#include "opgen/PythonApi/PythonDispatch.h"
#include "opgen/PythonApi/StructSeq.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"

using namespace opgen;
using namespace llvm;
using autograd_functions::substitute;

namespace {

const CodeTemplate &varargsTemplate() {
  // torchgen's template is a raw string opening with `\` and a newline,
  // which it keeps: a line of one backslash before each such binding.
  static const CodeTemplate T(R"(\
// ${name}
static PyObject * ${pycname}(PyObject* self_, PyObject* args, PyObject* kwargs)
{
  ${method_header}
  static PythonArgParser parser({
    ${signatures}
  }, /*traceable=*/${traceable});

  ParsedArgs<${max_args}> parsed_args;
  auto _r = parser.parse(${self_}, args, kwargs, parsed_args);
  ${check_has_torch_function}
  switch (_r.idx) {
    ${dispatch}
  }
  ${method_footer}
}

)",
                              "PY_VARIABLE_METHOD_VARARGS");
  return T;
}

const CodeTemplate &caseTemplate() {
  static const CodeTemplate T(R"(case ${overload_index}: {
  ${body}
}
)",
                              "PY_VARIABLE_CASE");
  return T;
}

const CodeTemplate &singletonTemplate() {
  static const CodeTemplate T(R"(// ${name}
static PyObject * ${pycname}(PyObject* self_, PyObject* args, PyObject* kwargs)
{
  ${method_header}
  static PythonArgParser parser({
    ${signatures}
  }, /*traceable=*/${traceable});

  ParsedArgs<${max_args}> parsed_args;
  auto _r = parser.parse(${self_}, args, kwargs, parsed_args);
  ${check_has_torch_function}
  ${dispatch}
  ${method_footer}
}

)",
                              "PY_VARIABLE_METHOD_VARARGS_SINGLETON");
  return T;
}

const CodeTemplate &noargsTemplate() {
  static const CodeTemplate T(R"(// ${name}
static PyObject * ${pycname}(PyObject* self_, PyObject* args)
{
  ${method_header}
  ${check_has_torch_function}
  ${dispatch}
  ${method_footer}
}

)",
                              "PY_VARIABLE_METHOD_NOARGS");
  return T;
}

const CodeTemplate &outTemplate() {
  static const CodeTemplate T(R"(if (_r.isNone(${out_idx})) {
  ${call_dispatch}
} else {
  ${call_dispatch_out}
}
)",
                              "PY_VARIABLE_OUT");
  return T;
}

/// One Python namespace's bindings.
struct BindingNamespace {
  /// The Python module (`torch.nn`), none for torch.Tensor's methods.
  std::optional<StringRef> Module;
  bool Method = false;
};

/// What one base name adds to its file.
struct NameTexts {
  std::string Header, Forward, Method, MethodDef;
};

class BindingWriter {
public:
  BindingWriter(const EmitContext &EC, const AutogradTables &Tables,
                BindingNamespace NS)
      : EC(EC), Tables(Tables), NS(NS) {}

  /// method_impl, method_def and forward_decls of one base name's
  /// overloads; the reason torchgen would raise, if it would.
  Expected<NameTexts>
  write(const BaseOperatorName &Name,
        ArrayRef<const PythonSignatureFunctionPair *> Overloads);

private:
  Expected<std::string> singleDispatch(const PythonSignature &PS,
                                       const NativeFunction &F,
                                       const StringMap<std::string> &Typenames);
  Expected<std::string> dispatchCase(const PythonSignatureGroup &G,
                                     const StringMap<std::string> &Typenames);
  std::string torchFunctionCheck(StringRef Name, bool NoArg) const;

  const EmitContext &EC;
  const AutogradTables &Tables;
  BindingNamespace NS;
};

std::string BindingWriter::torchFunctionCheck(StringRef Name,
                                              bool NoArg) const {
  if (NoArg)
    return NS.Method ? "if (has_torch_function(self_)) {\n"
                       "  return handle_torch_function(self_, \"" +
                           Name.str() + "\");\n}\n"
                     : "";
  static const std::pair<StringRef, StringRef> Modules[] = {
      {"torch", "THPVariableFunctionsModule"},
      {"torch.nn", "THPNNVariableFunctionsModule"},
      {"torch.fft", "THPFFTVariableFunctionsModule"},
      {"torch.linalg", "THPLinalgVariableFunctionsModule"},
      {"torch.nested", "THPNestedVariableFunctionsModule"},
      {"torch.sparse", "THPSparseVariableFunctionsModule"},
      {"torch.special", "THPSpecialVariableFunctionsModule"}};
  StringRef Object = "THPVariableClass";
  if (NS.Module)
    for (const auto &[M, O] : Modules)
      if (M == *NS.Module)
        Object = O;
  return "if(_r.has_torch_function()) {\n"
         "  return handle_torch_function(_r, " +
         std::string(NS.Method ? "self_" : "nullptr") + ", args, kwargs, " +
         Object.str() + ", \"" + NS.Module.value_or("torch.Tensor").str() +
         "\");\n}\n";
}

Expected<std::string>
BindingWriter::singleDispatch(const PythonSignature &PS,
                              const NativeFunction &F,
                              const StringMap<std::string> &Typenames) {
  std::string Comment =
      PS.deprecated() ? "// [deprecated] aten::" + PS.DeprecatedSchema->str()
                      : "// aten::" + F.Func.str();
  std::string Name = cppApiName(F);
  std::string Formals;
  for (const DispatchLambdaArgument &A : dispatchLambdaArgs(PS, F))
    Formals += (Formals.empty() ? "" : ", ") + A.Type + " " + A.Name;
  Expected<std::string> Return = dispatchLambdaReturn(F);
  if (!Return)
    return Return.takeError();
  Expected<std::string> Callee = cppDispatchTarget(F);
  if (!Callee)
    return Callee.takeError();
  std::string CallArgs = join(cppDispatchExprs(F, PS), ", ");
  Expected<std::vector<ArgParserOutput>> Outputs = argParserOutputs(PS);
  if (!Outputs)
    return Outputs.takeError();
  Expected<DispatchLambdaExprs> Lambda = dispatchLambdaExprs(PS, F, *Outputs);
  if (!Lambda)
    return Lambda.takeError();
  std::string Inits = join(Lambda->Inits, "\n");
  std::string LambdaArgs = join(Lambda->Exprs, ", ");

  // Factories without TensorOptions in C++ (and the new_* methods) set
  // requires_grad on the result.
  const ArgParserOutput *RequiresGrad = nullptr;
  for (const ArgParserOutput &O : *Outputs)
    if (O.Name == "requires_grad")
      RequiresGrad = &O;
  std::string SetRequiresGrad;
  if (!PS.TensorOptionsArgs.empty() &&
      (!hasTensorOptions(F) || (PS.Method && RequiresGrad)) && RequiresGrad)
    SetRequiresGrad = ".set_requires_grad(" + RequiresGrad->Expr + ")";

  std::string Head = Comment + "\n" + Inits + "\nauto dispatch_" + Name +
                     " = [](" + Formals + ") -> " + *Return +
                     " {\n  pybind11::gil_scoped_release no_gil;\n  ";
  if (*Return == "void") {
    std::string ReturnStmt = "Py_RETURN_NONE;";
    // An in-place foreach returns its self list to Python.
    if (StringRef(F.Func.Name.str()).startswith("_foreach_") &&
        F.Func.kind() == SchemaKind::Inplace) {
      const std::optional<Argument> &Self = F.Func.Args.Self;
      if (!Self || !Self->Ty.isTensorLike() || !Self->Ty.getListLike())
        return createStringError(inconvertibleErrorCode(),
                                 "an in-place foreach function needs a "
                                 "tensor-list self");
      ReturnStmt = "PyObject* self_tensorlist = _r.args[0];\n"
                   "Py_INCREF(self_tensorlist);\n"
                   "return self_tensorlist;\n";
    }
    return Head + *Callee + "(" + CallArgs + ");\n};\ndispatch_" + Name + "(" +
           LambdaArgs + ")" + SetRequiresGrad + ";\n" + ReturnStmt + "\n";
  }
  std::string TypeRef;
  Expected<std::vector<std::string>> Fields = structseqFieldnames(F.Func);
  if (!Fields)
    return Fields.takeError();
  auto It = Typenames.find(structseqTypenameKey(F, *Fields));
  if (It != Typenames.end())
    TypeRef = It->second + ", ";
  return Head + "return " + *Callee + "(" + CallArgs + ");\n};\nreturn wrap(" +
         TypeRef + "dispatch_" + Name + "(" + LambdaArgs + ")" +
         SetRequiresGrad + ");\n";
}

Expected<std::string>
BindingWriter::dispatchCase(const PythonSignatureGroup &G,
                            const StringMap<std::string> &Typenames) {
  Expected<std::string> Base = singleDispatch(G.Signature, *G.Base, Typenames);
  if (!Base || !G.Outplace)
    return Base;
  Expected<std::string> Out =
      singleDispatch(G.Signature, *G.Outplace, Typenames);
  if (!Out)
    return Out.takeError();
  TemplateValue VIdx(std::to_string(G.Signature.outputIdx())),
      VBase(std::move(*Base)), VOut(std::move(*Out));
  TemplateArg Args[] = {{"out_idx", &VIdx},
                        {"call_dispatch", &VBase},
                        {"call_dispatch_out", &VOut}};
  return substitute(outTemplate(), Args);
}

Expected<NameTexts>
BindingWriter::write(const BaseOperatorName &BaseName,
                     ArrayRef<const PythonSignatureFunctionPair *> Overloads) {
  std::string Name = BaseName.str();
  std::string PyCName = "THPVariable_" + Name;
  bool NoArg = Overloads.size() == 1 &&
               Overloads.front()->Signature.argumentsCount() == 0;

  // The structseq types the overloads return (emit_structseq_call).
  std::vector<std::string> Header = {"HANDLE_TH_ERRORS"};
  StringMap<std::string> Typenames;
  unsigned NumTypedefs = 0;
  for (const PythonSignatureFunctionPair *P : Overloads) {
    Expected<std::vector<std::string>> Fields =
        structseqFieldnames(P->Function->Func);
    if (!Fields)
      return Fields.takeError();
    if (Fields->empty())
      continue;
    std::string Key = structseqTypenameKey(*P->Function, *Fields);
    if (Typenames.count(Key))
      continue;
    std::string Typename =
        "NamedTuple" + (NumTypedefs ? std::to_string(NumTypedefs) : "");
    Typenames[Key] = Typename;
    Header.push_back("static PyTypeObject* " + Typename + " = generated::get_" +
                     cppApiName(*P->Function) + "_structseq();");
    ++NumTypedefs;
  }
  if (NS.Method)
    Header.push_back("const Tensor& self = THPVariable_Unpack(self_);");
  std::vector<std::string> Footer;
  if (!NoArg)
    Footer.push_back("Py_RETURN_NONE;");
  Footer.push_back("END_HANDLE_TH_ERRORS");

  bool Traceable = all_of(Overloads, [&](const PythonSignatureFunctionPair *P) {
    return shouldTrace(*P->Function, Tables);
  });
  Expected<std::vector<PythonSignatureGroup>> Groups =
      groupOverloads(Overloads);
  if (!Groups)
    return Groups.takeError();
  bool Singleton = Groups->size() == 1;
  std::vector<std::string> Signatures, Dispatch;
  for (size_t I = 0; I != Groups->size(); ++I) {
    const PythonSignatureGroup &G = (*Groups)[I];
    Signatures.push_back(cppString(G.Signature.signatureStr()) + ",");
    Expected<std::string> Body = dispatchCase(G, Typenames);
    if (!Body)
      return Body.takeError();
    if (Singleton) {
      Dispatch.push_back(std::move(*Body));
      continue;
    }
    TemplateValue VIdx(std::to_string(I)), VBody(std::move(*Body));
    TemplateArg Args[] = {{"overload_index", &VIdx}, {"body", &VBody}};
    Dispatch.push_back(substitute(caseTemplate(), Args));
  }
  size_t MaxArgs = 0;
  for (const PythonSignatureFunctionPair *P : Overloads)
    MaxArgs = std::max(MaxArgs, P->Signature.argumentsCount());

  TemplateValue VName(Name), VPyCName(PyCName), VHeader(std::move(Header)),
      VMaxArgs(std::to_string(MaxArgs)), VSigs(std::move(Signatures)),
      VTraceable(Traceable ? "true" : "false"),
      VCheck(torchFunctionCheck(Name, NoArg)), VDispatch(std::move(Dispatch)),
      VFooter(std::move(Footer)), VSelf(NS.Method ? "self_" : "nullptr");
  TemplateArg Args[] = {{"name", &VName},
                        {"pycname", &VPyCName},
                        {"method_header", &VHeader},
                        {"max_args", &VMaxArgs},
                        {"signatures", &VSigs},
                        {"traceable", &VTraceable},
                        {"check_has_torch_function", &VCheck},
                        {"dispatch", &VDispatch},
                        {"method_footer", &VFooter},
                        {"self_", &VSelf}};
  NameTexts T;
  T.Method = substitute(NoArg       ? noargsTemplate()
                        : Singleton ? singletonTemplate()
                                    : varargsTemplate(),
                        Args);

  // method_def: a dunder reports a TypeError as NotImplemented.
  std::string Fn = PyCName;
  if (BaseName.DunderMethod)
    Fn = "TypeError_to_NotImplemented_<" + Fn + ">";
  std::string Flags;
  if (NoArg) {
    Flags = NS.Method ? "METH_NOARGS" : "METH_VARARGS | METH_KEYWORDS";
  } else {
    Fn = "castPyCFunctionWithKeywords(" + Fn + ")";
    Flags = "METH_VARARGS | METH_KEYWORDS";
  }
  if (NS.Module && *NS.Module == "torch")
    Flags += " | METH_STATIC";
  T.MethodDef = "{\"" + Name + "\", " + Fn + ", " + Flags + ", nullptr},";
  if (!NS.Method)
    T.Forward = "static PyObject * " + PyCName +
                (NoArg ? "(PyObject* self_, PyObject* args);\n"
                       : "(PyObject* self_, PyObject* args, PyObject* "
                         "kwargs);\n");
  T.Header = "#include <ATen/ops/" + BaseName.Base + ".h>";
  return T;
}

/// The run's signature pairs (PythonBindingModel), as functions or as
/// methods.
const std::vector<PythonSignatureFunctionPair> &pairsOf(EmitContext &EC,
                                                        bool Method) {
  const PythonBindingModel &PM = *EC.Options.PythonBindings;
  return Method ? PM.MethodPairs : PM.FunctionPairs;
}

/// The texts of every base name \p Selects takes (group_filter_overloads),
/// the names in order of first appearance or, with \p Sorted, sorted
/// (sorted(key=str)); nothing after reporting, at a function of the name,
/// why torchgen would raise.
std::optional<std::vector<std::pair<std::string, NameTexts>>>
bindNamespace(EmitContext &EC, ArrayRef<PythonSignatureFunctionPair> Pairs,
              function_ref<bool(const NativeFunction &)> Selects,
              BindingNamespace NS, bool Sorted = true) {
  std::vector<const PythonSignatureFunctionPair *> Selected;
  for (const PythonSignatureFunctionPair &P : Pairs)
    if (Selects(*P.Function))
      Selected.push_back(&P);
  std::vector<std::pair<BaseOperatorName,
                        std::vector<const PythonSignatureFunctionPair *>>>
      Groups;
  for (const std::vector<size_t> &G : groupByBaseName(
           Selected.size(),
           [&](size_t I) -> const BaseOperatorName & {
             return Selected[I]->Function->Func.Name.Name;
           },
           Sorted)) {
    auto &[Name, Overloads] = Groups.emplace_back();
    Name = Selected[G.front()]->Function->Func.Name.Name;
    for (size_t I : G)
      Overloads.push_back(Selected[I]);
  }

  BindingWriter W(EC, *EC.Options.AutogradPolicy, NS);
  std::vector<std::optional<NameTexts>> Texts(Groups.size());
  std::vector<std::string> Errors(Groups.size());
  EC.Ctx.getThreadPool().parallelFor(
      EC.Options.Threads, Groups.size(), [&](size_t I) {
        Expected<NameTexts> T = W.write(Groups[I].first, Groups[I].second);
        if (T)
          Texts[I] = std::move(*T);
        else
          Errors[I] = toString(T.takeError());
      });
  bool Ok = true;
  std::vector<std::pair<std::string, NameTexts>> Out;
  for (size_t I = 0; I != Groups.size(); ++I) {
    if (!Texts[I]) {
      EC.Ctx.getDiags().error(Groups[I].second.front()->Function->FuncLoc,
                              Errors[I]);
      Ok = false;
      continue;
    }
    Out.push_back({Groups[I].first.Base, std::move(*Texts[I])});
  }
  if (!Ok)
    return std::nullopt;
  return Out;
}

bool needsTables(EmitContext &EC, StringRef File) {
  if (EC.Options.PythonBindings && EC.Options.PythonBindings->HasSignatures &&
      EC.Options.AutogradPolicy)
    return true;
  EC.Ctx.getDiags().error(SMLoc(), File +
                                       " needs the autograd folder's tables "
                                       "(gen_python_functions.py's and "
                                       "gen_trace_type.py's; --autograd-dir)");
  return false;
}

TemplateEnv fileEnv(EmitContext &EC, StringRef File,
                    std::vector<std::pair<std::string, NameTexts>> Names) {
  std::vector<std::string> Headers, Forwards, Methods, Defs;
  for (auto &[_, T] : Names) {
    Headers.push_back(std::move(T.Header));
    if (!T.Forward.empty())
      Forwards.push_back(std::move(T.Forward));
    Methods.push_back(std::move(T.Method));
    Defs.push_back(std::move(T.MethodDef));
  }
  TemplateEnv Env;
  Env["generated_comment"] = "@generated from " +
                             EC.Options.AutogradTemplateDirForComments + "/" +
                             File.str();
  Env["ops_headers"] = std::move(Headers);
  Env["py_forwards"] = std::move(Forwards);
  Env["py_methods"] = std::move(Methods);
  Env["py_method_defs"] = std::move(Defs);
  return Env;
}

} // namespace

LogicalResult opgen::emitPythonVariableMethods(EmitContext &EC) {
  if (!needsTables(EC, "python_variable_methods.cpp"))
    return failure();
  auto Names =
      bindNamespace(EC, pairsOf(EC, /*Method=*/true), isPyVariableMethod,
                    {std::nullopt, /*Method=*/true});
  if (!Names)
    return failure();
  return EC.files().write(
      "python_variable_methods.cpp",
      fileEnv(EC, "python_variable_methods.cpp", std::move(*Names)));
}

LogicalResult opgen::emitPythonTorchFunctions(EmitContext &EC) {
  if (!needsTables(EC, "python_torch_functions.cpp"))
    return failure();
  // write_sharded takes the names as grouped, unsorted.
  auto Names =
      bindNamespace(EC, pairsOf(EC, /*Method=*/false), isPyTorchFunction,
                    {StringRef("torch"), /*Method=*/false},
                    /*Sorted=*/false);
  if (!Names)
    return failure();
  // Sharded by base name (gatherTorchFunctions in
  // python_torch_functions_manual.cpp expects three).
  std::vector<ShardItem> Items;
  for (auto &[Base, T] : *Names) {
    ShardItem &It = Items.emplace_back();
    It.Key = Base;
    It.Env["ops_headers"] = std::vector<std::string>{std::move(T.Header)};
    It.Env["py_forwards"] = std::vector<std::string>{std::move(T.Forward)};
    It.Env["py_methods"] = std::vector<std::string>{std::move(T.Method)};
    It.Env["py_method_defs"] = std::vector<std::string>{std::move(T.MethodDef)};
  }
  TemplateEnv Base;
  Base["generated_comment"] = "@generated from " +
                              EC.Options.AutogradTemplateDirForComments +
                              "/python_torch_functions.cpp";
  return EC.files().writeSharded(
      "python_torch_functions.cpp", "python_torch_functions.cpp",
      std::move(Items), /*NumShards=*/3, Base,
      {"ops_headers", "py_forwards", "py_methods", "py_method_defs"},
      EC.Options.Threads);
}

LogicalResult opgen::emitPythonModuleFunctions(EmitContext &EC) {
  if (!needsTables(EC, "python_nn_functions.cpp"))
    return failure();
  const auto &Pairs = pairsOf(EC, /*Method=*/false);
  static const StringRef Modules[] = {"nn",     "fft",    "linalg",
                                      "nested", "sparse", "special"};
  LogicalResult Result = success();
  for (StringRef M : Modules) {
    std::string Module = ("torch." + M).str();
    auto Names = bindNamespace(
        EC, Pairs,
        [&](const NativeFunction &F) { return isPyModuleFunction(F, M); },
        {StringRef(Module), /*Method=*/false});
    if (!Names) {
      Result = failure();
      continue;
    }
    std::string File = ("python_" + M + "_functions.cpp").str();
    if (failed(EC.files().write(File, fileEnv(EC, File, std::move(*Names)))))
      Result = failure();
  }
  return Result;
}
