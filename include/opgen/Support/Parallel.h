//===- Parallel.h - Split a loop over threads -------------------*- C++ -*-===//
//
// The few loops opgen runs on several threads (reading entries, computing
// signatures, writing files) hand out indices in chunks; results go
// straight into preallocated slots, by index, and so stay in order.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_SUPPORT_PARALLEL_H
#define OPGEN_SUPPORT_PARALLEL_H

#include "opgen/Support/HelperPlacement.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

namespace opgen {

/// Call \p F(I) once for every I in [0, N), on up to \p Threads threads
/// (the calling one included), each taking chunks of consecutive indices
/// until none is left. Which thread runs which index is not fixed. The
/// threads are started for this loop alone.
void parallelFor(unsigned Threads, size_t N,
                 llvm::function_ref<void(size_t)> F);

/// Worker threads kept for the parallel loops of one run (a Context owns
/// one). A run has a few dozen loops of a millisecond or less, many of them
/// inside other loops (emitters run side by side, and each splits its own
/// work); starting threads for each cost about 14 ms of CPU time per full
/// generation, mostly in the allocator setting up each new thread's heap,
/// and made the front end's passes slower on two threads than on one.
/// Workers are started on first need and stopped with the pool. A thread
/// that waits for the rest of its loop helps with any other loop meanwhile,
/// so loops inside loops need no threads of their own. A worker woken for a
/// loop is kept off the opening thread's CPU until it runs (see
/// HelperPlacement.h).
class ThreadPool {
public:
  ThreadPool() = default;
  ThreadPool(const ThreadPool &) = delete;
  ThreadPool &operator=(const ThreadPool &) = delete;
  ~ThreadPool();

  /// As opgen::parallelFor, on the calling thread and this pool's workers.
  /// May be called from several threads at once, and from inside a loop.
  void parallelFor(unsigned Threads, size_t N,
                   llvm::function_ref<void(size_t)> F);

private:
  struct Loop;
  struct Worker {
    std::thread Thread;
    /// Waiting in work() for a loop to help with.
    bool Idle = false;
    /// Kept off a CPU by the last loop opened; to release once it runs.
    bool Placed = false;
  };

  /// The body of worker \p Index.
  void work(size_t Index);
  /// A loop in Open that another thread may still join, or null.
  Loop *findHelpable();
  /// Run part of \p L on the calling thread, which holds \p Lock; a placed
  /// worker first gets its CPUs back.
  void help(Loop &L, std::unique_lock<std::mutex> &Lock, bool Release = false);

  HelperPlacement Placement;
  std::mutex Mutex;
  /// Signalled when a loop opens or a thread finishes its part of one.
  std::condition_variable Changed;
  /// Indexed by worker; only read or changed with Mutex held.
  std::vector<Worker> Workers;
  /// The loops whose callers have not yet run out of indices.
  std::vector<Loop *> Open;
  bool Stopping = false;
};

} // namespace opgen

#endif // OPGEN_SUPPORT_PARALLEL_H
