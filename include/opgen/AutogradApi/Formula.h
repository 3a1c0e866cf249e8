//===- Formula.h - Identifiers in derivative formulas -----------*- C++ -*-===//
//
// torchgen finds and renames identifiers in formulas with its IDENT_REGEX,
// `(^|\W)NAME($|\W)`, which consumes the character on each side. So a
// substitution skips an occurrence that shares its separator with the one
// before (in `f(self,self)` only the first `self` is rewritten), and a count
// misses it too. These helpers give exactly Python's re results (PyRegex),
// with a direct scan where a search cannot differ.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_AUTOGRADAPI_FORMULA_H
#define OPGEN_AUTOGRADAPI_FORMULA_H

#include "opgen/Support/PyRegex.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <memory>
#include <mutex>
#include <optional>
#include <string>

namespace opgen {

/// re.search(IDENT_REGEX.format(Name), Text): whether \p Name occurs with
/// no word character (ASCII `\w`) right before or after it. Returns the
/// offset of the first such occurrence.
std::optional<size_t> findIdent(llvm::StringRef Text, llvm::StringRef Name);
inline bool hasIdent(llvm::StringRef Text, llvm::StringRef Name) {
  return findIdent(Text, Name).has_value();
}

/// Compiled patterns, each made once per run (a formula is rewritten with
/// patterns built from each argument's name). Safe to share between
/// threads: derivatives.yaml's entries are read on several.
class FormulaPatterns {
public:
  /// The pattern \p Pattern, compiled. torchgen's patterns are in the
  /// syntax PyRegex takes; one that is not (a name with regex syntax in it)
  /// gives null.
  const PyRegex *get(llvm::StringRef Pattern);
  /// IDENT_REGEX for \p Name.
  const PyRegex *ident(llvm::StringRef Name);

private:
  std::mutex Mutex;
  llvm::StringMap<std::unique_ptr<PyRegex>> Compiled;
};

/// len(re.findall(IDENT_REGEX.format(Name), Text)).
size_t countIdent(FormulaPatterns &P, llvm::StringRef Text,
                  llvm::StringRef Name);

/// re.sub(IDENT_REGEX.format(Name), lambda m: m[1] + Replacement + m[2],
/// Text): each occurrence torchgen's substitution finds becomes
/// \p Replacement, its separators kept.
std::string replaceIdent(FormulaPatterns &P, llvm::StringRef Text,
                         llvm::StringRef Name, llvm::StringRef Replacement);

/// Python's str.replace(Old, New): every non-overlapping occurrence, left to
/// right (plain text, no word boundaries).
std::string replaceAll(llvm::StringRef Text, llvm::StringRef Old,
                       llvm::StringRef New);

} // namespace opgen

#endif // OPGEN_AUTOGRADAPI_FORMULA_H
