//===- PyRegex.cpp - Regular expressions as Python's `re` reads them ------===//
//
// A pattern is parsed into a small tree, then compiled into a program for a
// backtracking machine (split, jump, save, ...), whose order of choices is
// the order Python's sre tries them: the first path that matches is the
// match, with its groups. Failed (instruction, position) states are
// remembered, which keeps the time linear in the text and stops loops over
// empty matches, and changes no answer (without backreferences, whether
// a state leads to a match does not depend on how it was reached).
//
//===----------------------------------------------------------------------===//

#include "opgen/Support/PyRegex.h"

#include "llvm/ADT/StringExtras.h"

#include <bitset>
#include <memory>

using namespace opgen;
using namespace llvm;

namespace {

using ByteSet = std::bitset<256>;

bool isWordByte(unsigned char C) { return isAlnum(C) || C == '_'; }

ByteSet classOf(char Letter) {
  ByteSet S;
  for (unsigned C = 0; C != 256; ++C) {
    bool In = false;
    switch (Letter | 0x20) {
    case 'w':
      In = isWordByte(C);
      break;
    case 'd':
      In = C >= '0' && C <= '9';
      break;
    case 's':
      In = C == ' ' || (C >= '\t' && C <= '\r');
      break;
    }
    S[C] = In;
  }
  // The upper-case letter is the complement.
  if (Letter >= 'A' && Letter <= 'Z')
    S.flip();
  return S;
}

/// The parsed pattern.
struct Node {
  enum Kind { Empty, Byte, Set, Any, Assert, Group, Concat, Alt, Repeat } K;
  unsigned char C = 0;
  ByteSet Bytes;
  uint32_t Assertion = 0;
  /// Group: its number (0 for `(?:...)`).
  unsigned GroupNumber = 0;
  unsigned Min = 0, Max = 0; ///< Repeat; Max == ~0u: no bound
  bool Greedy = true;
  std::vector<std::unique_ptr<Node>> Kids;

  explicit Node(Kind K) : K(K) {}

  /// Whether it can match nothing.
  bool nullable() const {
    switch (K) {
    case Empty:
    case Assert:
      return true;
    case Byte:
    case Set:
    case Any:
      return false;
    case Group:
      return Kids[0]->nullable();
    case Concat:
      return llvm::all_of(Kids, [](const auto &N) { return N->nullable(); });
    case Alt:
      return llvm::any_of(Kids, [](const auto &N) { return N->nullable(); });
    case Repeat:
      return Min == 0 || Kids[0]->nullable();
    }
    return true;
  }
};
using NodePtr = std::unique_ptr<Node>;
constexpr unsigned Unbounded = ~0u;

class Parser {
public:
  explicit Parser(StringRef P) : P(P) {}

  Expected<NodePtr> parse() {
    NodePtr N = alternation();
    if (!Error.empty())
      return fail();
    if (I != P.size()) // a `)` with no `(`
      return bad("unbalanced parenthesis");
    Expected<NodePtr> Tree(std::move(N));
    return Tree;
  }
  unsigned groups() const { return NumGroups; }

private:
  llvm::Error fail() {
    return createStringError(inconvertibleErrorCode(),
                             "%s at position %zu of pattern `%s`",
                             Error.c_str(), ErrorAt, P.str().c_str());
  }
  Expected<NodePtr> bad(const Twine &Why) {
    if (Error.empty()) {
      Error = Why.str();
      ErrorAt = I;
    }
    return fail();
  }
  NodePtr error(const Twine &Why) {
    if (Error.empty()) {
      Error = Why.str();
      ErrorAt = I;
    }
    return std::make_unique<Node>(Node::Empty);
  }
  bool more() const { return I < P.size() && Error.empty(); }

  NodePtr alternation() {
    auto Alt = std::make_unique<Node>(Node::Alt);
    Alt->Kids.push_back(concatenation());
    while (more() && P[I] == '|') {
      ++I;
      Alt->Kids.push_back(concatenation());
    }
    if (Alt->Kids.size() == 1)
      return std::move(Alt->Kids[0]);
    return Alt;
  }

  NodePtr concatenation() {
    auto Cat = std::make_unique<Node>(Node::Concat);
    while (more() && P[I] != '|' && P[I] != ')')
      Cat->Kids.push_back(repetition());
    return Cat;
  }

  /// `{m}`, `{m,}`, `{m,n}`, `{,n}` at I; false (I unchanged) when what is
  /// there is no repetition, which Python then reads as a literal `{`.
  bool counted(unsigned &Min, unsigned &Max) {
    size_t J = I + 1, Start = J;
    while (J < P.size() && isDigit(P[J]))
      ++J;
    StringRef Low = P.slice(Start, J), High;
    bool Comma = J < P.size() && P[J] == ',';
    if (Comma) {
      size_t K = ++J;
      while (J < P.size() && isDigit(P[J]))
        ++J;
      High = P.slice(K, J);
    }
    if (J >= P.size() || P[J] != '}' || (Low.empty() && !Comma))
      return false;
    Min = 0;
    Max = Unbounded;
    if (!Low.empty() && Low.getAsInteger(10, Min))
      return false;
    if (!Comma)
      Max = Min;
    else if (!High.empty() && High.getAsInteger(10, Max))
      return false;
    I = J + 1;
    return true;
  }

  NodePtr repetition() {
    NodePtr Atom = atom();
    while (more()) {
      unsigned Min, Max;
      char C = P[I];
      if (C == '*')
        Min = 0, Max = Unbounded, ++I;
      else if (C == '+')
        Min = 1, Max = Unbounded, ++I;
      else if (C == '?')
        Min = 0, Max = 1, ++I;
      else if (C == '{' && counted(Min, Max)) {
        if (Max < Min)
          return error("min repeat greater than max repeat");
      } else
        break;
      if (Atom->K == Node::Assert || Atom->K == Node::Repeat)
        return error("nothing to repeat");
      auto R = std::make_unique<Node>(Node::Repeat);
      R->Min = Min;
      R->Max = Max;
      if (more() && P[I] == '?') {
        R->Greedy = false;
        ++I;
      } else if (more() && P[I] == '+') {
        return error("possessive quantifiers are not supported");
      }
      R->Kids.push_back(std::move(Atom));
      Atom = std::move(R);
    }
    return Atom;
  }

  NodePtr byte(unsigned char C) {
    auto N = std::make_unique<Node>(Node::Byte);
    N->C = C;
    return N;
  }
  NodePtr set(ByteSet S) {
    auto N = std::make_unique<Node>(Node::Set);
    N->Bytes = S;
    return N;
  }
  NodePtr assertion(uint32_t A) {
    auto N = std::make_unique<Node>(Node::Assert);
    N->Assertion = A;
    return N;
  }

  /// The byte an escape such as `\n` or `\(` stands for, or -1 after an
  /// error; \p InClass for the escapes of a class.
  int escapedByte(char C) {
    switch (C) {
    case 'n':
      return '\n';
    case 't':
      return '\t';
    case 'r':
      return '\r';
    case 'f':
      return '\f';
    case 'v':
      return '\v';
    case 'a':
      return '\a';
    }
    if (isAlnum(C)) {
      // Python rejects an unknown letter escape; digits are backreferences
      // and octal escapes.
      error(isDigit(C) ? "backreferences and octal escapes are not supported"
                       : "bad escape \\" + Twine(C));
      return -1;
    }
    return static_cast<unsigned char>(C);
  }

  NodePtr atom() {
    char C = P[I++];
    switch (C) {
    case '.':
      return std::make_unique<Node>(Node::Any);
    case '^':
      return assertion(PyRegex::AtStart);
    case '$':
      return assertion(PyRegex::AtEndOrNewline);
    case '[':
      return characterClass();
    case '(': {
      auto G = std::make_unique<Node>(Node::Group);
      if (I < P.size() && P[I] == '?') {
        if (I + 1 < P.size() && P[I + 1] == ':') {
          I += 2;
        } else {
          --I;
          return error("only `(?:` of the `(?` extensions is supported");
        }
      } else {
        G->GroupNumber = ++NumGroups;
      }
      G->Kids.push_back(alternation());
      if (!more() || P[I] != ')')
        return error("missing ), unterminated subpattern");
      ++I;
      return G;
    }
    case ')':
      return error("unbalanced parenthesis");
    case '*':
    case '+':
    case '?':
      --I;
      return error("nothing to repeat");
    case '\\': {
      if (I == P.size())
        return error("bad escape (end of pattern)");
      char E = P[I++];
      switch (E) {
      case 'w':
      case 'W':
      case 'd':
      case 'D':
      case 's':
      case 'S':
        return set(classOf(E));
      case 'b':
        return assertion(PyRegex::WordBoundary);
      case 'B':
        return assertion(PyRegex::NotWordBoundary);
      case 'A':
        return assertion(PyRegex::AtStart);
      case 'Z':
        return assertion(PyRegex::AtEnd);
      }
      int B = escapedByte(E);
      return B < 0 ? std::make_unique<Node>(Node::Empty) : byte(B);
    }
    default:
      return byte(static_cast<unsigned char>(C));
    }
  }

  /// `[...]`, the `[` read.
  NodePtr characterClass() {
    ByteSet S;
    bool Negated = I < P.size() && P[I] == '^';
    if (Negated)
      ++I;
    bool First = true;
    for (;;) {
      if (I >= P.size())
        return error("unterminated character set");
      char C = P[I];
      if (C == ']' && !First) {
        ++I;
        break;
      }
      First = false;
      ++I;
      // One member: a byte, or a class escape.
      int Low;
      if (C == '\\') {
        if (I >= P.size())
          return error("unterminated character set");
        char E = P[I++];
        if (StringRef("wWdDsS").contains(E)) {
          S |= classOf(E);
          continue;
        }
        if (E == 'b') {
          Low = '\b';
        } else {
          Low = escapedByte(E);
          if (Low < 0)
            return std::make_unique<Node>(Node::Empty);
        }
      } else {
        Low = static_cast<unsigned char>(C);
      }
      // A range, unless the `-` is last.
      if (I + 1 < P.size() && P[I] == '-' && P[I + 1] != ']') {
        ++I;
        char D = P[I++];
        int High;
        if (D == '\\') {
          if (I >= P.size())
            return error("unterminated character set");
          char E = P[I++];
          if (StringRef("wWdDsS").contains(E))
            return error("bad character range");
          High = escapedByte(E);
          if (High < 0)
            return std::make_unique<Node>(Node::Empty);
        } else {
          High = static_cast<unsigned char>(D);
        }
        if (High < Low)
          return error("bad character range");
        for (int B = Low; B <= High; ++B)
          S[B] = true;
        continue;
      }
      S[Low] = true;
    }
    if (Negated)
      S.flip();
    return set(S);
  }

  StringRef P;
  size_t I = 0;
  unsigned NumGroups = 0;
  std::string Error;
  size_t ErrorAt = 0;
};

/// Compiles the tree into PyRegex's program.
class Compiler {
public:
  Compiler(std::vector<PyRegex::Inst> &Prog, std::vector<ByteSet> &Sets,
           unsigned &NumSlots)
      : Prog(Prog), Sets(Sets), NumSlots(NumSlots) {}

  void emit(const Node &N) {
    using I = PyRegex::Inst;
    switch (N.K) {
    case Node::Empty:
      return;
    case Node::Byte:
      add({I::Byte, N.C});
      return;
    case Node::Any:
      add({I::Any});
      return;
    case Node::Set: {
      Sets.push_back(N.Bytes);
      add({I::Set, static_cast<uint32_t>(Sets.size() - 1)});
      return;
    }
    case Node::Assert:
      add({I::Assert, N.Assertion});
      return;
    case Node::Group:
      if (N.GroupNumber)
        add({I::Save, 2 * N.GroupNumber});
      emit(*N.Kids[0]);
      if (N.GroupNumber)
        add({I::Save, 2 * N.GroupNumber + 1});
      return;
    case Node::Concat:
      for (const NodePtr &K : N.Kids)
        emit(*K);
      return;
    case Node::Alt: {
      // split L1, next; L1: a; jump end; next: split L2, ...; last
      std::vector<size_t> Jumps;
      for (size_t K = 0; K + 1 < N.Kids.size(); ++K) {
        size_t S = add({I::Split});
        Prog[S].X = Prog.size();
        emit(*N.Kids[K]);
        Jumps.push_back(add({I::Jump}));
        Prog[S].Y = Prog.size();
      }
      emit(*N.Kids.back());
      for (size_t J : Jumps)
        Prog[J].X = Prog.size();
      return;
    }
    case Node::Repeat: {
      const Node &Body = *N.Kids[0];
      for (unsigned K = 0; K != N.Min; ++K)
        emit(Body);
      // sre ends a loop after an optional iteration that matched nothing,
      // keeping that iteration's groups: a body that can match nothing gets
      // the position its iteration began in a slot, checked after it.
      bool Check = Body.nullable();
      uint32_t Slot = Check ? 2 * NumGroups + 2 + NumSlots++ : 0;
      // The checks that jump past the loop, filled once its end is known.
      std::vector<size_t> Exits;
      auto Iteration = [&] {
        if (Check)
          add({I::Save, Slot});
        emit(Body);
        if (Check)
          Exits.push_back(add({I::Progress, Slot}));
      };
      if (N.Max == Unbounded) {
        // L: split body, end (greedy); body; jump L
        size_t S = add({I::Split});
        Iteration();
        size_t J = add({I::Jump});
        Prog[J].X = S;
        choose(S, S + 1, Prog.size(), N.Greedy);
        for (size_t E : Exits) {
          Prog[E].X = E + 1;
          Prog[E].Y = Prog.size();
        }
        return;
      }
      // Each optional copy: split body, end.
      std::vector<size_t> Splits;
      for (unsigned K = N.Min; K < N.Max; ++K) {
        Splits.push_back(add({I::Split}));
        Iteration();
      }
      for (size_t S : Splits)
        choose(S, S + 1, Prog.size(), N.Greedy);
      for (size_t E : Exits) {
        Prog[E].X = E + 1;
        Prog[E].Y = Prog.size();
      }
      return;
    }
    }
  }

  size_t add(PyRegex::Inst In) {
    Prog.push_back(In);
    return Prog.size() - 1;
  }

private:
  /// Split \p S between taking the body at \p Body and skipping to \p Past,
  /// in the order the quantifier prefers.
  void choose(size_t S, size_t Body, size_t Past, bool Greedy) {
    Prog[S].X = Greedy ? Body : Past;
    Prog[S].Y = Greedy ? Past : Body;
  }

public:
  unsigned NumGroups = 0;

private:
  std::vector<PyRegex::Inst> &Prog;
  std::vector<ByteSet> &Sets;
  unsigned &NumSlots;
};

} // namespace

StringRef PyRegex::Match::group(unsigned N) const {
  if (N == 0)
    return str();
  if (!hasGroup(N))
    return StringRef();
  return Text.slice(Groups[N - 1]->first, Groups[N - 1]->second);
}

bool PyRegex::Match::hasGroup(unsigned N) const {
  return N == 0 || (N <= Groups.size() && Groups[N - 1].has_value());
}

/// The bytes that can be the first a match consumes, into \p First, by
/// every path from the program's start up to its first consuming
/// instruction (anchors and tests of progress taken as passing: a superset
/// is safe). False when some path reaches the end consuming nothing: then
/// a match may be empty and every start must be tried.
static bool firstBytes(ArrayRef<PyRegex::Inst> Prog,
                       ArrayRef<std::bitset<256>> Sets,
                       std::bitset<256> &First) {
  using Inst = PyRegex::Inst;
  std::vector<bool> Seen(Prog.size());
  SmallVector<uint32_t, 16> Work{0};
  while (!Work.empty()) {
    uint32_t Pc = Work.pop_back_val();
    if (Pc >= Prog.size() || Seen[Pc])
      continue;
    Seen[Pc] = true;
    const Inst &In = Prog[Pc];
    switch (In.Kind) {
    case Inst::Byte:
      First.set(In.Arg);
      break;
    case Inst::Set:
      First |= Sets[In.Arg];
      break;
    case Inst::Any: {
      std::bitset<256> NotNewline;
      NotNewline.set();
      NotNewline.reset('\n');
      First |= NotNewline;
      break;
    }
    case Inst::Split:
    case Inst::Progress:
      Work.push_back(In.X);
      Work.push_back(In.Y);
      break;
    case Inst::Jump:
      Work.push_back(In.X);
      break;
    case Inst::Save:
    case Inst::Assert:
      Work.push_back(Pc + 1);
      break;
    case Inst::MatchEnd:
      return false;
    }
  }
  return true;
}

Expected<PyRegex> PyRegex::compile(StringRef Pattern) {
  Parser P(Pattern);
  Expected<NodePtr> Tree = P.parse();
  if (!Tree)
    return Tree.takeError();
  PyRegex R;
  R.Pattern = Pattern.str();
  R.NumGroups = P.groups();
  Compiler C(R.Prog, R.Sets, R.NumSlots);
  C.NumGroups = R.NumGroups;
  C.add({Inst::Save, 0});
  C.emit(**Tree);
  C.add({Inst::Save, 1});
  C.add({Inst::MatchEnd});
  R.Memoize =
      none_of(R.Prog, [](const Inst &In) { return In.Kind == Inst::Progress; });
  R.StartsWithByte = firstBytes(R.Prog, R.Sets, R.FirstBytes);
  Expected<PyRegex> Compiled(std::move(R));
  return Compiled;
}

bool PyRegex::run(StringRef Text, size_t At, bool MustAdvance,
                  std::vector<size_t> &Slots,
                  std::vector<uint64_t> &Visited) const {
  const size_t N = Text.size(), Width = N + 1;
  // A choice to come back to: an instruction and a position, or a slot to
  // restore (Pc == ~0).
  struct Choice {
    uint32_t Pc;
    size_t Pos;
    size_t Slot, Old;
  };
  SmallVector<Choice, 32> Stack;
  Stack.push_back({0, At, 0, 0});
  auto Seen = [&](uint32_t Pc, size_t Pos) {
    if (!Memoize)
      return false;
    size_t Bit = Pc * Width + Pos;
    uint64_t &Word = Visited[Bit / 64];
    uint64_t Mask = uint64_t(1) << (Bit % 64);
    bool Was = Word & Mask;
    Word |= Mask;
    return Was;
  };
  auto Word = [&](size_t Pos) {
    return Pos < N && isWordByte(static_cast<unsigned char>(Text[Pos]));
  };
  while (!Stack.empty()) {
    Choice C = Stack.pop_back_val();
    if (C.Pc == ~0u) {
      Slots[C.Slot] = C.Old;
      continue;
    }
    uint32_t Pc = C.Pc;
    size_t Pos = C.Pos;
    for (;;) {
      if (Seen(Pc, Pos))
        break;
      const Inst &In = Prog[Pc];
      bool Ok = true;
      switch (In.Kind) {
      case Inst::Byte:
        Ok = Pos < N && static_cast<unsigned char>(Text[Pos]) == In.Arg;
        ++Pos;
        ++Pc;
        break;
      case Inst::Set:
        Ok = Pos < N && Sets[In.Arg][static_cast<unsigned char>(Text[Pos])];
        ++Pos;
        ++Pc;
        break;
      case Inst::Any:
        Ok = Pos < N && Text[Pos] != '\n';
        ++Pos;
        ++Pc;
        break;
      case Inst::Split:
        Stack.push_back({In.Y, Pos, 0, 0});
        Pc = In.X;
        break;
      case Inst::Jump:
        Pc = In.X;
        break;
      case Inst::Save:
        Stack.push_back({~0u, 0, In.Arg, Slots[In.Arg]});
        Slots[In.Arg] = Pos;
        ++Pc;
        break;
      case Inst::Progress:
        Pc = Pos != Slots[In.Arg] ? In.X : In.Y;
        break;
      case Inst::Assert:
        switch (In.Arg) {
        case AtStart:
          Ok = Pos == 0;
          break;
        case AtEndOrNewline:
          Ok = Pos == N || (Pos + 1 == N && Text[Pos] == '\n');
          break;
        case AtEnd:
          Ok = Pos == N;
          break;
        case WordBoundary:
          Ok = (Pos > 0 && Word(Pos - 1)) != Word(Pos);
          break;
        case NotWordBoundary:
          // sre's \B never matches in an empty text.
          Ok = N > 0 && (Pos > 0 && Word(Pos - 1)) == Word(Pos);
          break;
        }
        ++Pc;
        break;
      case Inst::MatchEnd:
        // re.sub's rule: after an empty match, the next one must not be
        // empty where it starts.
        if (MustAdvance && Pos == At) {
          Ok = false;
          break;
        }
        return true;
      }
      if (!Ok)
        break;
    }
  }
  return false;
}

std::optional<PyRegex::Match> PyRegex::find(StringRef Text, size_t Pos,
                                            bool Anchored,
                                            bool MustAdvance) const {
  size_t Bits = Memoize ? Prog.size() * (Text.size() + 1) : 0;
  std::vector<uint64_t> Visited((Bits + 63) / 64);
  std::vector<size_t> Slots(2 * NumGroups + 2 + NumSlots, ~size_t(0));
  for (size_t At = Pos; At <= Text.size(); ++At) {
    if (!Anchored && StartsWithByte) {
      while (At != Text.size() &&
             !FirstBytes[static_cast<unsigned char>(Text[At])])
        ++At;
      if (At == Text.size())
        break; // No byte left to begin a match with.
    }
    // States that failed from one start fail from the next too (the
    // program's outcome from a state depends on the state alone), but not
    // those that failed for MustAdvance, which holds for the first start
    // only: forget them once past it. (Only a pattern that can match
    // nothing has such states, and its starts are never skipped.)
    if (MustAdvance && At == Pos + 1)
      std::fill(Visited.begin(), Visited.end(), 0);
    if (run(Text, At, MustAdvance && At == Pos, Slots, Visited)) {
      Match M;
      M.Text = Text;
      M.Begin = Slots[0];
      M.End = Slots[1];
      for (unsigned G = 1; G <= NumGroups; ++G) {
        size_t B = Slots[2 * G], E = Slots[2 * G + 1];
        if (B == ~size_t(0) || E == ~size_t(0))
          M.Groups.push_back(std::nullopt);
        else
          M.Groups.push_back(std::make_pair(B, E));
      }
      return M;
    }
    if (Anchored)
      break;
  }
  return std::nullopt;
}

std::optional<PyRegex::Match> PyRegex::search(StringRef Text,
                                              size_t Pos) const {
  return find(Text, Pos, /*Anchored=*/false, /*MustAdvance=*/false);
}

std::optional<PyRegex::Match> PyRegex::match(StringRef Text, size_t Pos) const {
  return find(Text, Pos, /*Anchored=*/true, /*MustAdvance=*/false);
}

std::optional<PyRegex::Match> PyRegex::fullmatch(StringRef Text) const {
  // Python's fullmatch backtracks into the pattern to end at the text's
  // end: the same as matching the pattern followed by \Z.
  Expected<PyRegex> Whole = compile("(?:" + Pattern + ")\\Z");
  if (!Whole) {
    consumeError(Whole.takeError());
    return std::nullopt;
  }
  return Whole->match(Text);
}

std::vector<PyRegex::Match> PyRegex::findAll(StringRef Text) const {
  std::vector<Match> Out;
  size_t Pos = 0;
  bool MustAdvance = false;
  while (Pos <= Text.size()) {
    std::optional<Match> M = find(Text, Pos, false, MustAdvance);
    if (!M)
      break;
    MustAdvance = M->End == M->Begin;
    Pos = M->End;
    Out.push_back(std::move(*M));
  }
  return Out;
}

std::string PyRegex::sub(StringRef Text,
                         function_ref<std::string(const Match &)> Repl) const {
  std::string Out;
  size_t Last = 0;
  for (const Match &M : findAll(Text)) {
    Out += Text.slice(Last, M.Begin);
    Out += Repl(M);
    Last = M.End;
  }
  Out += Text.substr(Last);
  return Out;
}

std::string PyRegex::subLiteral(StringRef Text, StringRef Replacement) const {
  return sub(Text, [&](const Match &) { return Replacement.str(); });
}
