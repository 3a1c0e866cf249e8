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
    detail::TypeStorage S{Type::Base};
    S.B = static_cast<BaseTy>(I);
    BaseTypes[I] = unique(std::move(S));
  }
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

Type Context::getOptionalType(Type Elem) {
  std::lock_guard<std::mutex> Lock(TypesMutex);
  // Optionals and lists share one cache; an optional has no size, and the
  // key's second part tells them apart (lists use Size + 1 below).
  Type &Cached = Derived[{Elem.getImpl(), std::nullopt}];
  if (!Cached) {
    detail::TypeStorage S{Type::Optional};
    S.Elem = Elem;
    Cached = unique(std::move(S));
  }
  return Cached;
}

Type Context::getListType(Type Elem, std::optional<uint64_t> Size) {
  std::lock_guard<std::mutex> Lock(TypesMutex);
  // Encode "no size" as 0 and size N as N + 1, apart from the optional key.
  uint64_t Code = Size ? *Size + 1 : 0;
  if (Size && *Size == UINT64_MAX) {
    detail::TypeStorage S{Type::List};
    S.Elem = Elem;
    S.Size = Size;
    return unique(std::move(S));
  }
  Type &Cached = Derived[{Elem.getImpl(), Code}];
  if (!Cached) {
    detail::TypeStorage S{Type::List};
    S.Elem = Elem;
    S.Size = Size;
    Cached = unique(std::move(S));
  }
  return Cached;
}

Type Context::getCustomClassType(StringRef ClassName) {
  std::lock_guard<std::mutex> Lock(TypesMutex);
  detail::TypeStorage S{Type::CustomClass};
  S.ClassName = ClassName.str();
  return unique(std::move(S));
}
