//===- CrossEntryChecks.cpp - Checks across native function entries -------===//
//
// What torchgen's error_check_native_functions checks once every entry is
// read (inplace_view operators have an out-of-place view), plus duplicate
// operators, which torchgen only notices when two entries share a dispatch
// key. Its structured_delegate checks are the IR verifier's
// (StructuredVerifier.cpp), which the front end runs after reading.
//
//===----------------------------------------------------------------------===//

#include "NativeYamlStages.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/raw_ostream.h"

using namespace opgen;
using namespace opgen::nativeyaml;
using namespace llvm;

namespace {

/// Functions by the text of their name. Hashing text saves ordering
/// OperatorName structs; the arena saves a heap node per name.
class NameTable {
public:
  explicit NameTable(size_t Size) { Map.reserve(Size); }
  /// Add \p F under \p Key unless the key is taken. Returns the kept key
  /// and the function under it (\p F when the key was new).
  std::pair<StringRef, const NativeFunction *> insert(StringRef Key,
                                                      const NativeFunction *F) {
    auto It = Map.find(Key);
    if (It == Map.end())
      It = Map.try_emplace(Key.copy(Arena), F).first;
    return {It->first, It->second};
  }

private:
  BumpPtrAllocator Arena;
  DenseMap<StringRef, const NativeFunction *> Map;
};

class CrossEntryChecker {
public:
  CrossEntryChecker(DiagnosticEngine &D, const std::vector<NativeFunction> &Fns,
                    const std::set<OperatorName> &FailedNames)
      : D(D), Fns(Fns), FailedNames(FailedNames), ByQualifiedName(Fns.size()) {
    Names.reserve(Fns.size());
  }

  void run() {
    for (const NativeFunction &F : Fns)
      addName(F);
    for (size_t I = 0; I < Fns.size(); ++I)
      checkInplaceView(Fns[I], Names[I]);
  }

private:
  /// Record \p F's name, reporting a duplicate operator.
  void addName(const NativeFunction &F);
  /// An inplace_view operator must be inplace and have an out-of-place view.
  void checkInplaceView(const NativeFunction &F, StringRef Name);
  bool hasBaseName(const BaseOperatorName &B);

  DiagnosticEngine &D;
  const std::vector<NativeFunction> &Fns;
  const std::set<OperatorName> &FailedNames;
  /// Functions by `namespace::name`. One table: the unqualified name is
  /// the kept key's tail (a second table of plain names cost about 1.5 M
  /// instructions, on one thread).
  NameTable ByQualifiedName;
  /// Each function's name, the tail of its key in ByQualifiedName.
  std::vector<StringRef> Names;
  /// Built on first use: only inplace_view operators, which are few, need it.
  StringSet<> BaseNames;
  SmallString<128> NameBuf;
};

} // namespace

void CrossEntryChecker::addName(const NativeFunction &F) {
  // Operators are registered per namespace, so `aten::f` and `custom::f`
  // are two operators (torchgen objects only when they share a dispatch
  // key, which the backend-index pass checks).
  NameBuf.clear();
  raw_svector_ostream OS(NameBuf);
  OS << F.Namespace << "::";
  F.Func.Name.print(OS);
  auto [Key, First] = ByQualifiedName.insert(NameBuf, &F);
  Names.push_back(Key.drop_front(F.Namespace.size() + 2));
  if (First == &F)
    return;
  D.error(F.FuncLoc, "duplicate operator `" +
                         (F.Namespace == "aten" ? Names.back() : Key) + "`");
  D.note(First->FuncLoc, "previously declared here");
}

void CrossEntryChecker::checkInplaceView(const NativeFunction &F,
                                         StringRef Name) {
  if (!F.Tags.count("inplace_view") || Name == "resize_" ||
      Name == "resize_as_" || F.Func.Name.Name.str() == "set_")
    return;
  const BaseOperatorName &B = F.Func.Name.Name;
  if (!B.Inplace) {
    D.error(F.FuncLoc, "`" + Name +
                           "` has the inplace_view tag, but its name "
                           "does not end in `_` as inplace operators' do");
    return;
  }
  BaseOperatorName OutOfPlace{B.Base, false, B.DunderMethod, false};
  if (!hasBaseName(OutOfPlace))
    D.error(F.FuncLoc, "`" + Name +
                           "` has the inplace_view tag, but there is no "
                           "out-of-place view operator `" +
                           OutOfPlace.str() + "`");
}

bool CrossEntryChecker::hasBaseName(const BaseOperatorName &B) {
  if (BaseNames.empty()) {
    for (const NativeFunction &F : Fns)
      BaseNames.insert(F.Func.Name.Name.str());
    for (const OperatorName &N : FailedNames)
      BaseNames.insert(N.Name.str());
  }
  return BaseNames.count(B.str()) != 0;
}

void nativeyaml::checkAcrossEntries(Context &Ctx,
                                    const std::vector<NativeFunction> &Fns,
                                    const std::set<OperatorName> &FailedNames) {
  CrossEntryChecker(Ctx.getDiags(), Fns, FailedNames).run();
}
