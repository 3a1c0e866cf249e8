//===- SelectionReader.h - Read a selective build's operators ---*- C++ -*-===//
//
// A selective (custom) build names its operators in one of two ways, as
// torchgen.gen's flags take them:
//
//   --op-selection-yaml-path FILE    a selection yaml (SelectiveBuilder's
//                                    from_yaml_path):
//       include_all_operators: false
//       operators:
//         aten::add.Tensor: {is_root_operator: true,
//                            is_used_for_training: false}
//         aten::conv2d: {include_all_overloads: true}
//       kernel_metadata: {add_kernel: [Float, Int]}
//
//   --op-registration-whitelist aten::add aten::conv2d ...
//                                    (from_legacy_op_registration_allow_list)
//
// Both give an OperatorSelection. The yaml gets every check torchgen's
// from_yaml_dict makes, each a diagnostic at the offending key or value,
// plus the cases torchgen crashes on or silently misreads (see the .cpp).
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_PARSE_SELECTIONREADER_H
#define OPGEN_PARSE_SELECTIONREADER_H

#include "opgen/IR/Context.h"
#include "opgen/IR/OperatorSelection.h"
#include "opgen/Support/LogicalResult.h"

#include "llvm/ADT/ArrayRef.h"

#include <string>
#include <vector>

namespace opgen {

/// Read the selection yaml in buffer \p BufferID into \p Out, reporting
/// every problem.
LogicalResult readOperatorSelection(Context &Ctx, unsigned BufferID,
                                    OperatorSelection &Out);

/// torchgen's selection for --op-registration-whitelist: every name with all
/// its overloads, as a root operator (used for training only with
/// \p UsedForTraining: torchgen.gen's list is not, generate_code's
/// selected-op list for the autograd generators is), with every
/// non-operator selective (kernel dtypes, custom classes) included. An empty
/// list selects no operator. Names that are not `<namespace>::<operator>`
/// are reported, located in a buffer named after the flag.
LogicalResult readOpRegistrationWhitelist(Context &Ctx,
                                          llvm::ArrayRef<std::string> Names,
                                          OperatorSelection &Out,
                                          bool UsedForTraining = false);

/// generate_code.py's --selected-op-list-path: a YAML list of operator
/// names, each with its overload (`aten::add.Tensor`) or without. Appends
/// the names without their overloads, as generate_code strips them; what is
/// not a list of strings is an error at it (generate_code fails on it).
LogicalResult readSelectedOpList(Context &Ctx, unsigned BufferID,
                                 std::vector<std::string> &Names);

} // namespace opgen

#endif // OPGEN_PARSE_SELECTIONREADER_H
