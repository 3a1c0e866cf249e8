//===- EmbeddingTest.cpp - opgen used as a library ------------------------===//
//
// What docs/Embedding.md promises a program that embeds opgen: inputs from
// memory, diagnostics only to its handler, emitters into memory, and models
// on several threads at once giving what one model alone gives.
//
//===----------------------------------------------------------------------===//

#include "opgen/Tools/Embedding.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"

#include <doctest/doctest.h>

#include <thread>

using namespace opgen;
using namespace llvm;

namespace {

const char *const Tags = "- tag: core\n  desc: core ops\n";

const char *const Abs = "- func: abs(Tensor self) -> Tensor\n"
                        "  structured_delegate: abs.out\n"
                        "  tags: core\n"
                        "\n"
                        "- func: abs.out(Tensor self, *, Tensor(a!) out) -> "
                        "Tensor(a!)\n"
                        "  structured: True\n"
                        "  dispatch:\n"
                        "    CPU, CUDA: abs_out\n";

/// A model whose diagnostics are kept as printed lines.
struct Captured {
  std::vector<std::string> Lines;
  OperatorModel Model{[this](const SMDiagnostic &D) {
    std::string S;
    raw_string_ostream OS(S);
    D.print(nullptr, OS, /*ShowColors=*/false);
    Lines.push_back(OS.str());
  }};
};

ModelInputs fromMemory(StringRef Native) {
  ModelInputs In;
  In.NativeFunctions = InputSource::buffer("mem/native_functions.yaml", Native);
  In.Tags = InputSource::buffer("mem/tags.yaml", Tags);
  return In;
}

/// torchgen.gen's options, with 2.14's checks (a tags.yaml as small as
/// these tests' would make the front end guess an older release).
FrontEndOptions options(unsigned Threads = 1) {
  FrontEndOptions O = getTorchgenGenOptions(Threads);
  O.Release = TorchRelease::V2_14;
  return O;
}

/// Where 2.14.1's ATen folder is, when the reference is unpacked.
std::optional<std::string> findAten() {
  std::string Ref;
  if (auto Env = sys::Process::GetEnv("OPGEN_REFERENCE_DIR"))
    Ref = *Env;
  else
    Ref = std::string(OPGEN_SOURCE_DIR) + "/reference";
  std::string Aten = Ref + "/2.14/usr/lib/python3/dist-packages/torchgen/"
                           "packaged/ATen";
  if (!sys::fs::exists(Aten + "/native/native_functions.yaml"))
    return std::nullopt;
  return Aten;
}

/// One whole use: read, run torchgen's pipeline, emit text and files into
/// memory; everything it produced, diagnostics included, as one string.
std::string runOnce(const ModelInputs &In, const std::string &TemplateDir,
                    unsigned Threads) {
  std::string Diags, Result;
  OperatorModel Model([&](const SMDiagnostic &D) {
    raw_string_ostream OS(Diags);
    D.print(nullptr, OS, false);
  });
  if (failed(Model.read(In, options(Threads))))
    return "read failed:\n" + Diags;
  EmitOptions EO;
  EO.Threads = Threads;
  if (failed(Model.emitText("schemas", Result, EO)))
    return "schemas failed:\n" + Diags;
  if (!TemplateDir.empty()) {
    std::vector<GeneratedFile> Files;
    if (failed(Model.emitFiles("functions-header", TemplateDir, Files, EO)))
      return "functions-header failed:\n" + Diags;
    for (const GeneratedFile &F : Files)
      Result += "== " + F.Name + "\n" + F.content();
  }
  return Result + Diags;
}

} // namespace

TEST_CASE("an operator model reads from memory and emits into memory") {
  Captured C;
  REQUIRE(succeeded(C.Model.read(fromMemory(Abs), options())));
  CHECK(C.Lines.empty());
  const Module &M = C.Model.getModule();
  REQUIRE(M.Groups);
  REQUIRE(M.Groups->size() == 1);
  CHECK(M.Groups->front().Structured);
  const BackendIndex *CPU = M.getBackendIndex(DispatchKey::CPU);
  REQUIRE(CPU);
  REQUIRE(CPU->Index.size() == 1);
  CHECK(CPU->Index.front().second.Kernel == "abs_out");

  std::string Text;
  REQUIRE(succeeded(C.Model.emitText("schemas", Text)));
  CHECK(StringRef(Text).contains("abs(Tensor self) -> Tensor"));
  // Text emitters are not file emitters, and the other way round.
  std::vector<GeneratedFile> Files;
  CHECK(failed(C.Model.emitFiles("schemas", "", Files)));
  CHECK(failed(C.Model.emitText("functions-header", Text)));
  CHECK(Files.empty());
  REQUIRE(C.Lines.size() == 2);
  CHECK(C.Lines[0] ==
        "error: `schemas` is neither an emitter that writes files nor a file "
        "set\n");
  CHECK(C.Lines[1] == "error: `functions-header` is not a text emitter\n");
}

TEST_CASE("an operator model's diagnostics go to its handler only") {
  Captured C;
  std::string Bad = std::string(Abs) + "\n- func: abs(Tensor self) -> Tensor\n";
  CHECK(failed(C.Model.read(fromMemory(Bad), options())));
  CHECK(C.Model.getNumErrors() > 0);
  REQUIRE(!C.Lines.empty());
  // Located in the buffer, under the name the caller gave it.
  CHECK(StringRef(C.Lines.front()).startswith("mem/native_functions.yaml:"));
  // Nothing is emitted from a model that failed to read, and reading again
  // is refused.
  std::string Text;
  CHECK(failed(C.Model.emitText("schemas", Text)));
  CHECK(failed(C.Model.read(fromMemory(Abs), options())));
  CHECK(C.Lines.back() == "error: an operator model reads its inputs once\n");
}

TEST_CASE("an operator model runs the pipeline it is given") {
  // No pass: the functions are read, but not grouped.
  Captured Bare;
  FrontEndOptions None = options();
  None.Pipeline = "";
  REQUIRE(succeeded(Bare.Model.read(fromMemory(Abs), None)));
  CHECK(Bare.Model.getModule().Functions.size() == 2);
  CHECK(!Bare.Model.getModule().Groups);
  // An unknown pass is the caller's mistake, reported to its handler.
  Captured Unknown;
  FrontEndOptions Bad = options();
  Bad.Pipeline = "default,no-such-pass";
  CHECK(failed(Unknown.Model.read(fromMemory(Abs), Bad)));
  REQUIRE(Unknown.Lines.size() == 1);
  CHECK(StringRef(Unknown.Lines[0]).contains("unknown pass `no-such-pass`"));
}

TEST_CASE("an unreadable input file is a diagnostic") {
  Captured C;
  ModelInputs In;
  In.NativeFunctions = InputSource::file("/nonexistent/native_functions.yaml");
  CHECK(failed(C.Model.read(In, options())));
  REQUIRE(C.Lines.size() == 1);
  CHECK(StringRef(C.Lines[0])
            .startswith("/nonexistent/native_functions.yaml: error: cannot "
                        "read file"));
  OperatorModel Silent; // no handler: dropped, still counted
  CHECK(failed(Silent.read(In)));
  CHECK(Silent.getNumErrors() == 1);
}

TEST_CASE("two models on two threads give what one model alone gives") {
  // Synthetic operators always; the real yaml and templates (Functions.h)
  // where the reference is unpacked, as on CI.
  std::string Many;
  for (unsigned I = 0; I < 300; ++I)
    Many += "- func: op" + std::to_string(I) +
            "(Tensor self, int[] size, *, Scalar alpha=1) -> Tensor\n"
            "  dispatch:\n    CPU: op" +
            std::to_string(I) + "_cpu\n\n";
  std::vector<std::pair<ModelInputs, std::string>> Runs = {
      {fromMemory(Many), std::string()}};
  std::optional<std::string> Aten = findAten();
  if (Aten) {
    ModelInputs Real;
    Real.NativeFunctions =
        InputSource::file(*Aten + "/native/native_functions.yaml");
    Real.Tags = InputSource::file(*Aten + "/native/tags.yaml");
    Runs.push_back({Real, *Aten + "/templates"});
  } else {
    bool Required = sys::Process::GetEnv("CI").hasValue() ||
                    sys::Process::GetEnv("OPGEN_REQUIRE_REFERENCE").hasValue();
    CHECK_MESSAGE(!Required, "the torchgen reference is required here");
    MESSAGE("no reference: the concurrent run uses synthetic operators only");
  }
  for (const auto &[In, Templates] : Runs) {
    std::string Alone = runOnce(In, Templates, /*Threads=*/1);
    REQUIRE(!StringRef(Alone).contains(" failed:\n"));
    std::string A, B;
    std::thread TA([&, &In = In, &Templates = Templates] {
      A = runOnce(In, Templates, 2);
    });
    std::thread TB([&, &In = In, &Templates = Templates] {
      B = runOnce(In, Templates, 1);
    });
    TA.join();
    TB.join();
    CHECK(A == Alone);
    CHECK(B == Alone);
    if (!Templates.empty())
      CHECK(StringRef(Alone).contains("== out/Functions.h\n"));
  }
}
