//===- FastYaml.cpp - A fast path for native_functions.yaml's YAML --------===//
//
// The text is handled line by line. Each value is built with the location
// libyaml gives the corresponding node (PyYAML's marks): a block mapping is
// where its first key is, a block sequence where its first `-` is, a flow
// collection at its bracket, a quoted scalar at its quote (its value one
// further), and an empty value (null) just after its key's colon.
//
//===----------------------------------------------------------------------===//

#include "opgen/Parse/FastYaml.h"
#include "opgen/IR/Context.h"

#include <cstdint>
#include <cstring>

using namespace opgen;
using namespace llvm;

namespace {

/// One line of the text, without its newline.
struct Line {
  /// Where the line starts.
  const char *Begin;
  /// Columns of leading spaces.
  unsigned Indent;
  /// The text after the indentation.
  StringRef Content;
  /// Empty, or only a comment.
  bool Blank;
};

bool isFlowIndicator(char C) {
  return C == ',' || C == '[' || C == ']' || C == '{' || C == '}';
}

class Reader {
public:
  Reader(StringRef Text) : Text(Text) {}

  bool run(std::vector<YamlValue> &Out);

private:
  bool splitLines();
  bool readMapping(size_t &L, size_t End, unsigned Indent, YamlValue &Out);
  bool readBlockSequence(size_t &L, size_t End, unsigned Indent,
                         YamlValue &Out);
  /// A value that starts at \p S on line \p L (after `key: ` or `- `).
  bool readInlineValue(StringRef S, YamlValue &Out);
  bool readFlowSequence(StringRef S, YamlValue &Out);
  bool readQuoted(StringRef S, YamlValue &Out, StringRef &Rest);
  static bool onlyComment(StringRef S);
  static bool makePlain(StringRef V, YamlValue &Out);

  StringRef Text;
  std::vector<Line> Lines;
  /// The end of the entry being read, and its first line.
  const char *EntryEnd = nullptr;
  size_t EntryLine = 0;
};

/// The first byte at or after \p P that is not printable ASCII (a newline,
/// another control character or non-ASCII), or near \p E. Eight bytes a step:
/// a byte at a time cost about 3 M instructions of the reading.
static const char *skipPrintable(const char *P, const char *E) {
  constexpr uint64_t Ones = 0x0101010101010101ULL, High = Ones * 0x80;
  while (E - P >= 8) {
    uint64_t W;
    std::memcpy(&W, P, 8);
    // A byte below 0x20 borrows into its high bit; one of 0x7f or above
    // sets it once one is added.
    if (((W - Ones * 0x20) & ~W & High) | (((W + Ones) | W) & High))
      break;
    P += 8;
  }
  return P;
}

bool Reader::splitLines() {
  const char *P = Text.data(), *E = P + Text.size();
  // About one line per 40 bytes: no regrowth while splitting.
  Lines.reserve(Text.size() / 32 + 16);
  // The last line may lack its newline (PyYAML reads `key:` there as a key
  // with an empty value).
  if (P == E)
    return false;
  while (P != E) {
    const char *Begin = P;
    unsigned Indent = 0;
    while (P != E && *P == ' ') {
      ++P;
      ++Indent;
    }
    const char *ContentBegin = P;
    P = skipPrintable(P, E);
    while (P != E && *P != '\n') {
      unsigned char C = *P;
      // Tabs, carriage returns, other control characters and non-ASCII text
      // have rules of their own.
      if (C < 0x20 || C >= 0x7f)
        return false;
      ++P;
    }
    StringRef Content(ContentBegin, P - ContentBegin);
    Lines.push_back(
        {Begin, Indent, Content, Content.empty() || Content.front() == '#'});
    if (P != E)
      ++P; // the newline
  }
  return true;
}

bool Reader::onlyComment(StringRef S) {
  S = S.ltrim(' ');
  return S.empty() || S.front() == '#';
}

bool Reader::makePlain(StringRef V, YamlValue &Out) {
  Out.Loc = SMLoc::getFromPointer(V.data());
  Out.Scalar.Value = V.str();
  Out.Scalar.Loc.Start = Out.Loc;
  Out.Scalar.Loc.Exact = true;
  Out.Scalar.Kind = resolvePlainScalar(V);
  Out.Kind = Out.Scalar.Kind;
  // Timestamps may be impossible dates, and `<<` or `=` cannot be read at
  // all: the full reader reports those.
  return Out.Kind != YamlKind::Timestamp && Out.Kind != YamlKind::Other;
}

/// A plain scalar in block context: up to a comment or the end of the line.
/// Gives false for text that is not one (indicators, `: ` inside).
static bool plainScalar(StringRef S, StringRef &V) {
  if (S.empty())
    return false;
  // Indicators. A `-` before a printable character starts a plain scalar
  // (derivatives.yaml's `-grad * ...`); `?` and `:`, and `-` before
  // anything else, are left to libyaml.
  if (StringRef("[]{},#&*!|>'\"%@`?:").contains(S.front()) ||
      (S.front() == '-' && (S.size() == 1 || S[1] == ' ')))
    return false;
  // Stop at ` #`, give up at `: ` or a final `:` before it. Both searches
  // use memchr, which skips most of a schema's hundred bytes many at a time
  // (a loop over the bytes cost about 5 M instructions of the reading).
  const char *B = S.data(), *E = B + S.size();
  const char *End = E;
  for (const char *P = B + 1; P < E;) {
    P = static_cast<const char *>(std::memchr(P, '#', E - P));
    if (!P)
      break;
    if (P[-1] == ' ') {
      End = P;
      break;
    }
    ++P;
  }
  for (const char *P = B + 1; P < End;) {
    P = static_cast<const char *>(std::memchr(P, ':', End - P));
    if (!P)
      break;
    if (P + 1 == E || P[1] == ' ')
      return false;
    ++P;
  }
  V = S.take_front(End - B).rtrim(' ');
  return !V.empty();
}

bool Reader::readQuoted(StringRef S, YamlValue &Out, StringRef &Rest) {
  char Q = S.front();
  size_t Close = S.find(Q, 1);
  if (Close == StringRef::npos)
    return false;
  StringRef V = S.slice(1, Close);
  // Escapes (`''` in single quotes, `\` in double quotes) change the value.
  if (Q == '"' && V.contains('\\'))
    return false;
  if (Q == '\'' && Close + 1 < S.size() && S[Close + 1] == '\'')
    return false;
  Out.Loc = SMLoc::getFromPointer(S.data());
  Out.Kind = YamlKind::Str;
  Out.Scalar.Value = V.str();
  Out.Scalar.Loc.Start = SMLoc::getFromPointer(V.data());
  Out.Scalar.Loc.Exact = true;
  Out.Scalar.Kind = YamlKind::Str;
  Rest = S.drop_front(Close + 1);
  return true;
}

bool Reader::readFlowSequence(StringRef S, YamlValue &Out) {
  Out.Kind = YamlKind::Sequence;
  Out.Loc = SMLoc::getFromPointer(S.data());
  StringRef Rest = S.drop_front(1).ltrim(' ');
  if (Rest.startswith("]"))
    return onlyComment(Rest.drop_front(1));
  while (true) {
    YamlValue Item;
    if (Rest.empty())
      return false;
    if (Rest.front() == '\'' || Rest.front() == '"') {
      if (!readQuoted(Rest, Item, Rest))
        return false;
    } else {
      size_t E = 0;
      while (E < Rest.size() && !isFlowIndicator(Rest[E]) && Rest[E] != ':' &&
             Rest[E] != '#')
        ++E;
      StringRef V = Rest.take_front(E).rtrim(' ');
      if (V.empty() || StringRef("&*!|>'\"%@`?-:").contains(V.front()))
        return false;
      if (!makePlain(V, Item))
        return false;
      Rest = Rest.drop_front(E);
    }
    Out.Items.push_back(std::move(Item));
    Rest = Rest.ltrim(' ');
    if (Rest.startswith(",")) {
      Rest = Rest.drop_front(1).ltrim(' ');
      // A trailing comma, or a line break inside the brackets.
      if (Rest.empty() || Rest.front() == ']')
        return false;
      continue;
    }
    if (Rest.startswith("]"))
      return onlyComment(Rest.drop_front(1));
    return false;
  }
}

bool Reader::readInlineValue(StringRef S, YamlValue &Out) {
  char C = S.front();
  if (C == '[')
    return readFlowSequence(S, Out);
  if (C == '{') {
    StringRef Rest = S.drop_front(1).ltrim(' ');
    if (!Rest.startswith("}"))
      return false;
    Out.Kind = YamlKind::Mapping;
    Out.Loc = SMLoc::getFromPointer(S.data());
    return onlyComment(Rest.drop_front(1));
  }
  if (C == '\'' || C == '"') {
    StringRef Rest;
    return readQuoted(S, Out, Rest) && onlyComment(Rest);
  }
  StringRef V;
  if (!plainScalar(S, V))
    return false;
  return makePlain(V, Out);
}

bool Reader::readBlockSequence(size_t &L, size_t End, unsigned Indent,
                               YamlValue &Out) {
  Out.Kind = YamlKind::Sequence;
  while (L < End) {
    const Line &Ln = Lines[L];
    if (Ln.Blank) {
      ++L;
      continue;
    }
    if (Ln.Indent < Indent)
      break;
    if (Ln.Indent > Indent)
      return false; // a continuation line
    if (!Ln.Content.startswith("- "))
      break; // the next key of an enclosing mapping, or an error
    if (Out.Items.empty())
      Out.Loc = SMLoc::getFromPointer(Ln.Content.data());
    StringRef S = Ln.Content.drop_front(2).ltrim(' ');
    // Items are scalars or flow sequences; a nested mapping (`- a: b`) or an
    // empty item is left to libyaml.
    if (S.empty() || S.front() == '#' || S.front() == '{')
      return false;
    YamlValue Item;
    if (!readInlineValue(S, Item))
      return false;
    Out.Items.push_back(std::move(Item));
    ++L;
  }
  return !Out.Items.empty();
}

bool Reader::readMapping(size_t &L, size_t End, unsigned Indent,
                         YamlValue &Out) {
  Out.Kind = YamlKind::Mapping;
  // Entries of native_functions.yaml have up to about eight keys.
  Out.Entries.reserve(8);
  while (L < End) {
    const Line &Ln = Lines[L];
    if (Ln.Blank) {
      ++L;
      continue;
    }
    // The first line of an entry reads as if `- ` were indentation.
    bool First = L == EntryLine;
    unsigned LnIndent = First ? 2 : Ln.Indent;
    if (LnIndent < Indent)
      break;
    if (LnIndent > Indent)
      return false; // a continuation line
    StringRef S = First ? Ln.Content.drop_front(2) : Ln.Content;
    if (S.startswith("-"))
      return false;
    // The key: a plain scalar up to `: ` or a colon ending the line.
    size_t Colon = 0;
    while (true) {
      Colon = S.find(':', Colon);
      if (Colon == StringRef::npos)
        return false;
      if (Colon + 1 == S.size() || S[Colon + 1] == ' ')
        break;
      ++Colon;
    }
    StringRef KeyText = S.take_front(Colon);
    StringRef KeyPlain;
    if (!plainScalar(KeyText, KeyPlain) || KeyPlain != KeyText)
      return false;
    YamlScalar Key;
    Key.Value = KeyText.str();
    Key.Loc.Start = SMLoc::getFromPointer(KeyText.data());
    Key.Loc.Exact = true;
    Key.Kind = resolvePlainScalar(KeyText);
    // Keys other than strings compare as Python values (`1` is `0x1`).
    if (Key.Kind != YamlKind::Str)
      return false;
    for (const auto &[K, V] : Out.Entries)
      if (K.Value == Key.Value)
        return false; // libyaml's reading reports the duplicate
    if (Out.Entries.empty())
      Out.Loc = Key.Loc.Start;

    YamlValue Value;
    StringRef Rest = S.drop_front(Colon + 1).ltrim(' ');
    if (!onlyComment(Rest)) {
      if (!readInlineValue(Rest, Value))
        return false;
      ++L;
    } else {
      // The value is on the following lines, or empty.
      size_t Next = L + 1;
      while (Next < End && Lines[Next].Blank)
        ++Next;
      if (Next < End && Lines[Next].Indent == Indent &&
          Lines[Next].Content.startswith("- ")) {
        // A sequence at the key's own indentation.
        L = Next;
        if (!readBlockSequence(L, End, Indent, Value))
          return false;
      } else if (Next < End && Lines[Next].Indent > Indent) {
        unsigned Inner = Lines[Next].Indent;
        L = Next;
        if (Lines[Next].Content.startswith("- ")) {
          if (!readBlockSequence(L, End, Inner, Value))
            return false;
        } else {
          if (!readMapping(L, End, Inner, Value))
            return false;
        }
        // What follows must be back at this mapping's level (or above).
        while (L < End && Lines[L].Blank)
          ++L;
        if (L < End && Lines[L].Indent > Indent)
          return false;
      } else {
        Value.Kind = YamlKind::Null;
        Value.Loc = SMLoc::getFromPointer(S.data() + Colon + 1);
        ++L;
      }
    }
    Out.Entries.emplace_back(std::move(Key), std::move(Value));
  }
  return !Out.Entries.empty();
}

bool Reader::run(std::vector<YamlValue> &Out) {
  if (!splitLines())
    return false;
  // Entries start at `- ` lines in column 0; before the first only blank
  // lines and comments may come.
  std::vector<size_t> Starts;
  for (size_t I = 0; I < Lines.size(); ++I) {
    const Line &Ln = Lines[I];
    if (Ln.Indent == 0 && Ln.Content.startswith("- "))
      Starts.push_back(I);
    else if (Ln.Indent == 0 && !Ln.Blank)
      return false;
    else if (Starts.empty() && !Ln.Blank)
      return false;
  }
  if (Starts.empty())
    return false;
  Out.reserve(Out.size() + Starts.size());
  for (size_t K = 0; K < Starts.size(); ++K) {
    size_t End = K + 1 < Starts.size() ? Starts[K + 1] : Lines.size();
    EntryEnd =
        K + 1 < Starts.size() ? Lines[End].Begin : Text.data() + Text.size();
    EntryLine = Starts[K];
    size_t L = Starts[K];
    YamlValue Entry;
    // The first key sits two columns in, after `- `.
    StringRef First = Lines[L].Content.drop_front(2);
    if (First.empty() || First.front() == ' ' || First.front() == '#')
      return false;
    if (!readMapping(L, End, 2, Entry) || L != End)
      return false;
    Out.push_back(std::move(Entry));
  }
  return true;
}

} // namespace

bool opgen::readSimpleYamlEntries(StringRef Text, std::vector<YamlValue> &Out) {
  return Reader(Text).run(Out);
}

std::optional<YamlValue> opgen::readSequenceFile(Context &Ctx,
                                                 unsigned BufferID,
                                                 YamlReading Reading,
                                                 const YamlReadOptions &Opts) {
  if (Reading == YamlReading::LibYaml)
    return readYamlValue(Ctx, BufferID, Opts);
  StringRef Text = Ctx.getSourceMgr().getMemoryBuffer(BufferID)->getBuffer();
  // The finest cut splitTopLevelSequence makes: a piece the fast reader
  // declines costs libyaml two entries, not a run of them.
  std::optional<std::vector<SequencePiece>> Pieces =
      splitTopLevelSequence(Text, ~0u);
  if (!Pieces)
    return readYamlValue(Ctx, BufferID, Opts);
  YamlValue Root;
  Root.Kind = YamlKind::Sequence;
  Root.Items.reserve(countTopLevelEntries(Text));
  DiagnosticEngine &D = Ctx.getDiags();
  // What libyaml reports about a piece is held back: a problem there sends
  // the file to the whole read, which reports it as it should be reported.
  const unsigned PieceTag = ~1u;
  D.beginDeferred();
  D.setThreadTag(PieceTag);
  bool Whole = false;
  for (const SequencePiece &P : *Pieces) {
    size_t Before = Root.Items.size();
    bool Fast = readSimpleYamlEntries(P.Text, Root.Items) &&
                Root.Items.size() == Before + P.NumEntries;
    if (Fast && Reading != YamlReading::Check)
      continue;
    if (!Fast)
      Root.Items.resize(Before);
    std::optional<YamlValue> Doc = readYamlText(D, P.Text, Opts);
    if (!Doc || Doc->Kind != YamlKind::Sequence ||
        Doc->Items.size() != P.NumEntries) {
      Whole = true;
      break;
    }
    for (size_t I = 0; I != P.NumEntries; ++I) {
      YamlValue &Item = Doc->Items[I];
      if (!Fast)
        Root.Items.push_back(std::move(Item));
      else if (!sameYamlValue(Root.Items[Before + I], Item))
        D.error(Item.Loc, "the fast YAML reader reads this entry "
                          "differently from libyaml (a bug in opgen)");
    }
  }
  if (Whole)
    D.discardDeferred(PieceTag);
  D.setThreadTag(0);
  D.flushDeferred();
  if (Whole)
    return readYamlValue(Ctx, BufferID, Opts);
  // libyaml places a block sequence at its first `-`: the first line at
  // column 0 that is neither blank nor a comment (the cut checked that).
  for (size_t Pos = 0; Pos < Text.size();) {
    if (Text[Pos] == '-') {
      Root.Loc = SMLoc::getFromPointer(Text.data() + Pos);
      break;
    }
    Pos = Text.find('\n', Pos);
    if (Pos == StringRef::npos)
      break;
    ++Pos;
  }
  if (Reading == YamlReading::Check) {
    std::optional<YamlValue> Slow = readYamlValue(Ctx, BufferID, Opts);
    if (Slow && Slow->Loc != Root.Loc)
      D.error(Slow->Loc, "the fast YAML reader places this sequence "
                         "differently from libyaml (a bug in opgen)");
  }
  return Root;
}

static bool sameScalar(const YamlScalar &A, const YamlScalar &B) {
  return A.Value == B.Value && A.Kind == B.Kind && A.Loc.Start == B.Loc.Start &&
         A.Loc.Exact == B.Loc.Exact;
}

bool opgen::sameYamlValue(const YamlValue &A, const YamlValue &B) {
  if (A.Kind != B.Kind || A.Loc != B.Loc || A.HasErrors != B.HasErrors ||
      !sameScalar(A.Scalar, B.Scalar) || A.Items.size() != B.Items.size() ||
      A.Entries.size() != B.Entries.size())
    return false;
  for (size_t I = 0; I < A.Items.size(); ++I)
    if (!sameYamlValue(A.Items[I], B.Items[I]))
      return false;
  for (size_t I = 0; I < A.Entries.size(); ++I)
    if (!sameScalar(A.Entries[I].first, B.Entries[I].first) ||
        !sameYamlValue(A.Entries[I].second, B.Entries[I].second))
      return false;
  return true;
}
