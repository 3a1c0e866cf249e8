//===- YamlSupport.h - YAML as torchgen's loader sees it --------*- C++ -*-===//
//
// torchgen reads YAML with PyYAML's safe loader, which follows YAML 1.1: an
// unquoted `True`, `no` or `off` is a boolean, `1` an integer, `~` null. The
// checks in native_functions.yaml depend on those types (`device_guard` must
// be a boolean, `variants` a string), so opgen resolves plain scalars with
// the same rules. libyaml, the C library behind PyYAML's CSafeLoader (which
// torchgen uses on Debian), scans and parses, so the grammar is the
// reference's by construction; anchors, aliases, merge keys and the safe
// loader's explicit tags are resolved here as PyYAML's constructor does.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_PARSE_YAMLSUPPORT_H
#define OPGEN_PARSE_YAMLSUPPORT_H

#include "opgen/IR/Context.h"
#include "opgen/Support/TextLocation.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace opgen {

/// What a YAML node is after PyYAML's implicit resolution.
enum class YamlKind {
  Null,
  Bool,
  Int,
  Float,
  Str,
  Sequence,
  Mapping,
  Other,
  /// A date or datetime (`2001-12-14`), and bytes (`!!binary`): kinds no
  /// reader accepts, told apart so that they are not taken for strings.
  Timestamp,
  Binary
};

/// "a string", "a boolean", "a list", ...: for messages.
llvm::StringRef describe(YamlKind K);

/// A scalar's value, how its characters map to the source, and its kind.
struct YamlScalar {
  std::string Value;
  TextLocation Loc;
  YamlKind Kind = YamlKind::Str;
  bool asBool() const;
};

/// Why PyYAML's safe loader could not construct \p S (a timestamp with no
/// such date, `!!int x`), or nothing when it can.
std::optional<std::string> yamlScalarError(const YamlScalar &S);

/// Text equal for two keys exactly when torchgen's loader takes them for
/// duplicates (Python's ==: `1`, `0x1`, `1.0` and `true` are one key, `1`
/// and `'1'` two, every `.nan` one); nothing for a NaN made otherwise
/// (`!!float nan`), equal to no key.
std::optional<std::string> yamlKeyIdentity(const YamlScalar &K);
/// Whether torchgen's loader takes \p A and \p B for the same key.
bool sameYamlKey(const YamlScalar &A, const YamlScalar &B);

/// A YAML value copied out of the parser's one-pass node stream, so checks
/// can look at an entry's fields in any order.
struct YamlValue {
  YamlKind Kind = YamlKind::Null;
  llvm::SMLoc Loc;
  /// For scalar kinds (Null written as `~` or `null` included).
  YamlScalar Scalar;
  std::vector<YamlValue> Items;
  std::vector<std::pair<YamlScalar, YamlValue>> Entries;
  /// Whether converting this value reported an error (in it or below).
  bool HasErrors = false;

  bool isScalar() const {
    return Kind != YamlKind::Sequence && Kind != YamlKind::Mapping &&
           Kind != YamlKind::Other;
  }
  const std::string &str() const { return Scalar.Value; }
  /// The entry for \p Key in a mapping, or null.
  const YamlValue *lookup(llvm::StringRef Key) const;
};

/// "a string `frue`" for a scalar, "a list" for a collection, "null":
/// what readers' messages say they found.
std::string describeValue(const YamlValue &V);
/// `found <describeValue>`, the end of a reader's message about a value
/// of the wrong kind.
std::string found(const YamlValue &V);

/// Cut \p Text, whose top level is a block sequence at column 0 (as in
/// native_functions.yaml), into at most \p Parts pieces at entry starts (and
/// at most one per two entries), so the pieces can be parsed on separate
/// threads. Gives nothing when the layout is anything else (document
/// markers, directives, top-level keys) or there are fewer than two entries.
struct SequencePiece {
  llvm::StringRef Text;
  /// How many entries start in this piece.
  size_t NumEntries;
  /// The 1-based line the piece starts on.
  unsigned FirstLine;
};
std::optional<std::vector<SequencePiece>>
splitTopLevelSequence(llvm::StringRef Text, unsigned Parts);
/// How many lines of \p Text start an entry of a top-level block sequence:
/// the entries splitTopLevelSequence's pieces hold, when it cuts \p Text.
/// Much quicker than cutting (it looks at lines that start with `-` only).
size_t countTopLevelEntries(llvm::StringRef Text);

/// How entries are read as YAML: with the fast reader (FastYaml.h) for the
/// subset native_functions.yaml and derivatives.yaml use, falling back to
/// libyaml for anything else (the default); with libyaml only; or both,
/// reporting any entry they read differently (a bug in the fast reader).
enum class YamlReading { Fast, LibYaml, Check };

/// How a reader's loader in torchgen treats the YAML.
struct YamlReadOptions {
  /// Collections nest at most this deep (the document's root is level 1).
  unsigned MaxDepth = 8;
  /// Merge keys (`<<`) as PyYAML's SafeConstructor merges them. torchgen's
  /// YamlLoader (native_functions.yaml, tags.yaml, backend yamls) rejects
  /// them: its duplicate-key check constructs every key, and the merge tag
  /// has no constructor; yaml.safe_load (selection yamls) merges.
  bool MergeKeys = false;
  /// A key given twice keeps its first place and takes its last value, with
  /// a warning, as yaml.safe_load's dict does (selection yamls); torchgen's
  /// YamlLoader rejects it, and so does opgen by default.
  bool DuplicateKeysKeepLast = false;
};

/// Read buffer \p BufferID as one YAML document into a YamlValue; nothing if
/// the YAML itself had errors (they are reported). Mapping keys must be
/// scalars and unique unless the options say otherwise (torchgen's loader
/// rejects duplicates too); aliases are expanded. An empty file reads as null,
/// located at its end.
std::optional<YamlValue> readYamlValue(Context &Ctx, unsigned BufferID,
                                       const YamlReadOptions &Opts = {});

/// Read \p Text, which lies inside a buffer of \p Diags' SourceMgr, as one
/// YAML document, reporting to \p Diags. Safe to call on several threads at
/// once (pieces of one file). Nothing if it reported an error.
std::optional<YamlValue> readYamlText(DiagnosticEngine &Diags,
                                      llvm::StringRef Text,
                                      const YamlReadOptions &Opts = {});

} // namespace opgen

#endif // OPGEN_PARSE_YAMLSUPPORT_H
