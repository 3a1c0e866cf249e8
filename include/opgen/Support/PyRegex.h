//===- PyRegex.h - Regular expressions as Python's `re` reads them -*- C++
//-*-===//
//
// torchgen rewrites derivative formulas with Python regular expressions and
// matches operator names against patterns its users edit (the Python
// bindings' skip lists), and opgen must find exactly what Python finds: the
// same leftmost match, the same groups, the same replacements, quirks
// included (an unescaped `.` in a pattern matches any character, `$` also
// matches before a final newline, re.sub's rule for empty matches).
//
// This is a backtracking matcher for the part of Python's syntax those
// patterns use: literals and escapes, `.`, classes (`[a-z_]`, `[^)]`, `\w`,
// `\W`, `\d`, `\D`, `\s`, `\S`), anchors (`^`, `$`, `\A`, `\Z`, `\b`,
// `\B`), groups (capturing, `(?:...)`), `|`, and the greedy and lazy
// quantifiers `*`, `+`, `?`, `{m}`, `{m,}`, `{m,n}`. Anything else (flags,
// lookaround, backreferences, named groups) is refused when compiling, with
// the place, rather than matched differently. Text is matched byte by byte
// with ASCII's classes, which is what Python does on ASCII text; a pattern
// is compiled once and matched in time linear in the text times its size
// (failed states are remembered), except where a loop's body can match
// nothing: there, as in Python, an iteration that matched nothing ends the
// loop, which makes the outcome depend on the path taken, and the matcher
// backtracks as Python's does (such patterns are not among torchgen's).
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_SUPPORT_PYREGEX_H
#define OPGEN_SUPPORT_PYREGEX_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <bitset>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace opgen {

class PyRegex {
public:
  /// A match: where it is and where each group is (a group that took part
  /// in no match is absent, as Python's None).
  struct Match {
    llvm::StringRef Text;
    size_t Begin = 0, End = 0;
    /// Groups 1.. (group 0 is the whole match).
    llvm::SmallVector<std::optional<std::pair<size_t, size_t>>, 4> Groups;

    llvm::StringRef str() const { return Text.slice(Begin, End); }
    /// Group \p N's text; group 0 is the match. Empty when it took part in
    /// no match (see hasGroup).
    llvm::StringRef group(unsigned N) const;
    bool hasGroup(unsigned N) const;
  };

  /// Compile \p Pattern; an error saying where it goes beyond the syntax
  /// supported.
  static llvm::Expected<PyRegex> compile(llvm::StringRef Pattern);

  /// re.search: the leftmost match starting at or after \p Pos.
  std::optional<Match> search(llvm::StringRef Text, size_t Pos = 0) const;
  /// re.match: a match starting at \p Pos.
  std::optional<Match> match(llvm::StringRef Text, size_t Pos = 0) const;
  /// re.fullmatch: a match of the whole text.
  std::optional<Match> fullmatch(llvm::StringRef Text) const;
  /// re.finditer: every match, left to right, as re.sub finds them.
  std::vector<Match> findAll(llvm::StringRef Text) const;
  /// re.sub with a function: each match replaced by what \p Repl returns.
  std::string sub(llvm::StringRef Text,
                  llvm::function_ref<std::string(const Match &)> Repl) const;
  /// re.sub with a replacement string holding no backslash (those of
  /// torchgen's that are literal).
  std::string subLiteral(llvm::StringRef Text,
                         llvm::StringRef Replacement) const;

  unsigned numGroups() const { return NumGroups; }
  const std::string &pattern() const { return Pattern; }

  /// The program's instructions (public for the compiler in PyRegex.cpp).
  struct Inst {
    enum Op : uint8_t {
      Byte,     ///< one byte equal to Arg
      Set,      ///< one byte in class Arg
      Any,      ///< one byte other than '\n'
      Split,    ///< try X, then Y
      Jump,     ///< go to X
      Save,     ///< record the position in slot Arg
      Assert,   ///< an anchor of kind Arg
      Progress, ///< to X if the position moved since slot Arg, else to Y
      MatchEnd, ///< the match succeeds here
    } Kind;
    uint32_t Arg = 0;
    uint32_t X = 0, Y = 0;
  };
  enum AssertKind : uint32_t {
    AtStart,        ///< ^ and \A
    AtEndOrNewline, ///< $: the end, or before a final '\n'
    AtEnd,          ///< \Z
    WordBoundary,   ///< \b
    NotWordBoundary ///< \B
  };

private:
  /// Run the program from position \p At; fills \p Slots on success.
  bool run(llvm::StringRef Text, size_t At, bool MustAdvance,
           std::vector<size_t> &Slots, std::vector<uint64_t> &Visited) const;
  std::optional<Match> find(llvm::StringRef Text, size_t Pos, bool Anchored,
                            bool MustAdvance) const;

  std::string Pattern;
  std::vector<Inst> Prog;
  std::vector<std::bitset<256>> Sets;
  unsigned NumGroups = 0;
  /// Slots past the groups': where each loop iteration that can match
  /// nothing began.
  unsigned NumSlots = 0;
  /// Whether failed states may be remembered (no Progress instruction).
  bool Memoize = true;
  /// The bytes a match can begin with, when every match consumes one
  /// (StartsWithByte): a search skips the other starts without running the
  /// program there. Formulas are searched for identifiers and `.sizes()`
  /// thousands of times, and most starts fail at their first byte.
  std::bitset<256> FirstBytes;
  bool StartsWithByte = false;
};

} // namespace opgen

#endif // OPGEN_SUPPORT_PYREGEX_H
