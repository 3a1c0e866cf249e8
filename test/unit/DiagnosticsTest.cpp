//===- DiagnosticsTest.cpp - How diagnostics are printed ------------------===//

#include "opgen/Support/Diagnostics.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <doctest/doctest.h>

#include <string>
#include <thread>

using namespace opgen;
using namespace llvm;

static bool isCut(StringRef S) { return S.startswith("..."); }
static bool isCutAtEnd(StringRef S) { return S.endswith("..."); }

/// "w0 w1 w2 ..." with N words.
static std::string words(unsigned N) {
  std::string S;
  for (unsigned I = 0; I < N; ++I)
    S += (I ? " w" : "w") + std::to_string(I);
  return S;
}

TEST_CASE("a line that fits is printed whole, tabs expanded as LLVM does") {
  SourceSnippet S = getSourceSnippet("abc def", 4, 80);
  CHECK(S.Text == "abc def");
  CHECK(S.CaretColumn == 4);
  S = getSourceSnippet("\tx\ty", 2, 0);
  CHECK(S.Text == "        x       y");
  CHECK(S.CaretColumn == 9);
  // A caret past the end stands just after the last character.
  S = getSourceSnippet("ab", 7, 0);
  CHECK(S.Text == "ab");
  CHECK(S.CaretColumn == 2);
  // Width 0 never cuts.
  std::string Long(5000, 'x');
  CHECK(getSourceSnippet(Long, 4000, 0).Text == Long);
}

TEST_CASE("a long line is cut around the caret, whole words kept") {
  std::string Line = words(200);
  size_t At = Line.find("w100");
  SourceSnippet S = getSourceSnippet(Line, At, 40);
  INFO(S.Text);
  CHECK(S.Text.size() <= 40);
  CHECK(isCut(S.Text));
  CHECK(isCutAtEnd(S.Text));
  CHECK(StringRef(S.Text).substr(S.CaretColumn).startswith("w100 "));
  // Only whole words between the ellipses.
  StringRef Kept = StringRef(S.Text).drop_front(3).drop_back(3);
  CHECK(Kept.startswith("w"));
  CHECK(StringRef(Line).contains(Kept));
  CHECK(Line[Line.find(Kept) - 1] == ' ');
  CHECK(Line[Line.find(Kept) + Kept.size()] == ' ');
}

TEST_CASE("the start of a line is kept when the caret is near it") {
  std::string Line = words(200);
  SourceSnippet S = getSourceSnippet(Line, 3, 40);
  INFO(S.Text);
  CHECK(S.Text.size() <= 40);
  CHECK(StringRef(S.Text).startswith("w0 w1 "));
  CHECK(isCutAtEnd(S.Text));
  CHECK(S.CaretColumn == 3);
  // ... and the end, with the caret there, or past it.
  S = getSourceSnippet(Line, Line.size() - 1, 40);
  CHECK(isCut(S.Text));
  CHECK(StringRef(S.Text).endswith(" w199"));
  CHECK(S.CaretColumn == S.Text.size() - 1);
  S = getSourceSnippet(Line, Line.size() + 5, 40);
  CHECK(S.Text.size() < 40);
  CHECK(S.CaretColumn == S.Text.size());
}

TEST_CASE("a run without spaces is cut inside it") {
  std::string Line(1000, 'x');
  Line[500] = 'Y';
  SourceSnippet S = getSourceSnippet(Line, 500, 40);
  INFO(S.Text);
  CHECK(S.Text.size() <= 40);
  CHECK(S.Text.size() >= 30);
  CHECK(isCut(S.Text));
  CHECK(isCutAtEnd(S.Text));
  CHECK(S.Text[S.CaretColumn] == 'Y');
}

TEST_CASE("a cut never splits a UTF-8 character") {
  std::string Line;
  for (int I = 0; I < 300; ++I)
    Line += "\xC3\xA9"; // é
  SourceSnippet S = getSourceSnippet(Line, 301, 21);
  StringRef Kept = StringRef(S.Text).drop_front(3).drop_back(3);
  REQUIRE(!Kept.empty());
  CHECK(Kept.size() % 2 == 0);
  CHECK(static_cast<unsigned char>(Kept.front()) == 0xC3);
}

namespace {
/// An engine printing into a string, over one buffer.
struct Printer {
  SourceMgr SM;
  std::string Out;
  raw_string_ostream OS{Out};
  DiagnosticEngine D{SM, OS};
  const char *Text;
  explicit Printer(StringRef Source) {
    SM.AddNewSourceBuffer(MemoryBuffer::getMemBufferCopy(Source, "in.yaml"),
                          SMLoc());
    Text = SM.getMemoryBuffer(1)->getBufferStart();
  }
  SMLoc at(size_t Offset) { return SMLoc::getFromPointer(Text + Offset); }
  size_t count(StringRef What) {
    size_t N = 0;
    for (size_t P = Out.find(What.str()); P != std::string::npos;
         P = Out.find(What.str(), P + 1))
      ++N;
    return N;
  }
};
} // namespace

TEST_CASE("printed diagnostics look as SMDiagnostic::print's") {
  Printer P("key: value\n\tx: y\n");
  P.D.error(P.at(5), "bad value");
  P.D.warning(P.at(12), "a tab");
  P.D.note(SMLoc(), "no location");
  P.D.fileError("f.yaml", "cannot read");
  CHECK(P.Out == "in.yaml:1:6: error: bad value\n"
                 "key: value\n"
                 "     ^\n"
                 "in.yaml:2:2: warning: a tab\n"
                 "        x: y\n"
                 "        ^\n"
                 "note: no location\n"
                 "f.yaml: error: cannot read\n");
}

TEST_CASE("colors: bold location and message, red error, green caret") {
  Printer P("key: value\n");
  DiagnosticOptions O;
  O.ShowColors = true;
  P.D.setOptions(O);
  P.D.error(P.at(5), "bad");
  P.D.warning(P.at(5), "odd");
  CHECK(P.Out.find("\x1b[1min.yaml:1:6: \x1b[0m") != std::string::npos);
  CHECK(P.Out.find("\x1b[0;1;31merror: \x1b[0m") != std::string::npos);
  CHECK(P.Out.find("\x1b[0;1;35mwarning: \x1b[0m") != std::string::npos);
  CHECK(P.Out.find("\x1b[1mbad\n\x1b[0m") != std::string::npos);
  CHECK(P.Out.find("\x1b[0;1;32m     ^\n\x1b[0m") != std::string::npos);
  Printer Plain("key: value\n");
  Plain.D.error(Plain.at(5), "bad");
  CHECK(Plain.Out.find('\x1b') == std::string::npos);
}

TEST_CASE("the error limit hides the rest and counts it") {
  Printer P("a\nb\nc\nd\n");
  DiagnosticOptions O;
  O.ErrorLimit = 2;
  P.D.setOptions(O);
  P.D.error(P.at(0), "first");
  P.D.note(P.at(0), "first's note");
  P.D.warning(P.at(2), "a warning before the limit");
  P.D.error(P.at(2), "second");
  P.D.error(P.at(4), "third");
  P.D.note(P.at(4), "third's note");
  P.D.warning(P.at(6), "a warning after it");
  P.D.error(P.at(6), "fourth");
  CHECK(P.count("error:") == 2);
  CHECK(P.Out.find("first's note") != std::string::npos);
  CHECK(P.Out.find("a warning before the limit") != std::string::npos);
  CHECK(P.Out.find("third") == std::string::npos);
  CHECK(P.Out.find("after it") == std::string::npos);
  CHECK(P.D.getNumErrors() == 4);
  P.D.printHiddenCount();
  CHECK(StringRef(P.Out).endswith(
      "note: 2 more errors and 1 warning not shown (--error-limit=2; 0 shows "
      "all)\n"));
  // Said once.
  size_t Size = P.Out.size();
  P.D.printHiddenCount();
  CHECK(P.Out.size() == Size);
}

TEST_CASE("the error limit applies to deferred diagnostics once sorted") {
  Printer P("a\nb\nc\n");
  DiagnosticOptions O;
  O.ErrorLimit = 1;
  P.D.setOptions(O);
  P.D.beginDeferred();
  P.D.error(P.at(4), "last");
  P.D.error(P.at(0), "first");
  P.D.error(P.at(2), "middle");
  CHECK(P.Out.empty());
  P.D.flushDeferred();
  P.D.printHiddenCount();
  CHECK(P.Out == "in.yaml:1:1: error: first\na\n^\n"
                 "note: 2 more errors not shown (--error-limit=1; 0 shows "
                 "all)\n");
}

TEST_CASE("deferrals nest: the last to end delivers, in source order") {
  Printer P("a\nb\nc\n");
  P.D.beginDeferred();
  P.D.error(P.at(4), "outer");
  P.D.beginDeferred();
  P.D.error(P.at(2), "inner");
  P.D.flushDeferred();
  CHECK(P.Out.empty());
  P.D.error(P.at(0), "outer again");
  P.D.flushDeferred();
  CHECK(P.Out == "in.yaml:1:1: error: outer again\na\n^\n"
                 "in.yaml:2:1: error: inner\nb\n^\n"
                 "in.yaml:3:1: error: outer\nc\n^\n");
  // Delivered at once again.
  P.D.error(P.at(0), "now");
  CHECK(StringRef(P.Out).endswith("error: now\na\n^\n"));
}

TEST_CASE("a handler sees every diagnostic, whatever the limit") {
  Printer P("a\n");
  DiagnosticOptions O;
  O.ErrorLimit = 1;
  P.D.setOptions(O);
  unsigned Seen = 0;
  P.D.setHandler([&](const SMDiagnostic &) { ++Seen; });
  for (int I = 0; I < 5; ++I)
    P.D.error(P.at(0), "e");
  P.D.printHiddenCount();
  CHECK(Seen == 5);
  CHECK(P.Out.empty());
}

TEST_CASE("a long source line is printed cut, the caret under its column") {
  std::string Line = "- func: f(" + words(20000) + ", Tensr y) -> Tensor";
  Printer P(Line + "\n");
  DiagnosticOptions O;
  O.MessageWidth = 100;
  P.D.setOptions(O);
  size_t At = Line.find("Tensr");
  P.D.error(P.at(At), "unknown type `Tensr`");
  SmallVector<StringRef, 4> Lines;
  StringRef(P.Out).split(Lines, '\n');
  REQUIRE(Lines.size() == 4);
  CHECK(Lines[0] == "in.yaml:1:" + std::to_string(At + 1) +
                        ": error: unknown type `Tensr`");
  CHECK(Lines[1].size() <= 100);
  CHECK(isCut(Lines[1]));
  CHECK(Lines[1].endswith(", Tensr y) -> Tensor"));
  CHECK(Lines[1].substr(Lines[2].size() - 1).startswith("Tensr y"));
  CHECK(Lines[2].ltrim(' ') == "^");
}

TEST_CASE("warnings as errors: counted and printed as errors, marked") {
  Printer P("a\nb\n");
  DiagnosticOptions O;
  O.WarningsAsErrors = true;
  P.D.setOptions(O);
  P.D.warning(P.at(0), "odd");
  P.D.note(P.at(2), "its note");
  CHECK(P.D.getNumErrors() == 1);
  CHECK(P.Out == "in.yaml:1:1: error: odd [-Werror]\na\n^\n"
                 "in.yaml:2:1: note: its note\nb\n^\n");
}

TEST_CASE("no warnings: a warning and its notes are dropped, errors kept") {
  Printer P("a\nb\n");
  DiagnosticOptions O;
  O.IgnoreWarnings = true;
  // -w wins over -Werror, as in clang.
  O.WarningsAsErrors = true;
  P.D.setOptions(O);
  unsigned Seen = 0;
  P.D.warning(P.at(0), "odd");
  P.D.note(P.at(0), "the warning's note");
  P.D.error(P.at(2), "bad");
  P.D.note(P.at(2), "the error's note");
  CHECK(P.D.getNumErrors() == 1);
  CHECK(P.Out.find("odd") == std::string::npos);
  CHECK(P.Out.find("the warning's note") == std::string::npos);
  CHECK(P.Out.find("error: bad") != std::string::npos);
  CHECK(P.Out.find("the error's note") != std::string::npos);
  // A handler sees what is reported, so it sees no dropped warning either.
  P.D.setHandler([&](const SMDiagnostic &) { ++Seen; });
  P.D.warning(P.at(0), "odd again");
  CHECK(Seen == 0);
}

TEST_CASE("a thread's errors can be reported as warnings, with the reason") {
  Printer P("a\n");
  P.D.setThreadErrorsAsWarnings("ignored here");
  P.D.error(P.at(0), "bad");
  // Other threads' errors stay errors.
  std::thread([&] { P.D.error(P.at(0), "elsewhere"); }).join();
  P.D.setThreadErrorsAsWarnings("");
  P.D.error(P.at(0), "after");
  CHECK(P.D.getNumErrors() == 2);
  CHECK(P.Out.find("warning: bad [ignored here]") != std::string::npos);
  CHECK(P.Out.find("error: elsewhere") != std::string::npos);
  CHECK(P.Out.find("error: after") != std::string::npos);
  // -Werror makes them errors again, with both marks.
  Printer W("a\n");
  DiagnosticOptions O;
  O.WarningsAsErrors = true;
  W.D.setOptions(O);
  W.D.setThreadErrorsAsWarnings("ignored here");
  W.D.error(W.at(0), "bad");
  CHECK(W.D.getNumErrors() == 1);
  CHECK(W.Out.find("error: bad [ignored here] [-Werror]") != std::string::npos);
}
