//===- YamlSupport.cpp - YAML nodes as torchgen's loader sees them --------===//

#include "opgen/Parse/YamlSupport.h"
#include "opgen/Parse/FastYaml.h"
#include "opgen/Support/Yaml11.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"

#include <algorithm>

using namespace opgen;
using namespace llvm;

/// The reader's kind for a resolver tag. The tags without a constructor
/// (`<<`, `=`) are Other, which the builder rejects.
static YamlKind resolvePlain(StringRef S) {
  switch (resolveYaml11Plain(S)) {
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

/// Where a node starts.
static SMLoc nodeLoc(yaml::Node *N) { return N->getSourceRange().Start; }

/// The scalar behind \p N, or nothing for collections, aliases and nulls
/// written as an empty value.
static std::optional<YamlScalar> getScalar(yaml::Node *N) {
  YamlScalar R;
  if (auto *S = dyn_cast<yaml::ScalarNode>(N)) {
    SmallString<64> Storage;
    StringRef V = S->getValue(Storage);
    StringRef Raw = S->getRawValue();
    bool Quoted =
        Raw.size() >= 2 && (Raw.front() == '"' || Raw.front() == '\'');
    // A plain scalar never ends in white space, but LLVM's scanner keeps the
    // line breaks before an indented comment that follows a blank line.
    if (!Quoted) {
      auto IsSpace = [](char C) {
        return C == ' ' || C == '\t' || C == '\r' || C == '\n';
      };
      while (!V.empty() && IsSpace(V.back()))
        V = V.drop_back();
      while (!Raw.empty() && IsSpace(Raw.back()))
        Raw = Raw.drop_back();
    }
    R.Value = V.str();
    R.Loc.Start = SMLoc::getFromPointer(Raw.data());
    if (!Quoted && V == Raw) {
      R.Loc.Exact = true;
    } else if (Quoted && Raw.substr(1, Raw.size() - 2) == V) {
      R.Loc.Start = SMLoc::getFromPointer(Raw.data() + 1);
      R.Loc.Exact = true;
    }
    // An explicit `!!str` makes a plain scalar a string. (Untagged scalars
    // report the default tag, which is also !!str, so look at the raw tag.)
    bool ExplicitStr = !S->getRawTag().empty() &&
                       S->getVerbatimTag() == "tag:yaml.org,2002:str";
    if (Quoted || ExplicitStr)
      R.Kind = YamlKind::Str;
    else
      R.Kind = resolvePlain(V);
    return R;
  }
  if (auto *B = dyn_cast<yaml::BlockScalarNode>(N)) {
    R.Value = B->getValue().str();
    R.Loc.Start = nodeLoc(N);
    R.Kind = YamlKind::Str;
    return R;
  }
  return std::nullopt;
}

/// A node's kind, with aliases reported as Other.
static YamlKind classify(yaml::Node *N) {
  if (!N || isa<yaml::NullNode>(N))
    return YamlKind::Null;
  if (isa<yaml::MappingNode>(N))
    return YamlKind::Mapping;
  if (isa<yaml::SequenceNode>(N))
    return YamlKind::Sequence;
  if (auto S = getScalar(N))
    return S->Kind;
  return YamlKind::Other;
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

YamlValue opgen::toYamlValue(DiagnosticEngine &Diags, yaml::Node *N,
                             unsigned MaxDepth) {
  YamlValue R;
  if (!N)
    return R;
  R.Loc = nodeLoc(N);
  if (auto S = getScalar(N)) {
    R.Kind = S->Kind;
    R.Scalar = std::move(*S);
    if (std::optional<std::string> Err = yamlScalarError(R.Scalar)) {
      Diags.error(R.Loc, *Err);
      R.HasErrors = true;
    }
    return R;
  }
  R.Kind = classify(N);
  if (isa<yaml::AliasNode>(N)) {
    Diags.error(R.Loc, "YAML aliases are not supported");
    R.HasErrors = true;
    return R;
  }
  if (MaxDepth == 0) {
    if (R.Kind == YamlKind::Sequence || R.Kind == YamlKind::Mapping)
      Diags.error(R.Loc, "YAML value is nested too deeply");
    R.HasErrors = true;
    N->skip();
    return R;
  }
  if (auto *Seq = dyn_cast<yaml::SequenceNode>(N)) {
    for (yaml::Node &Item : *Seq) {
      R.Items.push_back(toYamlValue(Diags, &Item, MaxDepth - 1));
      R.HasErrors |= R.Items.back().HasErrors;
    }
    return R;
  }
  if (auto *Map = dyn_cast<yaml::MappingNode>(N)) {
    // Entries of native_functions.yaml have a handful of keys, for which a
    // linear search for duplicates beats hashing; a mapping that grows large
    // moves its keys into a map.
    constexpr size_t MaxLinear = 16;
    StringMap<SMLoc> Seen;
    R.Entries.reserve(8);
    for (yaml::KeyValueNode &KV : *Map) {
      yaml::Node *K = KV.getKey();
      if (!K)
        break; // the YAML parser reported a syntax error
      std::optional<YamlScalar> Key = getScalar(K);
      if (!Key) {
        Diags.error(nodeLoc(K), "mapping keys must be scalars");
        R.HasErrors = true;
        K->skip();
        if (yaml::Node *V = KV.getValue())
          V->skip();
        continue;
      }
      if (std::optional<std::string> Err = yamlScalarError(*Key)) {
        Diags.error(nodeLoc(K), *Err);
        R.HasErrors = true;
      }
      yaml::Node *V = KV.getValue();
      if (!V)
        break;
      std::optional<SMLoc> First;
      if (R.Entries.size() < MaxLinear) {
        for (const auto &Entry : R.Entries)
          if (sameYamlKey(Entry.first, *Key)) {
            First = Entry.first.Loc.Start;
            break;
          }
      } else {
        if (Seen.empty())
          for (const auto &Entry : R.Entries)
            if (std::optional<std::string> Id = yamlKeyIdentity(Entry.first))
              Seen.try_emplace(*Id, Entry.first.Loc.Start);
        if (std::optional<std::string> Id = yamlKeyIdentity(*Key)) {
          auto [It, New] = Seen.try_emplace(*Id, Key->Loc.Start);
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
        std::string Why = FirstText == Key->Value
                              ? std::string()
                              : " (equal to `" + FirstText.str() + "`)";
        Diags.error(Key->Loc.Start, "duplicate key `" + Key->Value + "`" + Why);
        Diags.note(*First, "first given here");
        R.HasErrors = true;
        V->skip();
        continue;
      }
      R.Entries.emplace_back(std::move(*Key),
                             toYamlValue(Diags, V, MaxDepth - 1));
      R.HasErrors |= R.Entries.back().second.HasErrors;
    }
  }
  return R;
}

YamlDocument::YamlDocument(Context &Ctx, unsigned BufferID)
    : YamlDocument(
          Ctx.getDiags(), Ctx.getSourceMgr(),
          Ctx.getSourceMgr().getMemoryBuffer(BufferID)->getMemBufferRef()) {}

YamlDocument::YamlDocument(DiagnosticEngine &Diags, SourceMgr &SM,
                           MemoryBufferRef Text)
    : Diags(Diags), SM(SM) {
  Stream = std::make_unique<yaml::Stream>(Text, SM, /*ShowColors=*/false);
  It = Stream->begin();
  if (It != Stream->end())
    Root = It->getRoot();
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

bool YamlDocument::finish() {
  if (It == Stream->end() || Stream->failed())
    return true;
  // Root goes away with its document when the iterator moves on.
  SMLoc RootLoc = Root ? nodeLoc(Root) : SMLoc();
  It->skip();
  if (Stream->failed())
    return true;
  ++It;
  if (It == Stream->end() || Stream->failed())
    return true;
  if (yaml::Node *N = It->getRoot()) {
    Diags.error(nodeLoc(N), "expected a single YAML document, found another");
    return false;
  }
  if (Stream->failed())
    return true;
  // LLVM's scanner stops without a message at some text it cannot tokenize
  // (a `%` directive inside a document, an unterminated `!<` tag), and the
  // rest of the file would be dropped silently. It does not say where it
  // stopped; point at the first line that starts with `%`, the usual cause.
  SMLoc L;
  if (unsigned ID =
          RootLoc.isValid() ? SM.FindBufferContainingLoc(RootLoc) : 0) {
    StringRef Text = SM.getMemoryBuffer(ID)->getBuffer();
    size_t Pos = Text.find("\n%");
    L = SMLoc::getFromPointer(Pos == StringRef::npos ? Text.data()
                                                     : Text.data() + Pos + 1);
  }
  Diags.error(L, "the YAML parser stopped before the end of the "
                 "file; a `%` directive may only come before the "
                 "document, and `!<...>` tags must be closed");
  return false;
}

std::optional<YamlValue> opgen::readYamlValue(Context &Ctx, unsigned BufferID) {
  unsigned Before = Ctx.getDiags().getNumErrors();
  YamlDocument Doc(Ctx, BufferID);
  YamlValue Root = toYamlValue(Ctx, Doc.getRoot());
  Doc.finish();
  if (Ctx.getDiags().getNumErrors() != Before)
    return std::nullopt;
  return Root;
}

YamlKind opgen::resolvePlainScalar(StringRef S) { return resolvePlain(S); }
