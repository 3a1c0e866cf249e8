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

#include "opgen/Support/Yaml11.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <cstring>
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
/// be simple keys (non-empty, one line, under 128 characters). The string
/// holds the text once finishDocument() was called or the emitter is gone:
/// until then its end is working space.
class PyYamlEmitter {
public:
  explicit PyYamlEmitter(std::string &Out) : O(Out) {}

  /// Start as if inside a root sequence already known to be non-empty: the
  /// next nodes are its items. yaml.dump of a non-empty list is the texts
  /// of runs of its items so made, each ended by finishDocument(), joined:
  /// this lets callers build items on threads.
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

  /// The text of a run of events that began on a new line: block sequence
  /// items, or key and value pairs of a block mapping, complete. Its text
  /// and the emitter's state after it depend only on its events and the
  /// indent, so the same events in the same kind of collection at the same
  /// indent can be copied instead of emitted again. Declarations.yaml
  /// repeats most of its arguments (`self`, `dim`, `out=`) and much of the
  /// rest, and copying saves about 40 M of its dump's 149 M instructions.
  class Run {
    friend class PyYamlEmitter;
    size_t Begin = 0, End = 0;
    /// -2 where the run cannot be repeated.
    int Indent = -2;
    bool InMapping = false;
    size_t Column = 0;
    bool Whitespace = false, Indention = false, OpenEnded = false;
    bool MappingContext = false, SimpleKeyContext = false;
  };
  /// Call before the run's first event; \p R then records it, if it
  /// begins on a new line.
  void beginRun(Run &R);
  /// Call after the run's last event.
  void endRun(Run &R);
  /// Write \p R (recorded by this emitter) again in place of its events if
  /// the next event begins a new line in the same kind of collection at
  /// the same indent; return whether it was written.
  bool repeatRun(const Run &R);

private:
  struct Frame {
    enum Kind : unsigned char { Sequence, Mapping } K;
    /// For mappings: a key was given and its value is next.
    bool ValueNext = false;
  };

  /// The text goes through a pointer into the string's buffer, which grows
  /// in steps and is cut to the text at the end: std::string::append and
  /// append(N, ' ') per piece cost about 30 M instructions of
  /// Declarations.yaml's 149 M.
  class Output {
  public:
    explicit Output(std::string &S)
        : S(&S), Buf(&S[0]), Len(S.size()), Cap(S.size()) {}
    Output(Output &&From)
        : S(From.S), Buf(From.Buf), Len(From.Len), Cap(From.Cap) {
      From.S = nullptr;
    }
    Output &operator=(Output &&) = delete;
    ~Output() { finish(); }

    void reserve(size_t N) {
      if (Cap - Len < N)
        grow(N);
    }
    /// Room must have been reserved.
    void putUnchecked(const char *P, size_t N) {
      copy(Buf + Len, P, N);
      Len += N;
    }
    void putUnchecked(char C) { Buf[Len++] = C; }
    /// \p N spaces; room for N + 32 must have been reserved.
    void putSpacesUnchecked(size_t N);
    void put(char C) {
      reserve(1);
      putUnchecked(C);
    }
    void put(llvm::StringRef T) {
      reserve(T.size());
      putUnchecked(T.data(), T.size());
    }
    /// Copy the text at [Begin, End) to the end.
    void repeat(size_t Begin, size_t End) {
      reserve(End - Begin);
      std::memcpy(Buf + Len, Buf + Begin, End - Begin);
      Len += End - Begin;
    }
    size_t size() const { return Len; }
    /// Cut the string to the text; writing may go on.
    void finish() {
      if (!S)
        return;
      S->resize(Len);
      Buf = &(*S)[0];
      Cap = Len;
    }

  private:
    /// memcpy, with most texts (keys, names, types: under 17 bytes) copied
    /// in a few moves instead of a call.
    static void copy(char *D, const char *P, size_t N) {
      if (N > 16) {
        std::memcpy(D, P, N);
      } else if (N >= 8) {
        uint64_t A, B;
        std::memcpy(&A, P, 8);
        std::memcpy(&B, P + N - 8, 8);
        std::memcpy(D, &A, 8);
        std::memcpy(D + N - 8, &B, 8);
      } else if (N >= 4) {
        uint32_t A, B;
        std::memcpy(&A, P, 4);
        std::memcpy(&B, P + N - 4, 4);
        std::memcpy(D, &A, 4);
        std::memcpy(D + N - 4, &B, 4);
      } else if (N != 0) {
        D[0] = P[0];
        D[N / 2] = P[N / 2];
        D[N - 1] = P[N - 1];
      }
    }
    void grow(size_t N);
    std::string *S;
    char *Buf;
    size_t Len, Cap;
  };

  void beginCollection(Frame::Kind K);
  void endCollection();
  /// Emit a collection whose begin event was held back until it was known
  /// whether it is empty.
  void flushPending() {
    if (Pending)
      flushPendingSlow();
  }
  void flushPendingSlow();
  /// Write what comes before a node in its parent (`- `, `: `, the line
  /// break and indent before a key) and note whether the node is a mapping
  /// value and whether it is the root.
  void startNode(bool IsKey);
  void scalar(llvm::StringRef S, PyYamlStyle St);
  void plainScalar(llvm::StringRef S);
  void plainValue(llvm::StringRef S);
  /// A node of style \p St.
  void styledValue(llvm::StringRef S, PyYamlStyle St);
  void keyWithStyle(llvm::StringRef K, PyYamlStyle St);
  /// Whether the next event (a sequence item or a key) begins a new line;
  /// pending collections must have been flushed.
  bool atNewLine() const;

  void increaseIndent(bool Flow, bool Indentless);
  void popIndent();
  void writeIndent();
  void writeIndicator(llvm::StringRef Indicator, bool NeedWhitespace,
                      bool Whitespace = false, bool Indention = false);
  void writeLineBreak();
  void writeText(llvm::StringRef S);
  void writeSingleQuoted(llvm::StringRef S);
  void writeDoubleQuoted(llvm::StringRef S);

  Output O;
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
