//===- UnifiedDiff.h - Python difflib's unified_diff ------------*- C++ -*-===//
//
// Some torchgen messages embed a diff made by difflib.unified_diff (the
// AOTInductor header check, for one). To print the same lines, this follows
// difflib's SequenceMatcher (longest matching blocks, lines of the second
// text that occur more than 1% + 1 times in one of 200 lines or more left
// out of the search, as its autojunk does) and its hunk grouping.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_SUPPORT_UNIFIEDDIFF_H
#define OPGEN_SUPPORT_UNIFIEDDIFF_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace opgen {

/// str.splitlines() for ASCII text: lines end at \n, \r\n, \r, \v, \f and
/// \x1c to \x1e, and no empty line follows the last ending.
std::vector<llvm::StringRef> splitLinesLikePython(llvm::StringRef Text);

/// `"\n".join(difflib.unified_diff(A, B, fromfile=From, tofile=To,
/// lineterm=""))` with \p Context lines of context (difflib's n).
std::string unifiedDiff(llvm::ArrayRef<llvm::StringRef> A,
                        llvm::ArrayRef<llvm::StringRef> B, llvm::StringRef From,
                        llvm::StringRef To, unsigned Context = 3);

} // namespace opgen

#endif // OPGEN_SUPPORT_UNIFIEDDIFF_H
