//===- TagsYamlReader.cpp - Read tags.yaml --------------------------------===//
//
// tags.yaml declares the tags entries of native_functions.yaml may use: a
// list of `- tag:` entries, each with a non-empty `desc:`.
//
//===----------------------------------------------------------------------===//

#include "opgen/Parse/NativeYamlReader.h"
#include "opgen/Parse/YamlSupport.h"

#include "llvm/Support/MemoryBuffer.h"

using namespace opgen;
using namespace llvm;

LogicalResult opgen::readTagsYaml(Context &Ctx, unsigned BufferID,
                                  std::set<std::string> &Tags) {
  DiagnosticEngine &D = Ctx.getDiags();
  unsigned Before = D.getNumErrors();
  std::optional<YamlValue> Parsed = readYamlValue(Ctx, BufferID);
  if (!Parsed)
    return failure();
  const YamlValue &Root = *Parsed;
  if (Root.Kind != YamlKind::Sequence) {
    SMLoc L = Root.Loc.isValid()
                  ? Root.Loc
                  : SMLoc::getFromPointer(Ctx.getSourceMgr()
                                              .getMemoryBuffer(BufferID)
                                              ->getBufferStart());
    D.error(L, "tags.yaml must be a list of `- tag:` entries, found " +
                   describe(Root.Kind));
    return failure();
  }
  for (const YamlValue &E : Root.Items) {
    if (E.Kind != YamlKind::Mapping) {
      D.error(E.Loc, "tag entry must be a mapping with `tag:` and `desc:`, "
                     "found " +
                         describe(E.Kind));
      continue;
    }
    const YamlValue *Tag = E.lookup("tag");
    const YamlValue *Desc = E.lookup("desc");
    if (!Tag) {
      D.error(E.Loc, "tag entry has no `tag:`");
      continue;
    }
    if (Tag->Kind != YamlKind::Str) {
      D.error(Tag->Loc,
              "tag name must be a string, found " + describe(Tag->Kind));
      continue;
    }
    if (!Desc || !Desc->isScalar() || Desc->str().empty()) {
      D.error(Tag->Loc,
              "tag `" + Tag->str() + "` must have a non-empty `desc:`");
      continue;
    }
    Tags.insert(Tag->str());
  }
  return success(D.getNumErrors() == Before);
}
