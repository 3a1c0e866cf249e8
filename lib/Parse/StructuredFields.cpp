//===- StructuredFields.cpp - An entry's structured-kernel fields ---------===//
//
// structured_delegate, structured_inherits and precomputed: how a structured
// kernel is shared and what its meta function computes for the impl.
//
//===----------------------------------------------------------------------===//

#include "EntryReader.h"

#include "opgen/Parse/SchemaParser.h"

#include "llvm/ADT/StringExtras.h"

using namespace opgen;
using namespace opgen::nativeyaml;
using namespace llvm;

void EntryReader::readStructuredDelegate(NativeFunction &F) {
  auto S = getOptString(EntryKey::StructuredDelegate);
  if (!S)
    return;
  const YamlValue *V = field(EntryKey::StructuredDelegate);
  if (StringRef(*S).contains("::"))
    error(V->Loc, "`structured_delegate` cannot name a namespace; the "
                  "delegate is in the function's own namespace");
  else if (auto N = parseOperatorName(Ctx, *S, V->Scalar.Loc))
    F.StructuredDelegate = std::move(*N);
  else
    Failed = true;
}

void EntryReader::readStructuredInherits(NativeFunction &F) {
  auto S = getOptString(EntryKey::StructuredInherits);
  if (!S)
    return;
  if (StringRef(*S).contains("::"))
    error(field(EntryKey::StructuredInherits)->Loc,
          "`structured_inherits` cannot name a namespace");
  else
    F.StructuredInherits = *S;
}

void EntryReader::readPrecomputed(const YamlValue &V, NativeFunction &F) {
  if (V.Kind == YamlKind::Null)
    return;
  if (V.Kind != YamlKind::Sequence) {
    error(V.Loc, "`precomputed` must be a list, found " + describe(V.Kind));
    return;
  }
  if (V.Items.empty())
    return;
  for (const YamlValue &I : V.Items)
    if (I.Kind != YamlKind::Str) {
      error(I.Loc,
            "`precomputed` entries must be strings, found " + describe(I.Kind));
      return;
    }
  Precompute P;
  auto ParseArgs = [&](const YamlValue &Item, StringRef List, size_t Offset,
                       std::vector<Argument> &Out) {
    SmallVector<StringRef, 4> Parts;
    List.split(Parts, ',');
    for (StringRef Part : Parts) {
      StringRef T = Part.trim();
      size_t Lead = Part.size() - Part.ltrim().size();
      TextLocation L{Item.Scalar.Loc.at(Offset + Lead), Item.Scalar.Loc.Exact};
      Offset += Part.size() + 1;
      auto A = parseArgument(Ctx, T, L);
      if (!A) {
        Failed = true;
        continue;
      }
      checkTypeInRelease(A->Ty, L.Start);
      if (Release >= TorchRelease::V2_14 &&
          StringRef(A->Name).upper() == A->Name)
        error(L.Start, "precomputed argument name `" + A->Name +
                           "` must not be all upper case");
      Out.push_back(std::move(*A));
    }
  };
  ArrayRef<YamlValue> Items = V.Items;
  const YamlValue &Last = Items.back();
  if (!StringRef(Last.str()).contains(" -> ")) {
    ParseArgs(Last, Last.str(), 0, P.Add);
    Items = Items.drop_back();
  }
  for (const YamlValue &I : Items) {
    StringRef S = I.str();
    if (!S.contains(" -> ")) {
      error(I.Loc, "precomputed elements without a replacement (`name -> "
                   "decls`) may only be on the last line");
      continue;
    }
    // Not a structured binding: clang 14 cannot capture one in a lambda.
    StringRef Param, Rest;
    std::tie(Param, Rest) = S.split(" -> ");
    if (Rest.contains(" -> ")) {
      error(I.Loc, "precomputed line has more than one ` -> `");
      continue;
    }
    if (Param.contains(' ') || Param.empty()) {
      error(I.Loc,
            "illegal kernel parameter name `" + Param + "` in precomputed");
      continue;
    }
    if (any_of(P.Replace, [&](const auto &R) { return R.first == Param; })) {
      error(I.Loc, "kernel parameter `" + Param +
                       "` is replaced twice in precomputed");
      continue;
    }
    std::vector<Argument> With;
    ParseArgs(I, Rest, Param.size() + 4, With);
    // torchgen prints the replacement back with ", " between declarations
    // and requires the same text.
    std::string Printed = Param.str() + " -> ";
    ListSeparator Sep(", ");
    for (const Argument &A : With)
      Printed += StringRef(Sep).str() + A.str();
    if (Printed != S && !Failed)
      error(I.Loc, "precomputed line is not in canonical form; expected `" +
                       Printed + "`");
    P.Replace.push_back({Param.str(), std::move(With)});
    P.ReplaceLocs.push_back(I.Loc);
  }
  F.Precomputed = std::move(P);
}

void EntryReader::warnDroppedReplacements(const NativeFunction &F) {
  // torchgen looks for each line's parameter among the inputs only and
  // drops a line naming anything else: the impl function keeps what was
  // meant to be replaced, though the meta function still computes the
  // values. Valid C++, but surely not what was meant.
  const Precompute &P = *F.Precomputed;
  for (size_t I = 0; I != P.Replace.size(); ++I) {
    StringRef Param = P.Replace[I].first;
    auto Named = [&](const Argument &A) { return A.Name == Param; };
    if (F.Func.Args.anyOf(Arguments::NonOutParts, Named))
      continue;
    SMLoc L = P.ReplaceLocs[I];
    std::string Name = "`" + F.Func.Name.str() + "`";
    if (any_of(F.Func.Args.Out, Named))
      warning(L, "precomputed replaces `" + Param + "`, an out= argument of " +
                     Name +
                     "; torchgen replaces only inputs, so the line "
                     "has no effect on the impl function");
    else
      warning(L, "precomputed replaces `" + Param + "`, but " + Name +
                     " has no argument of that name; the line has no effect "
                     "on the impl function");
  }
}
