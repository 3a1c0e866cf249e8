//===- FastYamlTest.cpp - The fast YAML path equals libyaml's reading ----===//
//
// Each accepted input must read exactly as libyaml reads it (the reference);
// each input outside the subset must be declined, so that libyaml reads it
// and reports its errors.
//
//===----------------------------------------------------------------------===//

#include "opgen/Parse/FastYaml.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <doctest/doctest.h>

using namespace opgen;

namespace {
/// Read \p Text both ways. Returns whether the fast path accepted it; when
/// it did, checks that libyaml's reading is the same.
bool readsTheSame(const std::string &Text) {
  std::string Diags;
  llvm::raw_string_ostream OS(Diags);
  Context Ctx(OS);
  unsigned ID = Ctx.getSourceMgr().AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(Text, "t.yaml"), llvm::SMLoc());
  llvm::StringRef Buf = Ctx.getSourceMgr().getMemoryBuffer(ID)->getBuffer();
  std::vector<YamlValue> Fast;
  if (!readSimpleYamlEntries(Buf, Fast))
    return false;
  std::optional<YamlValue> Slow = readYamlValue(Ctx, ID);
  REQUIRE(Slow);
  CHECK(Ctx.getDiags().getNumErrors() == 0);
  REQUIRE(Slow->Items.size() == Fast.size());
  for (size_t I = 0; I < Fast.size(); ++I)
    CHECK(sameYamlValue(Fast[I], Slow->Items[I]));
  return true;
}
} // namespace

TEST_CASE(
    "the constructs of native_functions.yaml read as libyaml reads them") {
  CHECK(readsTheSame("# header comment\n\n"
                     "- func: add.Tensor(Tensor self, Tensor other, *, Scalar "
                     "alpha=1) -> Tensor # trailing\n"
                     "  device_check: NoCheck   # comment\n"
                     "  structured_delegate: add.out\n"
                     "  variants: function, method\n"
                     "  dispatch:\n"
                     "    SparseCPU, SparseCUDA: add_sparse\n"
                     "    CompositeExplicitAutograd: add\n"
                     "  tags: [core, pointwise]\n"
                     "\n"
                     "- func: foo(Tensor x) -> Tensor\n"
                     "  structured: True\n"
                     "  precomputed:\n"
                     "  - dim -> int dim\n"
                     "  - kernel_size -> int kH, int kW\n"
                     "  cpp_no_default_args: ['dim', \"other\"]\n"
                     "  dispatch: {}\n"
                     "  autogen: foo.out\n"
                     "  manual_cpp_binding:\n"
                     "  # a comment between keys\n"
                     "  python_module: nn\n"
                     "  empty_list: []\n"
                     "  nested:\n"
                     "    - a\n"
                     "    - 1\n"
                     "  last:\n"
                     "\n"
                     "# trailing comment\n"));
  CHECK(readsTheSame("- func: a() -> Tensor\n  n: ~\n  i: 0x1f\n  f: 1.5\n"
                     "  b: off\n  s: at::native::foo\n"));
  // No final newline, as torchgen's tests write their yamls: a last key
  // with no value is null, as PyYAML reads it.
  CHECK(readsTheSame("- func: a\n  last:"));
  CHECK(readsTheSame("- func: a\n  last: [x, y]"));
  CHECK(readsTheSame("- func: a\n  last: v"));
}

TEST_CASE("derivatives.yaml's formulas read as libyaml reads them") {
  // A leading minus sign, braces, brackets and quotes inside plain scalars.
  CHECK(readsTheSame(
      "- name: dist(Tensor self, Tensor other, Scalar p=2) -> Tensor\n"
      "  other: -norm_backward(grad, self - other, p, result)\n"
      "  result: norm_jvp(self_p, self_t, p, result, {}, false)\n"
      "  self: at::zeros({}, self.options()).select(\"x\")[0]\n"
      "- name: neg(Tensor self) -> Tensor\n"
      "  self: -grad\n"
      "  result: -x # a comment\n"));
  for (const char *Text : {
           "- name: a\n  self: -\n",   // a lone `-`
           "- name: a\n  self: - x\n", // a block sequence entry
       })
    CHECK_MESSAGE(!readsTheSame(Text), Text);
}

namespace {
/// Read \p Text whole with libyaml and with readSequenceFile: both fail, or
/// both give the same value.
void readsTheSameInPieces(const std::string &Text) {
  std::string Diags;
  llvm::raw_string_ostream OS(Diags);
  Context Ctx(OS);
  unsigned ID = Ctx.getSourceMgr().AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(Text, "t.yaml"), llvm::SMLoc());
  std::optional<YamlValue> Slow = readYamlValue(Ctx, ID);
  std::optional<YamlValue> Pieces = readSequenceFile(Ctx, ID);
  REQUIRE(bool(Slow) == bool(Pieces));
  if (Slow)
    CHECK(sameYamlValue(*Slow, *Pieces));
}
} // namespace

TEST_CASE("a file read in pieces reads as libyaml reads it whole") {
  const std::string Entries =
      "- name: a(Tensor self) -> Tensor\n"
      "  self: grad\n"
      "\n"
      "- name: b(Tensor self) -> Tensor\n"
      "  self: \"grad\n"
      "     * 2\"\n" // a multi-line scalar: libyaml reads this piece
      "- name: c(Tensor self) -> Tensor\n"
      "  dispatch:\n"
      "    Default:\n"
      "      self: grad\n"
      "- name: d(Tensor self) -> Tensor\n"
      "  self: -grad\n";
  readsTheSameInPieces(Entries);
  readsTheSameInPieces("# leading comment\n\n" + Entries + "# trailing\n");
  readsTheSameInPieces(Entries + "- name: e\n  self: [unclosed\n");
  readsTheSameInPieces(Entries + "- name: e\n  self: *alias\n");
  readsTheSameInPieces("- a: &x 1\n- b: *x\n- c: 2\n- d: 3\n");
  readsTheSameInPieces("key: value\n");
  readsTheSameInPieces("");
  readsTheSameInPieces("- single: entry\n");
}

TEST_CASE("anything else is declined") {
  for (const char *Text : {
           "- func: a\n  k: {a: b}\n",             // a non-empty flow mapping
           "- func: a\n  k: &x v\n",               // an anchor
           "- func: a\n  k: !!str v\n",            // a tag
           "- func: a\n  k: |\n    text\n",        // a block scalar
           "- func: a(Tensor x,\n    Tensor y)\n", // a multi-line scalar
           "- func: a\n  k: v\n  k: w\n",          // a duplicate key
           "- func: a\n\tk: v\n",                  // a tab
           "- func: a\r\n",                        // a carriage return
           "- func: a\n  k: 'it''s'\n",            // an escape
           "- func: a\n  k: \"a\\tb\"\n",          // an escape
           "- func: a\n  k: [a,\n    b]\n",        // a flow sequence on lines
           "- func: a\n  k: a: b\n",               // a YAML error
           "---\n- func: a\n",                     // a document marker
           "key: value\n",                         // not a sequence
           "-\n  func: a\n",                       // an entry starting below
           "- ?unc: a\n",                          // `?` starting a key
       })
    CHECK_MESSAGE(!readsTheSame(Text), Text);
}
