//===- SchemaLexer.h - Tokens of a function schema string -------*- C++ -*-===//
//
// Splits `add.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)` into
// identifiers, integers and punctuation. Spaces separate tokens and are
// otherwise ignored: the parser checks the canonical spelling separately,
// so a stray or missing space gets its own precise message.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_PARSE_SCHEMALEXER_H
#define OPGEN_PARSE_SCHEMALEXER_H

#include "llvm/ADT/StringRef.h"

namespace opgen {

struct SchemaToken {
  enum Kind {
    Eof,
    Identifier, // [A-Za-z_][A-Za-z0-9_]*
    Integer,    // [0-9]+
    LParen,
    RParen,
    LSquare,
    RSquare,
    Question,
    Bang,
    Pipe,
    Star,
    Comma,
    Dot,
    Equal,
    Arrow,      // ->
    ColonColon, // ::
    Unknown,    // any other character
  };
  Kind K = Eof;
  llvm::StringRef Text;
  /// Offset of the token in the lexed string.
  size_t Offset = 0;

  bool is(Kind Other) const { return K == Other; }
};

class SchemaLexer {
public:
  explicit SchemaLexer(llvm::StringRef Input) : Input(Input) {}

  // Both are inline: the parser asks for the next token several times per
  // argument, and nearly every time the answer is the token already peeked.
  SchemaToken next() {
    if (HavePeeked) {
      HavePeeked = false;
      Pos = PeekedEnd;
      return Peeked;
    }
    return lex();
  }
  const SchemaToken &peek() {
    if (!HavePeeked)
      fillPeeked();
    return Peeked;
  }
  size_t getOffset() const { return Pos; }
  void setOffset(size_t P) {
    Pos = P;
    HavePeeked = false;
  }

  /// Lex a default value in raw mode: everything up to a `,` or `)` that is
  /// not nested in brackets or quotes. Leading spaces are skipped.
  SchemaToken lexDefaultValue();

private:
  void skipSpaces();
  SchemaToken lex();
  void fillPeeked();
  llvm::StringRef Input;
  size_t Pos = 0;
  /// The token peek() looked at, and the offset after it.
  SchemaToken Peeked;
  size_t PeekedEnd = 0;
  bool HavePeeked = false;
};

} // namespace opgen

#endif // OPGEN_PARSE_SCHEMALEXER_H
