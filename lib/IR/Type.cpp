//===- Type.cpp - Schema types --------------------------------------------===//

#include "opgen/IR/Type.h"

#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <iterator>

using namespace opgen;
using namespace llvm;

static const StringRef BaseTySpellings[] = {
#define BASE_TYPE(Enumerator, Spelling) Spelling,
#include "opgen/IR/BaseTypes.def"
};

StringRef opgen::toString(BaseTy T) {
  return BaseTySpellings[static_cast<unsigned>(T)];
}

namespace {
/// The spellings chained by first letter: every argument's type is parsed,
/// and walking only the few spellings with its first letter saves most of
/// a scan over all of them.
struct SpellingChains {
  static constexpr unsigned N = std::size(BaseTySpellings);
  /// The first spelling of each first byte, then the next of the same
  /// byte; N ends a chain.
  unsigned First[256];
  unsigned Next[N];
  SpellingChains() {
    std::fill(std::begin(First), std::end(First), N);
    for (unsigned I = N; I-- > 0;) {
      unsigned char C = BaseTySpellings[I].front();
      Next[I] = First[C];
      First[C] = I;
    }
  }
};
} // namespace

std::optional<BaseTy> opgen::parseBaseTy(StringRef Spelling) {
  if (Spelling.empty())
    return std::nullopt;
  static const SpellingChains Chains;
  for (unsigned I = Chains.First[static_cast<unsigned char>(Spelling.front())];
       I != SpellingChains::N; I = Chains.Next[I])
    if (BaseTySpellings[I] == Spelling)
      return static_cast<BaseTy>(I);
  return std::nullopt;
}

Type::Kind Type::getKind() const { return Impl->K; }
BaseTy Type::getBaseTy() const { return Impl->B; }
Type Type::getElementType() const { return Impl->Elem; }
std::optional<uint64_t> Type::getSize() const { return Impl->Size; }
StringRef Type::getClassName() const { return Impl->ClassName; }

bool Type::isBaseTyLike(BaseTy T) const {
  switch (getKind()) {
  case Base:
    return getBaseTy() == T;
  case Optional:
  case List:
    return getElementType().isBaseTyLike(T);
  case CustomClass:
    return false;
  }
  return false;
}

bool Type::isNullable() const {
  switch (getKind()) {
  case Optional:
    return true;
  case List:
    return getElementType().isNullable();
  default:
    return false;
  }
}

Type Type::getListLike() const {
  switch (getKind()) {
  case List:
    return *this;
  case Optional:
    return getElementType().getListLike();
  default:
    return Type();
  }
}

void Type::print(raw_ostream &OS) const {
  switch (getKind()) {
  case Base:
    OS << toString(getBaseTy());
    return;
  case Optional:
    getElementType().print(OS);
    OS << '?';
    return;
  case List:
    getElementType().print(OS);
    OS << '[';
    if (getSize() && *getSize() != 0)
      OS << *getSize();
    OS << ']';
    return;
  case CustomClass:
    OS << "__torch__.torch.classes." << getClassName();
    return;
  }
}

std::string Type::str() const {
  std::string S;
  raw_string_ostream OS(S);
  print(OS);
  return S;
}
