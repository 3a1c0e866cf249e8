//===- Boxed.h - An optional value kept out of line -------------*- C++ -*-===//
//
// std::optional keeps its value inline, so a rarely set member as big as a
// few arguments makes every object that holds it that much bigger. Boxed<T>
// is an optional that keeps its value on the heap: one pointer when empty,
// the same value semantics (copies copy the value, == compares values).
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_SUPPORT_BOXED_H
#define OPGEN_SUPPORT_BOXED_H

#include <memory>
#include <optional>
#include <utility>

namespace opgen {

template <typename T> class Boxed {
public:
  Boxed() = default;
  Boxed(std::nullopt_t) {}
  Boxed(const T &V) : P(std::make_unique<T>(V)) {}
  Boxed(T &&V) : P(std::make_unique<T>(std::move(V))) {}
  Boxed(const Boxed &O) : P(O.P ? std::make_unique<T>(*O.P) : nullptr) {}
  Boxed(Boxed &&O) noexcept = default;
  Boxed &operator=(const Boxed &O) {
    if (this != &O)
      P = O.P ? std::make_unique<T>(*O.P) : nullptr;
    return *this;
  }
  Boxed &operator=(Boxed &&O) noexcept = default;
  Boxed &operator=(std::nullopt_t) {
    P.reset();
    return *this;
  }

  template <typename... Args> T &emplace(Args &&...As) {
    P = std::make_unique<T>(std::forward<Args>(As)...);
    return *P;
  }
  void reset() { P.reset(); }

  bool has_value() const { return P != nullptr; }
  explicit operator bool() const { return has_value(); }
  T &operator*() { return *P; }
  const T &operator*() const { return *P; }
  T *operator->() { return P.get(); }
  const T *operator->() const { return P.get(); }

  friend bool operator==(const Boxed &A, const Boxed &B) {
    return A.P ? B.P && *A.P == *B.P : !B.P;
  }
  friend bool operator!=(const Boxed &A, const Boxed &B) { return !(A == B); }

private:
  std::unique_ptr<T> P;
};

} // namespace opgen

#endif // OPGEN_SUPPORT_BOXED_H
