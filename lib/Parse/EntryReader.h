//===- EntryReader.h - Read one native_functions.yaml entry -----*- C++ -*-===//
//
// Private to lib/Parse. An EntryReader reads one `- func: ...` entry, field
// by field, in the order torchgen's NativeFunction.from_yaml reads them, and
// applies the checks that need that entry alone. readEntry adds what printed
// IR carries besides (PrintedIR.cpp). The class's members are defined by
// field: EntryReader.cpp (the entry and its simple fields),
// StructuredFields.cpp, DispatchFields.cpp and UfuncFields.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_LIB_PARSE_ENTRYREADER_H
#define OPGEN_LIB_PARSE_ENTRYREADER_H

#include "opgen/IR/Context.h"
#include "opgen/IR/Module.h"
#include "opgen/IR/TorchRelease.h"
#include "opgen/Parse/YamlSupport.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <set>
#include <string>
#include <utility>

namespace opgen::nativeyaml {

/// The keys an entry may have. Each entry's fields are indexed by key once
/// (see EntryReader::indexFields), so the many checks that look at a field
/// do not search the entry for it each time.
enum class EntryKey : unsigned {
  Func,
  CppNoDefaultArgs,
  UseConstRefForMutableTensors,
  Variants,
  ManualKernelRegistration,
  ManualCppBinding,
  DeviceGuard,
  DeviceCheck,
  Structured,
  StructuredDelegate,
  StructuredInherits,
  PythonModule,
  CategoryOverride,
  Precomputed,
  Tags,
  Dispatch,
  Autogen,
  UfuncInnerLoop,
  PrintedLine,
  PrintedNames,
  PrintedGroup,
  PrintedViewGroup,
  IsAbstract,
  NumKeys
};

/// The key as written in the yaml.
llvm::StringRef keyName(EntryKey K);

/// Split \p Text, which starts at offset \p Offset of a scalar located at
/// \p Loc, at ", " (torchgen's list separator); each part comes with where it
/// is in the source.
llvm::SmallVector<std::pair<llvm::StringRef, TextLocation>, 4>
splitList(llvm::StringRef Text, const TextLocation &Loc, size_t Offset = 0);

/// Whether \p F has a kernel for \p K (read or implied so far).
inline bool hasKernelFor(const NativeFunction &F, DispatchKey K) {
  return llvm::any_of(F.Dispatch, [&](const auto &P) { return P.first == K; });
}

/// Which of the tags the reader adds on its own tags.yaml declares; looked
/// up once per file rather than once per entry.
struct ImpliedTags {
  bool Pt2Compliant = false, Out = false, Inplace = false,
       NondeterministicSeeded = false;
  explicit ImpliedTags(const std::set<std::string> &ValidTags)
      : Pt2Compliant(ValidTags.count("pt2_compliant_tag")),
        Out(ValidTags.count("out")), Inplace(ValidTags.count("inplace")),
        NondeterministicSeeded(ValidTags.count("nondeterministic_seeded")) {}
};

/// An entry's `tags:` list as torchgen sees it. PyYAML builds one list for
/// an anchor and all its aliases, and torchgen appends the tags it adds on
/// its own (pt2_compliant_tag, out, inplace) to the list it read, so the
/// entries sharing one list get each other's (SharedTagLists.cpp).
struct TagListUse {
  /// Where the list is, when `tags:` is a list: an alias's copy keeps the
  /// anchored list's place, so entries sharing a list share this.
  llvm::SMLoc List;
  /// Where the entry names it: its `tags` key.
  llvm::SMLoc Key;
  /// The tags torchgen appends to the list for this entry.
  llvm::SmallVector<std::string, 3> Added;
};

class EntryReader {
public:
  EntryReader(Context &Ctx, const std::set<std::string> &ValidTags,
              const ImpliedTags &Implied, llvm::StringRef File,
              TorchRelease Release,
              llvm::ArrayRef<DispatchKey> IgnoredKeys = {})
      : Ctx(Ctx), D(Ctx.getDiags()), ValidTags(ValidTags), Implied(Implied),
        File(File), Release(Release), IgnoredKeys(IgnoredKeys) {}

  /// Read entry \p E, which starts on line \p Line, into \p F, which must
  /// be default-constructed; false if the entry had errors. (Filling the
  /// caller's function saves moving it, field by field, twice.)
  bool read(const YamlValue &E, unsigned Line, NativeFunction &F);
  /// The operator's name, if the schema parsed, even when read() failed.
  const std::optional<OperatorName> &getName() const { return Name; }
  /// The value of \p Key in the entry read, or null.
  const YamlValue *field(EntryKey Key) const { return Fields[unsigned(Key)]; }
  /// The entry's `tags:` list, as readTags found it.
  TagListUse &getTagListUse() { return Tags; }

private:
  void error(llvm::SMLoc L, const llvm::Twine &Msg) {
    D.error(L, Msg);
    Failed = true;
  }
  /// Input torchgen accepts, and writes valid files for, but which is
  /// almost surely a mistake: read as torchgen reads it.
  void warning(llvm::SMLoc L, const llvm::Twine &Msg) { D.warning(L, Msg); }
  void note(llvm::SMLoc L, const llvm::Twine &Msg) { D.note(L, Msg); }
  /// Fill Fields and Keys from \p E, reporting unknown keys.
  void indexFields(const YamlValue &E);
  /// Whether the entry is tagged `generated` (printed by variant synthesis).
  bool isGenerated() const;
  /// A boolean field; absent means \p Default.
  bool getBool(const YamlValue &E, EntryKey Key, bool Default);
  /// An optional string field; absent or null gives nothing.
  std::optional<std::string> getOptString(EntryKey Key);
  llvm::SMLoc keyLoc(const YamlValue &E, EntryKey Key) {
    const YamlScalar *K = Keys[unsigned(Key)];
    return K ? K->Loc.Start : E.Loc;
  }
  /// Where to report a bad value of \p Key. An empty value has no text: the
  /// YAML parser places it at the next token, often on a later line, so
  /// point at the key instead.
  llvm::SMLoc valueLoc(const YamlValue &E, EntryKey Key) {
    const YamlValue *V = field(Key);
    return V && V->Kind != YamlKind::Null ? V->Loc : keyLoc(E, Key);
  }

  // The fields, in the order read() reads them.
  bool readFunc(const YamlValue &E, NativeFunction &F);
  void readCppNoDefaultArgs(const YamlValue &E, NativeFunction &F);
  void readVariants(const YamlValue &E, NativeFunction &F);
  void readDeviceCheck(NativeFunction &F);
  void readTags(const YamlValue &E, NativeFunction &F, bool HaveSchema);
  void readAutogen(const YamlValue &E, NativeFunction &F);

  // StructuredFields.cpp.
  void readStructuredDelegate(NativeFunction &F);
  void readStructuredInherits(NativeFunction &F);
  void readPrecomputed(const YamlValue &V, NativeFunction &F);
  /// Warn of the `precomputed` lines that name no input of \p F.
  void warnDroppedReplacements(const NativeFunction &F);

  // DispatchFields.cpp.
  void readDispatch(const YamlValue &E, NativeFunction &F, bool HaveSchema);
  void readDispatchTable(const YamlValue &V, NativeFunction &F,
                         llvm::StringRef CppName, bool &Redundant,
                         unsigned &NumKeys);
  /// What the kernels imply: is_abstract and the composite flags.
  void deriveFromKernels(const YamlValue &E, NativeFunction &F);

  // UfuncFields.cpp.
  void readUfuncField(const YamlValue &E, NativeFunction &F, bool HaveSchema);
  void readUfunc(const YamlValue &V, NativeFunction &F);
  void checkUfuncFunctors(const NativeFunction &F, const YamlValue &E);

  /// False (with an error) when \p Ty's base type is not in the release.
  bool checkTypeInRelease(Type Ty, llvm::SMLoc L);
  void checkInvariants(NativeFunction &F, const YamlValue &E);

  Context &Ctx;
  DiagnosticEngine &D;
  const std::set<std::string> &ValidTags;
  const ImpliedTags &Implied;
  llvm::StringRef File;
  TorchRelease Release;
  llvm::ArrayRef<DispatchKey> IgnoredKeys;
  bool Failed = false;
  std::optional<OperatorName> Name;
  /// The entry's fields and their keys by key, as indexFields found them.
  const YamlValue *Fields[unsigned(EntryKey::NumKeys)] = {};
  const YamlScalar *Keys[unsigned(EntryKey::NumKeys)] = {};
  TagListUse Tags;
};

/// An entry's place in a group or view group, as printed IR records it:
/// `__group__: "3 out"` is the out= member of group 3.
struct GroupRef {
  unsigned Index = 0;
  std::string Role;
  llvm::SMLoc Loc;
};

/// What printed IR adds to an entry besides the entry itself.
struct PrintedResults {
  std::optional<GroupRef> Group, ViewGroup;
};

/// Read printed IR's `__group__`, `__view_group__` and `__names__` from the
/// entry \p Reader read into \p F (PrintedIR.cpp). Clears \p Ok on errors;
/// the names are set only while it is true.
void readPrintedExtensions(Context &Ctx, const EntryReader &Reader,
                           NativeFunction &F, PrintedResults &Printed,
                           bool &Ok);

/// Read entry \p E, which starts on line \p Line, into \p Out; false (with
/// \p FailedName set when the schema parsed) if the entry had errors.
bool readEntry(Context &Ctx, const YamlValue &E, unsigned Line, const Module &M,
               const ImpliedTags &Implied, llvm::StringRef File,
               TorchRelease Release, NativeFunction &Out,
               std::optional<OperatorName> &FailedName, PrintedResults &Printed,
               TagListUse &Tags);

} // namespace opgen::nativeyaml

#endif // OPGEN_LIB_PARSE_ENTRYREADER_H
