//===- DiagnosticVerifier.h - Check expected-error comments -----*- C++ -*-===//
//
// The --verify-diagnostics mode of opgen-opt, after mlir-opt's. A test input
// carries comments that state which diagnostics it must produce:
//
//   # expected-error@+1 {{unknown type `Dimnam`}}
//   - func: foo(Dimnam x) -> Tensor
//   # expected-error@+1:23 {{...}}     (also checks the 1-based column)
//
// Targets are `@+N`, `@-N`, `@N` (an absolute line), `@above`, `@below`, or
// none (the comment's own line). Kinds are error, warning and note. The
// message in braces must occur in the diagnostic's text. Every diagnostic must
// be expected and every expectation met; LLVM 14 lacks
// SourceMgrDiagnosticVerifier, hence this small one.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_SUPPORT_DIAGNOSTICVERIFIER_H
#define OPGEN_SUPPORT_DIAGNOSTICVERIFIER_H

#include "opgen/Support/Diagnostics.h"
#include "opgen/Support/LogicalResult.h"

#include <string>
#include <vector>

namespace opgen {

class DiagnosticVerifier {
public:
  /// Installs itself as \p Diags' handler.
  explicit DiagnosticVerifier(DiagnosticEngine &Diags);

  /// Collect the expectations written in buffer \p BufferID. Malformed
  /// expectation comments are reported as errors right away.
  void addExpectations(unsigned BufferID);

  /// Match what was reported against what was expected; print each mismatch
  /// to \p OS. Fails when any diagnostic was unexpected or missing.
  LogicalResult verify(llvm::raw_ostream &OS);

private:
  struct Expected {
    llvm::SourceMgr::DiagKind Kind;
    std::string File;
    unsigned Line;
    unsigned Column; // 1-based; 0 means any column.
    std::string Text;
    llvm::SMLoc CommentLoc;
    bool Matched = false;
  };
  DiagnosticEngine &Diags;
  std::vector<Expected> Expectations;
  std::vector<llvm::SMDiagnostic> Seen;
  std::vector<std::pair<llvm::SMLoc, std::string>> Malformed;
};

} // namespace opgen

#endif // OPGEN_SUPPORT_DIAGNOSTICVERIFIER_H
