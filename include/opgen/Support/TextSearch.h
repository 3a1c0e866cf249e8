//===- TextSearch.h - Substring search for short texts ----------*- C++ -*-===//
//
// StringRef::find compares the needle at every position of a haystack under
// 16 bytes and fills a 256-byte skip table for a longer one; for the short
// names and lists the reader searches (every entry's name for "rand",
// "dropout", ..., every argument's default for ", ") that cost about
// 200 instructions a search. These skip to the needle's first byte with
// memchr and compare only there.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_SUPPORT_TEXTSEARCH_H
#define OPGEN_SUPPORT_TEXTSEARCH_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <string_view>

namespace opgen {

/// The first place of \p Needle in \p Text at or after \p From, or npos.
inline size_t findText(llvm::StringRef Text, llvm::StringRef Needle,
                       size_t From = 0) {
  size_t I = std::string_view(Text.data(), Text.size())
                 .find(std::string_view(Needle.data(), Needle.size()), From);
  return I == std::string_view::npos ? llvm::StringRef::npos : I;
}

inline bool containsText(llvm::StringRef Text, llvm::StringRef Needle) {
  return findText(Text, Needle) != llvm::StringRef::npos;
}

/// \p Text split at every \p Sep, as StringRef::split with no limit and
/// empty parts kept.
inline void splitText(llvm::StringRef Text, llvm::StringRef Sep,
                      llvm::SmallVectorImpl<llvm::StringRef> &Parts) {
  for (;;) {
    size_t I = findText(Text, Sep);
    if (I == llvm::StringRef::npos)
      break;
    Parts.push_back(Text.take_front(I));
    Text = Text.drop_front(I + Sep.size());
  }
  Parts.push_back(Text);
}

} // namespace opgen

#endif // OPGEN_SUPPORT_TEXTSEARCH_H
