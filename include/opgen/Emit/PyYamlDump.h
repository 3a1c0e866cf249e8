//===- PyYamlDump.h - PyYAML's yaml.dump text, event by event ---*- C++ -*-===//
//
// torchgen writes Declarations.yaml with PyYAML:
//   yaml.dump(data, default_flow_style=False, Dumper=SafeDumper, width=1e9)
// with aliases off. PyYamlEmitter gives the same bytes without building the
// data: the caller sends the events the representer would (mapping and
// sequence starts and ends, scalars), and the emitter lays them out as
// PyYAML's emitter does (yaml/emitter.py): block collections, indentless
// sequences under a key, `[]` and `{}` for empty collections, and each
// string in the first style its rules allow (plain, 'single', "double").
//
//   - name: abs              <- a root sequence of mappings
//     overload_name: ''      <- '' resolves to null, so it is quoted
//     arguments:
//     - default: '{}'        <- a leading indicator forbids plain style
//     returns: []
//
// With width 1e9 no line is ever folded, so folding is not implemented.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_EMIT_PYYAMLDUMP_H
#define OPGEN_EMIT_PYYAMLDUMP_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>

namespace opgen {

/// Whether PyYAML's SafeDumper resolver reads plain scalar \p S as something
/// other than a string (a bool, int, float, null, timestamp, `<<`, `=`):
/// such strings must be quoted to stay strings (`'true'`, `'1.0'`, `''`).
bool pyYamlResolvesToNonString(llvm::StringRef S);

/// PyYAML's text for a Python float (represent_float): repr() in lower
/// case with `.0` added before an exponent that has no dot (`1.0e-05`),
/// `.inf`, `-.inf`, `.nan`.
std::string pyYamlFloat(double D);

/// Python's int(S) for ASCII text: the value's decimal digits (`-7` for
/// ` -0_07 `), or nothing where int() raises ValueError.
std::optional<std::string> parsePythonInt(llvm::StringRef S);

/// Python's float(S) for ASCII text, or nothing where float() raises.
std::optional<double> parsePythonFloat(llvm::StringRef S);

/// How a str is written.
enum class PyYamlStyle : unsigned char { Plain, Single, Double, NotAKey };

/// A string whose style is worked out once, for text written many times
/// (keys, type names).
class PyYamlString {
public:
  explicit PyYamlString(std::string S);
  llvm::StringRef str() const { return Text; }

private:
  friend class PyYamlEmitter;
  std::string Text;
  PyYamlStyle ValueStyle, KeyStyle;
};

/// Appends to a string what yaml.dump writes for the events it is given.
/// Events must nest properly; mapping keys must be strings short enough to
/// be simple keys (non-empty, one line, under 128 characters).
class PyYamlEmitter {
public:
  explicit PyYamlEmitter(std::string &Out) : Out(Out) {}

  /// Start as if inside a root sequence already known to be non-empty: the
  /// next node is one item. yaml.dump of a non-empty list is the items'
  /// texts so made, each ended by finishDocument(), joined: this lets
  /// callers build items on threads.
  static PyYamlEmitter forRootSequenceItem(std::string &Out);

  void beginMapping() { beginCollection(Frame::Mapping); }
  void endMapping() { endCollection(); }
  void beginSequence() { beginCollection(Frame::Sequence); }
  void endSequence() { endCollection(); }

  /// A mapping key (a Python str).
  void key(llvm::StringRef K);
  void key(const PyYamlString &K);
  /// A Python str.
  void string(llvm::StringRef S);
  void string(const PyYamlString &S);
  /// None, a bool, an int (its decimal digits) and a float.
  void null() { plainValue("null"); }
  void boolean(bool B) { plainValue(B ? "true" : "false"); }
  void integer(int64_t I);
  void integerDigits(llvm::StringRef Digits) { plainValue(Digits); }
  void real(double D) { plainValue(pyYamlFloat(D)); }

  /// End the document once the root node is complete: the final line
  /// break, and `...` after a plain root scalar.
  void finishDocument();

private:
  struct Frame {
    enum Kind : unsigned char { Sequence, Mapping } K;
    /// For mappings: a key was given and its value is next.
    bool ValueNext = false;
  };

  void beginCollection(Frame::Kind K);
  void endCollection();
  /// Emit a collection whose begin event was held back until it was known
  /// whether it is empty.
  void flushPending();
  /// Write what comes before a node in its parent (`- `, `: `, the line
  /// break and indent before a key) and note whether the node is a mapping
  /// value and whether it is the root.
  void startNode(bool IsKey);
  void scalar(llvm::StringRef S, PyYamlStyle St);
  void plainValue(llvm::StringRef S);

  void increaseIndent(bool Flow, bool Indentless);
  void popIndent();
  void writeIndent();
  void writeIndicator(llvm::StringRef Indicator, bool NeedWhitespace,
                      bool Whitespace = false, bool Indention = false);
  void writeLineBreak();
  void writeText(llvm::StringRef S);
  void writeSingleQuoted(llvm::StringRef S);
  void writeDoubleQuoted(llvm::StringRef S);

  std::string &Out;
  llvm::SmallVector<Frame, 8> Frames;
  /// PyYAML's indent stack; -1 is its None.
  llvm::SmallVector<int, 8> Indents;
  int Indent = -1;
  size_t Column = 0;
  bool Whitespace = true;
  bool Indention = true;
  bool OpenEnded = false;
  /// Of the node being emitted.
  bool RootContext = false;
  bool MappingContext = false;
  bool SimpleKeyContext = false;
  /// A collection begun but not yet emitted.
  std::optional<Frame::Kind> Pending;
};

} // namespace opgen

#endif // OPGEN_EMIT_PYYAMLDUMP_H
