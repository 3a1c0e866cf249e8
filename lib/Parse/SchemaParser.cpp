//===- SchemaParser.cpp - Parse function schema strings -------------------===//

#include "opgen/Parse/SchemaParser.h"
#include "opgen/Parse/SchemaLexer.h"
#include "opgen/Support/StringStream.h"
#include "opgen/Support/TextSearch.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace opgen;
using namespace llvm;

namespace {

/// Names that may follow `__i` in an inplace dunder method (PEP 203).
const StringRef AugmentedAssignmentNames[] = {"add", "sub", "mul",    "div",
                                              "mod", "pow", "lshift", "rshift",
                                              "and", "xor", "or"};

class Parser {
public:
  Parser(Context &Ctx, StringRef Text, TextLocation Loc)
      : Ctx(Ctx), Lex(Text), Text(Text), Loc(Loc) {}

  std::optional<ParsedSchema> parseSchema();
  std::optional<Argument> parseLoneArgument();
  std::optional<OperatorName> parseLoneOperatorName();
  std::optional<Type> parseLoneType();

private:
  bool error(size_t Offset, const Twine &Msg) {
    Ctx.getDiags().error(Loc.at(Offset), Msg);
    return false;
  }
  bool errorExpected(StringRef What, const SchemaToken &Found) {
    if (Found.is(SchemaToken::Eof))
      return error(Found.Offset,
                   "expected " + What + ", found end of " + Subject);
    return error(Found.Offset,
                 "expected " + What + ", found `" + Found.Text + "`");
  }
  bool expect(SchemaToken::Kind K, StringRef What) {
    SchemaToken T = Lex.next();
    if (T.is(K))
      return true;
    return errorExpected(What, T);
  }

  bool parseOperatorName(OperatorName &Name, std::string *Namespace);
  /// A schema written `::foo(...)`: an empty namespace.
  bool LeadingColons = false;
  bool parseBaseName(StringRef S, size_t Offset, BaseOperatorName &Name);
  bool parseType(Type &Ty, std::optional<Annotation> &Annot);
  bool parseAnnotation(Annotation &A);
  bool parseAliasSet(std::vector<std::string> &Set, bool AllowWildcard);
  bool parseArgument(Argument &A);
  bool parseArguments(Arguments &Args);
  bool parseReturn(Return &R, bool &EndsWithArrowAnnotation);
  bool parseReturns(std::vector<Return> &Rets);
  bool checkCanonical(StringRef Printed, StringRef What);

  Context &Ctx;
  SchemaLexer Lex;
  StringRef Text;
  TextLocation Loc;
  /// What the text is, for "found end of ...".
  StringRef Subject = "schema";
};

} // namespace

bool Parser::checkCanonical(StringRef Printed, StringRef What) {
  if (Printed == Text)
    return true;
  size_t I = 0;
  while (I < Printed.size() && I < Text.size() && Printed[I] == Text[I])
    ++I;
  StringRef Want = Printed.substr(I, 12);
  StringRef Have = Text.substr(I, 12);
  std::string Msg =
      (What + " is not in canonical form: expected " +
       (Want.empty() ? "end of text" : "`" + Want + "`") + " here, found " +
       (Have.empty() ? "end of text" : "`" + Have + "`"))
          .str();
  return error(I, Msg);
}

/// Split the written base name into its parts, with torchgen's rules.
bool Parser::parseBaseName(StringRef Op, size_t Offset,
                           BaseOperatorName &Name) {
  if (Op.empty())
    return error(Offset, "operator name cannot be empty");
  if (Op.endswith("_out"))
    return error(Offset, "operator name `" + Op +
                             "` ends in `_out`, which is reserved; use an "
                             "`out` overload name instead");
  StringRef Base = Op;
  // A dunder method is `__x__` where x has no underscore.
  if (Op.size() > 4 && Op.startswith("__") && Op.endswith("__") &&
      !Op.drop_front(2).drop_back(2).contains('_')) {
    Name.DunderMethod = true;
    Base = Op.drop_front(2).drop_back(2);
    if (Base.startswith("i") &&
        is_contained(AugmentedAssignmentNames, Base.drop_front(1))) {
      Name.Inplace = true;
      Base = Base.drop_front(1);
    } else if (Base.startswith("i")) {
      return error(Offset, "dunder method `" + Op +
                               "` starts with `i` but is not an augmented "
                               "assignment such as `__iadd__`");
    }
  } else if (Base.endswith("_")) {
    Name.Inplace = true;
    Base = Base.drop_back(1);
  }
  if (Base.endswith("_functional")) {
    if (Name.DunderMethod || Name.Inplace)
      return error(Offset, "`" + Op +
                               "`: a functional overload cannot be a dunder "
                               "method or inplace");
    Name.FunctionalOverload = true;
    Base = Base.drop_back(strlen("_functional"));
  }
  Name.Base = Base.str();
  return true;
}

bool Parser::parseOperatorName(OperatorName &Name, std::string *Namespace) {
  SchemaToken T = Lex.next();
  if (Namespace && T.is(SchemaToken::ColonColon)) {
    // `::foo`: an empty namespace, which the caller judges.
    LeadingColons = true;
    T = Lex.next();
    if (!T.is(SchemaToken::Identifier))
      return errorExpected("operator name after `::`", T);
  } else if (!T.is(SchemaToken::Identifier))
    return errorExpected("operator name", T);
  if (Lex.peek().is(SchemaToken::ColonColon)) {
    if (!Namespace)
      return error(T.Offset, "a namespace is not allowed here");
    *Namespace = T.Text.str();
    Lex.next();
    T = Lex.next();
    if (!T.is(SchemaToken::Identifier))
      return errorExpected("operator name after `::`", T);
    if (Lex.peek().is(SchemaToken::ColonColon))
      return error(Lex.peek().Offset,
                   "only one level of namespace is supported for operators");
  }
  if (!parseBaseName(T.Text, T.Offset, Name.Name))
    return false;
  if (Lex.peek().is(SchemaToken::Dot)) {
    Lex.next();
    // Overload names are runs of identifier characters; torchgen also
    // accepts dots inside them.
    size_t Start = Lex.getOffset(), End = Start;
    while (End < Text.size() &&
           (isAlnum(Text[End]) || Text[End] == '_' || Text[End] == '.'))
      ++End;
    if (End == Start)
      return errorExpected("overload name after `.`", Lex.peek());
    Name.OverloadName = Text.slice(Start, End).str();
    Lex.setOffset(End);
  }
  return true;
}

bool Parser::parseAliasSet(std::vector<std::string> &Set, bool AllowWildcard) {
  for (;;) {
    SchemaToken T = Lex.next();
    if (AllowWildcard && Set.empty() && T.is(SchemaToken::Star)) {
      Set.push_back("*");
      return true;
    }
    if (!T.is(SchemaToken::Identifier) || T.Text.size() != 1 ||
        !(T.Text[0] >= 'a' && T.Text[0] <= 'z'))
      return errorExpected("a one-letter lower-case alias name", T);
    Set.push_back(T.Text.str());
    if (!Lex.peek().is(SchemaToken::Pipe))
      return true;
    Lex.next();
  }
}

bool Parser::parseAnnotation(Annotation &A) {
  size_t Start = Lex.peek().Offset;
  if (!parseAliasSet(A.AliasSet, /*AllowWildcard=*/false))
    return false;
  if (Lex.peek().is(SchemaToken::Bang)) {
    Lex.next();
    A.IsWrite = true;
  }
  if (Lex.peek().is(SchemaToken::Arrow)) {
    Lex.next();
    if (!parseAliasSet(A.AliasSetAfter, /*AllowWildcard=*/true))
      return false;
  }
  // torchgen's annotation grammar keeps only the first and last member of
  // the set before `->`, so longer sets never round-trip there.
  if (A.AliasSet.size() > 2)
    return error(Start, "an alias set before `->` may name at most two "
                        "aliases, got `" +
                            join(A.AliasSet, "|") + "`");
  if (A.IsWrite && A.AliasSet.size() > 1)
    return error(Start, "alias set `" + join(A.AliasSet, "|") +
                            "` has more than one alias, so it cannot be "
                            "marked mutable with `!`");
  if (A.AliasSet.size() > 1 && A.AliasSetAfter.size() > 1)
    return error(Start, "alias sets before and after `->` cannot both have "
                        "more than one alias");
  return true;
}

bool Parser::parseType(Type &Ty, std::optional<Annotation> &Annot) {
  SchemaToken T = Lex.next();
  if (!T.is(SchemaToken::Identifier))
    return errorExpected("a type", T);
  if (T.Text == "__torch__") {
    // __torch__.torch.classes.<dotted class name>
    size_t End = T.Offset + T.Text.size();
    while (End < Text.size() &&
           (isAlnum(Text[End]) || Text[End] == '_' || Text[End] == '.'))
      ++End;
    StringRef Full = Text.slice(T.Offset, End);
    StringRef Class = Full;
    if (!Class.consume_front("__torch__.torch.classes.") || Class.empty())
      return error(T.Offset, "unknown type `" + Full +
                                 "`; custom classes are spelled "
                                 "`__torch__.torch.classes.<name>`");
    Ty = Ctx.getCustomClassType(Class);
    Lex.setOffset(End);
  } else if (std::optional<BaseTy> B = parseBaseTy(T.Text)) {
    Ty = Ctx.getBaseType(*B);
  } else {
    return error(T.Offset, "unknown type `" + T.Text + "`");
  }
  size_t AnnotOffset = 0;
  if (Lex.peek().is(SchemaToken::LParen)) {
    if (!Ty.isBase(BaseTy::Tensor))
      return error(Lex.peek().Offset,
                   "alias annotations are only allowed directly after "
                   "`Tensor`");
    AnnotOffset = Lex.next().Offset;
    Annot.emplace();
    if (!parseAnnotation(*Annot) ||
        !expect(SchemaToken::RParen, "`)` after alias annotation"))
      return false;
  }
  // The suffixes as written, for the message below; only an annotated type
  // needs them, so only then are they spelled out.
  SmallString<16> Suffix;
  for (;;) {
    const SchemaToken &S = Lex.peek();
    if (S.is(SchemaToken::Question)) {
      Lex.next();
      Ty = Ctx.getOptionalType(Ty);
      if (Annot)
        Suffix += "?";
      continue;
    }
    if (S.is(SchemaToken::LSquare)) {
      Lex.next();
      std::optional<uint64_t> Size;
      if (Lex.peek().is(SchemaToken::Integer)) {
        SchemaToken N = Lex.next();
        uint64_t V;
        if (N.Text.getAsInteger(10, V))
          return error(N.Offset, "list size `" + N.Text + "` is too large");
        Size = V;
      }
      if (!expect(SchemaToken::RSquare, "`]` to close the list type"))
        return false;
      Ty = Ctx.getListType(Ty, Size);
      if (Annot) {
        Suffix += "[";
        if (Size)
          Suffix += utostr(*Size);
        Suffix += "]";
      }
      continue;
    }
    break;
  }
  if (Annot && !Suffix.empty() && Suffix != "?" && Suffix != "[]")
    return error(AnnotOffset,
                 "an annotated Tensor may only be followed by `?` or `[]`, "
                 "not `" +
                     Suffix + "`");
  return true;
}

bool Parser::parseArgument(Argument &A) {
  size_t Start = Lex.peek().Offset;
  A.Loc = Loc.at(Start);
  if (!parseType(A.Ty, A.Annot))
    return false;
  SchemaToken N = Lex.next();
  if (!N.is(SchemaToken::Identifier))
    return errorExpected("an argument name", N);
  A.Name = N.Text.str();
  if (Lex.peek().is(SchemaToken::Equal)) {
    size_t EqOffset = Lex.next().Offset;
    SchemaToken D = Lex.lexDefaultValue();
    if (D.Text.empty())
      return error(EqOffset, "expected a default value after `=`");
    // torchgen splits arguments at ", " and at "=", so neither may occur
    // inside a default.
    if (containsText(D.Text, ", ") || D.Text.contains('='))
      return error(D.Offset, "default value `" + D.Text +
                                 "` may not contain `, ` or `=`");
    A.Default = D.Text.str();
  }
  return true;
}

bool Parser::parseArguments(Arguments &Args) {
  // Collected on the stack, then moved into vectors of the exact size: a
  // schema's lists are short, and one allocation per list that ends up
  // non-empty is all the IR needs.
  SmallVector<Argument, 8> Positional;
  SmallVector<Argument, 4> KwargOnly, Out;
  SmallVectorImpl<Argument> *Acc = &Positional;
  if (Lex.peek().is(SchemaToken::RParen)) {
    Lex.next();
  } else {
    for (;;) {
      SchemaToken T = Lex.peek();
      if (T.is(SchemaToken::Star)) {
        Lex.next();
        if (Acc != &Positional)
          return error(T.Offset,
                       "the keyword-only marker `*` may appear only once");
        Acc = &KwargOnly;
      } else {
        Argument &A = Acc->emplace_back();
        if (!parseArgument(A))
          return false;
        // The first mutable keyword-only argument starts the out arguments;
        // see Note [Out arguments].
        if (A.isWrite()) {
          if (Acc == &KwargOnly) {
            Out.push_back(std::move(A));
            KwargOnly.pop_back();
            Acc = &Out;
          }
        } else if (Acc == &Out) {
          return error(T.Offset, "non-mutable argument `" + A.Name +
                                     "` cannot follow mutable out arguments");
        }
      }
      SchemaToken Sep = Lex.next();
      if (Sep.is(SchemaToken::RParen))
        break;
      if (!Sep.is(SchemaToken::Comma))
        return errorExpected("`,` or `)` after an argument", Sep);
    }
  }

  auto MoveInto = [](std::vector<Argument> &To,
                     MutableArrayRef<Argument> From) {
    To.reserve(From.size());
    for (Argument &A : From)
      To.push_back(std::move(A));
  };
  // `self` splits the positional arguments.
  auto SelfIt =
      find_if(Positional, [](const Argument &A) { return A.Name == "self"; });
  if (SelfIt != Positional.end()) {
    size_t SelfIdx = SelfIt - Positional.begin();
    MoveInto(Args.PreSelfPositional,
             MutableArrayRef<Argument>(Positional).take_front(SelfIdx));
    Args.Self = std::move(*SelfIt);
    MoveInto(Args.PostSelfPositional,
             MutableArrayRef<Argument>(Positional).drop_front(SelfIdx + 1));
  } else {
    MoveInto(Args.PostSelfPositional, Positional);
  }

  // dtype, layout, device and pin_memory in a row form the TensorOptions.
  auto IsOption = [&](const Argument &A, StringRef Name, BaseTy B) {
    Type Base = Ctx.getBaseType(B);
    return A.Name == Name &&
           (A.Ty == Base || A.Ty == Ctx.getOptionalType(Base));
  };
  std::vector<Argument> *KwAcc = &Args.PreTensorOptionsKwargOnly;
  KwAcc->reserve(KwargOnly.size());
  for (size_t I = 0; I < KwargOnly.size();) {
    if (I + 4 <= KwargOnly.size() &&
        IsOption(KwargOnly[I], "dtype", BaseTy::ScalarType) &&
        IsOption(KwargOnly[I + 1], "layout", BaseTy::Layout) &&
        IsOption(KwargOnly[I + 2], "device", BaseTy::Device) &&
        IsOption(KwargOnly[I + 3], "pin_memory", BaseTy::Bool)) {
      if (KwAcc != &Args.PreTensorOptionsKwargOnly) {
        Ctx.getDiags().error(KwargOnly[I].Loc,
                             "tensor options arguments (dtype, layout, "
                             "device, pin_memory) may appear only once");
        return false;
      }
      Args.TensorOptions.emplace(std::array<Argument, 4>{
          std::move(KwargOnly[I]), std::move(KwargOnly[I + 1]),
          std::move(KwargOnly[I + 2]), std::move(KwargOnly[I + 3])});
      I += 4;
      KwAcc = &Args.PostTensorOptionsKwargOnly;
      continue;
    }
    KwAcc->push_back(std::move(KwargOnly[I]));
    ++I;
  }
  MoveInto(Args.Out, Out);
  return true;
}

bool Parser::parseReturn(Return &R, bool &ArrowAnnotation) {
  size_t Start = Lex.peek().Offset;
  R.Loc = Loc.at(Start);
  if (!parseType(R.Ty, R.Annot))
    return false;
  ArrowAnnotation = R.Annot && !R.Annot->AliasSetAfter.empty();
  if (Lex.peek().is(SchemaToken::Identifier)) {
    R.Name = Lex.next().Text.str();
  } else if (ArrowAnnotation) {
    // torchgen takes the text after the last space as the return's name.
    return error(Start, "a return whose alias annotation has `->` must be "
                        "named");
  }
  return true;
}

bool Parser::parseReturns(std::vector<Return> &Rets) {
  bool Arrow;
  if (!Lex.peek().is(SchemaToken::LParen)) {
    Rets.emplace_back();
    return parseReturn(Rets.back(), Arrow);
  }
  Lex.next();
  if (Lex.peek().is(SchemaToken::RParen)) {
    Lex.next();
    return true;
  }
  for (;;) {
    Rets.emplace_back();
    if (!parseReturn(Rets.back(), Arrow))
      return false;
    SchemaToken Sep = Lex.next();
    if (Sep.is(SchemaToken::RParen))
      return true;
    if (!Sep.is(SchemaToken::Comma))
      return errorExpected("`,` or `)` after a return", Sep);
  }
}

std::optional<ParsedSchema> Parser::parseSchema() {
  ParsedSchema P;
  FunctionSchema &S = P.Schema;
  if (!parseOperatorName(S.Name, &P.Namespace) ||
      !expect(SchemaToken::LParen, "`(` to start the argument list") ||
      !parseArguments(S.Args) ||
      !expect(SchemaToken::Arrow, "`->` before the returns") ||
      !parseReturns(S.Returns))
    return std::nullopt;
  SchemaToken T = Lex.next();
  if (!T.is(SchemaToken::Eof)) {
    errorExpected("end of schema", T);
    return std::nullopt;
  }
  // Every entry's schema is checked, and nearly all are canonical: compare
  // while printing, and print the text only to say where it differs.
  auto Print = [&](raw_ostream &OS) {
    if (!P.Namespace.empty() || LeadingColons)
      OS << P.Namespace << "::";
    S.print(OS);
  };
  MatchStream Match(Text);
  Print(Match);
  if (!Match.matches()) {
    std::string Printed;
    BufferedStringStream OS(Printed);
    Print(OS);
    checkCanonical(OS.str(), "schema");
    return std::nullopt;
  }
  P.EmptyNamespace = LeadingColons;
  return P;
}

std::optional<Argument> Parser::parseLoneArgument() {
  Subject = "argument";
  Argument A;
  if (!parseArgument(A))
    return std::nullopt;
  SchemaToken T = Lex.next();
  if (!T.is(SchemaToken::Eof)) {
    errorExpected("end of argument", T);
    return std::nullopt;
  }
  SmallString<64> Printed;
  raw_svector_ostream OS(Printed);
  A.print(OS);
  if (!checkCanonical(Printed, "argument"))
    return std::nullopt;
  return A;
}

std::optional<OperatorName> Parser::parseLoneOperatorName() {
  Subject = "operator name";
  OperatorName N;
  if (!parseOperatorName(N, nullptr))
    return std::nullopt;
  SchemaToken T = Lex.next();
  if (!T.is(SchemaToken::Eof)) {
    errorExpected("end of operator name", T);
    return std::nullopt;
  }
  SmallString<64> Printed;
  raw_svector_ostream OS(Printed);
  N.print(OS);
  if (!checkCanonical(Printed, "operator name"))
    return std::nullopt;
  return N;
}

std::optional<Type> Parser::parseLoneType() {
  Subject = "type";
  Type Ty;
  std::optional<Annotation> Annot;
  if (!parseType(Ty, Annot))
    return std::nullopt;
  SchemaToken T = Lex.next();
  if (!T.is(SchemaToken::Eof)) {
    errorExpected("end of type", T);
    return std::nullopt;
  }
  return Ty;
}

std::optional<ParsedSchema>
opgen::parseFunctionSchema(Context &Ctx, StringRef Text, TextLocation Loc) {
  return Parser(Ctx, Text, Loc).parseSchema();
}

std::optional<Argument> opgen::parseArgument(Context &Ctx, StringRef Text,
                                             TextLocation Loc) {
  return Parser(Ctx, Text, Loc).parseLoneArgument();
}

std::optional<OperatorName>
opgen::parseOperatorName(Context &Ctx, StringRef Text, TextLocation Loc) {
  return Parser(Ctx, Text, Loc).parseLoneOperatorName();
}

bool opgen::torchgenAcceptsOperatorName(StringRef Text, std::string &Why) {
  auto [Op, Overload] = Text.split('.');
  if (Text.contains('.') && Overload.empty()) {
    // `abs.` prints back as `abs`.
    Why = "`" + Text.str() + "` has an empty overload name after `.`";
    return false;
  }
  if (Op.empty()) {
    Why = "operator name cannot be empty";
    return false;
  }
  if (Op.endswith("_out")) {
    Why = "operator name `" + Op.str() +
          "` ends in `_out`, which is reserved; use an `out` overload name "
          "instead";
    return false;
  }
  // The namespace is all before the last `::`; an empty one does not print.
  size_t Colons = Op.rfind("::");
  StringRef Ns =
      Colons == StringRef::npos ? StringRef() : Op.take_front(Colons);
  StringRef Base = Colons == StringRef::npos ? Op : Op.drop_front(Colons + 2);
  if (Colons != StringRef::npos && Ns.empty()) {
    Why = "`" + Op.str() + "` has an empty namespace before `::`";
    return false;
  }
  if (Base.empty()) {
    Why = "`" + Op.str() + "` has no operator name after `::`";
    return false;
  }
  bool Dunder = Base.size() > 4 && Base.startswith("__") &&
                Base.endswith("__") &&
                !Base.drop_front(2).drop_back(2).contains('_');
  bool Inplace = false;
  if (Dunder) {
    StringRef Inner = Base.drop_front(2).drop_back(2);
    if (Inner.startswith("i")) {
      if (!is_contained(AugmentedAssignmentNames, Inner.drop_front(1))) {
        Why = "dunder method `" + Op.str() +
              "` starts with `i` but is not an augmented assignment such as "
              "`__iadd__`";
        return false;
      }
      Inplace = true;
    }
    Base = Inner;
  } else if (Base.endswith("_")) {
    Inplace = true;
    Base = Base.drop_back(1);
  }
  if (Base.endswith("_functional") && (Dunder || Inplace)) {
    Why = "`" + Op.str() +
          "`: a functional overload cannot be a dunder method or inplace";
    return false;
  }
  return true;
}

std::optional<Type> opgen::parseType(Context &Ctx, StringRef Text,
                                     TextLocation Loc) {
  return Parser(Ctx, Text, Loc).parseLoneType();
}
