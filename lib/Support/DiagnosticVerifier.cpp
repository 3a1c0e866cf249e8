//===- DiagnosticVerifier.cpp - Check expected-error comments -------------===//

#include "opgen/Support/DiagnosticVerifier.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace opgen;
using namespace llvm;

DiagnosticVerifier::DiagnosticVerifier(DiagnosticEngine &Diags) : Diags(Diags) {
  Diags.setHandler([this](const SMDiagnostic &D) { Seen.push_back(D); });
}

static StringRef kindName(SourceMgr::DiagKind K) {
  switch (K) {
  case SourceMgr::DK_Error:
    return "error";
  case SourceMgr::DK_Warning:
    return "warning";
  case SourceMgr::DK_Note:
    return "note";
  case SourceMgr::DK_Remark:
    return "remark";
  }
  return "error";
}

void DiagnosticVerifier::addExpectations(unsigned BufferID) {
  SourceMgr &SM = Diags.getSourceMgr();
  const MemoryBuffer *Buf = SM.getMemoryBuffer(BufferID);
  StringRef File = Buf->getBufferIdentifier();
  StringRef Text = Buf->getBuffer();
  // Line numbers of the lines that hold only a comment, so that @above and
  // @below can skip over other expectation comments.
  SmallVector<StringRef, 0> Lines;
  Text.split(Lines, '\n');
  for (unsigned I = 0; I < Lines.size(); ++I) {
    StringRef L = Lines[I];
    size_t Pos = L.find("expected-");
    if (Pos == StringRef::npos)
      continue;
    StringRef Rest = L.drop_front(Pos + strlen("expected-"));
    SourceMgr::DiagKind Kind;
    if (Rest.consume_front("error"))
      Kind = SourceMgr::DK_Error;
    else if (Rest.consume_front("warning"))
      Kind = SourceMgr::DK_Warning;
    else if (Rest.consume_front("note"))
      Kind = SourceMgr::DK_Note;
    else
      continue;
    SMLoc Loc = SMLoc::getFromPointer(L.data() + Pos);
    unsigned Line = I + 1, Column = 0;
    if (Rest.consume_front("@")) {
      if (Rest.consume_front("above")) {
        Line = I; // the line before the comment line (1-based: I)
      } else if (Rest.consume_front("below")) {
        Line = I + 2;
      } else {
        bool Relative = false, Negative = false;
        if (Rest.consume_front("+"))
          Relative = true;
        else if (Rest.consume_front("-"))
          Relative = Negative = true;
        unsigned N;
        if (Rest.consumeInteger(10, N)) {
          Malformed.push_back({Loc, "expected a line offset after `@`"});
          continue;
        }
        if (!Relative)
          Line = N;
        else if (Negative)
          Line = (N > I) ? 0 : I + 1 - N;
        else
          Line = I + 1 + N;
      }
      if (Rest.consume_front(":") && Rest.consumeInteger(10, Column)) {
        Malformed.push_back({Loc, "expected a column number after `:`"});
        continue;
      }
    }
    Rest = Rest.ltrim();
    size_t Open = Rest.find("{{");
    size_t Close = Rest.rfind("}}");
    if (!Rest.startswith("{{") || Close == StringRef::npos || Close < Open) {
      Malformed.push_back({Loc, "expected '{{message}}' in expectation"});
      continue;
    }
    Expectations.push_back({Kind, File.str(), Line, Column,
                            Rest.slice(Open + 2, Close).str(), Loc});
  }
}

LogicalResult DiagnosticVerifier::verify(raw_ostream &OS) {
  SourceMgr &SM = Diags.getSourceMgr();
  bool Ok = true;
  for (auto &[Loc, Msg] : Malformed) {
    SM.GetMessage(Loc, SourceMgr::DK_Error, Msg).print(nullptr, OS, false);
    Ok = false;
  }
  for (const SMDiagnostic &D : Seen) {
    Expected *Match = nullptr;
    for (Expected &E : Expectations) {
      if (E.Matched || E.Kind != D.getKind() ||
          E.Line != (unsigned)D.getLineNo() || E.File != D.getFilename())
        continue;
      if (E.Column && E.Column != (unsigned)D.getColumnNo() + 1)
        continue;
      if (!StringRef(D.getMessage()).contains(E.Text))
        continue;
      Match = &E;
      break;
    }
    if (Match) {
      Match->Matched = true;
      continue;
    }
    Ok = false;
    std::string Line = D.getLineNo() > 0
                           ? (D.getFilename() + ":" + Twine(D.getLineNo()) +
                              ":" + Twine(D.getColumnNo() + 1))
                                 .str()
                           : D.getFilename().str();
    OS << Line << ": error: unexpected " << kindName(D.getKind()) << ": "
       << D.getMessage() << "\n";
  }
  for (Expected &E : Expectations) {
    if (E.Matched)
      continue;
    Ok = false;
    std::string Where = "line " + std::to_string(E.Line);
    if (E.Column)
      Where += ", column " + std::to_string(E.Column);
    // Not SM.PrintMessage: that would go to the SourceMgr's handler, which
    // this verifier itself has captured.
    SM.GetMessage(E.CommentLoc, SourceMgr::DK_Error,
                  "expected " + kindName(E.Kind) + " \"" + E.Text + "\" at " +
                      Where + " was not produced")
        .print(nullptr, OS, /*ShowColors=*/false);
  }
  return success(Ok);
}
