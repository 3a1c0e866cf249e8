//===- HelperPlacement.cpp - Wake a helper thread on another CPU ----------===//

#include "opgen/Support/HelperPlacement.h"

#if defined(__linux__)
#include <pthread.h>
#include <sched.h>
#define OPGEN_PLACE_THREADS 1
#endif

using namespace opgen;

struct HelperPlacement::Masks {
#if OPGEN_PLACE_THREADS
  cpu_set_t Allowed;
#endif
};

HelperPlacement::HelperPlacement() {
#if OPGEN_PLACE_THREADS
  auto Found = std::make_unique<Masks>();
  CPU_ZERO(&Found->Allowed);
  // A mask we cannot read (an unusual kernel, a seccomp filter) means no
  // placing: helpers then wake wherever the scheduler puts them.
  if (sched_getaffinity(0, sizeof(cpu_set_t), &Found->Allowed) == 0 &&
      CPU_COUNT(&Found->Allowed) > 1)
    M = std::move(Found);
#endif
}

HelperPlacement::~HelperPlacement() = default;

bool HelperPlacement::keepOffCaller(std::thread &Helper) const {
#if OPGEN_PLACE_THREADS
  if (!M)
    return false;
  int Here = sched_getcpu();
  if (Here < 0 || Here >= CPU_SETSIZE || !CPU_ISSET(Here, &M->Allowed))
    return false;
  cpu_set_t Others = M->Allowed;
  CPU_CLR(Here, &Others);
  return pthread_setaffinity_np(Helper.native_handle(), sizeof(cpu_set_t),
                                &Others) == 0;
#else
  (void)Helper;
  return false;
#endif
}

void HelperPlacement::release() const {
#if OPGEN_PLACE_THREADS
  if (M)
    pthread_setaffinity_np(pthread_self(), sizeof(cpu_set_t), &M->Allowed);
#endif
}
