//===- Context.cpp - Owner of buffers, diagnostics and types --------------===//

#include "opgen/IR/Context.h"

#include "llvm/Support/raw_ostream.h"

using namespace opgen;
using namespace llvm;

Context::Context() : Context(errs()) {}
Context::Context(raw_ostream &DiagOS) : Diags(SrcMgr, DiagOS) {
  // Messages the SourceMgr prints on its own (the YAML parser's) go through
  // the engine too, so they are counted and can be verified.
  SrcMgr.setDiagHandler(
      [](const SMDiagnostic &D, void *Engine) {
        static_cast<DiagnosticEngine *>(Engine)->emit(D);
      },
      &Diags);
  for (unsigned I = 0; I < NumBaseTypes; ++I) {
    detail::TypeStorage S;
    S.K = Type::Base;
    S.B = static_cast<BaseTy>(I);
    BaseTypes[I] = unique(std::move(S));
  }
  // The shapes schemas use, prebuilt so that threads find them without a
  // lock: T?, T[], T[N] for small N, T[]?, T?[].
  for (Type B : BaseTypes) {
    Type Opt = getDerived(Type::Optional, B, std::nullopt);
    Type List = getDerived(Type::List, B, std::nullopt);
    getDerived(Type::Optional, List, std::nullopt);
    getDerived(Type::List, Opt, std::nullopt);
    for (uint64_t N = 1; N <= 6; ++N)
      getDerived(Type::Optional, getDerived(Type::List, B, N), std::nullopt);
  }
  Prebuilt = std::move(Derived);
  Derived.clear();
}
Context::~Context() = default;

Type Context::unique(detail::TypeStorage S) {
  TypeKey Key{S.K, static_cast<int>(S.B), S.Elem.getImpl(), S.Size,
              S.ClassName};
  auto It = Types.find(Key);
  if (It != Types.end())
    return Type(It->second.get());
  auto Stored = std::make_unique<detail::TypeStorage>(std::move(S));
  Type T(Stored.get());
  Types.emplace(std::move(Key), std::move(Stored));
  return T;
}

Type Context::getBaseType(BaseTy T) {
  return BaseTypes[static_cast<unsigned>(T)];
}

// Optionals and lists share one key space: an optional's key has no size;
// a list's has 0 for "no size" and N + 1 for size N.
static std::optional<uint64_t> derivedCode(Type::Kind K,
                                           std::optional<uint64_t> Size) {
  if (K == Type::Optional)
    return std::nullopt;
  return Size ? *Size + 1 : 0;
}

Type Context::getDerived(Type::Kind K, Type Elem,
                         std::optional<uint64_t> Size) {
  std::optional<uint64_t> Code = derivedCode(K, Size);
  DerivedKey Key{Elem.getImpl(), Code};
  auto Pre = Prebuilt.find(Key);
  if (Pre != Prebuilt.end())
    return Pre->second;
  std::lock_guard<std::mutex> Lock(TypesMutex);
  // A size of 2^64 - 1 has no code; such a list is uniqued the slow way.
  if (Size && *Size == UINT64_MAX) {
    detail::TypeStorage S;
    S.K = K;
    S.Elem = Elem;
    S.Size = Size;
    return unique(std::move(S));
  }
  Type &Cached = Derived[Key];
  if (!Cached) {
    detail::TypeStorage S;
    S.K = K;
    S.Elem = Elem;
    S.Size = Size;
    Cached = unique(std::move(S));
  }
  return Cached;
}

Type Context::getOptionalType(Type Elem) {
  return getDerived(Type::Optional, Elem, std::nullopt);
}

Type Context::getListType(Type Elem, std::optional<uint64_t> Size) {
  return getDerived(Type::List, Elem, Size);
}

Type Context::getCustomClassType(StringRef ClassName) {
  std::lock_guard<std::mutex> Lock(TypesMutex);
  detail::TypeStorage S;
  S.K = Type::CustomClass;
  S.ClassName = ClassName.str();
  return unique(std::move(S));
}
