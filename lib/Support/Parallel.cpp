//===- Parallel.cpp - Split a loop over threads ---------------------------===//

#include "opgen/Support/Parallel.h"

#include <algorithm>
#include <thread>
#include <vector>

using namespace opgen;

void opgen::parallelFor(unsigned Threads, size_t N,
                        llvm::function_ref<void(size_t)> F) {
  Threads = std::max(1u, Threads);
  std::vector<std::thread> Workers;
  for (unsigned T = 1; T < Threads; ++T)
    Workers.emplace_back([&, T] {
      for (size_t I = N * T / Threads, E = N * (T + 1) / Threads; I < E; ++I)
        F(I);
    });
  for (size_t I = 0, E = N / Threads; I < E; ++I)
    F(I);
  for (std::thread &W : Workers)
    W.join();
}
