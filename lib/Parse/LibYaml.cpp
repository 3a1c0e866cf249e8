//===- LibYaml.cpp - YAML values from libyaml's events --------------------===//
//
// libyaml is the scanner and parser behind PyYAML's CSafeLoader, which
// torchgen reads every yaml with; building YamlValues from its events makes
// opgen accept and reject the same text. What PyYAML does above the parser
// (resolving plain scalars, composing aliases, merging `<<` keys,
// constructing tagged values) is done here. libyaml's marks count
// characters, not bytes, so they go through a table into the buffer.
//
//===----------------------------------------------------------------------===//

#include "opgen/Parse/FastYaml.h"
#include "opgen/Parse/YamlSupport.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MemoryBuffer.h"

#include <yaml.h>

#include <algorithm>

using namespace opgen;
using namespace llvm;

namespace {

/// Aliases copy the anchored value; a few nested ones could copy without
/// end (the "billion laughs"), so their copies are counted.
constexpr size_t MaxAliasNodes = 100000;

/// Byte offsets of libyaml's character indexes. Text that is all ASCII (as
/// ATen's yamls are) needs no table.
class CharOffsets {
public:
  /// libyaml counts characters from \p Base, where a BOM it took off ends.
  CharOffsets(StringRef Text, size_t Base) : Size(Text.size()), Base(Base) {
    if (llvm::all_of(Text, [](char C) { return isASCII(C); }))
      return;
    Starts.reserve(Text.size() + 1);
    for (size_t I = Base; I < Text.size(); ++I)
      if ((static_cast<unsigned char>(Text[I]) & 0xC0) != 0x80)
        Starts.push_back(I);
    Starts.push_back(Text.size());
  }
  size_t byteOf(size_t Char) const {
    if (Starts.empty())
      return std::min(Char + Base, Size);
    return Char < Starts.size() ? Starts[Char] : Size;
  }

private:
  size_t Size;
  size_t Base;
  std::vector<size_t> Starts;
};

StringRef str(const yaml_char_t *S) {
  return S ? StringRef(reinterpret_cast<const char *>(S)) : StringRef();
}

/// `!!str` for the YAML 1.1 tags, the tag itself otherwise.
std::string showTag(StringRef Tag) {
  if (Tag.consume_front("tag:yaml.org,2002:"))
    return "!!" + Tag.str();
  return Tag.str();
}

size_t countNodes(const YamlValue &V) {
  size_t N = 1;
  for (const YamlValue &I : V.Items)
    N += countNodes(I);
  for (const auto &E : V.Entries)
    N += 1 + countNodes(E.second);
  return N;
}

class Builder {
public:
  Builder(DiagnosticEngine &Diags, StringRef Text, const YamlReadOptions &Opts)
      : Diags(Diags), Text(Text), Opts(Opts),
        Offsets(Text, Text.startswith("\xEF\xBB\xBF") ? 3 : 0) {
    yaml_parser_initialize(&P);
    // PyYAML hands libyaml UTF-8 and lets it find the encoding, which takes
    // off a leading BOM; with the encoding set, the BOM would stay and push
    // the first line one column in (`---` would not start a document).
    StringRef In = Text;
    In.consume_front("\xEF\xBB\xBF");
    yaml_parser_set_input_string(
        &P, reinterpret_cast<const unsigned char *>(In.data()), In.size());
    // torchgen opens its yamls as UTF-8 text; no other encoding is guessed.
    yaml_parser_set_encoding(&P, YAML_UTF8_ENCODING);
  }
  ~Builder() {
    if (Have)
      yaml_event_delete(&Ev);
    yaml_parser_delete(&P);
  }
  std::optional<YamlValue> run();

private:
  bool next();
  void parserError();
  SMLoc at(size_t Byte) const {
    return SMLoc::getFromPointer(Text.data() + std::min(Byte, Text.size()));
  }
  SMLoc at(const yaml_mark_t &M) const { return at(Offsets.byteOf(M.index)); }
  void error(SMLoc L, const Twine &Msg) {
    Diags.error(L, Msg);
    Errors = true;
  }
  size_t skipProperties(size_t Pos, size_t End) const;
  YamlValue node(unsigned Depth);
  YamlValue scalar();
  void sequence(YamlValue &R, unsigned Depth);
  void mapping(YamlValue &R, unsigned Depth);
  YamlValue alias();
  bool checkTag(StringRef Tag, YamlKind Kind, SMLoc L);
  /// Whether the node being read is a mapping's key.
  bool InKey = false;

  DiagnosticEngine &Diags;
  StringRef Text;
  const YamlReadOptions &Opts;
  CharOffsets Offsets;
  yaml_parser_t P;
  yaml_event_t Ev;
  /// Whether Ev holds an event to free.
  bool Have = false;
  /// libyaml stopped with an error: no further events.
  bool Broken = false;
  bool Errors = false;
  struct Anchor {
    YamlValue Value;
    size_t Nodes = 0;
    bool Done = false;
    SMLoc Loc;
  };
  StringMap<Anchor> Anchors;
  size_t AliasNodes = 0;
};

bool Builder::next() {
  if (Broken)
    return false;
  if (Have)
    yaml_event_delete(&Ev);
  Have = yaml_parser_parse(&P, &Ev);
  if (!Have)
    parserError();
  return Have;
}

void Builder::parserError() {
  Broken = true;
  Errors = true;
  std::string Problem = P.problem ? P.problem : "cannot parse the YAML";
  if (P.error == YAML_READER_ERROR) {
    // Bad bytes: libyaml gives their byte offset and value.
    if (P.problem_value != -1)
      Problem += " (#x" + utohexstr(P.problem_value) + ")";
    Diags.error(at(P.problem_offset), Problem);
    return;
  }
  if (P.error == YAML_MEMORY_ERROR) {
    Diags.error(at(size_t(0)), "out of memory while reading the YAML");
    return;
  }
  Diags.error(at(P.problem_mark), Problem);
  if (P.context)
    Diags.note(at(P.context_mark), P.context);
}

size_t Builder::skipProperties(size_t Pos, size_t End) const {
  auto IsBreakOrSpace = [](char C) {
    return C == ' ' || C == '\t' || C == '\r' || C == '\n';
  };
  while (Pos < End && (Text[Pos] == '&' || Text[Pos] == '!')) {
    if (Text.substr(Pos).startswith("!<")) {
      size_t Close = Text.find('>', Pos);
      Pos = Close == StringRef::npos ? End : Close + 1;
    } else {
      bool Anchor = Text[Pos] == '&';
      while (Pos < End && !IsBreakOrSpace(Text[Pos]) &&
             !(Anchor && StringRef(",[]{}").contains(Text[Pos])))
        ++Pos;
    }
    // Space, line breaks and comments up to the next property or the value.
    while (Pos < End) {
      if (IsBreakOrSpace(Text[Pos])) {
        ++Pos;
      } else if (Text[Pos] == '#') {
        while (Pos < End && Text[Pos] != '\n' && Text[Pos] != '\r')
          ++Pos;
      } else {
        break;
      }
    }
  }
  return Pos;
}

/// Whether \p Tag (an explicit one, or empty) may make a value of \p Kind,
/// as the safe loader's constructors see it. Reports why not.
bool Builder::checkTag(StringRef Tag, YamlKind Kind, SMLoc L) {
  if (Tag.empty() || Tag == "!")
    return true;
  StringRef Name = Tag;
  bool Core = Name.consume_front("tag:yaml.org,2002:");
  bool Collection = Kind == YamlKind::Sequence || Kind == YamlKind::Mapping;
  if (Core && (Name == "set" || Name == "omap" || Name == "pairs")) {
    error(L, "the YAML tag `" + showTag(Tag) + "` is not supported");
    return false;
  }
  StringRef Found = Kind == YamlKind::Sequence  ? "sequence"
                    : Kind == YamlKind::Mapping ? "mapping"
                                                : "scalar";
  if (Core && (Name == "seq" || Name == "map")) {
    if ((Name == "seq") == (Kind == YamlKind::Sequence) &&
        (Name == "map") == (Kind == YamlKind::Mapping))
      return true;
    error(L, "`" + showTag(Tag) + "` needs a " +
                 (Name == "seq" ? "sequence" : "mapping") + ", found a " +
                 Found);
    return false;
  }
  if (Core &&
      (Name == "str" || Name == "null" || Name == "bool" || Name == "int" ||
       Name == "float" || Name == "timestamp" || Name == "binary")) {
    if (!Collection)
      return true;
    error(L, "`" + showTag(Tag) + "` needs a scalar, found a " + Found);
    return false;
  }
  error(L, "could not determine a constructor for the YAML tag `" +
               showTag(Tag) + "`");
  return false;
}

YamlValue Builder::scalar() {
  const auto &S = Ev.data.scalar;
  YamlValue R;
  StringRef Value(reinterpret_cast<const char *>(S.value), S.length);
  size_t StartB = Offsets.byteOf(Ev.start_mark.index);
  size_t EndB = Offsets.byteOf(Ev.end_mark.index);
  R.Loc = at(StartB);
  StringRef Tag = str(S.tag);
  bool Props = S.anchor || S.tag;
  // A missing value (`key:` alone) is null, and has no text of its own.
  if (!Props && S.style == YAML_PLAIN_SCALAR_STYLE && Value.empty()) {
    R.Kind = YamlKind::Null;
    return R;
  }
  size_t Tok = Props ? skipProperties(StartB, EndB) : StartB;
  YamlScalar &Sc = R.Scalar;
  Sc.Value = Value.str();
  Sc.Loc.Start = at(Tok);
  if (S.style == YAML_PLAIN_SCALAR_STYLE) {
    Sc.Loc.Exact = Tok <= EndB && Text.slice(Tok, EndB) == Value;
  } else if (S.style == YAML_SINGLE_QUOTED_SCALAR_STYLE ||
             S.style == YAML_DOUBLE_QUOTED_SCALAR_STYLE) {
    if (Tok + 2 <= EndB && Text.slice(Tok + 1, EndB - 1) == Value) {
      Sc.Loc.Start = at(Tok + 1);
      Sc.Loc.Exact = true;
    }
  }
  // No tag, or the non-specific `!`: libyaml says whether PyYAML's implicit
  // resolvers apply (plain scalars, and anything tagged `!`).
  if (Tag.empty() || Tag == "!") {
    Sc.Kind = S.plain_implicit ? resolvePlainScalar(Value) : YamlKind::Str;
  } else if (!checkTag(Tag, YamlKind::Str, R.Loc)) {
    R.HasErrors = true;
  } else {
    StringRef Name = Tag.drop_front(strlen("tag:yaml.org,2002:"));
    Sc.Kind = Name == "null"        ? YamlKind::Null
              : Name == "bool"      ? YamlKind::Bool
              : Name == "int"       ? YamlKind::Int
              : Name == "float"     ? YamlKind::Float
              : Name == "timestamp" ? YamlKind::Timestamp
              : Name == "binary"    ? YamlKind::Binary
                                    : YamlKind::Str;
  }
  // A plain `<<` key is the mapping's to judge (merged, or rejected).
  if (InKey && Sc.Kind == YamlKind::Other && Sc.Value == "<<")
    Sc.Kind = YamlKind::Str;
  // What SafeConstructor would raise on (`!!int x`, 2001-02-30, a plain
  // `=`).
  if (!R.HasErrors) {
    if (std::optional<std::string> Err = yamlScalarError(Sc)) {
      error(Sc.Loc.Start, *Err);
      R.HasErrors = true;
    }
  }
  R.Kind = Sc.Kind;
  return R;
}

YamlValue Builder::alias() {
  YamlValue R;
  R.Loc = at(Ev.start_mark);
  StringRef Name = str(Ev.data.alias.anchor);
  auto It = Anchors.find(Name);
  R.HasErrors = true;
  if (It == Anchors.end()) {
    error(R.Loc, "undefined YAML alias `*" + Name + "`");
  } else if (!It->second.Done) {
    // PyYAML would build a value that contains itself.
    error(R.Loc,
          "YAML alias `*" + Name + "` refers to a value that contains it");
  } else if ((AliasNodes += It->second.Nodes) > MaxAliasNodes) {
    if (AliasNodes - It->second.Nodes <= MaxAliasNodes)
      error(R.Loc, "YAML aliases expand to too many values (more than " +
                       Twine(MaxAliasNodes) + ")");
  } else {
    return It->second.Value;
  }
  return R;
}

YamlValue Builder::node(unsigned Depth) {
  if (Ev.type == YAML_ALIAS_EVENT)
    return alias();
  StringRef AnchorName, Tag;
  if (Ev.type == YAML_SCALAR_EVENT)
    AnchorName = str(Ev.data.scalar.anchor);
  else if (Ev.type == YAML_SEQUENCE_START_EVENT)
    AnchorName = str(Ev.data.sequence_start.anchor),
    Tag = str(Ev.data.sequence_start.tag);
  else if (Ev.type == YAML_MAPPING_START_EVENT)
    AnchorName = str(Ev.data.mapping_start.anchor),
    Tag = str(Ev.data.mapping_start.tag);
  // The event's strings go away with the next event.
  std::string AnchorKey = AnchorName.str();
  if (!AnchorKey.empty()) {
    SMLoc L = at(Ev.start_mark);
    auto [It, New] = Anchors.try_emplace(AnchorKey);
    if (!New) {
      // PyYAML's composer refuses a second anchor of the same name.
      error(L, "duplicate YAML anchor `&" + AnchorKey + "`");
      Diags.note(It->second.Loc, "first given here");
    }
    It->second = Anchor();
    It->second.Loc = L;
  }
  YamlValue R;
  if (Ev.type == YAML_SCALAR_EVENT) {
    R = scalar();
  } else {
    R.Loc = at(Ev.start_mark);
    R.Kind = Ev.type == YAML_SEQUENCE_START_EVENT ? YamlKind::Sequence
                                                  : YamlKind::Mapping;
    if (!checkTag(Tag, R.Kind, R.Loc))
      R.HasErrors = true;
    if (Depth == 0) {
      error(R.Loc, "YAML value is nested too deeply");
      R.HasErrors = true;
      // Stop reading: libyaml's scanner looks at every open flow level for
      // each token, so reading on through deep nesting costs its depth
      // squared (minutes for 200,000 `[`). The file is rejected anyway.
      Broken = true;
    } else if (R.Kind == YamlKind::Sequence) {
      sequence(R, Depth - 1);
    } else {
      mapping(R, Depth - 1);
    }
  }
  if (!AnchorKey.empty()) {
    Anchor &A = Anchors[AnchorKey];
    A.Value = R;
    A.Nodes = countNodes(R);
    A.Done = true;
  }
  return R;
}

void Builder::sequence(YamlValue &R, unsigned Depth) {
  while (next() && Ev.type != YAML_SEQUENCE_END_EVENT) {
    R.Items.push_back(node(Depth));
    R.HasErrors |= R.Items.back().HasErrors;
  }
  R.HasErrors |= Broken;
}

void Builder::mapping(YamlValue &R, unsigned Depth) {
  // Entries of native_functions.yaml have a handful of keys, for which a
  // linear search for duplicates beats hashing; a mapping that grows large
  // moves its keys into a map.
  constexpr size_t MaxLinear = 16;
  StringMap<SMLoc> Seen;
  std::vector<std::pair<YamlScalar, YamlValue>> Merged;
  R.Entries.reserve(8);
  while (next() && Ev.type != YAML_MAPPING_END_EVENT) {
    // PyYAML's resolver makes a plain, untagged `<<` the merge tag.
    bool MergeKey = Ev.type == YAML_SCALAR_EVENT &&
                    Ev.data.scalar.style == YAML_PLAIN_SCALAR_STYLE &&
                    !Ev.data.scalar.tag && str(Ev.data.scalar.value) == "<<";
    InKey = true;
    YamlValue K = node(Depth);
    InKey = false;
    if (!next())
      break;
    YamlValue V = node(Depth);
    R.HasErrors |= K.HasErrors || V.HasErrors;
    if (!K.isScalar()) {
      error(K.Loc, "mapping keys must be scalars");
      R.HasErrors = true;
      continue;
    }
    YamlScalar Key = std::move(K.Scalar);
    if (K.Kind == YamlKind::Null && !Key.Loc.Start.isValid()) {
      Key.Loc.Start = K.Loc;
      Key.Kind = YamlKind::Null;
    }
    if (MergeKey) {
      if (!Opts.MergeKeys) {
        error(K.Loc, "YAML merge keys (`<<`) are not accepted: torchgen's "
                     "loader has no constructor for them");
        R.HasErrors = true;
        continue;
      }
      auto Take = [&](const YamlValue &M) {
        Merged.insert(Merged.end(), M.Entries.begin(), M.Entries.end());
      };
      if (V.Kind == YamlKind::Mapping) {
        Take(V);
      } else if (V.Kind == YamlKind::Sequence &&
                 llvm::all_of(V.Items, [&](const YamlValue &I) {
                   if (I.Kind == YamlKind::Mapping)
                     return true;
                   error(I.Loc, "expected a mapping for merging, found " +
                                    describe(I.Kind));
                   return false;
                 })) {
        // Earlier mappings in the list win, so they come last.
        for (auto I = V.Items.rbegin(); I != V.Items.rend(); ++I)
          Take(*I);
      } else {
        if (V.Kind != YamlKind::Sequence)
          error(V.Loc, "expected a mapping or list of mappings for merging, "
                       "found " +
                           describe(V.Kind));
        R.HasErrors = true;
      }
      continue;
    }
    std::optional<SMLoc> First;
    if (R.Entries.size() < MaxLinear) {
      for (const auto &Entry : R.Entries)
        if (sameYamlKey(Entry.first, Key)) {
          First = Entry.first.Loc.Start;
          break;
        }
    } else {
      if (Seen.empty())
        for (const auto &Entry : R.Entries)
          if (std::optional<std::string> Id = yamlKeyIdentity(Entry.first))
            Seen.try_emplace(*Id, Entry.first.Loc.Start);
      if (std::optional<std::string> Id = yamlKeyIdentity(Key)) {
        auto [It, New] = Seen.try_emplace(*Id, Key.Loc.Start);
        if (!New)
          First = It->second;
      }
    }
    if (First) {
      StringRef FirstText;
      for (const auto &Entry : R.Entries)
        if (Entry.first.Loc.Start == *First)
          FirstText = Entry.first.Value;
      // `0x1` after `1`: say why they are one key.
      std::string Why = FirstText == Key.Value
                            ? std::string()
                            : " (equal to `" + FirstText.str() + "`)";
      if (!Opts.DuplicateKeysKeepLast) {
        error(Key.Loc.Start, "duplicate key `" + Key.Value + "`" + Why);
        Diags.note(*First, "first given here");
        R.HasErrors = true;
        continue;
      }
      // As a dict: the key keeps its first place and takes this value.
      Diags.warning(Key.Loc.Start, "duplicate key `" + Key.Value + "`" + Why +
                                       "; the last value is used");
      Diags.note(*First, "first given here");
      for (auto &Entry : R.Entries)
        if (Entry.first.Loc.Start == *First)
          Entry.second = std::move(V);
      continue;
    }
    R.Entries.emplace_back(std::move(Key), std::move(V));
  }
  R.HasErrors |= Broken;
  if (Merged.empty())
    return;
  // As a dict built from the merged entries and then the mapping's own: a
  // key keeps its first place and takes its last value.
  std::vector<std::pair<YamlScalar, YamlValue>> All;
  StringMap<size_t> Index;
  for (auto *List : {&Merged, &R.Entries})
    for (auto &E : *List) {
      // A NaN key equals nothing, not even itself.
      std::optional<std::string> Id = yamlKeyIdentity(E.first);
      auto [It, New] = Id ? Index.try_emplace(*Id, All.size())
                          : std::make_pair(Index.end(), true);
      if (New)
        All.push_back(std::move(E));
      else
        All[It->second].second = std::move(E.second);
    }
  R.Entries = std::move(All);
}

std::optional<YamlValue> Builder::run() {
  YamlValue Root;
  if (!next() || !next()) // the stream's start, then a document or the end
    return std::nullopt;
  if (Ev.type == YAML_STREAM_END_EVENT) {
    Root.Loc = at(Ev.start_mark);
    return Root;
  }
  if (!next())
    return std::nullopt;
  Root = node(Opts.MaxDepth);
  if (!next() || !next()) // the document's end, then the stream's
    return std::nullopt;
  if (Ev.type == YAML_DOCUMENT_START_EVENT) {
    // Point at the second document's content, where its start is implicit.
    SMLoc L = at(Ev.start_mark);
    yaml_event_delete(&Ev);
    Have = yaml_parser_parse(&P, &Ev);
    if (Have)
      L = at(Ev.start_mark);
    error(L, "expected a single YAML document, found another");
  }
  if (Errors)
    return std::nullopt;
  return Root;
}

} // namespace

std::optional<YamlValue> opgen::readYamlText(DiagnosticEngine &Diags,
                                             StringRef Text,
                                             const YamlReadOptions &Opts) {
  return Builder(Diags, Text, Opts).run();
}

std::optional<YamlValue> opgen::readYamlValue(Context &Ctx, unsigned BufferID,
                                              const YamlReadOptions &Opts) {
  StringRef Text = Ctx.getSourceMgr().getMemoryBuffer(BufferID)->getBuffer();
  return readYamlText(Ctx.getDiags(), Text, Opts);
}
