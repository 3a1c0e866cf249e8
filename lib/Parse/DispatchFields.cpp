//===- DispatchFields.cpp - An entry's dispatch table ---------------------===//
//
// `dispatch:` maps dispatch keys to kernels. Its absence implies a
// CompositeImplicitAutograd kernel named after the operator; what the kernels
// are decides is_abstract and the composite flags torchgen derives.
//
//===----------------------------------------------------------------------===//

#include "EntryReader.h"

#include "opgen/IR/PrintedIRKeys.h"

#include "llvm/ADT/StringExtras.h"

using namespace opgen;
using namespace opgen::nativeyaml;
using namespace llvm;

/// `dispatch:`, or the CompositeImplicitAutograd kernel implied by its
/// absence, and the checks of the table as a whole.
void EntryReader::readDispatch(const YamlValue &E, NativeFunction &F,
                               bool HaveSchema) {
  // The C++ name (`add_out`), which a lone CompositeImplicitAutograd kernel
  // must have, once the schema parsed.
  std::string CppName;
  if (Name)
    CppName = computeKernelNames(F.Func).Cpp;
  bool RedundantCIA = false;
  unsigned NumKeys = 0;
  const YamlValue *DispatchV = field(EntryKey::Dispatch);
  if (DispatchV && DispatchV->Kind != YamlKind::Null) {
    if (DispatchV->Kind != YamlKind::Mapping) {
      error(DispatchV->Loc, "`dispatch` must be a mapping from dispatch keys "
                            "to kernel names, found " +
                                describe(DispatchV->Kind));
    } else {
      if (F.ManualKernelRegistration)
        error(keyLoc(E, EntryKey::Dispatch),
              "cannot specify both `manual_kernel_registration` and "
              "`dispatch`; with manual registration, dispatch has no effect");
      F.DispatchAsWritten.emplace();
      readDispatchTable(*DispatchV, F,
                        F.Func.Name.Name.Base.empty() ? StringRef() : CppName,
                        RedundantCIA, NumKeys);
    }
  }
  if (!HaveSchema)
    CppName.clear();
  if (DispatchV && DispatchV->Kind == YamlKind::Mapping) {
    // torchgen stops at the first of these two checks; the second one would
    // fire for the redundant table too. Name the kernel as written, with its
    // namespace, which may be all that is wrong with it.
    if (NumKeys == 1 && RedundantCIA)
      error(keyLoc(E, EntryKey::Dispatch),
            "unnecessary dispatch table: the only kernel is the default "
            "CompositeImplicitAutograd one; delete the `dispatch:` key");
    else if (!F.StructuredDelegate && F.Dispatch.size() == 1 &&
             hasKernelFor(F, DispatchKey::CompositeImplicitAutograd) &&
             NumKeys == 1 &&
             !StringRef(F.Dispatch[0].second.Kernel).contains("_symint") &&
             HaveSchema)
      error(keyLoc(E, EntryKey::Dispatch),
            "unexpected name for a lone CompositeImplicitAutograd kernel: "
            "expected `" +
                CppName + "` but got `" + F.DispatchAsWritten->back().second +
                "`; rename the implementation, then delete the dispatch "
                "table");
  } else if (!F.Structured && !F.StructuredDelegate && HaveSchema) {
    std::string Full = F.Func.Name.Name.str();
    if (StringRef(Full).startswith("new_") ||
        StringRef(Full).endswith("_like") ||
        (F.Func.Args.TensorOptions && !F.Func.Args.hasTensorArg()))
      error(F.FuncLoc.isValid() ? F.FuncLoc : E.Loc,
            "factory function `" + Full +
                "` needs a CompositeExplicitAutograd dispatch entry: factory "
                "functions must not be decomposed implicitly");
    F.Dispatch.push_back({DispatchKey::CompositeImplicitAutograd,
                          {CppName, false, "at::native"}});
  }

  unsigned Composites = 0;
  bool HasNonFunctional = false, HasNested = false;
  for (auto &[K, M] : F.Dispatch) {
    if (getFlags(K) & DK_Generic)
      ++Composites;
    HasNonFunctional |=
        K == DispatchKey::CompositeExplicitAutogradNonFunctional;
    HasNested |= K == DispatchKey::CompositeImplicitAutogradNestedTensor;
  }
  if (!(Composites <= 1 || (Composites == 2 && !HasNonFunctional && HasNested)))
    error(keyLoc(E, EntryKey::Dispatch),
          "cannot give more than one of CompositeExplicitAutograd, "
          "CompositeExplicitAutogradNonFunctional and "
          "CompositeImplicitAutograd: each subsumes the others");
}

/// The entries of a `dispatch:` mapping: `CPU, CUDA: ns::kernel`.
void EntryReader::readDispatchTable(const YamlValue &V, NativeFunction &F,
                                    StringRef CppName, bool &Redundant,
                                    unsigned &NumKeys) {
  // A kernel per entry, and room for the two a ufunc adds.
  F.DispatchAsWritten->reserve(V.Entries.size());
  F.Dispatch.reserve(V.Entries.size() + 2);
  // Where each key was given, for a key given again.
  SmallVector<std::pair<DispatchKey, SMLoc>, 8> Given;
  for (const auto &[K, KV] : V.Entries) {
    if (K.Value == printedir::LineKey)
      continue;
    if (K.Kind != YamlKind::Str) {
      error(K.Loc.Start, "illegal dispatch key `" + K.Value + "`");
      continue;
    }
    if (KV.Kind != YamlKind::Str) {
      error(KV.Kind == YamlKind::Null ? K.Loc.Start : KV.Loc,
            "kernel name for `" + K.Value + "` must be a string, found " +
                describe(KV.Kind));
      continue;
    }
    F.DispatchAsWritten->emplace_back(K.Value, KV.str());
    StringRef Kernel = KV.str();
    // Nearly every kernel is a plain name in at::native.
    bool Plain = !Kernel.contains(':');
    // Nearly every key is one name without spaces: take it as it is rather
    // than split and trim it.
    StringRef Written = K.Value;
    bool Split = Written.contains(',') ||
                 (!Written.empty() &&
                  (isSpace(Written.front()) || isSpace(Written.back())));
    SmallVector<StringRef, 4> Keys;
    if (Split)
      Written.split(Keys, ',');
    else
      Keys.push_back(Written);
    size_t Offset = 0;
    for (StringRef RawKey : Keys) {
      StringRef Name = Split ? RawKey.trim() : RawKey;
      size_t Lead = Split ? RawKey.size() - RawKey.ltrim().size() : 0;
      SMLoc L = K.Loc.at(Offset + Lead);
      Offset += RawKey.size() + 1;
      ++NumKeys;
      std::optional<DispatchKey> DK = parseDispatchKey(Name);
      if (!DK) {
        error(L, "unknown dispatch key `" + Name + "`");
        continue;
      }
      // An ignored key still counts for the redundant-table check.
      if (is_contained(IgnoredKeys, *DK))
        continue;
      if (!isInTree(*DK)) {
        error(L, "dispatch key `" + Name + "` of kernel `" + Kernel +
                     "` is not a supported dispatch key");
        continue;
      }
      SmallVector<StringRef, 4> Parts;
      if (!Plain) {
        Kernel.split(Parts, "::");
        if (Parts.size() - 1 > 3) {
          error(KV.Loc,
                "kernel `" + Kernel + "` has more than 3 levels of namespace");
          continue;
        }
      }
      // torchgen fills a dict: a key given again keeps its place and takes
      // the later kernel. Surely a slip, but the files are valid.
      auto Earlier =
          find_if(F.Dispatch, [&](const auto &E) { return E.first == *DK; });
      BackendMetadata *Slot;
      if (Earlier != F.Dispatch.end()) {
        warning(L, "dispatch key `" + Name +
                       "` is given more than once; its last kernel, `" +
                       Kernel + "`, is used");
        for (auto &[GK, GL] : Given)
          if (GK == *DK)
            note(GL, "given here first");
        Slot = &Earlier->second;
        *Slot = BackendMetadata();
      } else {
        // Built in place: its strings are not moved again.
        auto &[NewKey, M] = F.Dispatch.emplace_back();
        NewKey = *DK;
        Given.push_back({*DK, L});
        Slot = &M;
      }
      BackendMetadata &M = *Slot;
      M.Structured = F.Structured && isStructuredKey(*DK);
      if (Plain) {
        M.Kernel = Kernel.str();
        M.CppNamespace = "at::native";
      } else {
        std::string Ns = join(ArrayRef<StringRef>(Parts).drop_back(), "::");
        M.Kernel = Parts.back().str();
        M.CppNamespace = (Ns.empty() ? std::string("at") : Ns) + "::native";
      }
      if (*DK == DispatchKey::CompositeImplicitAutograd && Kernel == CppName)
        Redundant = true;
    }
  }
}

void EntryReader::deriveFromKernels(const YamlValue &E, NativeFunction &F) {
  auto Only = [&](std::initializer_list<DispatchKey> Ks) {
    if (F.Dispatch.size() != Ks.size())
      return false;
    return all_of(Ks, [&](DispatchKey K) { return hasKernelFor(F, K); });
  };
  if (F.StructuredDelegate)
    F.IsAbstract = true;
  else
    F.IsAbstract =
        !(Only({DispatchKey::CompositeImplicitAutograd}) ||
          Only({DispatchKey::CompositeImplicitAutogradNestedTensor}) ||
          Only({DispatchKey::CompositeImplicitAutograd,
                DispatchKey::CompositeImplicitAutogradNestedTensor}));
  if (field(EntryKey::IsAbstract) && isGenerated())
    F.IsAbstract = getBool(E, EntryKey::IsAbstract, F.IsAbstract);
  F.HasCompositeImplicitAutogradKernel =
      hasKernelFor(F, DispatchKey::CompositeImplicitAutograd);
  F.HasCompositeImplicitAutogradNestedTensorKernel =
      hasKernelFor(F, DispatchKey::CompositeImplicitAutogradNestedTensor);
  F.HasCompositeExplicitAutogradKernel =
      hasKernelFor(F, DispatchKey::CompositeExplicitAutograd);
  F.HasCompositeExplicitAutogradNonFunctionalKernel =
      hasKernelFor(F, DispatchKey::CompositeExplicitAutogradNonFunctional);

  if (F.StructuredDelegate)
    for (auto &[K, M] : F.Dispatch)
      if (isStructuredKey(K))
        error(keyLoc(E, EntryKey::Dispatch),
              "a function with `structured_delegate` must not have a " +
                  toString(K) + " kernel: it is delegated");
}
