//===- DeprecatedYamlReader.h - Read deprecated.yaml ------------*- C++ -*-===//
//
// tools/autograd/deprecated.yaml (torchgen/packaged/autograd in the
// package) lists the Python signatures kept for old code, each with the
// ATen call it makes:
//
//   - name: addbmm(Scalar beta, Tensor self, Tensor batch1, Tensor batch2,
//                  *, Tensor(a!) out) -> Tensor(a!)      (one line)
//     aten: addbmm_out(out, self, batch1, batch2, beta, 1)
//
// The reader checks what torchgen's load_deprecated_signatures checks as it
// reads (with torchgen's YamlLoader: no duplicate keys, no merge keys),
// reporting every problem at its key or value.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_PARSE_DEPRECATEDYAMLREADER_H
#define OPGEN_PARSE_DEPRECATEDYAMLREADER_H

#include "opgen/IR/Context.h"
#include "opgen/IR/Deprecated.h"
#include "opgen/Support/LogicalResult.h"

namespace opgen {

/// Read the deprecated.yaml in buffer \p BufferID into \p Out, reporting
/// every problem; entries with problems are left out.
LogicalResult readDeprecatedYaml(Context &Ctx, unsigned BufferID,
                                 DeprecatedFile &Out);

} // namespace opgen

#endif // OPGEN_PARSE_DEPRECATEDYAMLREADER_H
