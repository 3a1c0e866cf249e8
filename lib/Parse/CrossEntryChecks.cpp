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

#include "opgen/Support/Parallel.h"
#include "opgen/Support/StringStream.h"

#include "llvm/ADT/CachedHashString.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

using namespace opgen;
using namespace opgen::nativeyaml;
using namespace llvm;

namespace {

/// Texts, one per item, and their hashes, made on threads: printing and
/// hashing the names was most of these checks' cost on one thread; what
/// stays serial only probes a table.
struct HashedTexts {
  std::vector<std::string> Texts;
  std::vector<unsigned> Hashes;

  template <typename PrintFn>
  HashedTexts(ThreadPool &Pool, size_t N, unsigned Threads, PrintFn Print)
      : Texts(N), Hashes(N) {
    Pool.parallelFor(Threads, N, [&](size_t I) {
      BufferedStringStream OS(Texts[I]);
      Print(I, OS);
      OS.flush();
      Hashes[I] = CachedHashStringRef(Texts[I]).hash();
    });
  }
  CachedHashStringRef operator[](size_t I) const {
    return CachedHashStringRef(Texts[I], Hashes[I]);
  }
};

class CrossEntryChecker {
public:
  CrossEntryChecker(Context &Ctx, const std::vector<NativeFunction> &Fns,
                    const std::set<OperatorName> &FailedNames, unsigned Threads)
      : D(Ctx.getDiags()), Pool(Ctx.getThreadPool()), Fns(Fns),
        FailedNames(FailedNames), Threads(Threads),
        QualifiedNames(Pool, Fns.size(), Threads,
                       [&](size_t I, raw_ostream &OS) {
                         OS << Fns[I].Namespace << "::";
                         Fns[I].Func.Name.print(OS);
                       }),
        InplaceViews(Fns.size()) {
    Pool.parallelFor(Threads, Fns.size(), [&](size_t I) {
      InplaceViews[I] = Fns[I].Tags.count("inplace_view") != 0;
    });
  }

  void run() {
    ByQualifiedName.reserve(Fns.size());
    for (size_t I = 0; I < Fns.size(); ++I)
      addName(I);
    for (size_t I = 0; I < Fns.size(); ++I)
      if (InplaceViews[I])
        checkInplaceView(Fns[I], name(I));
  }

private:
  /// Record function \p I's name, reporting a duplicate operator.
  void addName(size_t I);
  /// An inplace_view operator must be inplace and have an out-of-place view.
  void checkInplaceView(const NativeFunction &F, StringRef Name);
  bool hasBaseName(const BaseOperatorName &B);
  /// Function \p I's name without its namespace.
  StringRef name(size_t I) const {
    return StringRef(QualifiedNames.Texts[I])
        .drop_front(Fns[I].Namespace.size() + 2);
  }

  DiagnosticEngine &D;
  ThreadPool &Pool;
  const std::vector<NativeFunction> &Fns;
  const std::set<OperatorName> &FailedNames;
  unsigned Threads;
  /// Each function's `namespace::name`. Operators are registered per
  /// namespace, so `aten::f` and `custom::f` are two operators (torchgen
  /// objects only when they share a dispatch key, which the backend-index
  /// pass checks).
  HashedTexts QualifiedNames;
  /// Which functions have the inplace_view tag.
  std::vector<char> InplaceViews;
  /// The first function of each qualified name.
  DenseMap<CachedHashStringRef, size_t> ByQualifiedName;
  /// Built on first use: only inplace_view operators, which are few, need
  /// it. The keys point into BaseNameTexts.
  std::optional<HashedTexts> BaseNameTexts;
  DenseSet<CachedHashStringRef> BaseNames;
};

} // namespace

void CrossEntryChecker::addName(size_t I) {
  auto [It, New] = ByQualifiedName.try_emplace(QualifiedNames[I], I);
  if (New)
    return;
  const NativeFunction &F = Fns[I];
  D.error(F.FuncLoc,
          "duplicate operator `" +
              (F.Namespace == "aten" ? name(I)
                                     : StringRef(QualifiedNames.Texts[I])) +
              "`");
  D.note(Fns[It->second].FuncLoc, "previously declared here");
}

void CrossEntryChecker::checkInplaceView(const NativeFunction &F,
                                         StringRef Name) {
  if (Name == "resize_" || Name == "resize_as_" ||
      F.Func.Name.Name.str() == "set_")
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
  if (!BaseNameTexts) {
    std::vector<const BaseOperatorName *> All;
    All.reserve(Fns.size() + FailedNames.size());
    for (const NativeFunction &F : Fns)
      All.push_back(&F.Func.Name.Name);
    for (const OperatorName &N : FailedNames)
      All.push_back(&N.Name);
    BaseNameTexts.emplace(
        Pool, All.size(), Threads,
        [&](size_t I, raw_ostream &OS) { All[I]->print(OS); });
    BaseNames.reserve(All.size());
    for (size_t I = 0; I < All.size(); ++I)
      BaseNames.insert((*BaseNameTexts)[I]);
  }
  return BaseNames.contains(CachedHashStringRef(B.str()));
}

void nativeyaml::checkAcrossEntries(Context &Ctx,
                                    const std::vector<NativeFunction> &Fns,
                                    const std::set<OperatorName> &FailedNames,
                                    unsigned Threads) {
  CrossEntryChecker(Ctx, Fns, FailedNames, Threads).run();
}
