//===- YamlMain.cpp - opgen-yaml: opgen's YAML value trees, printed -------===//
//
// Many documents a process, so that the oracle's thousands of documents run
// in seconds: each input file is one document, or with --batch a run of
// records `<length>\n<bytes>`, one output line each, in order.
//
//===----------------------------------------------------------------------===//

#include "opgen/Tools/YamlMain.h"
#include "opgen/IR/Context.h"
#include "opgen/Parse/FastYaml.h"
#include "opgen/Support/ToolProcess.h"
#include "opgen/Support/Yaml11.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace opgen;
using namespace llvm;

namespace {

/// Appends \p S as json.dumps(ensure_ascii=True) quotes it: everything
/// outside printable ASCII as `\uXXXX` (a surrogate pair above U+FFFF).
void appendJsonString(std::string &Out, StringRef S) {
  Out += '"';
  auto Hex4 = [&](unsigned U) {
    static const char Digits[] = "0123456789abcdef";
    Out += "\\u";
    for (int Shift = 12; Shift >= 0; Shift -= 4)
      Out += Digits[(U >> Shift) & 0xf];
  };
  const auto *P = reinterpret_cast<const UTF8 *>(S.begin());
  const auto *E = reinterpret_cast<const UTF8 *>(S.end());
  while (P < E) {
    unsigned char C = *P;
    if (C < 0x80) {
      ++P;
      switch (C) {
      case '"':
        Out += "\\\"";
        break;
      case '\\':
        Out += "\\\\";
        break;
      case '\n':
        Out += "\\n";
        break;
      case '\r':
        Out += "\\r";
        break;
      case '\t':
        Out += "\\t";
        break;
      case '\b':
        Out += "\\b";
        break;
      case '\f':
        Out += "\\f";
        break;
      default:
        if (C < 0x20 || C == 0x7f)
          Hex4(C);
        else
          Out += char(C);
      }
      continue;
    }
    UTF32 CP;
    const UTF8 *Start = P;
    if (convertUTF8Sequence(&P, E, &CP, strictConversion) != conversionOK) {
      // Not UTF-8: the readers reject such text; show it as U+FFFD.
      P = Start + 1;
      CP = 0xfffd;
    }
    if (CP >= 0x10000) {
      CP -= 0x10000;
      Hex4(0xd800 + (CP >> 10));
      Hex4(0xdc00 + (CP & 0x3ff));
    } else {
      Hex4(CP);
    }
  }
  Out += '"';
}

std::string base64(StringRef Bytes) {
  static const char Table[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string Out;
  for (size_t I = 0; I < Bytes.size(); I += 3) {
    unsigned N = static_cast<unsigned char>(Bytes[I]) << 16;
    if (I + 1 < Bytes.size())
      N |= static_cast<unsigned char>(Bytes[I + 1]) << 8;
    if (I + 2 < Bytes.size())
      N |= static_cast<unsigned char>(Bytes[I + 2]);
    Out += Table[(N >> 18) & 63];
    Out += Table[(N >> 12) & 63];
    Out += I + 1 < Bytes.size() ? Table[(N >> 6) & 63] : '=';
    Out += I + 2 < Bytes.size() ? Table[N & 63] : '=';
  }
  return Out;
}

bool printScalar(std::string &Out, YamlKind Kind, StringRef Text) {
  auto Pair = [&](StringRef Name, StringRef Value) {
    Out += "[\"";
    Out += Name;
    Out += "\",";
    appendJsonString(Out, Value);
    Out += ']';
  };
  switch (Kind) {
  case YamlKind::Null:
    Out += "[\"null\"]";
    return true;
  case YamlKind::Bool:
    if (std::optional<bool> B = constructYaml11Bool(Text)) {
      Out += *B ? "[\"bool\",true]" : "[\"bool\",false]";
      return true;
    }
    return false;
  case YamlKind::Int:
    if (std::optional<std::string> I = constructYaml11Int(Text)) {
      Pair("int", *I);
      return true;
    }
    return false;
  case YamlKind::Float:
    if (std::optional<double> D = constructYaml11Float(Text)) {
      Pair("float", pythonFloatRepr(*D));
      return true;
    }
    return false;
  case YamlKind::Str:
    Pair("str", Text);
    return true;
  case YamlKind::Timestamp:
    if (std::optional<std::string> T = constructYaml11Timestamp(Text)) {
      Pair("timestamp", *T);
      return true;
    }
    return false;
  case YamlKind::Binary:
    if (std::optional<std::string> B = constructYaml11Binary(Text)) {
      Pair("binary", base64(*B));
      return true;
    }
    return false;
  case YamlKind::Sequence:
  case YamlKind::Mapping:
  case YamlKind::Other:
    return false;
  }
  return false;
}

bool print(std::string &Out, const YamlValue &V) {
  if (V.Kind == YamlKind::Sequence) {
    Out += "[\"seq\",[";
    for (size_t I = 0; I < V.Items.size(); ++I) {
      if (I)
        Out += ',';
      if (!print(Out, V.Items[I]))
        return false;
    }
    Out += "]]";
    return true;
  }
  if (V.Kind == YamlKind::Mapping) {
    Out += "[\"map\",[";
    for (size_t I = 0; I < V.Entries.size(); ++I) {
      if (I)
        Out += ',';
      Out += '[';
      const YamlScalar &K = V.Entries[I].first;
      if (!printScalar(Out, K.Kind, K.Value))
        return false;
      Out += ',';
      if (!print(Out, V.Entries[I].second))
        return false;
      Out += ']';
    }
    Out += "]]";
    return true;
  }
  return printScalar(Out, V.Kind, V.Scalar.Value);
}

enum class Reader { Libyaml, Fast, Check };

/// Reads one document; the line to print, and whether the readers agreed.
std::string readOne(StringRef Name, StringRef Text, Reader R, bool ShowErrors,
                    bool &Agreed, bool &FastRead) {
  Agreed = true;
  raw_null_ostream Null;
  Context Ctx(ShowErrors ? errs() : static_cast<raw_ostream &>(Null));
  unsigned ID = Ctx.getSourceMgr().AddNewSourceBuffer(
      MemoryBuffer::getMemBufferCopy(Text, Name), SMLoc());
  StringRef Buffer = Ctx.getSourceMgr().getMemoryBuffer(ID)->getBuffer();
  std::optional<YamlValue> Fast;
  if (R != Reader::Libyaml) {
    std::vector<YamlValue> Entries;
    if (readSimpleYamlEntries(Buffer, Entries)) {
      Fast.emplace();
      Fast->Kind = YamlKind::Sequence;
      Fast->Items = std::move(Entries);
    }
    FastRead = Fast.has_value();
  }
  std::optional<YamlValue> Full;
  if (R != Reader::Fast || !Fast)
    Full = readYamlValue(Ctx, ID);
  if (R == Reader::Check && Fast) {
    bool Same = Full && Full->Kind == YamlKind::Sequence &&
                Full->Items.size() == Fast->Items.size();
    for (size_t I = 0; Same && I < Fast->Items.size(); ++I)
      Same = sameYamlValue(Fast->Items[I], Full->Items[I]);
    if (!Same) {
      Agreed = false;
      errs() << Name << ": error: the fast reader and libyaml disagree\n";
      return "[\"mismatch\"]";
    }
  }
  const std::optional<YamlValue> &V = R == Reader::Fast && Fast ? Fast : Full;
  std::string Out;
  if (!V || !print(Out, *V))
    return "[\"error\"]";
  return Out;
}

} // namespace

std::optional<std::string> opgen::printCanonicalYaml(const YamlValue &V) {
  std::string Out;
  if (!print(Out, V))
    return std::nullopt;
  return Out;
}

int opgen::yamlMain(int Argc, char **Argv) {
  InitLLVM X(Argc, Argv);
  prepareToolProcess();
  cl::OptionCategory Cat("opgen-yaml options");
  cl::list<std::string> Inputs(cl::Positional, cl::desc("<file>..."),
                               cl::OneOrMore, cl::cat(Cat));
  cl::opt<Reader> ReaderFlag(
      "reader", cl::desc("Which reader reads the documents"),
      cl::init(Reader::Libyaml),
      cl::values(
          clEnumValN(Reader::Libyaml, "libyaml",
                     "readYamlValue, as for every yaml but "
                     "native_functions.yaml"),
          clEnumValN(Reader::Fast, "fast",
                     "the fast reader where it accepts the document "
                     "(native_functions.yaml's shape), else libyaml"),
          clEnumValN(Reader::Check, "check",
                     "both; a document the fast reader accepts must read "
                     "the same, locations included")),
      cl::cat(Cat));
  cl::opt<bool> Batch("batch",
                      cl::desc("Each file holds records `<length>\\n<bytes>`, "
                               "one document each"),
                      cl::cat(Cat));
  cl::opt<bool> CountFast(
      "count-fast",
      cl::desc("Say on stderr how many documents the fast reader read"),
      cl::cat(Cat));
  cl::opt<bool> ShowErrors("show-errors",
                           cl::desc("Print the readers' diagnostics to stderr"),
                           cl::cat(Cat));
  cl::opt<YamlKind> ScalarKind(
      "construct",
      cl::desc("Take each input as a scalar's text, and print "
               "its value as the safe loader constructs it"),
      cl::init(YamlKind::Other),
      cl::values(clEnumValN(YamlKind::Bool, "bool", "!!bool"),
                 clEnumValN(YamlKind::Int, "int", "!!int"),
                 clEnumValN(YamlKind::Float, "float", "!!float"),
                 clEnumValN(YamlKind::Timestamp, "timestamp", "!!timestamp"),
                 clEnumValN(YamlKind::Binary, "binary", "!!binary")),
      cl::Hidden, cl::cat(Cat));
  cl::HideUnrelatedOptions(Cat);
  if (!cl::ParseCommandLineOptions(
          Argc, Argv,
          "opgen-yaml: print YAML documents as opgen reads them, one JSON "
          "line each\n",
          &errs()))
    return 1;

  bool AllAgreed = true;
  size_t NumDocs = 0, NumFast = 0;
  std::string Out;
  auto Flush = [&]() {
    outs() << Out;
    Out.clear();
  };
  for (const std::string &File : Inputs) {
    ErrorOr<std::unique_ptr<MemoryBuffer>> Buf =
        MemoryBuffer::getFileOrSTDIN(File, /*IsText=*/false,
                                     /*RequiresNullTerminator=*/false);
    if (!Buf) {
      errs() << File << ": error: cannot read: " << Buf.getError().message()
             << "\n";
      return 1;
    }
    StringRef Data = (*Buf)->getBuffer();
    auto One = [&](StringRef Name, StringRef Text) {
      bool Agreed = true, FastRead = false;
      if (ScalarKind != YamlKind::Other) {
        // The input is a scalar's text, the value as if tagged so.
        std::string V;
        Out += printScalar(V, ScalarKind, Text) ? V : "[\"error\"]";
      } else {
        Out += readOne(Name, Text, ReaderFlag, ShowErrors, Agreed, FastRead);
      }
      ++NumDocs;
      NumFast += FastRead;
      Out += '\n';
      AllAgreed &= Agreed;
      if (Out.size() > (1 << 16))
        Flush();
    };
    if (!Batch) {
      One(File, Data);
      continue;
    }
    for (unsigned N = 1; !Data.empty(); ++N) {
      auto [Len, Rest] = Data.split('\n');
      size_t Size;
      if (Len.getAsInteger(10, Size) || Size > Rest.size()) {
        Flush();
        errs() << File << ": error: record " << N
               << " is not `<length>\\n<bytes>`\n";
        return 1;
      }
      One((File + "#" + Twine(N)).str(), Rest.take_front(Size));
      Data = Rest.drop_front(Size);
    }
  }
  Flush();
  if (CountFast)
    errs() << "opgen-yaml: " << NumDocs << " documents, " << NumFast
           << " read by the fast reader\n";
  return AllAgreed ? 0 : 1;
}
