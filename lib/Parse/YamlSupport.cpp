//===- YamlSupport.cpp - YAML scalars as torchgen's loader resolves them -===//

#include "opgen/Parse/YamlSupport.h"
#include "opgen/Parse/FastYaml.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Regex.h"

#include <algorithm>

using namespace opgen;
using namespace llvm;

namespace {

bool isYaml11Null(StringRef S) {
  return S.empty() || S == "~" || S == "null" || S == "Null" || S == "NULL";
}

std::optional<bool> yaml11Bool(StringRef S) {
  // Every plain scalar comes through here. The words are 2 to 5 letters
  // long, in lower case, capitalized or in upper case: fold the case once
  // and compare the folded word, rather than each of 18 spellings.
  size_t N = S.size();
  if (N < 2 || N > 5)
    return std::nullopt;
  char Folded[5];
  bool Upper = true, LowerTail = true;
  for (size_t I = 0; I < N; ++I) {
    char C = S[I];
    if (C >= 'a' && C <= 'z') {
      Upper = false;
    } else if (C >= 'A' && C <= 'Z') {
      if (I)
        LowerTail = false;
      C = C - 'A' + 'a';
    } else {
      return std::nullopt;
    }
    Folded[I] = C;
  }
  // Lower case, capitalized or all upper case; not `tRue` or `TRue`.
  if (!Upper && !LowerTail)
    return std::nullopt;
  StringRef W(Folded, N);
  if (W == "yes" || W == "true" || W == "on")
    return true;
  if (W == "no" || W == "false" || W == "off")
    return false;
  return std::nullopt;
}

// PyYAML's implicit resolvers for int and float, as POSIX extended regexes.
bool isYaml11Int(StringRef S) {
  static const Regex R(
      "^([-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(0|[1-9][0-9_]*)|"
      "[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(:[0-5]?[0-9])+)$");
  return R.match(S);
}

bool isYaml11Float(StringRef S) {
  static const Regex R(
      "^([-+]?([0-9][0-9_]*)\\.[0-9_]*([eE][-+][0-9]+)?|\\.[0-9_]+([eE][-+]["
      "0-9]+)?|[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+\\.[0-9_]*|[-+]?\\.(inf|Inf|"
      "INF)|\\.(nan|NaN|NAN))$");
  return R.match(S);
}

YamlKind resolvePlain(StringRef S) {
  if (isYaml11Null(S))
    return YamlKind::Null;
  if (yaml11Bool(S))
    return YamlKind::Bool;
  // Like PyYAML, consult the number patterns only for scalars that can start
  // a number; that keeps the regexes off nearly every scalar.
  char C = S.front();
  if (!(isDigit(C) || C == '-' || C == '+' || C == '.'))
    return YamlKind::Str;
  if (isYaml11Int(S))
    return YamlKind::Int;
  if (isYaml11Float(S))
    return YamlKind::Float;
  return YamlKind::Str;
}

} // namespace

bool YamlScalar::asBool() const { return yaml11Bool(Value).value_or(false); }

StringRef opgen::describe(YamlKind K) {
  switch (K) {
  case YamlKind::Null:
    return "null";
  case YamlKind::Bool:
    return "a boolean";
  case YamlKind::Int:
    return "an integer";
  case YamlKind::Float:
    return "a float";
  case YamlKind::Str:
    return "a string";
  case YamlKind::Sequence:
    return "a list";
  case YamlKind::Mapping:
    return "a mapping";
  case YamlKind::Other:
    return "an alias";
  }
  return "a value";
}

const YamlValue *YamlValue::lookup(StringRef Key) const {
  for (const auto &[K, V] : Entries)
    if (K.Value == Key)
      return &V;
  return nullptr;
}

std::optional<std::vector<SequencePiece>>
opgen::splitTopLevelSequence(StringRef Text, unsigned Parts) {
  std::vector<size_t> Starts;
  std::vector<unsigned> StartLines;
  bool SeenEntry = false;
  unsigned LineNo = 1;
  for (size_t Pos = 0; Pos < Text.size(); ++LineNo) {
    size_t End = Text.find('\n', Pos);
    if (End == StringRef::npos)
      End = Text.size();
    StringRef Line = Text.slice(Pos, End);
    // Inside the sequence, indented lines and comments (nearly all lines)
    // need no closer look.
    if (SeenEntry && !Line.empty() &&
        (Line.front() == ' ' || Line.front() == '#')) {
      Pos = End + 1;
      continue;
    }
    if (Line.startswith("- ") || Line.rtrim() == "-") {
      Starts.push_back(Pos);
      StartLines.push_back(LineNo);
      SeenEntry = true;
    } else if (!Line.empty() && Line.front() != ' ' && Line.front() != '#' &&
               !Line.rtrim().empty()) {
      // Anything else at column 0 (`---`, `%YAML`, a key, a tab) may change
      // how the pieces read; leave the file whole.
      return std::nullopt;
    } else if (!SeenEntry && !Line.ltrim().empty() &&
               !Line.ltrim().startswith("#")) {
      return std::nullopt;
    }
    Pos = End + 1;
  }
  // Two entries a piece at least; a file with fewer is read whole.
  Parts = static_cast<unsigned>(std::min<size_t>(Parts, Starts.size() / 2));
  if (Parts == 0)
    return std::nullopt;
  std::vector<SequencePiece> Pieces;
  size_t Begin = 0, First = 0;
  unsigned BeginLine = 1;
  for (unsigned P = 1; P < Parts; ++P) {
    // Cut where the text, rather than the count of entries, splits evenly:
    // most of a piece's work is the YAML parser's, which goes by length.
    // Every piece keeps at least one entry.
    size_t Target = Text.size() * P / Parts;
    size_t Index =
        std::lower_bound(Starts.begin(), Starts.end(), Target) - Starts.begin();
    Index = std::clamp(Index, First + 1, Starts.size() - (Parts - P));
    Pieces.push_back(
        {Text.slice(Begin, Starts[Index]), Index - First, BeginLine});
    Begin = Starts[Index];
    BeginLine = StartLines[Index];
    First = Index;
  }
  Pieces.push_back({Text.substr(Begin), Starts.size() - First, BeginLine});
  return Pieces;
}

YamlKind opgen::resolvePlainScalar(StringRef S) { return resolvePlain(S); }
