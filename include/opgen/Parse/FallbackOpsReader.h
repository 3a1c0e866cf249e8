//===- FallbackOpsReader.h - Read torchgen's aoti/fallback_ops.py -*- C++
//-*-===//
//
// torchgen imports aoti/fallback_ops.py, a Python module holding two dict
// literals:
//
//   inductor_fallback_ops: dict[str, ...] = {
//       "aten._fft_c2c.default": {},
//       "aten._flash_attention_forward.default": {
//           "v2": {"new_args": ["block_table"], "since":
//           "TORCH_VERSION_2_12_0"},
//       },
//   }
//   aten_shimified_ops: dict[str, ...] = {"aten.pad.default": {}}
//
// opgen does not run Python: this reader takes exactly that shape
// (comments, annotated assignments, dicts with string keys, lists of
// strings, strings) and reports anything else at its place.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_PARSE_FALLBACKOPSREADER_H
#define OPGEN_PARSE_FALLBACKOPSREADER_H

#include "opgen/IR/AotiFallbackOps.h"
#include "opgen/IR/Context.h"
#include "opgen/Support/LogicalResult.h"

namespace opgen {

/// Read the fallback_ops.py in buffer \p BufferID into \p Out, reporting
/// every problem.
LogicalResult readAotiFallbackOps(Context &Ctx, unsigned BufferID,
                                  AotiFallbackOps &Out);

} // namespace opgen

#endif // OPGEN_PARSE_FALLBACKOPSREADER_H
