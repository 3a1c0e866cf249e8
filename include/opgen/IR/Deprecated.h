//===- Deprecated.h - deprecated.yaml as read -------------------*- C++ -*-===//
//
// The Python bindings' deprecated signatures (tools/autograd/deprecated.yaml):
// each is a schema Python still accepts and the ATen call it forwards to,
// its arguments named after the schema's (or the constant `1`):
//
//   - name: add(Tensor self, Scalar alpha, Tensor other) -> Tensor
//     aten: add(self, other, alpha)
//
// torchgen's load_deprecated_signatures parses the schema, splits the call
// into its name and arguments, and strips `_out` from an out= call's name;
// matching the call to a native function is the Python bindings' work.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_IR_DEPRECATED_H
#define OPGEN_IR_DEPRECATED_H

#include "opgen/IR/FunctionSchema.h"

#include "llvm/Support/SMLoc.h"

#include <string>
#include <vector>

namespace opgen {

/// An argument of the `aten:` call: a schema argument's name, or `1`.
struct DeprecatedCallArg {
  std::string Name;
  llvm::SMLoc Loc;

  /// torchgen's known_constants: `1`, passed as a Scalar.
  bool isConstant() const { return Name == "1"; }
  bool operator==(const DeprecatedCallArg &O) const { return Name == O.Name; }
};

/// One entry of deprecated.yaml.
struct DeprecatedSignature {
  /// The `name:` schema, as written (it must print back the same).
  FunctionSchema Schema;
  llvm::SMLoc SchemaLoc;
  /// The called function's name, `_out` taken out of an out= call's name
  /// (everywhere in it, as Python's str.replace does).
  std::string AtenName;
  llvm::SMLoc AtenLoc;
  std::vector<DeprecatedCallArg> CallArgs;
  /// Whether the call's name ended in `_out`: the call then passes the out
  /// arguments first.
  bool IsOut = false;
  /// The entry (its `-`).
  llvm::SMLoc Loc;

  bool operator==(const DeprecatedSignature &O) const {
    return Schema == O.Schema && AtenName == O.AtenName &&
           CallArgs == O.CallArgs && IsOut == O.IsOut;
  }
};

/// A deprecated.yaml.
struct DeprecatedFile {
  /// The path as given.
  std::string Path;
  std::vector<DeprecatedSignature> Signatures;

  bool operator==(const DeprecatedFile &O) const {
    return Signatures == O.Signatures;
  }
};

} // namespace opgen

#endif // OPGEN_IR_DEPRECATED_H
