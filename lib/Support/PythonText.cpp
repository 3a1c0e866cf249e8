//===- PythonText.cpp - Python's notions of text --------------------------===//

#include "opgen/Support/PythonText.h"

#include "llvm/ADT/StringExtras.h"

using namespace opgen;
using namespace llvm;

std::string opgen::pyReprString(StringRef S) {
  char Quote = S.contains('\'') && !S.contains('"') ? '"' : '\'';
  std::string Out;
  Out.reserve(S.size() + 2);
  Out += Quote;
  for (char C : S) {
    unsigned char U = static_cast<unsigned char>(C);
    if (C == Quote || C == '\\') {
      Out += '\\';
      Out += C;
    } else if (C == '\t') {
      Out += "\\t";
    } else if (C == '\n') {
      Out += "\\n";
    } else if (C == '\r') {
      Out += "\\r";
    } else if (U < 0x20 || U == 0x7f) {
      Out += "\\x";
      Out += hexdigit(U >> 4, /*LowerCase=*/true);
      Out += hexdigit(U & 15, /*LowerCase=*/true);
    } else {
      Out += C;
    }
  }
  Out += Quote;
  return Out;
}
