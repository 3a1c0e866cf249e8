//===- ParallelTest.cpp - Parallel loops and the thread pool --------------===//

#include "opgen/Support/Parallel.h"

#include <doctest/doctest.h>

#include <atomic>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

using namespace opgen;

/// Runs a loop of \p N on \p Threads and checks each index ran once.
static void checkEachOnce(ThreadPool &Pool, unsigned Threads, size_t N) {
  std::vector<std::atomic<int>> Hits(N);
  Pool.parallelFor(Threads, N, [&](size_t I) { ++Hits[I]; });
  for (size_t I = 0; I < N; ++I)
    REQUIRE(Hits[I].load() == 1);
}

TEST_CASE("a pool's loops call every index once, for any thread count") {
  ThreadPool Pool;
  for (unsigned Threads : {0u, 1u, 2u, 3u, 8u})
    for (size_t N : {size_t(0), size_t(1), size_t(2), size_t(7), size_t(1000)})
      checkEachOnce(Pool, Threads, N);
  // Fewer threads after more: the later workers sit the loop out.
  checkEachOnce(Pool, 8, 500);
  checkEachOnce(Pool, 2, 500);
  checkEachOnce(Pool, 5, 500);
}

TEST_CASE("a pool's loops use its workers, and the same ones each time") {
  ThreadPool Pool;
  std::mutex M;
  std::set<std::thread::id> First, Second;
  auto Record = [&](std::set<std::thread::id> &Ids) {
    // Enough slow items that every thread takes some.
    Pool.parallelFor(3, 64, [&](size_t) {
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
      std::lock_guard<std::mutex> Lock(M);
      Ids.insert(std::this_thread::get_id());
    });
  };
  Record(First);
  Record(Second);
  CHECK(First.size() > 1);
  CHECK(First.count(std::this_thread::get_id()) == 1);
  // No thread of the second loop is new: the pool kept its workers.
  for (std::thread::id Id : Second)
    CHECK(First.count(Id) == 1);
}

TEST_CASE("a loop started inside a pool's loop runs on threads of its own") {
  ThreadPool Pool;
  std::vector<std::atomic<int>> Hits(16 * 16);
  Pool.parallelFor(2, 16, [&](size_t I) {
    Pool.parallelFor(2, 16, [&](size_t J) { ++Hits[I * 16 + J]; });
  });
  for (auto &H : Hits)
    REQUIRE(H.load() == 1);
}

TEST_CASE("two threads may share a pool") {
  ThreadPool Pool;
  std::vector<std::atomic<int>> A(2000), B(2000);
  std::thread Other([&] {
    for (int R = 0; R < 20; ++R)
      Pool.parallelFor(2, 100, [&](size_t I) { ++A[R * 100 + I]; });
  });
  for (int R = 0; R < 20; ++R)
    Pool.parallelFor(2, 100, [&](size_t I) { ++B[R * 100 + I]; });
  Other.join();
  for (size_t I = 0; I < A.size(); ++I) {
    REQUIRE(A[I].load() == 1);
    REQUIRE(B[I].load() == 1);
  }
}

TEST_CASE("parallelFor without a pool calls every index once") {
  std::vector<std::atomic<int>> Hits(300);
  parallelFor(3, Hits.size(), [&](size_t I) { ++Hits[I]; });
  for (auto &H : Hits)
    REQUIRE(H.load() == 1);
}
