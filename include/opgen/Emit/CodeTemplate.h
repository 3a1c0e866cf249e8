//===- CodeTemplate.h - torchgen's CodeTemplate substitution ----*- C++ -*-===//
//
// The C++ torchgen writes comes from template files with `$name` and
// `${name}` placeholders. The rules, which our output must follow to the
// byte, are those of torchgen's CodeTemplate:
//
//  - A placeholder that is the first thing on its line (after blanks) is a
//    block: the value (a list, or one string) is split into lines, each
//    non-blank line gets the placeholder's indentation, trailing blanks are
//    cut from every line and blank lines from the end.
//  - Elsewhere a list is joined with ", "; `${,name}` puts ", " before a
//    non-empty list and `${name,}` after it. A string is inserted as is.
//  - `$` not followed by an identifier (or `{identifier}`) stays as written.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_EMIT_CODETEMPLATE_H
#define OPGEN_EMIT_CODETEMPLATE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace opgen {

/// A placeholder's value: one string, or a list of strings. A list may
/// borrow its strings (borrowedList): sharded files share their items'
/// texts that way, the largest a run makes, instead of copying them into
/// every shard and the `Everything` file.
class TemplateValue {
public:
  TemplateValue() = default;
  TemplateValue(std::string S) : Scalar(std::move(S)) {}
  TemplateValue(const char *S) : Scalar(S) {}
  TemplateValue(llvm::StringRef S) : Scalar(S.str()) {}
  TemplateValue(std::vector<std::string> L)
      : List(std::move(L)), IsList(true) {}
  /// A list of strings owned elsewhere, which must outlive every use of the
  /// value.
  /// \p Clean, when given, says per string whether isCleanBlockText is
  /// known to hold for it, so that a block placeholder need not scan it
  /// again (a sharded file's item goes into its shard and `Everything`).
  static TemplateValue borrowedList(std::vector<llvm::StringRef> L,
                                    std::vector<bool> Clean = {}) {
    TemplateValue V;
    V.Borrowed = std::move(L);
    V.Clean = std::move(Clean);
    V.IsList = V.IsBorrowed = true;
    return V;
  }

  bool isList() const { return IsList; }
  const std::string &getScalar() const { return Scalar; }
  /// A list's strings, owned or borrowed.
  size_t size() const { return IsBorrowed ? Borrowed.size() : List.size(); }
  llvm::StringRef operator[](size_t I) const {
    return IsBorrowed ? Borrowed[I] : llvm::StringRef(List[I]);
  }

  /// Whether string \p I (0 for a scalar) is known to be clean block text,
  /// not to be scanned again.
  bool isKnownClean(size_t I) const { return I < Clean.size() && Clean[I]; }

private:
  std::string Scalar;
  std::vector<std::string> List;
  std::vector<llvm::StringRef> Borrowed;
  std::vector<bool> Clean;
  bool IsList = false;
  bool IsBorrowed = false;
};

/// Whether a block placeholder may copy \p S as it is, adding only
/// separators and indentation: its bytes below 0x20 are `\n` and `\t`
/// only, and no line ends in a blank. Generated C++ almost always is, and
/// checking costs far less than splitting and stripping line by line.
bool isCleanBlockText(llvm::StringRef S);

/// Drop the empty lines of \p S, in place: what `S.split("\n")` as a
/// block placeholder's list makes of it, each empty piece giving no line
/// (the pieces are joined with `\n`, none after the last).
void dropEmptyLines(std::string &S);

/// The values of a template's placeholders, by name.
using TemplateEnv = llvm::StringMap<TemplateValue>;

/// A substituted text as pieces (CodeTemplate::substitutePieces): runs of
/// its own bytes, Owned, and strings that live elsewhere.
struct SplicedText {
  struct Part {
    /// The string's bytes when it lives elsewhere; null for Owned's.
    const char *External;
    /// Where in Owned (for an Owned run), and how many bytes.
    size_t Offset, Length;
  };
  std::string Owned;
  std::vector<Part> Parts;
};

/// A placeholder's value by name, for substitute's array form.
struct TemplateArg {
  llvm::StringRef Key;
  const TemplateValue *Value;
};

class CodeTemplate {
public:
  explicit CodeTemplate(std::string Pattern, std::string Name = "");

  /// Read a template file.
  static llvm::Expected<CodeTemplate> fromFile(llvm::StringRef Path);

  /// Substitute every placeholder; a placeholder without a value in \p Env
  /// is an error naming it and the template.
  llvm::Expected<std::string> substitute(const TemplateEnv &Env) const;
  /// The same with the values in an array, searched in order: for a
  /// template substituted thousands of times with a few values, where
  /// filling a StringMap each time cost more than the substitution's
  /// lookups (Register<Key>'s per-group definitions).
  llvm::Expected<std::string>
  substitute(llvm::ArrayRef<TemplateArg> Args) const;

  /// substitute(), except that a block placeholder at the start of its
  /// line (no indentation) whose value is a borrowed list of clean strings
  /// (TemplateValue::isKnownClean) is not copied: the result refers to
  /// those strings, which must outlive it. For the sharded files, megabytes
  /// of items each, which the shard and `Everything` would otherwise copy.
  llvm::Expected<SplicedText> substitutePieces(const TemplateEnv &Env) const;

  /// A placeholder's string value, for appendInline.
  struct InlineArg {
    llvm::StringRef Key, Value;
  };
  /// Append the substitution to \p Out when every placeholder has a string
  /// value in \p Args (searched in order) and each block placeholder's is
  /// one line the block rules leave as it is; otherwise append nothing and
  /// return false, for the caller to substitute() (which says what is
  /// wrong, or applies the rules). For the generators' small inline templates,
  /// made tens of thousands of times a run (VariableType's debug checks): no
  /// TemplateValue copies of the names and no string of its own, the text
  /// written at once into room made once.
  bool appendInline(std::string &Out, llvm::ArrayRef<InlineArg> Args) const;

  llvm::StringRef getName() const { return Name; }

  /// Whether some placeholder of the template is \p Key.
  bool uses(llvm::StringRef Key) const;

private:
  /// The substitution, with each block placeholder's text written by
  /// \p Block(Out, Indent, Value, RestSize) and each value sized by
  /// \p Size(Value, IsBlock, Indent) (what it adds to Out).
  template <typename LookupFn, typename BlockFn, typename SizeFn>
  llvm::Expected<std::string> substituteWith(LookupFn Lookup, BlockFn Block,
                                             SizeFn Size) const;

  /// A literal run of the pattern and the placeholder after it, as offsets
  /// into Pattern (which moves with the template).
  struct Piece {
    size_t LitBegin, LitEnd;
    /// The `$`; for a block, [LitEnd, Dollar) is its indentation.
    size_t Dollar;
    size_t KeyBegin, KeyLength;
    bool Block, CommaBefore, CommaAfter;
  };

  std::string Pattern;
  std::string Name;
  /// The pattern split once into pieces, then the literal from TailBegin.
  std::vector<Piece> Pieces;
  size_t TailBegin = 0;
  /// The bytes of the pattern's literal runs (a block's indentation not
  /// counted).
  size_t LiteralBytes = 0;
};

} // namespace opgen

#endif // OPGEN_EMIT_CODETEMPLATE_H
