//===- Parallel.cpp - Split a loop over threads ---------------------------===//

#include "opgen/Support/Parallel.h"

#include <algorithm>
#include <atomic>
#include <thread>
#include <vector>

using namespace opgen;

void opgen::parallelFor(unsigned Threads, size_t N,
                        llvm::function_ref<void(size_t)> F) {
  Threads = static_cast<unsigned>(std::min<size_t>(std::max(1u, Threads), N));
  if (Threads <= 1) {
    for (size_t I = 0; I != N; ++I)
      F(I);
    return;
  }
  // Items differ in cost (an operator with many overloads, a big shard), so
  // fixed blocks left one core idle for up to a third of a loop; chunks
  // taken from a shared counter keep both busy to the end. Eight chunks a
  // thread keep the counter out of the way.
  size_t Chunk = std::max<size_t>(1, N / (size_t(Threads) * 8));
  std::atomic<size_t> Next{0};
  auto Work = [&] {
    for (;;) {
      size_t B = Next.fetch_add(Chunk, std::memory_order_relaxed);
      if (B >= N)
        return;
      for (size_t I = B, E = std::min(N, B + Chunk); I != E; ++I)
        F(I);
    }
  };
  std::vector<std::thread> Workers;
  Workers.reserve(Threads - 1);
  for (unsigned T = 1; T < Threads; ++T)
    Workers.emplace_back(Work);
  Work();
  for (std::thread &W : Workers)
    W.join();
}
