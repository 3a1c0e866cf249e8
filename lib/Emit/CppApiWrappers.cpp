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

LogicalResult opgen::checkCppApiModule(EmitContext &EC, StringRef What) {
  DiagnosticEngine &D = EC.Ctx.getDiags();
  if (any_of(EC.M.Functions,
             [](const NativeFunction &F) { return !F.Names.has_value(); })) {
    D.error(SMLoc(), "generating " + What +
                         " needs the kernel names of the default pipeline; "
                         "run it with -passes=default");
    return failure();
  }
  // The wrappers would call the backends' kernels directly, a form not
  // written yet: better no file than one torchgen would write differently.
  if (!EC.Options.StaticDispatchBackends.empty()) {
    D.error(SMLoc(), "generating " + What +
                         " with static dispatch is not supported yet");
    return failure();
  }
  return success();
}

void CppWrapper::appendSignature(std::string &Out, StringRef Name, bool Defn,
                                 bool Redispatch) const {
  Out += Returns;
  Out += ' ';
  Out += Name;
  Out += '(';
  if (Redispatch)
    Out += Args.empty() ? "c10::DispatchKeySet dispatchKeySet"
                        : "c10::DispatchKeySet dispatchKeySet, ";
  if (Defn)
    appendBindings(Out, Args, /*Defn=*/true);
  else
    Out += DeclArgs;
  Out += ')';
}

std::optional<CppWrappers>
opgen::getCppWrappers(EmitContext &EC, const NativeFunction &F, bool Method) {
  CppSignatureGroup G =
      CppSignatureGroup::get(F, Method, /*FallbackBinding=*/F.ManualCppBinding);
  std::vector<Binding> Goals = DispatcherSignature(F).arguments();
  CppWrappers Out;
  auto Add = [&](CppSignature Sig) {
    CppWrapper W{std::move(Sig), {}, {}, {}, {}};
    W.Args = W.Sig.arguments();
    Expected<std::vector<std::string>> Exprs = translate(W.Args, Goals, Method);
    if (!Exprs) {
      EC.Ctx.getDiags().error(F.FuncLoc,
                              "cannot call the operator `" + F.Func.Name.str() +
                                  "` from its C++ API `" + W.Sig.name() +
                                  "`: " + toString(Exprs.takeError()));
      return false;
    }
    for (size_t I = 0; I != Exprs->size(); ++I) {
      if (I)
        W.CallArgs += ", ";
      W.CallArgs += (*Exprs)[I];
    }
    W.Sig.returnsType().print(W.Returns);
    appendBindings(W.DeclArgs, W.Args, /*Defn=*/false);
    Out.push_back(std::move(W));
    return true;
  };
  if (!Add(G.Signature))
    return std::nullopt;
  for (std::optional<CppSignature> *S :
       {&G.FaithfulSignature, &G.SymIntSignature, &G.SymIntFaithfulSignature})
    if (*S && !Add(std::move(**S)))
      return std::nullopt;
  return Out;
}

struct CppWrapperCache::Slot {
  /// Not made, being made, made. Not a std::once_flag: glibc's pthread_once
  /// makes a futex call for every flag, thousands of system calls a run.
  std::atomic<unsigned char> State{0};
  /// Null when they cannot be made (or before they are).
  std::unique_ptr<CppWrappers> Wrappers;
};

CppWrapperCache::CppWrapperCache(size_t NumFunctions) {
  for (std::unique_ptr<Slot[]> &S : Slots)
    S = std::make_unique<Slot[]>(NumFunctions);
}

CppWrapperCache::~CppWrapperCache() = default;

const CppWrappers *CppWrapperCache::get(EmitContext &EC,
                                        const NativeFunction &F, bool Method) {
  Slot &S = Slots[Method][&F - EC.M.Functions.data()];
  unsigned char Expected = 0;
  if (S.State.compare_exchange_strong(Expected, 1, std::memory_order_acquire)) {
    if (std::optional<CppWrappers> W = getCppWrappers(EC, F, Method))
      S.Wrappers = std::make_unique<CppWrappers>(std::move(*W));
    S.State.store(2, std::memory_order_release);
  } else {
    // Another thread is making them (only when emitters overlap).
    while (S.State.load(std::memory_order_acquire) != 2)
      std::this_thread::yield();
  }
  return S.Wrappers.get();
}

CppWrapperCache &opgen::getCppWrapperCache(EmitContext &EC) {
  if (!EC.Wrappers)
    EC.Wrappers = std::make_shared<CppWrapperCache>(EC.M.Functions.size());
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
  D.beginDeferred();
  parallelFor(EC.Options.Threads, N, [&](size_t I) {
    const NativeFunction &F = M.Functions[I];
    // A type torchgen's C++ API cannot spell would make it fail.
    if (std::optional<std::string> Why = checkCppTypes(F.Func)) {
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
