//===- NodeGetters.cpp - How Python reads a Node's saved values -----------===//
//
// The texts of the getters: a frame that reaches the member (a plain value,
// an optional, a SavedVariable, a list that may have been released) around
// a body that makes the Python object. The texts are torchgen's, byte for
// byte, including the blanks one of its templates ends with.
//
//===----------------------------------------------------------------------===//

#include "NodeGetters.h"

#include "opgen/Emit/CodeTemplate.h"
#include "opgen/Emit/Dest/NodeParts.h"

using namespace opgen;
using namespace opgen::autograd_functions;
using namespace llvm;

namespace {

const CodeTemplate &frameTemplate(GetterFrame F) {
  // The frames reading a released list share their text but for the
  // getter's name.
#define OPGEN_LIST_FRAME(Suffix, Member)                                       \
  "static PyObject* THP${op}_${name}_" Suffix                                  \
  "(THPCppFunction *self, void *_unused) {\n"                                  \
  "  HANDLE_TH_ERRORS\n"                                                       \
  "  const auto *node = static_cast<${op}*>(self->cdata.get());\n"             \
  "  const auto& prop = node->" Member ";\n"                                   \
  "  if (node->${name}_released_) {\n"                                         \
  "    PyErr_SetString(PyExc_RuntimeError, ERR_BACKWARD_TWICE);\n"             \
  "    return nullptr;\n"                                                      \
  "  }\n"                                                                      \
  "  ${body}\n"                                                                \
  "  END_HANDLE_TH_ERRORS\n"                                                   \
  "}\n"
  static const CodeTemplate Value(
      "static PyObject* THP${op}_${name}_getter(THPCppFunction *self, void "
      "*_unused) {\n"
      "  HANDLE_TH_ERRORS\n"
      "  auto prop = static_cast<${op}*>(self->cdata.get())->${name};\n"
      "  ${body}\n"
      "  END_HANDLE_TH_ERRORS\n"
      "}\n",
      "GETTER_DEFINITION");
  static const CodeTemplate Optional(
      "static PyObject* THP${op}_${name}_getter(THPCppFunction *self, void "
      "*_unused) {\n"
      "  HANDLE_TH_ERRORS\n"
      "  auto opt_prop = static_cast<${op}*>(self->cdata.get())->${name};\n"
      "  if (!opt_prop.has_value()) {\n"
      "    Py_RETURN_NONE;\n"
      "  }\n"
      "  auto prop = opt_prop.value();\n"
      "  ${body}\n"
      "  END_HANDLE_TH_ERRORS\n"
      "}\n",
      "GETTER_DEFINITION_OPT");
  static const CodeTemplate OptionalArray(
      "static PyObject* THP${op}_${name}_getter(THPCppFunction *self, void "
      "*_unused) {\n"
      "  HANDLE_TH_ERRORS\n"
      "  auto opt_prop = static_cast<${op}*>(self->cdata.get())->${name};\n"
      "  if (!opt_prop.list.has_value()) {\n"
      "    Py_RETURN_NONE;\n"
      "  }\n"
      "  auto prop = opt_prop.list.value();\n"
      "  ${body}\n"
      "  END_HANDLE_TH_ERRORS\n"
      "}\n",
      "GETTER_DEFINITION_OPT_ARRAYREF");
  static const CodeTemplate Saved(
      "static PyObject* THP${op}_${name}_getter(THPCppFunction *self, void "
      "*_unused) {\n"
      "  HANDLE_TH_ERRORS\n"
      "  const auto& prop = static_cast<${op}*>(self->cdata.get())->${name}_;\n"
      "  ${body}\n"
      "  END_HANDLE_TH_ERRORS\n"
      "}\n",
      "GETTER_DEFINITION_SAVEDVAR");
  static const CodeTemplate RawSaved(
      "static PyObject* THP${op}_${name}_raw_getter(THPCppFunction *self, "
      "void *_unused) {\n"
      "  HANDLE_TH_ERRORS\n"
      "  const auto& prop = static_cast<${op}*>(self->cdata.get())->${name}_;\n"
      "  ${body}\n"
      "  END_HANDLE_TH_ERRORS\n"
      "}\n",
      "GETTER_DEFINITION_RAW_SAVEDVAR");
  static const CodeTemplate SavedList(OPGEN_LIST_FRAME("getter", "${name}_"),
                                      "GETTER_DEFINITION_VEC_SAVEDVAR");
  static const CodeTemplate RawSavedList(
      OPGEN_LIST_FRAME("raw_getter", "${name}_"),
      "GETTER_DEFINITION_RAW_VEC_SAVEDVAR");
  // torchgen writes this one inline, its closing quotes indented: the text
  // ends in 28 blanks after the brace's line.
  static const CodeTemplate ScalarList(
      OPGEN_LIST_FRAME("getter", "${name}") "                            ",
      "the at::Scalar list getter");
#undef OPGEN_LIST_FRAME
  switch (F) {
  case GetterFrame::Value:
    return Value;
  case GetterFrame::Optional:
    return Optional;
  case GetterFrame::OptionalArray:
    return OptionalArray;
  case GetterFrame::SavedVariable:
    return Saved;
  case GetterFrame::RawSavedVariable:
    return RawSaved;
  case GetterFrame::SavedList:
    return SavedList;
  case GetterFrame::RawSavedList:
    return RawSavedList;
  case GetterFrame::ScalarList:
    return ScalarList;
  }
  return Value;
}

StringRef bodyText(GetterBody B) {
  switch (B) {
  case GetterBody::SavedVariable:
    return "return THPVariable_Wrap(prop.unpack(self->cdata));\n";
  case GetterBody::RawSavedVariable:
    return "pybind11::object obj = pybind11::cast(prop, "
           "pybind11::return_value_policy::reference);\n"
           "return obj.release().ptr();\n";
  case GetterBody::SavedList:
    return "PyObject* tup = PyTuple_New((Py_ssize_t) prop.size());\n"
           "for (auto i: c10::irange(prop.size())) {\n"
           "  PyTuple_SetItem(tup, (Py_ssize_t) i, "
           "THPVariable_Wrap(prop[i].unpack(self->cdata)));\n"
           "}\n"
           "return tup;\n";
  case GetterBody::RawSavedList:
    return "PyObject* tup = PyTuple_New((Py_ssize_t) prop.size());\n"
           "for (auto i : c10::irange(prop.size())) {\n"
           "  pybind11::object obj = pybind11::cast(prop[i], "
           "pybind11::return_value_policy::reference);\n"
           "  PyTuple_SetItem(tup, (Py_ssize_t) i, obj.release().ptr());\n"
           "}\n"
           "return tup;\n";
  case GetterBody::IntList:
    return "PyObject* tup = PyTuple_New((Py_ssize_t) prop.size());\n"
           "for (auto i : c10::irange(prop.size())) {\n"
           "  PyTuple_SetItem(tup, (Py_ssize_t) i, "
           "PyLong_FromUnsignedLong((uint64_t) prop[i]));\n"
           "}\n"
           "return tup;\n";
  case GetterBody::SymIntList:
    return "PyObject* tup = PyTuple_New((Py_ssize_t) prop.size());\n"
           "for (auto i : c10::irange(prop.size())) {\n"
           "    auto si = prop[i];\n"
           "    if (auto m = si.maybe_as_int()) {\n"
           "      PyTuple_SetItem(tup, (Py_ssize_t) i, "
           "PyLong_FromUnsignedLong(*m));\n"
           "    } else {\n"
           "      auto py_symint = py::cast(si).release().ptr();\n"
           "      PyTuple_SetItem(tup, (Py_ssize_t) i, py_symint);\n"
           "    }\n"
           "}\n"
           "return tup;\n";
  case GetterBody::DoubleList:
    return "PyObject* tup = PyTuple_New((Py_ssize_t) prop.size());\n"
           "for (auto i : c10::irange(prop.size())) {\n"
           "  PyTuple_SetItem(tup, (Py_ssize_t) i, "
           "PyFloat_FromDouble((double) prop[i]));\n"
           "}\n"
           "return tup;\n";
  case GetterBody::Int:
    return "return PyLong_FromUnsignedLong((int64_t) prop);\n";
  case GetterBody::SymInt:
    return "if (auto m = prop.maybe_as_int()) {\n"
           "  return PyLong_FromUnsignedLong(*m);\n"
           "} else {\n"
           "  return py::cast(prop).release().ptr();\n"
           "}\n";
  case GetterBody::Double:
    return "return PyFloat_FromDouble((double) prop);\n";
  case GetterBody::Bool:
    return "if (prop) {\n"
           "  Py_RETURN_TRUE;\n"
           "} else {\n"
           "  Py_RETURN_FALSE;\n"
           "}\n";
  case GetterBody::String:
    return "return PyUnicode_FromStringAndSize(prop.data(), prop.size());\n";
  case GetterBody::Scalar:
    return "if (prop.isComplex()) {\n"
           "  auto cprop = prop.to<c10::complex<double>>();\n"
           "  return PyComplex_FromDoubles(cprop.real(), cprop.imag());\n"
           "} else if (prop.isFloatingPoint()) {\n"
           "  return PyFloat_FromDouble(prop.to<double>());\n"
           "} else if (prop.isIntegral(/*includeBool=*/false)) {\n"
           "  return PyLong_FromLong(prop.to<int64_t>());\n"
           "} else if (prop.isBoolean()) {\n"
           "  if (prop.to<bool>()) {\n"
           "    Py_RETURN_TRUE;\n"
           "  } else {\n"
           "    Py_RETURN_FALSE;\n"
           "  }\n"
           "} else {\n"
           "  PyErr_SetString(PyExc_RuntimeError, \"Unknown scalar type\");\n"
           "  return nullptr;\n"
           "}\n";
  case GetterBody::ScalarList:
    return "PyObject* tup = PyTuple_New((Py_ssize_t) prop.size());\n"
           "for (auto i: c10::irange(prop.size())) {\n"
           "  if (prop[i].isComplex()) {\n"
           "    auto cprop = prop[i].to<c10::complex<double>>();\n"
           "    PyTuple_SetItem(tup, (Py_ssize_t) i, "
           "PyComplex_FromDoubles(cprop.real(), cprop.imag()));\n"
           "  } else if (prop[i].isFloatingPoint()) {\n"
           "    auto double_prop = prop[i].to<double>();\n"
           "    PyTuple_SetItem(tup, (Py_ssize_t) i, "
           "PyFloat_FromDouble(double_prop));\n"
           "  } else if (prop[i].isIntegral(/*includeBool=*/false)) {\n"
           "    auto long_prop = prop[i].to<int64_t>();\n"
           "    PyTuple_SetItem(tup, (Py_ssize_t) i, "
           "PyLong_FromLong(long_prop));\n"
           "  } else if (prop[i].isBoolean()) {\n"
           "    if (prop[i].to<bool>()) {\n"
           "      PyTuple_SetItem(tup, (Py_ssize_t) i, Py_True);\n"
           "    } else {\n"
           "      PyTuple_SetItem(tup, (Py_ssize_t) i, Py_False);\n"
           "    }\n"
           "  } else {\n"
           "    PyErr_SetString(PyExc_RuntimeError, \"Unknown scalar "
           "type\");\n"
           "    return nullptr;\n"
           "  }\n"
           "}\n"
           "return tup;\n";
  }
  return "";
}

} // namespace

std::string autograd_functions::getterDefinition(GetterFrame Frame,
                                                 GetterBody Body, StringRef Op,
                                                 StringRef Name) {
  TemplateValue VOp(Op.str()), VName(Name.str()), VBody(bodyText(Body).str());
  TemplateArg Args[] = {{"op", &VOp}, {"name", &VName}, {"body", &VBody}};
  return substitute(frameTemplate(Frame), Args);
}

std::string autograd_functions::getSetDefStruct(bool Raw, StringRef Op,
                                                StringRef Name) {
  return ("{(char*)\"_" + Twine(Raw ? "raw_" : "") + "saved_" + Name +
          "\", (getter)THP" + Op + "_" + Name +
          (Raw ? "_raw_getter" : "_getter") + ", nullptr, nullptr, nullptr}")
      .str();
}
