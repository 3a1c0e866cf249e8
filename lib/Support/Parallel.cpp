//===- Parallel.cpp - Split a loop over threads ---------------------------===//

#include "opgen/Support/Parallel.h"

#include <algorithm>
#include <atomic>

using namespace opgen;

namespace {
/// Hands out the indices of one loop in chunks. Items differ in cost (an
/// operator with many overloads, a big shard), so fixed blocks left one
/// core idle for up to a third of a loop; chunks taken from a shared
/// counter keep every thread busy to the end. Eight chunks a thread keep the
/// counter out of the way.
class Chunks {
public:
  Chunks(unsigned Threads, size_t N, llvm::function_ref<void(size_t)> F)
      : N(N), Chunk(std::max<size_t>(1, N / (size_t(Threads) * 8))), F(F) {}
  bool exhausted() const { return Next.load(std::memory_order_relaxed) >= N; }
  void run() {
    for (;;) {
      size_t B = Next.fetch_add(Chunk, std::memory_order_relaxed);
      if (B >= N)
        return;
      for (size_t I = B, E = std::min(N, B + Chunk); I != E; ++I)
        F(I);
    }
  }

private:
  size_t N, Chunk;
  llvm::function_ref<void(size_t)> F;
  std::atomic<size_t> Next{0};
};

/// Clamp \p Threads to the items there are; if that leaves one thread, run
/// the loop here and say so.
bool ranOnOneThread(unsigned &Threads, size_t N,
                    llvm::function_ref<void(size_t)> F) {
  Threads = static_cast<unsigned>(std::min<size_t>(std::max(1u, Threads), N));
  if (Threads > 1)
    return false;
  for (size_t I = 0; I != N; ++I)
    F(I);
  return true;
}
} // namespace

void opgen::parallelFor(unsigned Threads, size_t N,
                        llvm::function_ref<void(size_t)> F) {
  if (ranOnOneThread(Threads, N, F))
    return;
  Chunks Work(Threads, N, F);
  std::vector<std::thread> Workers;
  Workers.reserve(Threads - 1);
  for (unsigned T = 1; T < Threads; ++T)
    Workers.emplace_back([&] { Work.run(); });
  Work.run();
  for (std::thread &W : Workers)
    W.join();
}

struct ThreadPool::Loop {
  Chunks &Work;
  /// How many other threads may join, and how many are in it now.
  unsigned MaxHelpers;
  unsigned Helpers = 0;
};

ThreadPool::~ThreadPool() {
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    Stopping = true;
  }
  Changed.notify_all();
  for (Worker &W : Workers)
    W.Thread.join();
}

ThreadPool::Loop *ThreadPool::findHelpable() {
  for (Loop *L : Open)
    if (L->Helpers < L->MaxHelpers && !L->Work.exhausted())
      return L;
  return nullptr;
}

void ThreadPool::help(Loop &L, std::unique_lock<std::mutex> &Lock,
                      bool Release) {
  ++L.Helpers;
  Lock.unlock();
  if (Release)
    Placement.release();
  L.Work.run();
  Lock.lock();
  --L.Helpers;
  Changed.notify_all();
}

void ThreadPool::work(size_t Index) {
  std::unique_lock<std::mutex> Lock(Mutex);
  for (;;) {
    Loop *L = nullptr;
    Workers[Index].Idle = true;
    Changed.wait(Lock, [&] { return Stopping || (L = findHelpable()); });
    Workers[Index].Idle = false;
    if (Stopping)
      return;
    bool Release = Workers[Index].Placed;
    Workers[Index].Placed = false;
    help(*L, Lock, Release);
  }
}

void ThreadPool::parallelFor(unsigned Threads, size_t N,
                             llvm::function_ref<void(size_t)> F) {
  if (ranOnOneThread(Threads, N, F))
    return;
  Chunks Work(Threads, N, F);
  Loop Mine{Work, Threads - 1};
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    Open.push_back(&Mine);
    // Waking the sleeping workers, and starting new ones, puts them on
    // another CPU than this thread's, which is busy with its own share.
    for (Worker &W : Workers)
      if (W.Idle)
        W.Placed |= Placement.keepOffCaller(W.Thread);
    while (Workers.size() < Threads - 1) {
      size_t Index = Workers.size();
      Workers.emplace_back();
      Workers.back().Thread = std::thread([this, Index] { work(Index); });
      Workers.back().Placed = Placement.keepOffCaller(Workers.back().Thread);
    }
  }
  Changed.notify_all();
  Work.run();
  // Every index is taken; wait for the threads still running some, helping
  // other loops (those of the items still running, say) in the meantime.
  std::unique_lock<std::mutex> Lock(Mutex);
  Open.erase(std::find(Open.begin(), Open.end(), &Mine));
  while (Mine.Helpers) {
    if (Loop *Other = findHelpable())
      help(*Other, Lock);
    else
      Changed.wait(Lock);
  }
}
