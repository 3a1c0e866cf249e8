//===- FastYaml.h - Fast YAML for native_functions.yaml ---------*- C++ -*-===//
//
// native_functions.yaml uses a small part of YAML: a top-level block
// sequence of block mappings whose values are one-line plain or quoted
// scalars, one-line flow sequences of scalars, `{}`, and block sequences or
// mappings of such scalars one level down. Reading it with libyaml, the
// reference, takes most of opgen's reading time. This reader handles that
// part only, producing exactly the YamlValue (kinds, values, locations) that
// readYamlText makes from libyaml's events; anything else (anchors, tags,
// multi-line or escaped scalars, tabs, CRs, non-ASCII bytes, duplicate keys,
// YAML errors) makes it give up, and the caller reads the text with libyaml
// instead, which also reports the errors. A fuzz target and a
// checking mode of opgen-opt compare the two on every input they accept.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_PARSE_FASTYAML_H
#define OPGEN_PARSE_FASTYAML_H

#include "opgen/Parse/YamlSupport.h"

#include "llvm/ADT/StringRef.h"

#include <optional>

#include <vector>

namespace opgen {

/// Saves most of the reading time, which libyaml would take.
/// Read \p Text, a run of whole top-level entries (`- ` at column 0) cut
/// from a file at entry starts (or the whole file), into one YamlValue per
/// entry. \p Text must lie in the buffer diagnostics will refer to; it ends
/// where the next entry or the file ends. Returns false when the text uses
/// anything outside the subset; \p Out is unspecified then.
bool readSimpleYamlEntries(llvm::StringRef Text, std::vector<YamlValue> &Out);

/// Read buffer \p BufferID as one YAML document, as readYamlValue does, for
/// a file whose top level is a block sequence at column 0 (derivatives.yaml):
/// two entries at a time with readSimpleYamlEntries, libyaml for the pieces
/// it declines (multi-line scalars). Saves nine tenths of reading
/// derivatives.yaml (28 M instructions with libyaml alone). Any other
/// layout, or a piece libyaml finds a problem in, is read whole by
/// readYamlValue, so the diagnostics are always a whole read's. \p Reading
/// LibYaml reads it whole; Check reads each piece both ways and reports any
/// difference as an error.
std::optional<YamlValue>
readSequenceFile(Context &Ctx, unsigned BufferID,
                 YamlReading Reading = YamlReading::Fast,
                 const YamlReadOptions &Opts = {});

/// PyYAML's resolution of a plain scalar: null, bool, int, float or str.
YamlKind resolvePlainScalar(llvm::StringRef S);

/// Whether two values are the same in every field, locations included.
bool sameYamlValue(const YamlValue &A, const YamlValue &B);

} // namespace opgen

#endif // OPGEN_PARSE_FASTYAML_H
