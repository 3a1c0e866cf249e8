//===- VariantSynthesisTest.cpp - The variant-synthesis pass --------------===//

#include "TestContext.h"
#include "opgen/Parse/NativeYamlReader.h"
#include "opgen/Parse/SchemaParser.h"
#include "opgen/Pass/PassManager.h"
#include "opgen/Transforms/Passes.h"
#include "opgen/Transforms/Signature.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <doctest/doctest.h>

using namespace opgen;

namespace {
/// Read a native_functions.yaml text and run variant synthesis on it, with
/// diagnostics captured into a string.
struct Fixture : TestContext {
  Module M;

  Fixture() {
    M.ValidTags = {"generated", "pt2_compliant_tag", "nondeterministic_seeded",
                   "core",      "inplace",           "out",
                   "view_copy", "inplace_view"};
  }

  bool read(llvm::StringRef Yaml) {
    unsigned ID = Ctx.getSourceMgr().AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBufferCopy(Yaml, "test.yaml"), llvm::SMLoc());
    return succeeded(readNativeFunctionsYaml(Ctx, ID, M));
  }

  bool synthesize() {
    PassContext PC{Ctx};
    return succeeded(createVariantSynthesisPass()->run(M, PC));
  }

  const NativeFunction *find(llvm::StringRef Name) const {
    for (const NativeFunction &F : M.Functions)
      if (F.Func.Name.str() == Name)
        return &F;
    return nullptr;
  }

  std::vector<std::string> schemas() const {
    std::vector<std::string> R;
    for (const NativeFunction &F : M.Functions)
      R.push_back(F.Func.str());
    return R;
  }

  FunctionSchema schema(llvm::StringRef S) {
    auto P = parseFunctionSchema(Ctx, S, TextLocation());
    REQUIRE(P);
    return P->Schema;
  }
};

std::string kernelOf(const NativeFunction &F) {
  REQUIRE(F.Dispatch.size() == 1);
  CHECK((F.Dispatch[0].first == DispatchKey::CompositeExplicitAutograd));
  CHECK(F.Dispatch[0].second.CppNamespace == "at::native");
  CHECK(!F.Dispatch[0].second.Structured);
  return F.Dispatch[0].second.Kernel;
}
} // namespace

TEST_CASE("an inplace operator gets its out= and functional variants") {
  Fixture T;
  REQUIRE(T.read("- func: foo_(Tensor(a!) self, Scalar other) -> Tensor(a!)\n"
                 "  variants: function, method\n"
                 "  use_const_ref_for_mutable_tensors: True\n"
                 "  dispatch:\n"
                 "    CPU: foo_\n"
                 "  tags: [core, nondeterministic_seeded]\n"
                 "  autogen: foo, foo.out\n"));
  REQUIRE(T.synthesize());
  CHECK(T.Diags.empty());
  CHECK(T.M.VariantsSynthesized);
  // The out= variant comes first, then the functional one.
  CHECK(T.schemas() ==
        std::vector<std::string>{
            "foo_(Tensor(a!) self, Scalar other) -> Tensor(a!)",
            "foo.out(Tensor self, Scalar other, *, Tensor(a!) out) -> "
            "Tensor(a!)",
            "foo(Tensor self, Scalar other) -> Tensor"});

  const NativeFunction &Parent = T.M.Functions[0];
  const NativeFunction *Out = T.find("foo.out");
  REQUIRE(Out);
  CHECK((Out->Func.kind() == SchemaKind::Out));
  // `generated`, the inherited `nondeterministic_seeded` (not `core`), the
  // `pt2_compliant_tag` the parent got, and `out`.
  CHECK(Out->Tags == std::set<std::string>{"generated",
                                           "nondeterministic_seeded", "out",
                                           "pt2_compliant_tag"});
  CHECK(Out->VariantFunction);
  CHECK(!Out->VariantMethod);
  CHECK(!Out->DeviceGuard);
  CHECK(Out->DeviceCheck == DeviceCheckType::NoCheck);
  CHECK(Out->UseConstRefForMutableTensors);
  CHECK(Out->HasCompositeExplicitAutogradKernel);
  CHECK(!Out->HasCompositeImplicitAutogradKernel);
  CHECK(Out->Autogen.empty());
  CHECK(Out->Loc == Parent.Loc);
  CHECK(Out->FuncLoc == Parent.FuncLoc);
  CHECK(Out->IsAbstract == Parent.IsAbstract);
  CHECK(Out->isGenerated());
  CHECK(kernelOf(*Out) == "foo_out");

  const NativeFunction *Fn = T.find("foo");
  REQUIRE(Fn);
  CHECK((Fn->Func.kind() == SchemaKind::Functional));
  CHECK(!Fn->Func.Name.Name.FunctionalOverload);
  CHECK(Fn->Tags == std::set<std::string>{"generated",
                                          "nondeterministic_seeded",
                                          "pt2_compliant_tag"});
  CHECK(kernelOf(*Fn) == "foo");
}

TEST_CASE("a mutable operator gets `_functional` and out= variants") {
  Fixture T;
  REQUIRE(T.read("- func: bar(Tensor self, Tensor(a!) running, SymInt n) -> "
                 "(Tensor output, Tensor mask)\n"
                 "  dispatch:\n"
                 "    CPU: bar\n"
                 "  autogen: bar_functional, bar.out\n"));
  REQUIRE(T.synthesize());
  CHECK(T.Diags.empty());
  CHECK(T.schemas() ==
        std::vector<std::string>{
            "bar(Tensor self, Tensor(a!) running, SymInt n) -> (Tensor output, "
            "Tensor mask)",
            "bar.out(Tensor self, Tensor(a!) running, SymInt n, *, Tensor(b!) "
            "out0, Tensor(c!) out1) -> (Tensor(b!), Tensor(c!))",
            "bar_functional(Tensor self, Tensor running, SymInt n) -> (Tensor "
            "output, Tensor mask, Tensor running_out)"});
  const NativeFunction *Fn = T.find("bar_functional");
  REQUIRE(Fn);
  CHECK(Fn->Func.Name.Name.FunctionalOverload);
  CHECK(Fn->Func.Name.Name.Base == "bar");
  // Kernels take `_symint` when the parent takes SymInts.
  CHECK(kernelOf(*Fn) == "bar_functional_symint");
  CHECK(kernelOf(*T.find("bar.out")) == "bar_out_symint");
}

TEST_CASE("out= variants of functional operators") {
  Fixture T;
  REQUIRE(T.read(
      // Tensor options go; the keyword-only arguments after them stay.
      "- func: baz.x(Tensor self, *, ScalarType? dtype=None, Layout? "
      "layout=None, Device? device=None, bool? pin_memory=None, bool "
      "non_blocking=False) -> Tensor\n"
      "  dispatch:\n"
      "    CompositeExplicitAutograd: baz\n"
      "  autogen: baz.x_out\n"
      "\n"
      // Lists are out= arguments but are not returned.
      "- func: lst(Tensor self) -> Tensor[]\n"
      "  dispatch:\n"
      "    CPU: lst\n"
      "  autogen: lst.out\n"
      "\n"
      // Alias letters skip the ones in use, even those the out= variant
      // drops along with the other annotations.
      "- func: two(Tensor(a) self, Tensor b) -> (Tensor, Tensor)\n"
      "  dispatch:\n"
      "    CPU: two\n"
      "  autogen: two.out\n"));
  REQUIRE(T.synthesize());
  CHECK(T.Diags.empty());
  std::vector<std::string> S = T.schemas();
  REQUIRE(S.size() == 6);
  CHECK(S[3] == "baz.x_out(Tensor self, *, bool non_blocking=False, "
                "Tensor(a!) out) -> Tensor(a!)");
  CHECK(S[4] == "lst.out(Tensor self, *, Tensor(a!)[] out) -> ()");
  CHECK(S[5] == "two.out(Tensor self, Tensor b, *, Tensor(b!) out0, "
                "Tensor(c!) out1) -> (Tensor(b!), Tensor(c!))");
  CHECK(kernelOf(*T.find("baz.x_out")) == "baz_x_out");
}

TEST_CASE("an out= operator without its functional variant gets one") {
  Fixture T;
  REQUIRE(T.read("- func: mix_(Tensor(a!) self) -> Tensor(a!)\n"
                 "  dispatch:\n"
                 "    CPU: mix_\n"
                 "\n"
                 "- func: mix.out(Tensor self, *, Tensor(a!) out) -> "
                 "Tensor(a!)\n"
                 "  dispatch:\n"
                 "    CPU: mix_out\n"
                 "  autogen: mix\n"));
  REQUIRE(T.synthesize());
  CHECK(T.Diags.empty());
  REQUIRE(T.M.Functions.size() == 3);
  CHECK(T.M.Functions[2].Func.str() == "mix(Tensor self) -> Tensor");
}

TEST_CASE("views, manual bindings and non-core composites get nothing") {
  Fixture T;
  REQUIRE(T.read("- func: v(Tensor(a) self) -> Tensor(a)\n"
                 "  dispatch:\n"
                 "    CPU: v\n"
                 "  autogen: v.out\n"
                 "\n"
                 "- func: man_(Tensor(a!) self) -> Tensor(a!)\n"
                 "  manual_cpp_binding: True\n"
                 "  dispatch:\n"
                 "    CPU: man_\n"
                 "  autogen: man.out\n"
                 "\n"
                 "- func: cia(Tensor self) -> Tensor\n"
                 "  autogen: cia.out\n"
                 "\n"
                 "- func: ciacore(Tensor self) -> Tensor\n"
                 "  tags: core\n"
                 "  autogen: ciacore.out\n"));
  REQUIRE(T.synthesize());
  CHECK(T.Diags.empty());
  REQUIRE(T.M.Functions.size() == 5);
  CHECK(T.M.Functions[4].Func.str() ==
        "ciacore.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)");
  // The generated out= variant of a composite is not composite-implicit.
  CHECK(!T.M.Functions[4].HasCompositeImplicitAutogradKernel);
  CHECK(T.M.Functions[4].HasCompositeExplicitAutogradKernel);
}

TEST_CASE("no `out` in autogen, no out= variant") {
  Fixture T;
  REQUIRE(T.read("- func: plain_(Tensor(a!) self) -> Tensor(a!)\n"
                 "  dispatch:\n"
                 "    CPU: plain_\n"));
  REQUIRE(T.synthesize());
  CHECK(T.M.Functions.size() == 1);
}

TEST_CASE("torchgen's errors are located diagnostics") {
  SUBCASE("a lone out= operator") {
    Fixture T;
    REQUIRE(T.read("- func: lone.out(Tensor self, *, Tensor(a!) out) -> "
                   "Tensor(a!)\n"
                   "  dispatch:\n"
                   "    CPU: lone_out\n"));
    CHECK(!T.synthesize());
    CHECK(T.Diags.find("test.yaml:1:9: error: `lone.out` is an out= operator "
                       "with no other variant") != std::string::npos);
  }
  SUBCASE("an operator that returns no tensor") {
    Fixture T;
    REQUIRE(T.read("- func: nr(Tensor self) -> int\n"
                   "  dispatch:\n"
                   "    CPU: nr\n"));
    CHECK(!T.synthesize());
    CHECK(T.Diags.find("test.yaml:1:9: error: `nr` can have no out= variant") !=
          std::string::npos);
  }
  SUBCASE("but not the ones on torchgen's list") {
    Fixture T;
    REQUIRE(T.read("- func: _nnz(Tensor self) -> int\n"
                   "  dispatch:\n"
                   "    CPU: nnz\n"));
    CHECK(T.synthesize());
  }
  SUBCASE("a synthesized schema that breaks the schema rules") {
    Fixture T;
    REQUIRE(T.read("- func: q(Tensor self) -> (Tensor, int)\n"
                   "  dispatch:\n"
                   "    CPU: q\n"
                   "  autogen: q.out\n"));
    CHECK(!T.synthesize());
    CHECK(T.Diags.find("note: in the out variant synthesized for `q`: "
                       "q.out(Tensor self, *, Tensor(a!) out0) -> int") !=
          std::string::npos);
  }
  SUBCASE("two functions of one kind share a signature") {
    Fixture T;
    REQUIRE(T.read("- func: d.a(Tensor self) -> Tensor\n"
                   "  dispatch:\n"
                   "    CPU: da\n"
                   "- func: d.b(Tensor self) -> Tensor\n"
                   "  dispatch:\n"
                   "    CPU: db\n"));
    CHECK(!T.synthesize());
    CHECK(T.Diags.find("test.yaml:4:9: error: `d.b` is a second functional "
                       "variant") != std::string::npos);
  }
  SUBCASE("a synthesized name that is taken") {
    Fixture T;
    REQUIRE(T.read("- func: col_(Tensor(a!) self) -> Tensor(a!)\n"
                   "  dispatch:\n"
                   "    CPU: col_\n"
                   "  autogen: col.out\n"
                   "- func: col.o(Tensor self, Tensor other) -> Tensor\n"
                   "  dispatch:\n"
                   "    CPU: col_o\n"
                   "- func: col.out(Tensor self, Tensor other, *, Tensor(a!) "
                   "out) -> Tensor(a!)\n"
                   "  dispatch:\n"
                   "    CPU: col_out\n"));
    CHECK(!T.synthesize());
    CHECK(T.Diags.find("has the name of an existing operator") !=
          std::string::npos);
  }
  SUBCASE("running twice") {
    Fixture T;
    REQUIRE(T.read("- func: a(Tensor self) -> Tensor\n"
                   "  dispatch:\n"
                   "    CPU: a\n"));
    CHECK(T.synthesize());
    CHECK(!T.synthesize());
    CHECK(T.Diags.find("already run") != std::string::npos);
  }
}

TEST_CASE("`autogen:` must name exactly what is synthesized") {
  SUBCASE("missing") {
    Fixture T;
    REQUIRE(T.read("- func: mix_(Tensor(a!) self) -> Tensor(a!)\n"
                   "  dispatch:\n"
                   "    CPU: mix_\n"
                   "- func: mix.out(Tensor self, *, Tensor(a!) out) -> "
                   "Tensor(a!)\n"
                   "  dispatch:\n"
                   "    CPU: mix_out\n"));
    CHECK(!T.synthesize());
    CHECK(T.Diags.find("test.yaml:1:9: error: variant synthesis made `mix` "
                       "for `mix_`, but no function of its group lists them; "
                       "add `autogen: mix`") != std::string::npos);
  }
  SUBCASE("wrong") {
    Fixture T;
    REQUIRE(T.read("- func: foo_(Tensor(a!) self) -> Tensor(a!)\n"
                   "  dispatch:\n"
                   "    CPU: foo_\n"
                   "  autogen: foo.out, foo2\n"));
    CHECK(!T.synthesize());
    CHECK(T.Diags.find("write `autogen: foo, foo.out`") != std::string::npos);
  }
  SUBCASE("nothing to make") {
    Fixture T;
    REQUIRE(T.read("- func: foo(Tensor self) -> Tensor\n"
                   "  dispatch:\n"
                   "    CPU: foo\n"
                   "  autogen: foo.out\n"
                   "- func: foo.out(Tensor self, *, Tensor(a!) out) -> "
                   "Tensor(a!)\n"
                   "  dispatch:\n"
                   "    CPU: foo_out\n"));
    CHECK(!T.synthesize());
    CHECK(T.Diags.find("test.yaml:1:9: error: `autogen: foo.out` names") !=
          std::string::npos);
  }
}

TEST_CASE("signatures") {
  Fixture T;
  auto Sig = [&](llvm::StringRef S, SignatureOptions O = {}) {
    return getSignature(T.schema(S), O).str();
  };
  CHECK(Sig("add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) "
            "-> Tensor(a!)") ==
        "add(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor");
  CHECK(Sig("add.out(Tensor self, Tensor other, *, Scalar alpha=1, "
            "Tensor(a!) out) -> Tensor(a!)") ==
        "add(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor");
  // Mutable inputs become returns, after the original ones.
  SignatureOptions Names;
  Names.KeepReturnNames = true;
  CHECK(Sig("f(Tensor self, Tensor(a!) x) -> Tensor y", Names) ==
        "f(Tensor self, Tensor x) -> (Tensor y, Tensor x_out)");
  CHECK(Sig("f(Tensor self, Tensor(a!) x) -> Tensor y") ==
        "f(Tensor self, Tensor x) -> (Tensor, Tensor)");
  // Tensor options go.
  CHECK(Sig("e(int[] size, *, ScalarType? dtype=None, Layout? layout=None, "
            "Device? device=None, bool? pin_memory=None, MemoryFormat? "
            "memory_format=None) -> Tensor") ==
        "e(int[] size, *, MemoryFormat? memory_format=None) -> Tensor");
  // Note [bernoulli.p schema].
  CHECK(Sig("bernoulli.p(Tensor self, float p, *, Generator? generator=None) "
            "-> Tensor") == "bernoulli(Tensor self, float p=0.5, *, "
                            "Generator? generator=None) -> Tensor");
  // The view_copy name maps back, every occurrence (as torchgen's does).
  CHECK(getViewSignature(T.schema("a_copy_b_copy(Tensor self) -> Tensor"))
            .str() == "a_b(Tensor self) -> Tensor");
  CHECK(getViewSignature(T.schema("slice_scatter(Tensor self) -> Tensor"))
            .str() == "slice_inverse(Tensor self) -> Tensor");
  CHECK(T.Diags.empty());
}

TEST_CASE("the signature's text is the printed signature") {
  std::string Diags;
  llvm::raw_string_ostream OS(Diags);
  Context Ctx(OS);
  SignatureOptions View;
  View.StripViewCopyName = true;
  SignatureOptions Named;
  Named.KeepReturnNames = true;
  SignatureOptions NoDefaults;
  NoDefaults.StripDefault = true;
  for (const char *S :
       {"add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> "
        "Tensor(a!)",
        "bernoulli.p(Tensor self, float p, *, Generator? generator=None) -> "
        "Tensor",
        "empty.memory_format(SymInt[] size, *, ScalarType? dtype=None, Layout? "
        "layout=None, Device? device=None, bool? pin_memory=None, "
        "MemoryFormat? memory_format=None) -> Tensor",
        "_fused_moving_avg_obs_fq_helper(Tensor self, Tensor observer_on, "
        "Tensor(a!) running_min, Tensor(b!) running_max) -> (Tensor output, "
        "Tensor mask)",
        "max.dim_max(Tensor self, int dim, bool keepdim=False, *, Tensor(a!) "
        "max, Tensor(b!) max_values) -> (Tensor(a!) values, Tensor(b!) "
        "indices)",
        "transpose_copy_copy.int(Tensor self, int dim0, int dim1) -> Tensor",
        "slice_scatter(Tensor self, Tensor src, int dim=0) -> Tensor",
        "__ilshift__.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)",
        "_foreach_add_.List(Tensor(a!)[] self, Tensor[] other) -> ()"}) {
    auto P = parseFunctionSchema(Ctx, S, TextLocation());
    REQUIRE(P);
    for (const SignatureOptions &Opts :
         {Named, View, NoDefaults, SignatureOptions()})
      CHECK(getSignatureText(P->Schema, Opts) ==
            getSignature(P->Schema, Opts).str());
  }
}

TEST_CASE("grouping reuses variant synthesis's signatures in a pipeline") {
  // The pass manager keeps the signatures and pre-groups variant synthesis
  // computed, and grouping takes them; passes run on their own compute
  // everything. Both must give the same groups.
  const char *Yaml = "- func: foo_(Tensor(a!) self, Scalar other) -> "
                     "Tensor(a!)\n"
                     "  dispatch:\n"
                     "    CPU: foo_\n"
                     "  autogen: foo, foo.out\n"
                     "- func: bar(Tensor self) -> Tensor\n"
                     "  dispatch:\n"
                     "    CPU: bar\n"
                     "- func: bar_(Tensor(a!) self) -> Tensor(a!)\n"
                     "  dispatch:\n"
                     "    CPU: bar_\n"
                     "- func: bar.out(Tensor self, *, Tensor(a!) out) -> "
                     "Tensor(a!)\n"
                     "  dispatch:\n"
                     "    CPU: bar_out\n"
                     "- func: baz(Tensor self, int dim) -> Tensor\n"
                     "  dispatch:\n"
                     "    CPU: baz\n";
  Fixture Piped, Alone;
  REQUIRE(Piped.read(Yaml));
  REQUIRE(Alone.read(Yaml));

  PassManager PM;
  PM.addPass(createVariantSynthesisPass());
  PM.addPass(createGroupPass());
  PassContext PC{Piped.Ctx};
  REQUIRE(succeeded(PM.run(Piped.M, PC, PassInstrumentation())));
  CHECK(PC.Analyses == nullptr);

  PassContext AlonePC{Alone.Ctx};
  REQUIRE(succeeded(createVariantSynthesisPass()->run(Alone.M, AlonePC)));
  REQUIRE(succeeded(createGroupPass()->run(Alone.M, AlonePC)));

  CHECK(Piped.Diags.empty());
  CHECK(Alone.Diags.empty());
  CHECK(Piped.schemas() == Alone.schemas());
  REQUIRE(Piped.M.Groups);
  REQUIRE(Alone.M.Groups);
  REQUIRE(Piped.M.Groups->size() == Alone.M.Groups->size());
  for (size_t I = 0; I < Piped.M.Groups->size(); ++I) {
    const FunctionGroup &A = (*Piped.M.Groups)[I], &B = (*Alone.M.Groups)[I];
    CHECK(A.IsGroup == B.IsGroup);
    CHECK(A.Function == B.Function);
    CHECK(A.Functional == B.Functional);
    CHECK(A.Out == B.Out);
    CHECK(A.Inplace == B.Inplace);
    CHECK(A.Mutable == B.Mutable);
  }
  // foo's group (with the synthesized variants), bar's, and baz alone.
  CHECK(Piped.M.Groups->size() == 3);
}
