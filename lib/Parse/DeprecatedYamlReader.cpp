//===- DeprecatedYamlReader.cpp - Read deprecated.yaml --------------------===//
//
// torchgen reads each entry as a dict and looks at two keys: `name`, given to
// FunctionSchema.parse, and `aten`, cut by split_name_params's pattern
// `(\w+)(\.\w+)?\((.*)\)` (re.match: anchored at the start only) and split
// at ", ". Each call argument must then name a schema argument or be the
// constant `1` ("deprecation definition: Unrecognized value"). Where it makes
// no check it fails with a Python traceback (a missing key is a KeyError, a
// value that is not a string a TypeError); opgen reports each at its key or
// value. What torchgen reads quietly though it is surely a mistake, opgen
// reads the same and warns about:
//  - keys other than `name` and `aten`: torchgen never looks at them;
//  - text after the call's last `)` on its first line, or on later lines:
//    the pattern's `.*` stops at a newline and re.match ignores the rest.
//
//===----------------------------------------------------------------------===//

#include "opgen/Parse/DeprecatedYamlReader.h"
#include "opgen/IR/Verifier.h"
#include "opgen/Parse/SchemaParser.h"
#include "opgen/Parse/YamlSupport.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

using namespace opgen;
using namespace llvm;

namespace {

/// Python's `\w` on ASCII text. torchgen's would also take non-ASCII
/// letters, but no native function has such a name, so torchgen fails on
/// those calls too (when it matches the call to a function).
bool isWordChar(char C) { return isAlnum(C) || C == '_'; }

/// The parts of a call as split_name_params sees them.
struct SplitCall {
  StringRef Name;
  /// The text between `(` and the last `)` of the first line.
  StringRef Params;
  size_t ParamsOffset = 0;
  /// What the pattern leaves unread after the `)`.
  StringRef Rest;
  size_t RestOffset = 0;
};

/// torchgen's split_name_params pattern, matched by hand: the pattern has
/// no backtracking that could change where the groups fall.
std::optional<SplitCall> splitCall(StringRef Call) {
  SplitCall S;
  size_t I = 0, N = Call.size();
  while (I < N && isWordChar(Call[I]))
    ++I;
  if (I == 0)
    return std::nullopt;
  S.Name = Call.take_front(I);
  // `.overload`, which torchgen drops.
  if (I < N && Call[I] == '.') {
    size_t J = I + 1;
    while (J < N && isWordChar(Call[J]))
      ++J;
    if (J == I + 1)
      return std::nullopt;
    I = J;
  }
  if (I == N || Call[I] != '(')
    return std::nullopt;
  ++I;
  // `.*` does not cross a newline; `\)` takes the last `)` before it.
  size_t LineEnd = Call.find('\n', I);
  StringRef Line = Call.slice(I, LineEnd);
  size_t Close = Line.rfind(')');
  if (Close == StringRef::npos)
    return std::nullopt;
  S.Params = Line.take_front(Close);
  S.ParamsOffset = I;
  S.RestOffset = I + Close + 1;
  S.Rest = Call.drop_front(S.RestOffset);
  return S;
}

class DeprecatedReader {
public:
  DeprecatedReader(Context &Ctx, DeprecatedFile &Out)
      : Ctx(Ctx), D(Ctx.getDiags()), Out(Out) {}

  void readFile(const YamlValue &Root) {
    if (Root.Kind != YamlKind::Sequence) {
      error(Root.Loc,
            "deprecated.yaml must be a list of entries, " + found(Root));
      return;
    }
    for (const YamlValue &Item : Root.Items)
      readEntry(Item);
  }

  bool failed() const { return Failed; }

private:
  void error(SMLoc Loc, const Twine &Msg) {
    D.error(Loc, Msg);
    Failed = true;
  }

  void readEntry(const YamlValue &V) {
    if (V.Kind != YamlKind::Mapping) {
      error(V.Loc, "an entry of deprecated.yaml must be a mapping with a "
                   "`name:` schema and an `aten:` call, " +
                       found(V));
      return;
    }
    DeprecatedSignature Sig;
    Sig.Loc = V.Loc;
    const YamlValue *Name = nullptr, *Aten = nullptr;
    for (const auto &[K, Val] : V.Entries) {
      if (K.Kind == YamlKind::Str && K.Value == "name")
        Name = &Val;
      else if (K.Kind == YamlKind::Str && K.Value == "aten")
        Aten = &Val;
      else
        D.warning(K.Loc.Start, quoted(K.Value) +
                                   " is ignored: torchgen reads only `name` "
                                   "and `aten` from a deprecated signature");
    }
    bool Ok = true;
    bool HaveSchema = false;
    if (!Name) {
      error(V.Loc, "entry has no `name:` (the deprecated signature's schema)");
      Ok = false;
    } else {
      HaveSchema = readSchema(*Name, Sig);
      Ok &= HaveSchema;
    }
    if (!Aten) {
      error(V.Loc, "entry has no `aten:` (the call the signature makes, "
                   "`name(arguments)`)");
      Ok = false;
    } else {
      Ok &= readCall(*Aten, Sig, HaveSchema);
    }
    if (Ok)
      Out.Signatures.push_back(std::move(Sig));
  }

  bool readSchema(const YamlValue &V, DeprecatedSignature &Sig) {
    if (V.Kind != YamlKind::Str) {
      error(V.Loc, "`name` must be a schema string, " + found(V));
      return false;
    }
    Sig.SchemaLoc = V.Scalar.Loc.Start;
    std::optional<ParsedSchema> P =
        parseFunctionSchema(Ctx, V.str(), V.Scalar.Loc);
    if (!P) {
      Failed = true;
      return false;
    }
    // FunctionSchema.parse would keep `ns::` as part of the base name, which
    // then becomes a Python function's name.
    if (!P->Namespace.empty() || P->EmptyNamespace) {
      error(Sig.SchemaLoc, "a deprecated signature's schema cannot have a "
                           "namespace");
      return false;
    }
    if (opgen::failed(verifySchema(Ctx, P->Schema, Sig.SchemaLoc))) {
      Failed = true;
      return false;
    }
    Sig.Schema = std::move(P->Schema);
    return true;
  }

  bool readCall(const YamlValue &V, DeprecatedSignature &Sig, bool HaveSchema) {
    if (V.Kind != YamlKind::Str) {
      error(V.Loc, "`aten` must be a call, `name(arguments)`, " + found(V));
      return false;
    }
    StringRef Call = V.str();
    TextLocation TL = V.Scalar.Loc;
    Sig.AtenLoc = TL.Start;
    std::optional<SplitCall> S = splitCall(Call);
    if (!S) {
      error(TL.Start, "`aten` must be a call, `name(arguments)` (torchgen: "
                      "\"Unsupported function schema\"), found " +
                          quoted(Call));
      return false;
    }
    if (!S->Rest.trim().empty())
      D.warning(TL.at(S->RestOffset),
                "text after the call's closing `)` is ignored: torchgen "
                "reads the call up to the last `)` of its first line");
    Sig.IsOut = S->Name.endswith("_out");
    Sig.AtenName = Sig.IsOut ? replaceAll(S->Name) : S->Name.str();

    SmallVector<StringRef, 8> Parts;
    // str.split(", "): exact separators, empty pieces kept.
    S->Params.split(Parts, ", ", -1, /*KeepEmpty=*/true);
    bool Ok = true;
    for (StringRef P : Parts) {
      size_t Offset = S->ParamsOffset + (P.data() - S->Params.data());
      DeprecatedCallArg A{P.str(), TL.at(Offset)};
      if (HaveSchema && !A.isConstant() && !isSchemaArgument(Sig.Schema, P)) {
        error(A.Loc, "deprecation definition: unrecognized value " + quoted(P) +
                         ": a call argument must be an argument of the "
                         "schema or the constant `1`");
        Ok = false;
      }
      Sig.CallArgs.push_back(std::move(A));
    }
    return Ok;
  }

  /// Python's str.replace("_out", ""): every occurrence goes.
  static std::string replaceAll(StringRef S) {
    std::string R;
    while (!S.empty()) {
      if (S.startswith("_out")) {
        S = S.drop_front(4);
        continue;
      }
      R += S.front();
      S = S.drop_front();
    }
    return R;
  }

  static bool isSchemaArgument(const FunctionSchema &S, StringRef Name) {
    return S.Args.anyOf(Arguments::AllParts,
                        [&](const Argument &A) { return A.Name == Name; });
  }

  Context &Ctx;
  DiagnosticEngine &D;
  DeprecatedFile &Out;
  bool Failed = false;
};

} // namespace

LogicalResult opgen::readDeprecatedYaml(Context &Ctx, unsigned BufferID,
                                        DeprecatedFile &Out) {
  std::optional<YamlValue> Root = readYamlValue(Ctx, BufferID);
  if (!Root)
    return failure();
  DeprecatedReader R(Ctx, Out);
  R.readFile(*Root);
  return R.failed() ? failure() : success();
}
