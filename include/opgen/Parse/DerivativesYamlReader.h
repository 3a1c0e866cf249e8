//===- DerivativesYamlReader.h - Read derivatives.yaml ----------*- C++ -*-===//
//
// tools/autograd/derivatives.yaml (torchgen/packaged/autograd in the
// package) is a list of entries, each a schema and its formulas, with or
// without per-key tables:
//
//   - name: abs(Tensor self) -> Tensor
//     self: grad * self.sgn()
//     result: handle_r_to_c(result.scalar_type(), self_t.conj() * self_p.sgn())
//
//   - name: _to_copy(Tensor self, *, ScalarType? dtype=None, ...) -> Tensor
//     output_differentiability: [True]
//     dispatch:
//       Default:
//         self: _to_copy_backward(grad, self.options())
//       AutogradNestedTensor:
//         self: grad.to(self.options())
//
// The reader checks the file's shape as torchgen's load_derivatives takes
// it (torchgen's YamlLoader: no duplicate keys, no merge keys), reporting
// every problem at its key or value; what the formulas mean is checked when
// they are matched to functions (AutogradApi/LoadDerivatives.h).
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_PARSE_DERIVATIVESYAMLREADER_H
#define OPGEN_PARSE_DERIVATIVESYAMLREADER_H

#include "opgen/IR/Context.h"
#include "opgen/IR/Derivatives.h"
#include "opgen/Parse/YamlSupport.h"
#include "opgen/Support/LogicalResult.h"

namespace opgen {

/// Read the derivatives.yaml in buffer \p BufferID into \p Out, reporting
/// every problem; \p Reading says how its YAML is read (FastYaml.h).
LogicalResult readDerivativesYaml(Context &Ctx, unsigned BufferID,
                                  DerivativesFile &Out,
                                  YamlReading Reading = YamlReading::Fast);

/// Whether derivatives.yaml may name dispatch key \p Key: `Default`, or one
/// of torchgen's AUTOGRAD_KEYS (`AutogradNestedTensor`, `Autograd` and a
/// backend component: `AutogradCPU`, `AutogradCUDA`, ...).
bool isDerivativesDispatchKey(llvm::StringRef Key);

} // namespace opgen

#endif // OPGEN_PARSE_DERIVATIVESYAMLREADER_H
