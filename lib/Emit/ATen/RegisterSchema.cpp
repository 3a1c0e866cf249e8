//===- RegisterSchema.cpp - RegisterSchema.cpp ----------------------------===//
//
// Defines every selected operator's schema with the dispatcher (`m.def`),
// with its tags. The template opens the `aten` library itself; operators of
// other namespaces get a TORCH_LIBRARY block each (a fragment for the
// namespaces PyTorch defines elsewhere). Each namespace declares each
// distinct tag list once, as `tags_<n>`, numbered from 0 per namespace.
//
//===----------------------------------------------------------------------===//

#include "opgen/Emit/CppApiWrappers.h"
#include "opgen/Emit/CppString.h"
#include "opgen/Emit/Emitters.h"
#include "opgen/Support/Parallel.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"

using namespace opgen;
using namespace llvm;

/// Namespaces that other code already opens with TORCH_LIBRARY, so the
/// generated registrations must add to them as a fragment.
static bool isFragmentNamespace(StringRef Ns) {
  return Ns == "quantized" || Ns == "quantized_decomposed";
}

LogicalResult opgen::emitRegisterSchema(EmitContext &EC) {
  if (!EC.Options.GenerateSources)
    return success();
  // Without registration both lists are empty (torchgen then passes an
  // empty list for the other namespaces' text too).
  if (EC.Options.SkipDispatcherOpRegistration)
    return EC.files().write(
        "RegisterSchema.cpp",
        {{"aten_schema_registrations", std::vector<std::string>()},
         {"schema_registrations", std::vector<std::string>()}});

  const Module &M = EC.M;
  const bool All = EC.Options.ForceSchemaRegistration;
  // The schema literals are the expensive part; make them on threads.
  CppWrapperCache &Cache = getCppWrapperCache(EC);
  std::vector<std::string> Schemas(M.Functions.size());
  EC.Ctx.getThreadPool().parallelFor(
      EC.Options.Threads, M.Functions.size(), [&](size_t I) {
        const NativeFunction &F = M.Functions[I];
        if (All || M.isSelected(F)) {
          const FunctionTexts &T = Cache.texts(F);
          appendCppString(Schemas[I], T.schema(), T.PlainSchema);
        }
      });

  // Functions by namespace, namespaces in order of first appearance.
  std::vector<std::pair<StringRef, std::vector<FunctionId>>> ByNs;
  for (FunctionId Id = 0, E = M.Functions.size(); Id != E; ++Id) {
    StringRef Ns = M.Functions[Id].Namespace;
    auto It = find_if(ByNs, [&](const auto &P) { return P.first == Ns; });
    if (It == ByNs.end())
      It = ByNs.insert(ByNs.end(), {Ns, {}});
    It->second.push_back(Id);
  }

  std::vector<std::string> Aten;
  std::string Others;
  for (const auto &[Ns, Ids] : ByNs) {
    std::vector<std::string> Body;
    StringMap<unsigned> KnownTags;
    for (FunctionId Id : Ids) {
      const NativeFunction &F = M.Functions[Id];
      if (!All && !M.isSelected(F))
        continue;
      std::string Tags = "{";
      for (const std::string &T : F.Tags) // a sorted set
        Tags += (Tags.size() > 1 ? ", at::Tag::" : "at::Tag::") + T;
      Tags += '}';
      std::string &Schema = Schemas[Id];
      if (Tags == "{}") {
        Body.push_back("m.def(" + Schema + ", {});\n");
        continue;
      }
      auto [It, New] = KnownTags.try_emplace(Tags, KnownTags.size());
      std::string Index = std::to_string(It->second);
      std::string Item;
      if (New)
        Item =
            "const std::vector<at::Tag> tags_" + Index + " = " + Tags + ";\n";
      Item += "m.def(" + Schema + ", tags_" + Index + ");\n";
      Body.push_back(std::move(Item));
    }
    if (Ns == "aten") {
      Aten = std::move(Body);
      continue;
    }
    Others += "\n";
    Others +=
        isFragmentNamespace(Ns) ? "TORCH_LIBRARY_FRAGMENT" : "TORCH_LIBRARY";
    Others += "(" + Ns.str() + ", m) {\n  " + join(Body, "\t") + "\n};";
  }

  return EC.files().write("RegisterSchema.cpp",
                          {{"aten_schema_registrations", std::move(Aten)},
                           {"schema_registrations", std::move(Others)}});
}
