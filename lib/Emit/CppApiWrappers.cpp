//===- CppApiWrappers.cpp - The C++ API's inline wrappers -----------------===//

#include "opgen/Emit/CppApiWrappers.h"
#include "opgen/CppApi/CppTypes.h"
#include "opgen/CppApi/Translate.h"
#include "opgen/Support/Parallel.h"

#include "llvm/ADT/STLExtras.h"

#include <atomic>
#include <thread>

using namespace opgen;
using namespace llvm;

LogicalResult opgen::checkCppApiModule(EmitContext &EC, StringRef What,
                                       bool NeedsGroups) {
  DiagnosticEngine &D = EC.Ctx.getDiags();
  if (NeedsGroups && (!EC.M.Groups || !EC.M.BackendIndices)) {
    D.error(SMLoc(), "generating " + What +
                         " needs the groups and backend indices of the "
                         "default pipeline; run it with -passes=default");
    return failure();
  }
  if (any_of(EC.M.Functions,
             [](const NativeFunction &F) { return !F.Names.has_value(); })) {
    D.error(SMLoc(), "generating " + What +
                         " needs the kernel names of the default pipeline; "
                         "run it with -passes=default");
    return failure();
  }
  return success();
}

void CppWrapper::appendSignature(std::string &Out, StringRef Name, bool Defn,
                                 bool Redispatch) const {
  assert((!Defn || HasDefnArgs) && "made without its definitions");
  StringRef Args = Texts.get(Defn ? DefnArgsText : DeclArgsText);
  Out += returns();
  Out += ' ';
  Out += Name;
  Out += '(';
  if (Redispatch)
    Out += Args.empty() ? "c10::DispatchKeySet dispatchKeySet"
                        : "c10::DispatchKeySet dispatchKeySet, ";
  Out += Args;
  Out += ')';
}

namespace {
/// The characters a C++ or JSON string literal escapes.
struct EscapedChars {
  bool Escaped[256] = {};
  constexpr EscapedChars() {
    for (unsigned C = 0; C != 256; ++C)
      Escaped[C] = C < 0x20 || C >= 0x7f || C == '"' || C == '\\';
  }
};
} // namespace

/// Whether no character of \p S is escaped: a table lookup per character,
/// a third of the comparisons' cost.
static bool isPlainText(StringRef S) {
  static constexpr EscapedChars Table;
  for (unsigned char C : S)
    if (Table.Escaped[C])
      return false;
  return true;
}

FunctionTexts opgen::getFunctionTexts(const NativeFunction &F) {
  FunctionTexts T;
  T.NoCppType = checkCppTypes(F.Func);
  std::string &S = T.Texts.storage();
  S = F.Func.str();
  T.Texts.end(FunctionTexts::SchemaText);
  T.PlainSchema = isPlainText(S);
  DispatcherSignature Sig(F);
  T.DispatcherArgs = Sig.arguments();
  // Room for the rest: about three times the parameters' length.
  S.reserve(S.size() + 64 + 40 * T.DispatcherArgs.size());
  Sig.returnsType().print(S);
  T.Texts.end(FunctionTexts::ReturnsText);
  appendTypes(S, T.DispatcherArgs);
  T.Texts.end(FunctionTexts::TypesText);
  appendBindings(S, T.DispatcherArgs, /*Defn=*/true);
  T.Texts.end(FunctionTexts::ParamsText);
  return T;
}

std::optional<CppWrappers>
opgen::getCppWrappers(EmitContext &EC, const NativeFunction &F, bool Method,
                      const std::vector<Binding> *Goals, bool Definitions) {
  CppSignatureGroup G =
      CppSignatureGroup::get(F, Method, /*FallbackBinding=*/F.ManualCppBinding);
  std::vector<Binding> OwnGoals;
  if (!Goals) {
    OwnGoals = DispatcherSignature(F).arguments();
    Goals = &OwnGoals;
  }
  CppWrappers Out;
  auto Add = [&](const CppSignature &Sig) {
    CppWrapper &W = Out.emplace_back();
    W.Sig = Sig;
    std::vector<Binding> Args = W.Sig.arguments();
    Expected<std::vector<std::string>> Exprs = translate(Args, *Goals, Method);
    if (!Exprs) {
      EC.Ctx.getDiags().error(F.FuncLoc,
                              "cannot call the operator `" + F.Func.Name.str() +
                                  "` from its C++ API `" + W.Sig.name() +
                                  "`: " + toString(Exprs.takeError()));
      return false;
    }
    std::string &S = W.Texts.storage();
    S.reserve(128 + (Definitions ? 100 : 60) * Args.size());
    S += W.Sig.name();
    W.Texts.end(CppWrapper::NameText);
    W.Sig.returnsType().print(S);
    W.Texts.end(CppWrapper::ReturnsText);
    appendBindings(S, Args, /*Defn=*/false);
    W.Texts.end(CppWrapper::DeclArgsText);
    for (size_t I = 0; I != Exprs->size(); ++I) {
      if (I)
        S += ", ";
      S += (*Exprs)[I];
    }
    W.Texts.end(CppWrapper::CallArgsText);
    if (Definitions) {
      appendBindings(S, Args, /*Defn=*/true);
      W.HasDefnArgs = true;
    }
    W.Texts.end(CppWrapper::DefnArgsText);
    return true;
  };
  if (!Add(G.Signature))
    return std::nullopt;
  for (std::optional<CppSignature> *S :
       {&G.FaithfulSignature, &G.SymIntSignature, &G.SymIntFaithfulSignature})
    if (*S && !Add(**S))
      return std::nullopt;
  return Out;
}

template <typename T> struct CppWrapperCache::Slot {
  /// Not made, being made, made. Not a std::once_flag: glibc's pthread_once
  /// makes a futex call for every flag, thousands of system calls a run.
  std::atomic<unsigned char> State{0};
  T Value{};

  template <typename MakeFn> const T &get(MakeFn Make) {
    unsigned char Expected = 0;
    if (State.compare_exchange_strong(Expected, 1, std::memory_order_acquire)) {
      Value = Make();
      State.store(2, std::memory_order_release);
    } else {
      // Another thread is making it (only when emitters overlap).
      while (State.load(std::memory_order_acquire) != 2)
        std::this_thread::yield();
    }
    return Value;
  }
};

CppWrapperCache::CppWrapperCache(const Module &M)
    : Functions(M.Functions.data()) {
  for (auto &S : Wrappers)
    S = std::make_unique<Slot<std::unique_ptr<CppWrappers>>[]>(
        M.Functions.size());
  Texts = std::make_unique<Slot<FunctionTexts>[]>(M.Functions.size());
}

CppWrapperCache::~CppWrapperCache() = default;

const CppWrappers *CppWrapperCache::get(EmitContext &EC,
                                        const NativeFunction &F, bool Method) {
  return Wrappers[Method][&F - Functions]
      .get([&]() -> std::unique_ptr<CppWrappers> {
        if (std::optional<CppWrappers> W =
                getCppWrappers(EC, F, Method, &texts(F).DispatcherArgs,
                               /*Definitions=*/!Method))
          return std::make_unique<CppWrappers>(std::move(*W));
        return nullptr;
      })
      .get();
}

const FunctionTexts &CppWrapperCache::texts(const NativeFunction &F) {
  return Texts[&F - Functions].get([&] { return getFunctionTexts(F); });
}

CppWrapperCache &opgen::getCppWrapperCache(EmitContext &EC) {
  if (!EC.Wrappers)
    EC.Wrappers = std::make_shared<CppWrapperCache>(EC.M);
  return *EC.Wrappers;
}

LogicalResult opgen::forEachFunction(
    EmitContext &EC,
    function_ref<std::optional<std::string>(const NativeFunction &, bool &)>
        Gen,
    std::vector<std::optional<std::string>> &Texts) {
  const Module &M = EC.M;
  DiagnosticEngine &D = EC.Ctx.getDiags();
  size_t N = M.Functions.size();
  Texts.assign(N, std::nullopt);
  std::vector<char> Failed(N, 0);
  CppWrapperCache &Cache = getCppWrapperCache(EC);
  D.beginDeferred();
  EC.Ctx.getThreadPool().parallelFor(EC.Options.Threads, N, [&](size_t I) {
    const NativeFunction &F = M.Functions[I];
    // A type torchgen's C++ API cannot spell would make it fail.
    if (const std::optional<std::string> &Why = Cache.texts(F).NoCppType) {
      D.error(F.FuncLoc,
              "cannot generate C++ for `" + F.Func.Name.str() + "`: " + *Why);
      Failed[I] = 1;
      return;
    }
    bool Fail = false;
    Texts[I] = Gen(F, Fail);
    Failed[I] = Fail;
  });
  D.flushDeferred();
  return success(!is_contained(Failed, 1));
}

std::vector<std::string>
opgen::presentTexts(std::vector<std::optional<std::string>> &Texts) {
  std::vector<std::string> Out;
  Out.reserve(Texts.size());
  for (std::optional<std::string> &T : Texts)
    if (T)
      Out.push_back(std::move(*T));
  return Out;
}
