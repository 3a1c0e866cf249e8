//===- LogicalResult.h - Success or failure of a step -----------*- C++ -*-===//
//
// LLVM 14 has no llvm::LogicalResult, so opgen carries its own: a step that
// already reported its problems through the DiagnosticEngine returns only
// whether it succeeded.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_SUPPORT_LOGICALRESULT_H
#define OPGEN_SUPPORT_LOGICALRESULT_H

namespace opgen {

/// The outcome of a step whose errors were already reported.
class [[nodiscard]] LogicalResult {
public:
  static LogicalResult success(bool IsSuccess = true) {
    return LogicalResult(IsSuccess);
  }
  static LogicalResult failure(bool IsFailure = true) {
    return LogicalResult(!IsFailure);
  }
  bool succeeded() const { return Ok; }
  bool failed() const { return !Ok; }

private:
  explicit LogicalResult(bool Ok) : Ok(Ok) {}
  bool Ok;
};

inline LogicalResult success(bool IsSuccess = true) {
  return LogicalResult::success(IsSuccess);
}
inline LogicalResult failure(bool IsFailure = true) {
  return LogicalResult::failure(IsFailure);
}
inline bool succeeded(LogicalResult R) { return R.succeeded(); }
inline bool failed(LogicalResult R) { return R.failed(); }

} // namespace opgen

#endif // OPGEN_SUPPORT_LOGICALRESULT_H
