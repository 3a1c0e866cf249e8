//===- SchemaLexer.cpp - Tokens of a function schema string ---------------===//

#include "opgen/Parse/SchemaLexer.h"

#include <cstdint>

using namespace opgen;
using namespace llvm;

namespace {
/// Byte classes for the lexer's loops: one table load a byte rather than
/// isAlnum's range tests and a bounds check through StringRef (the lexer
/// was about 80 instructions a token over 50 k tokens).
enum : uint8_t { IdentStart = 1, IdentChar = 2, Digit = 4, Space = 8 };
struct ByteClasses {
  uint8_t Of[256] = {};
  constexpr ByteClasses() {
    for (int C = 'a'; C <= 'z'; ++C)
      Of[C] = IdentStart | IdentChar;
    for (int C = 'A'; C <= 'Z'; ++C)
      Of[C] = IdentStart | IdentChar;
    Of[int('_')] = IdentStart | IdentChar;
    for (int C = '0'; C <= '9'; ++C)
      Of[C] = IdentChar | Digit;
    for (char C : {' ', '\t', '\n', '\r'})
      Of[int(C)] = Space;
  }
};
constexpr ByteClasses Classes;

/// The first byte at or after \p P, before \p E, not of class \p K.
const char *skipClass(const char *P, const char *E, uint8_t K) {
  while (P != E && (Classes.Of[static_cast<unsigned char>(*P)] & K))
    ++P;
  return P;
}
} // namespace

void SchemaLexer::skipSpaces() {
  Pos = skipClass(Input.data() + Pos, Input.end(), Space) - Input.data();
}

void SchemaLexer::fillPeeked() {
  size_t Saved = Pos;
  Peeked = lex();
  PeekedEnd = Pos;
  Pos = Saved;
  HavePeeked = true;
}

SchemaToken SchemaLexer::lex() {
  skipSpaces();
  SchemaToken T;
  T.Offset = Pos;
  if (Pos >= Input.size()) {
    T.K = SchemaToken::Eof;
    T.Text = Input.substr(Pos, 0);
    return T;
  }
  size_t Start = Pos;
  char C = Input[Pos];
  auto Single = [&](SchemaToken::Kind K) {
    ++Pos;
    T.K = K;
    T.Text = Input.substr(Start, 1);
    return T;
  };
  uint8_t Class = Classes.Of[static_cast<unsigned char>(C)];
  if (Class & (IdentStart | Digit)) {
    bool Ident = Class & IdentStart;
    const char *End = skipClass(Input.data() + Pos + 1, Input.end(),
                                Ident ? IdentChar : Digit);
    Pos = End - Input.data();
    T.K = Ident ? SchemaToken::Identifier : SchemaToken::Integer;
    T.Text = StringRef(Input.data() + Start, Pos - Start);
    return T;
  }
  switch (C) {
  case '(':
    return Single(SchemaToken::LParen);
  case ')':
    return Single(SchemaToken::RParen);
  case '[':
    return Single(SchemaToken::LSquare);
  case ']':
    return Single(SchemaToken::RSquare);
  case '?':
    return Single(SchemaToken::Question);
  case '!':
    return Single(SchemaToken::Bang);
  case '|':
    return Single(SchemaToken::Pipe);
  case '*':
    return Single(SchemaToken::Star);
  case ',':
    return Single(SchemaToken::Comma);
  case '.':
    return Single(SchemaToken::Dot);
  case '=':
    return Single(SchemaToken::Equal);
  case '-':
    if (Input.substr(Pos).startswith("->")) {
      Pos += 2;
      T.K = SchemaToken::Arrow;
      T.Text = Input.substr(Start, 2);
      return T;
    }
    break;
  case ':':
    if (Input.substr(Pos).startswith("::")) {
      Pos += 2;
      T.K = SchemaToken::ColonColon;
      T.Text = Input.substr(Start, 2);
      return T;
    }
    break;
  default:
    break;
  }
  return Single(SchemaToken::Unknown);
}

SchemaToken SchemaLexer::lexDefaultValue() {
  HavePeeked = false;
  skipSpaces();
  SchemaToken T;
  T.Offset = Pos;
  size_t Start = Pos;
  int Depth = 0;
  char Quote = 0;
  while (Pos < Input.size()) {
    char C = Input[Pos];
    if (Quote) {
      if (C == '\\' && Pos + 1 < Input.size())
        ++Pos;
      else if (C == Quote)
        Quote = 0;
    } else if (C == '"' || C == '\'') {
      Quote = C;
    } else if (C == '[' || C == '(') {
      ++Depth;
    } else if (C == ']' || (C == ')' && Depth > 0)) {
      --Depth;
    } else if (Depth == 0 && (C == ',' || C == ')')) {
      break;
    }
    ++Pos;
  }
  size_t End = Pos;
  while (End > Start && Input[End - 1] == ' ')
    --End;
  T.K = SchemaToken::Identifier;
  T.Text = Input.slice(Start, End);
  return T;
}
