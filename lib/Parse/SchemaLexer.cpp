//===- SchemaLexer.cpp - Tokens of a function schema string ---------------===//

#include "opgen/Parse/SchemaLexer.h"

#include "llvm/ADT/StringExtras.h"

using namespace opgen;
using namespace llvm;

static bool isIdentStart(char C) { return isAlpha(C) || C == '_'; }
static bool isIdentChar(char C) { return isAlnum(C) || C == '_'; }

void SchemaLexer::skipSpaces() {
  while (Pos < Input.size() && (Input[Pos] == ' ' || Input[Pos] == '\t' ||
                                Input[Pos] == '\n' || Input[Pos] == '\r'))
    ++Pos;
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
  if (isIdentStart(C)) {
    while (Pos < Input.size() && isIdentChar(Input[Pos]))
      ++Pos;
    T.K = SchemaToken::Identifier;
    T.Text = Input.slice(Start, Pos);
    return T;
  }
  if (isDigit(C)) {
    while (Pos < Input.size() && isDigit(Input[Pos]))
      ++Pos;
    T.K = SchemaToken::Integer;
    T.Text = Input.slice(Start, Pos);
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
