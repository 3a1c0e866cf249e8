//===- PythonReturnTypes.cpp - python_return_types.h and .cpp -------------===//
//
// torch.return_types (gen_python_functions.py's
// create_python_return_type_bindings and its _header): for every bound
// function whose returns are all named, a structseq type made on first use
// (`get_<cpp name>_structseq()`), declared in the header and registered with
// the module, one per C++ name and field list, the functions grouped by base
// name and the groups sorted by it.
//
//===----------------------------------------------------------------------===//

#include "opgen/Emit/Emitters.h"
#include "opgen/PythonApi/PythonBindingModel.h"
#include "opgen/PythonApi/StructSeq.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"

using namespace opgen;
using namespace llvm;

namespace {

/// One group's definitions, registrations and declarations, each joined by
/// a newline (torchgen's "\n".join); empty for a group without structseqs.
struct GroupTexts {
  std::string Definitions, Registrations, Declarations;
};

void appendLine(std::string &Out, const std::string &S) {
  if (!Out.empty())
    Out += '\n';
  Out += S;
}

GroupTexts groupTexts(ArrayRef<const NativeFunction *> Overloads,
                      ArrayRef<std::vector<std::string>> Fieldnames) {
  GroupTexts T;
  // A type per key, numbered by how many the group defined before it.
  StringMap<bool> Seen;
  unsigned Defined = 0;
  for (size_t I = 0; I != Overloads.size(); ++I) {
    const std::vector<std::string> &Fields = Fieldnames[I];
    if (Fields.empty())
      continue;
    const NativeFunction &F = *Overloads[I];
    if (!Seen.try_emplace(structseqTypenameKey(F, Fields), true).second)
      continue;
    std::string Name = cppApiName(F);
    std::string Type =
        Name + "NamedTuple" + (Defined ? std::to_string(Defined) : "");
    std::string FieldList;
    for (const std::string &N : Fields)
      FieldList += (FieldList.empty() ? "" : ", ") + ("{\"" + N + "\", \"\"}");
    std::string Get = "get_" + Name + "_structseq()";
    appendLine(
        T.Definitions,
        "PyTypeObject* " + Get +
            " {\n"
            "    static PyStructSequence_Field NamedTuple_fields[] = { " +
            FieldList +
            ",  {nullptr} };\n"
            "    static PyTypeObject " +
            Type +
            ";\n"
            "    static bool is_initialized = false;\n"
            "    static PyStructSequence_Desc desc = { "
            "\"torch.return_types." +
            Name + "\", nullptr, NamedTuple_fields, " +
            std::to_string(Fields.size()) +
            " };\n"
            "    if (!is_initialized) {\n"
            "        PyStructSequence_InitType(&" +
            Type +
            ", &desc);\n"
            "        " +
            Type +
            ".tp_repr = "
            "(reprfunc)torch::utils::returned_structseq_repr;\n"
            "        is_initialized = true;\n"
            "    }\n"
            "    return &" +
            Type + ";\n}\n");
    appendLine(T.Registrations, "addReturnType(return_types_module, \"" + Name +
                                    "\", generated::" + Get + ");");
    appendLine(T.Declarations, "PyTypeObject* " + Get + ";");
    ++Defined;
  }
  return T;
}

} // namespace

LogicalResult opgen::emitPythonReturnTypes(EmitContext &EC) {
  const PythonBindingModel *PM = EC.Options.PythonBindings;
  DiagnosticEngine &D = EC.Ctx.getDiags();
  if (!PM) {
    D.error(SMLoc(), "python_return_types.cpp needs gen_python_functions.py's "
                     "skip tables (--autograd-dir)");
    return failure();
  }
  const Module &M = EC.M;
  // Every bound function, by base name; the groups in the order of their
  // names.
  std::vector<const NativeFunction *> Fns;
  std::vector<std::vector<std::string>> Fields;
  bool Ok = true;
  for (FunctionId I = 0; I != M.Functions.size(); ++I) {
    if (!PM->isBound(I))
      continue;
    const NativeFunction &F = M.Functions[I];
    Expected<std::vector<std::string>> Names = structseqFieldnames(F.Func);
    if (!Names) {
      D.error(F.FuncLoc, toString(Names.takeError()));
      Ok = false;
      continue;
    }
    Fns.push_back(&F);
    Fields.push_back(std::move(*Names));
  }
  if (!Ok)
    return failure();

  std::vector<std::string> Definitions, Registrations, Declarations;
  for (const std::vector<size_t> &G : groupByBaseName(
           Fns.size(),
           [&](size_t I) -> const BaseOperatorName & {
             return Fns[I]->Func.Name.Name;
           },
           /*SortByName=*/true)) {
    std::vector<const NativeFunction *> Overloads;
    std::vector<std::vector<std::string>> OverloadFields;
    for (size_t I : G) {
      Overloads.push_back(Fns[I]);
      OverloadFields.push_back(Fields[I]);
    }
    GroupTexts T = groupTexts(Overloads, OverloadFields);
    Definitions.push_back(std::move(T.Definitions));
    Registrations.push_back(std::move(T.Registrations));
    Declarations.push_back(std::move(T.Declarations));
  }
  std::string Dir = EC.Options.AutogradTemplateDirForComments;
  FileManager &FM = EC.files();
  LogicalResult Result =
      FM.write("python_return_types.cpp",
               {{"generated_comment",
                 "@generated from " + Dir + "/python_return_types.cpp"},
                {"py_return_types", std::move(Definitions)},
                {"py_return_types_registrations", std::move(Registrations)}});
  if (failed(FM.write(
          "python_return_types.h",
          {{"generated_comment",
            "@generated from " + Dir + "/python_return_types.h"},
           {"py_return_types_declarations", std::move(Declarations)}})))
    Result = failure();
  return Result;
}
