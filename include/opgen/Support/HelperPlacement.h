//===- HelperPlacement.h - Wake a helper thread on another CPU --*- C++ -*-===//
//
// A thread that opens a parallel loop runs its own share at once, on the CPU
// it is on. A helper woken for the loop is of no use on that same CPU, yet
// some schedulers put it there: they pack woken threads onto the waker's CPU
// and leave the others idle until the next balancing tick, 4 ms later at
// 250 Hz. On such a host (the 2-vCPU VM the benchmarks run on) most loops of
// a run lasted less than that, and two threads ran the front end hardly
// faster than one.
//
// Placing the helper is not pinning it: before the wake its mask leaves out
// the waker's CPU alone, and the helper's first act is to take back every
// CPU it had. Where the scheduler spreads threads anyway, nothing changes.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_SUPPORT_HELPERPLACEMENT_H
#define OPGEN_SUPPORT_HELPERPLACEMENT_H

#include <memory>
#include <thread>

namespace opgen {

class HelperPlacement {
public:
  /// Remembers the CPUs the calling thread may run on; helpers return to
  /// them. Where threads cannot be placed (not Linux), every call is a no-op.
  HelperPlacement();
  ~HelperPlacement();
  HelperPlacement(const HelperPlacement &) = delete;
  HelperPlacement &operator=(const HelperPlacement &) = delete;

  /// Before waking \p Helper for the calling thread's loop: let it run on
  /// any remembered CPU but the caller's. False if that would leave none,
  /// or placing failed; \p Helper then keeps its mask.
  bool keepOffCaller(std::thread &Helper) const;

  /// On a helper, once it runs: it may run on every remembered CPU again.
  void release() const;

private:
  struct Masks;
  std::unique_ptr<Masks> M;
};

} // namespace opgen

#endif // OPGEN_SUPPORT_HELPERPLACEMENT_H
