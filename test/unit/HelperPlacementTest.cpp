//===- HelperPlacementTest.cpp - Waking helpers off the caller's CPU ------===//

#include "opgen/Support/HelperPlacement.h"
#include "opgen/Support/Parallel.h"

#include <doctest/doctest.h>

#include <atomic>
#include <condition_variable>
#include <initializer_list>
#include <mutex>
#include <thread>

#if defined(__linux__)
#include <pthread.h>
#include <sched.h>

using namespace opgen;

namespace {
/// Restricts the calling thread to \p Cpus for the scope, then restores it.
class ScopedMask {
public:
  explicit ScopedMask(const cpu_set_t &Cpus) {
    sched_getaffinity(0, sizeof(Old), &Old);
    Ok = sched_setaffinity(0, sizeof(Cpus), &Cpus) == 0;
  }
  ~ScopedMask() { sched_setaffinity(0, sizeof(Old), &Old); }
  bool Ok;

private:
  cpu_set_t Old;
};

/// A thread that waits until told to go on, then runs \p Then.
class Parked {
public:
  template <typename Fn> explicit Parked(Fn Then) {
    T = std::thread([this, Then] {
      std::unique_lock<std::mutex> Lock(M);
      Go.wait(Lock, [&] { return Released; });
      Lock.unlock();
      Then();
    });
  }
  ~Parked() {
    {
      std::lock_guard<std::mutex> Lock(M);
      Released = true;
    }
    Go.notify_all();
    T.join();
  }
  std::thread T;

private:
  std::mutex M;
  std::condition_variable Go;
  bool Released = false;
};

cpu_set_t maskOf(std::thread &T) {
  cpu_set_t S;
  CPU_ZERO(&S);
  pthread_getaffinity_np(T.native_handle(), sizeof(S), &S);
  return S;
}

/// The set of \p Cpus.
cpu_set_t cpuSet(std::initializer_list<int> Cpus) {
  cpu_set_t S;
  CPU_ZERO(&S);
  for (int C : Cpus)
    CPU_SET(C, &S);
  return S;
}

/// The first two CPUs this process may run on, if it has two.
bool twoCpus(int &A, int &B) {
  cpu_set_t All;
  if (sched_getaffinity(0, sizeof(All), &All) != 0)
    return false;
  A = B = -1;
  for (int C = 0; C < CPU_SETSIZE && B < 0; ++C)
    if (CPU_ISSET(C, &All))
      (A < 0 ? A : B) = C;
  return B >= 0;
}
} // namespace

TEST_CASE("a helper is kept off the caller's CPU, then gets its CPUs back") {
  int A, B;
  if (!twoCpus(A, B)) {
    // One CPU: there is nowhere else to put a helper.
    HelperPlacement P;
    Parked H([] {});
    CHECK_FALSE(P.keepOffCaller(H.T));
    return;
  }
  cpu_set_t Two = cpuSet({A, B});
  ScopedMask InTwo(Two);
  REQUIRE(InTwo.Ok);
  HelperPlacement P; // remembers {A, B}
  cpu_set_t OnA = cpuSet({A});
  std::atomic<bool> Back{false};
  {
    Parked H([&] {
      P.release();
      cpu_set_t Now;
      sched_getaffinity(0, sizeof(Now), &Now);
      Back = CPU_EQUAL(&Now, &Two);
    });
    // The caller on A: the helper may run on B alone.
    {
      ScopedMask Here(OnA);
      REQUIRE(Here.Ok);
      REQUIRE(P.keepOffCaller(H.T));
    }
    cpu_set_t Helper = maskOf(H.T);
    CHECK(CPU_COUNT(&Helper) == 1);
    CHECK(CPU_ISSET(B, &Helper));
  }
  CHECK(Back.load());
}

TEST_CASE("a pool's loops finish on a process allowed one CPU") {
  int A, B;
  if (!twoCpus(A, B))
    A = sched_getcpu();
  ScopedMask InOne(cpuSet({A}));
  REQUIRE(InOne.Ok);
  ThreadPool Pool;
  std::atomic<int> Sum{0};
  for (int R = 0; R < 20; ++R)
    Pool.parallelFor(2, 100, [&](size_t I) { Sum += static_cast<int>(I); });
  CHECK(Sum.load() == 20 * 4950);
}

TEST_CASE("a pool's workers run on every CPU again once they help") {
  int A, B;
  if (!twoCpus(A, B))
    return;
  cpu_set_t Two = cpuSet({A, B});
  ScopedMask InTwo(Two);
  REQUIRE(InTwo.Ok);
  ThreadPool Pool;
  std::mutex M;
  std::thread::id Main = std::this_thread::get_id();
  bool SawWorker = false, WorkerFree = true;
  for (int R = 0; R < 5; ++R)
    Pool.parallelFor(2, 64, [&](size_t) {
      std::this_thread::sleep_for(std::chrono::microseconds(200));
      if (std::this_thread::get_id() == Main)
        return;
      cpu_set_t Now;
      sched_getaffinity(0, sizeof(Now), &Now);
      std::lock_guard<std::mutex> Lock(M);
      SawWorker = true;
      WorkerFree &= CPU_EQUAL(&Now, &Two);
    });
  CHECK(SawWorker);
  CHECK(WorkerFree);
}
#endif
