//===- YamlSupport.cpp - YAML nodes as torchgen's loader sees them --------===//

#include "opgen/Parse/YamlSupport.h"
#include "opgen/Parse/FastYaml.h"
#include "opgen/Support/Yaml11.h"

#include "llvm/ADT/StringExtras.h"

#include <algorithm>

using namespace opgen;
using namespace llvm;

/// The reader's kind for a resolver tag. The tags without a constructor
/// (`<<`, `=`) are Other, which the builder rejects.
static YamlKind resolvePlain(StringRef S) {
  switch (resolveYaml11PlainFast(S)) {
  case Yaml11Tag::Null:
    return YamlKind::Null;
  case Yaml11Tag::Bool:
    return YamlKind::Bool;
  case Yaml11Tag::Int:
    return YamlKind::Int;
  case Yaml11Tag::Float:
    return YamlKind::Float;
  case Yaml11Tag::Timestamp:
    return YamlKind::Timestamp;
  case Yaml11Tag::Str:
    return YamlKind::Str;
  case Yaml11Tag::Merge:
  case Yaml11Tag::Value:
  case Yaml11Tag::Yaml:
    return YamlKind::Other;
  }
  return YamlKind::Str;
}

bool YamlScalar::asBool() const {
  return constructYaml11Bool(Value).value_or(false);
}

std::string opgen::describeValue(const YamlValue &V) {
  if (V.Kind == YamlKind::Null)
    return "null";
  if (V.isScalar())
    return describe(V.Kind).str() + " `" + V.str() + "`";
  return describe(V.Kind).str();
}

std::string opgen::found(const YamlValue &V) {
  return "found " + describeValue(V);
}

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
  case YamlKind::Timestamp:
    return "a timestamp";
  case YamlKind::Binary:
    return "binary data";
  }
  return "a value";
}

const YamlValue *YamlValue::lookup(StringRef Key) const {
  for (const auto &[K, V] : Entries)
    if (K.Value == Key)
      return &V;
  return nullptr;
}

/// Whether \p Line (without its `\n`) starts an entry of a block sequence
/// at column 0.
static bool startsTopLevelEntry(StringRef Line) {
  return Line.startswith("- ") || Line.rtrim() == "-";
}

size_t opgen::countTopLevelEntries(StringRef Text) {
  size_t N = 0;
  for (size_t Pos = 0; Pos < Text.size();) {
    size_t End = Text.find('\n', Pos);
    if (End == StringRef::npos)
      End = Text.size();
    if (Text[Pos] == '-' && startsTopLevelEntry(Text.slice(Pos, End)))
      ++N;
    Pos = End + 1;
  }
  return N;
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
    if (startsTopLevelEntry(Line)) {
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
