//===- Context.h - Owner of buffers, diagnostics and types ------*- C++ -*-===//
//
// All state that outlives a single call lives in a Context: the source
// buffers (so diagnostics can point into them), the diagnostic engine, and
// the uniqued types. There is no global state, so several Contexts can be
// used in one process, one after the other or side by side.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_IR_CONTEXT_H
#define OPGEN_IR_CONTEXT_H

#include "opgen/IR/Type.h"
#include "opgen/Support/Diagnostics.h"
#include "opgen/Support/Parallel.h"

#include "llvm/Support/SourceMgr.h"

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <tuple>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace opgen {

class Context {
public:
  /// Diagnostics print to \p DiagOS (standard error by default).
  Context();
  explicit Context(llvm::raw_ostream &DiagOS);
  Context(const Context &) = delete;
  Context &operator=(const Context &) = delete;
  ~Context();

  llvm::SourceMgr &getSourceMgr() { return SrcMgr; }
  DiagnosticEngine &getDiags() { return Diags; }
  /// The threads this Context's parallel loops run on.
  ThreadPool &getThreadPool() { return Pool; }

  /// Type getters may be called from several threads at once.
  Type getBaseType(BaseTy T);
  Type getOptionalType(Type Elem);
  Type getListType(Type Elem, std::optional<uint64_t> Size);
  Type getCustomClassType(llvm::StringRef ClassName);

private:
  Type unique(detail::TypeStorage S);

  llvm::SourceMgr SrcMgr;
  DiagnosticEngine Diags;
  using TypeKey =
      std::tuple<int, int, const void *, std::optional<uint64_t>, std::string>;
  std::map<TypeKey, std::unique_ptr<detail::TypeStorage>> Types;
  /// Guards the type tables; base types are made up front and need no lock.
  std::mutex TypesMutex;
  Type BaseTypes[NumBaseTypes];
  using DerivedKey = std::pair<const void *, std::optional<uint64_t>>;
  /// Optionals and lists of base types (and their optionals), made up front
  /// and never changed, so the common lookups take no lock.
  std::map<DerivedKey, Type> Prebuilt;
  /// Everything else, under TypesMutex.
  std::map<DerivedKey, Type> Derived;
  Type getDerived(Type::Kind K, Type Elem, std::optional<uint64_t> Size);
  /// Last, so its workers stop before anything else goes.
  ThreadPool Pool;
};

} // namespace opgen

#endif // OPGEN_IR_CONTEXT_H
