// Kernel definitions for xla-device-guard.yaml with mistakes: the same as
// kernels-complete.cpp except that is_pinned and _local_scalar_dense are not
// defined at all, and `add` is defined once (add.Tensor) where the yaml
// needs two overloads (add.Tensor and add.Scalar both map to `add`).
//
// `gen_backend_stubs --impl_path kernels-missing.cpp` fails (exit status 1,
// a Python traceback ending in AssertionError) and writes nothing. Its
// message lists the kernel names in native_functions.yaml order, each with
// the counts and the dispatcher declarations of all its operators:
//
//   XLANativeFunctions is missing a kernel definition for add. We found 1 kernel(s) with that name,
//   but expected 2 kernel(s). The expected function schemas for the missing operator are:
//   at::Tensor add(const at::Tensor & self, const at::Tensor & other, const at::Scalar & alpha)
//   at::Tensor add(const at::Tensor & self, const at::Scalar & other, const at::Scalar & alpha)
//
//
//   XLANativeFunctions is missing a kernel definition for is_pinned. We found 0 kernel(s) with that name,
//   but expected 1 kernel(s). The expected function schemas for the missing operator are:
//   bool is_pinned(const at::Tensor & self, ::std::optional<at::Device> device)
//
//
//   XLANativeFunctions is missing a kernel definition for _local_scalar_dense. We found 0 kernel(s) with that name,
//   but expected 1 kernel(s). The expected function schemas for the missing operator are:
//   at::Scalar _local_scalar_dense(const at::Tensor & self)
//
// (add: found 1, expected 2; is_pinned: found 0, expected 1;
// _local_scalar_dense: found 0, expected 1.) In xla-device-guard.yaml the
// operators naming these kernels are add.Tensor (line 37, col 5; add.Scalar
// on line 38), is_pinned (line 53, col 5) and _local_scalar_dense (line 55,
// col 5).

#include "torch_xla/csrc/aten_xla_type.h"

#include <ATen/ExpandUtils.h>
#include <ATen/native/CPUFallback.h>

#include "torch_xla/csrc/XLANativeFunctions.h"
#include "torch_xla/csrc/aten_cpu_fallback.h"
#include "torch_xla/csrc/aten_xla_bridge.h"
#include "torch_xla/csrc/tensor_methods.h"

namespace torch_xla {
namespace {

// Kernels below fall back to the CPU when XLA has no lowering; the fallback
// is registered in XLANativeFunctions' static initializer.
at::Tensor to_xla(const at::Tensor& t) { return bridge::AtenFromXlaTensor(bridge::GetXlaTensor(t)); }

}  // namespace

at::Tensor XLANativeFunctions::empty(at::IntArrayRef size, std::optional<at::ScalarType> dtype,
                                     std::optional<at::Layout> layout, std::optional<at::Device> device,
                                     std::optional<bool> pin_memory,
                                     std::optional<at::MemoryFormat> memory_format) {
  TORCH_LAZY_FN_COUNTER_TIMED_TRACING("xla::");
  if (memory_format.has_value() && *memory_format == at::MemoryFormat::ChannelsLast) {
    auto strides = c10::contiguous_strides(size);
    return torch_xla::XLANativeFunctions::empty_strided(size, strides, dtype, layout, device, pin_memory);
  }
  return bridge::AtenFromXlaTensor(tensor_methods::full(size, 0, GetXlaDeviceOrCurrent(device),
                                                        at::dtype_or_default(dtype)));
}

at::Tensor XLANativeFunctions::empty_strided(at::IntArrayRef size, at::IntArrayRef stride,
                                             std::optional<at::ScalarType> dtype,
                                             std::optional<at::Layout> layout,
                                             std::optional<at::Device> device,
                                             std::optional<bool> pin_memory) {
  TORCH_LAZY_FN_COUNTER_TIMED_TRACING("xla::");
  at::Tensor t = empty(size, dtype, layout, device, pin_memory, std::nullopt);
  return as_strided(t, size, stride, /*storage_offset=*/0);
}

at::Tensor XLANativeFunctions::full(at::IntArrayRef size, const at::Scalar& fill_value,
                                    std::optional<at::ScalarType> dtype, std::optional<at::Layout> layout,
                                    std::optional<at::Device> device, std::optional<bool> pin_memory) {
  TORCH_LAZY_FN_COUNTER_TIMED_TRACING("xla::");
  return bridge::AtenFromXlaTensor(tensor_methods::full(size, fill_value, GetXlaDeviceOrCurrent(device),
                                                        at::dtype_or_default(dtype)));
}

at::Tensor XLANativeFunctions::_to_copy(const at::Tensor& self, std::optional<at::ScalarType> dtype,
                                        std::optional<at::Layout> layout, std::optional<at::Device> device,
                                        std::optional<bool> pin_memory, bool non_blocking,
                                        std::optional<at::MemoryFormat> memory_format) {
  TORCH_LAZY_FN_COUNTER_TIMED_TRACING("xla::");
  return bridge::AtenFromXlaTensor(tensor_methods::to(bridge::GetXlaTensor(self), device, dtype));
}

at::Tensor& XLANativeFunctions::arange_out(const at::Scalar& start, const at::Scalar& end,
                                           const at::Scalar& step, at::Tensor& out) {
  TORCH_LAZY_FN_COUNTER_TIMED_TRACING("xla::");
  tensor_methods::arange_out(bridge::GetXlaTensor(out), start, end, step, out.scalar_type());
  return out;
}

at::Tensor& XLANativeFunctions::randperm_out(int64_t n, at::Tensor& out) {
  TORCH_LAZY_FN_COUNTER_TIMED_TRACING("xla::");
  return at::native::call_fallback_fn<&xla_cpu_fallback, ATEN_OP2(randperm, out)>::call(n, out);
}

at::Tensor XLANativeFunctions::_copy_from(const at::Tensor& self, const at::Tensor& dst, bool non_blocking) {
  TORCH_LAZY_FN_COUNTER_TIMED_TRACING("xla::");
  tensor_methods::copy_(bridge::GetXlaTensor(dst), bridge::GetXlaTensor(self));
  return dst;
}

at::Tensor XLANativeFunctions::_copy_from_and_resize(const at::Tensor& self, const at::Tensor& dst) {
  TORCH_LAZY_FN_COUNTER_TIMED_TRACING("xla::");
  dst.resize_as_(self);
  return _copy_from(self, dst, /*non_blocking=*/false);
}

at::Tensor& XLANativeFunctions::copy_(at::Tensor& self, const at::Tensor& src, bool non_blocking) {
  TORCH_LAZY_FN_COUNTER_TIMED_TRACING("xla::");
  _copy_from(src, self, non_blocking);
  return self;
}

const at::Tensor& XLANativeFunctions::resize_(const at::Tensor& self, at::IntArrayRef size,
                                              std::optional<at::MemoryFormat> memory_format) {
  TORCH_LAZY_FN_COUNTER_TIMED_TRACING("xla::");
  tensor_methods::resize_(bridge::GetXlaTensor(self), XlaHelpers::I64List(size));
  return self;
}

const at::Tensor& XLANativeFunctions::as_strided_(const at::Tensor& self, at::IntArrayRef size,
                                                  at::IntArrayRef stride,
                                                  std::optional<int64_t> storage_offset) {
  TORCH_LAZY_FN_COUNTER_TIMED_TRACING("xla::");
  tensor_methods::as_strided_(bridge::GetXlaTensor(self), XlaHelpers::I64List(size),
                              XlaHelpers::I64List(stride), XlaHelpers::I64Optional(storage_offset));
  return self;
}

at::Tensor& XLANativeFunctions::fill_(at::Tensor& self, const at::Scalar& value) {
  TORCH_LAZY_FN_COUNTER_TIMED_TRACING("xla::");
  tensor_methods::fill_(bridge::GetXlaTensor(self), value);
  return self;
}

at::Tensor XLANativeFunctions::abs(const at::Tensor& self) {
  TORCH_LAZY_FN_COUNTER_TIMED_TRACING("xla::");
  return bridge::AtenFromXlaTensor(tensor_methods::abs(bridge::GetXlaTensor(self)));
}

at::Tensor& XLANativeFunctions::abs_(at::Tensor& self) {
  TORCH_LAZY_FN_COUNTER_TIMED_TRACING("xla::");
  return self.copy_(abs(self));
}

at::Tensor& XLANativeFunctions::abs_out(const at::Tensor& self, at::Tensor& out) {
  TORCH_LAZY_FN_COUNTER_TIMED_TRACING("xla::");
  return out.copy_(abs(self));
}

at::Tensor XLANativeFunctions::add(const at::Tensor& self, const at::Tensor& other, const at::Scalar& alpha) {
  TORCH_LAZY_FN_COUNTER_TIMED_TRACING("xla::");
  at::native::alpha_check(at::result_type(self, other), alpha);
  return bridge::AtenFromXlaTensor(
      tensor_methods::add(bridge::GetXlaTensor(self), bridge::GetXlaTensor(other), alpha));
}

at::Tensor& XLANativeFunctions::add_(at::Tensor& self, const at::Tensor& other, const at::Scalar& alpha) {
  TORCH_LAZY_FN_COUNTER_TIMED_TRACING("xla::");
  return self.copy_(add(self, other, alpha));
}

at::Tensor& XLANativeFunctions::add_out(const at::Tensor& self, const at::Tensor& other,
                                        const at::Scalar& alpha, at::Tensor& out) {
  TORCH_LAZY_FN_COUNTER_TIMED_TRACING("xla::");
  return out.copy_(torch_xla::XLANativeFunctions::add(self, other, alpha));
}

at::Tensor XLANativeFunctions::mul(const at::Tensor& self, const at::Tensor& other) {
  TORCH_LAZY_FN_COUNTER_TIMED_TRACING("xla::");
  return bridge::AtenFromXlaTensor(tensor_methods::mul(bridge::GetXlaTensor(self), bridge::GetXlaTensor(other)));
}

at::Tensor
XLANativeFunctions::mm(const at::Tensor& self, const at::Tensor& mat2) {
  TORCH_LAZY_FN_COUNTER_TIMED_TRACING("xla::");
  return bridge::AtenFromXlaTensor(tensor_methods::mm(bridge::GetXlaTensor(self), bridge::GetXlaTensor(mat2)));
}

at::Tensor& XLANativeFunctions::mm_out(const at::Tensor& self, const at::Tensor& mat2, at::Tensor& out) {
  TORCH_LAZY_FN_COUNTER_TIMED_TRACING("xla::");
  return out.copy_(mm(self, mat2));
}

at::Tensor XLANativeFunctions::addmm(const at::Tensor& self, const at::Tensor& mat1, const at::Tensor& mat2,
                                     const at::Scalar& beta, const at::Scalar& alpha) {
  TORCH_LAZY_FN_COUNTER_TIMED_TRACING("xla::");
  return bridge::AtenFromXlaTensor(tensor_methods::addmm(bridge::GetXlaTensor(mat1), bridge::GetXlaTensor(mat2),
                                                         bridge::GetXlaTensor(self), beta, alpha));
}

at::Tensor& XLANativeFunctions::addmm_(at::Tensor& self, const at::Tensor& mat1, const at::Tensor& mat2,
                                       const at::Scalar& beta, const at::Scalar& alpha) {
  TORCH_LAZY_FN_COUNTER_TIMED_TRACING("xla::");
  return self.copy_(torch_xla::XLANativeFunctions::addmm(self, mat1, mat2, beta, alpha));
}

at::Tensor& XLANativeFunctions::addmm_out(const at::Tensor& self, const at::Tensor& mat1, const at::Tensor& mat2,
                                          const at::Scalar& beta, const at::Scalar& alpha, at::Tensor& out) {
  TORCH_LAZY_FN_COUNTER_TIMED_TRACING("xla::");
  return out.copy_(addmm(self, mat1, mat2, beta, alpha));
}

at::Tensor XLANativeFunctions::where(const at::Tensor& condition, const at::Tensor& self, const at::Tensor& other) {
  TORCH_LAZY_FN_COUNTER_TIMED_TRACING("xla::");
  return bridge::AtenFromXlaTensor(tensor_methods::where(
      bridge::GetXlaTensor(condition), bridge::GetXlaTensor(self), bridge::GetXlaTensor(other)));
}

at::Tensor XLANativeFunctions::clamp(const at::Tensor& self, const std::optional<at::Scalar>& min,
                                     const std::optional<at::Scalar>& max) {
  TORCH_LAZY_FN_COUNTER_TIMED_TRACING("xla::");
  return bridge::AtenFromXlaTensor(tensor_methods::clamp(bridge::GetXlaTensor(self), min, max));
}

at::Tensor XLANativeFunctions::cat(const at::ITensorListRef& tensors, int64_t dim) {
  TORCH_LAZY_FN_COUNTER_TIMED_TRACING("xla::");
  return bridge::AtenFromXlaTensor(tensor_methods::cat(bridge::GetXlaTensors(tensors), dim));
}

at::Tensor XLANativeFunctions::index(const at::Tensor& self,
                                     const c10::List<std::optional<at::Tensor>>& indices) {
  TORCH_LAZY_FN_COUNTER_TIMED_TRACING("xla::");
  CanonicalIndexingSpec canonical = GetCanonicalIndexingSpec(self, indices);
  return bridge::AtenFromXlaTensor(tensor_methods::index(
      bridge::GetXlaTensor(canonical.base), bridge::GetXlaTensors(canonical.indices), canonical.start_dim));
}

at::Tensor& XLANativeFunctions::index_put_(at::Tensor& self, const c10::List<std::optional<at::Tensor>>& indices,
                                           const at::Tensor& values, bool accumulate) {
  TORCH_LAZY_FN_COUNTER_TIMED_TRACING("xla::");
  XLA_CHECK(self.scalar_type() == values.scalar_type()) << "XLANativeFunctions: index_put_ dtype mismatch";
  return self.copy_(at::index_put(self, indices, values, accumulate));
}

bool XLANativeFunctions::is_nonzero(const at::Tensor& self) {
  TORCH_LAZY_FN_COUNTER_TIMED_TRACING("xla::");
  return _local_scalar_dense(self).toBool();
}

at::Tensor XLANativeFunctions::_pin_memory(const at::Tensor& self, std::optional<at::Device> device) {
  XLA_ERROR() << "_pin_memory is not supported on XLA tensors";
}

at::Tensor XLANativeFunctions::view(const at::Tensor& self, at::IntArrayRef size) {
  TORCH_LAZY_FN_COUNTER_TIMED_TRACING("xla::");
  return bridge::AtenFromXlaTensor(tensor_methods::view(bridge::GetXlaTensor(self), XlaHelpers::I64List(size)));
}

at::Tensor XLANativeFunctions::as_strided(const at::Tensor& self, at::IntArrayRef size, at::IntArrayRef stride,
                                          std::optional<int64_t> storage_offset) {
  TORCH_LAZY_FN_COUNTER_TIMED_TRACING("xla::");
  return bridge::AtenFromXlaTensor(tensor_methods::as_strided(bridge::GetXlaTensor(self), XlaHelpers::I64List(size),
                                                              XlaHelpers::I64List(stride),
                                                              XlaHelpers::I64Optional(storage_offset)));
}

at::Tensor XLANativeFunctions::expand(const at::Tensor& self, at::IntArrayRef size, bool implicit) {
  TORCH_LAZY_FN_COUNTER_TIMED_TRACING("xla::");
  return bridge::AtenFromXlaTensor(tensor_methods::expand(bridge::GetXlaTensor(self), XlaHelpers::I64List(size)));
}

std::tuple<at::Tensor, at::Tensor> XLANativeFunctions::max(const at::Tensor& self, int64_t dim, bool keepdim) {
  TORCH_LAZY_FN_COUNTER_TIMED_TRACING("xla::");
  auto outputs = tensor_methods::max(bridge::GetXlaTensor(self), dim, keepdim);
  return std::make_tuple(bridge::AtenFromXlaTensor(std::get<0>(outputs)),
                         bridge::AtenFromXlaTensor(std::get<1>(outputs)));
}

at::Tensor XLANativeFunctions::nonzero(const at::Tensor& self) {
  TORCH_LAZY_FN_COUNTER_TIMED_TRACING("xla::");
  return bridge::AtenFromXlaTensor(tensor_methods::nonzero(bridge::GetXlaTensor(self)));
}

at::Tensor& XLANativeFunctions::
    nonzero_out(const at::Tensor& self, at::Tensor& out) {
  TORCH_LAZY_FN_COUNTER_TIMED_TRACING("xla::");
  return out.copy_(nonzero(self));
}

}  // namespace torch_xla
