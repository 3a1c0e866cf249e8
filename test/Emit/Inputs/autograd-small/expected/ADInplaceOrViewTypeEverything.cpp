#define TORCH_ASSERT_ONLY_METHOD_OPERATORS
#include "torch/csrc/autograd/VariableTypeUtils.h"
#include "torch/csrc/autograd/generated/ViewFuncs.h"

#include <torch/library.h>
#include <ATen/FunctionalInverses.h>
#include <ATen/FunctionalTensorWrapper.h>

// @generated from TEMPLATES/ADInplaceOrViewType.cpp

#ifndef AT_PER_OPERATOR_HEADERS
#include <ATen/Operators.h>
#else
#include <ATen/ops/_neg_view_ops.h>
#include <ATen/ops/_neg_view_copy_ops.h>
#include <ATen/ops/as_strided_ops.h>
#include <ATen/ops/as_strided_copy_ops.h>
#include <ATen/ops/fill_ops.h>
#include <ATen/ops/max_ops.h>
#include <ATen/ops/ones_ops.h>
#include <ATen/ops/split_ops.h>
#include <ATen/ops/unbind_ops.h>
#include <ATen/ops/zero_ops.h>
#include <ATen/ops/zero_ops.h>
#endif

using namespace at;
using torch::autograd::CreationMeta;
using torch::autograd::as_view;
using torch::autograd::increment_version;

namespace torch {

namespace ADInplaceOrView {

namespace {
at::Tensor _neg_view(c10::DispatchKeySet ks, const at::Tensor & self) {
  auto _tmp = ([&]() {
    at::AutoDispatchBelowADInplaceOrView guard;
    return at::_ops::_neg_view::redispatch(ks & c10::after_ADInplaceOrView_keyset, self);
  })();
  std::unique_ptr<torch::autograd::ViewFunc> func(nullptr);
  std::function<at::Tensor(const at::Tensor&)> rev_func=nullptr;
  if (true ||
      !self.unsafeGetTensorImpl()->support_as_strided() ||
      self.unsafeGetTensorImpl()->is_python_dispatch() ||
      c10::AutogradState::get_tls_state().get_view_replay_enabled()) {
    func = std::make_unique<torch::autograd::generated::_NegViewViewFunc>();
    rev_func = [=](const at::Tensor& input_view) {
      return at::functionalization::FunctionalInverses::_neg_view_inverse(self, input_view, at::functionalization::InverseReturnMode::AlwaysView);
    };
  }
  auto result = as_view(/* base */ self, /* output */ _tmp, /* is_bw_differentiable */ true, /* is_fw_differentiable */ true, /* view_func */ std::move(func), /* rev_view_func */ rev_func, /* creation_meta */ InferenceMode::is_enabled() ? CreationMeta::INFERENCE_MODE : (at::GradMode::is_enabled() ? CreationMeta::DEFAULT : CreationMeta::NO_GRAD_MODE));
  return result;
}
at::Tensor & _neg_view_copy_out_out(c10::DispatchKeySet ks, const at::Tensor & self, at::Tensor & out) {
  {
    at::AutoDispatchBelowADInplaceOrView guard;
    at::_ops::_neg_view_copy_out::redispatch(ks & c10::after_ADInplaceOrView_keyset, self, out);
  }
  increment_version(out);
  return out;
}
at::Tensor as_strided(c10::DispatchKeySet ks, const at::Tensor & self, c10::SymIntArrayRef size, c10::SymIntArrayRef stride, ::std::optional<c10::SymInt> storage_offset) {
  auto _tmp = ([&]() {
    at::AutoDispatchBelowADInplaceOrView guard;
    return at::_ops::as_strided::redispatch(ks & c10::after_ADInplaceOrView_keyset, self, size, stride, storage_offset);
  })();
  std::unique_ptr<torch::autograd::ViewFunc> func(nullptr);
  std::function<at::Tensor(const at::Tensor&)> rev_func=nullptr;
  if (false ||
      !self.unsafeGetTensorImpl()->support_as_strided() ||
      self.unsafeGetTensorImpl()->is_python_dispatch() ||
      c10::AutogradState::get_tls_state().get_view_replay_enabled()) {
    auto size_vec = size.vec();
    auto stride_vec = stride.vec();
    func = std::make_unique<torch::autograd::generated::AsStridedViewFunc>(size, stride, storage_offset);
    rev_func = [=](const at::Tensor& input_view) {
      return at::functionalization::FunctionalInverses::as_strided_inverse(self, input_view, at::functionalization::InverseReturnMode::AlwaysView, size_vec, stride_vec, storage_offset);
    };
  }
  auto result = as_view(/* base */ self, /* output */ _tmp, /* is_bw_differentiable */ true, /* is_fw_differentiable */ true, /* view_func */ std::move(func), /* rev_view_func */ rev_func, /* creation_meta */ InferenceMode::is_enabled() ? CreationMeta::INFERENCE_MODE : (at::GradMode::is_enabled() ? CreationMeta::DEFAULT : CreationMeta::NO_GRAD_MODE));
  return result;
}
at::Tensor & as_strided_copy_out_out(c10::DispatchKeySet ks, const at::Tensor & self, c10::SymIntArrayRef size, c10::SymIntArrayRef stride, ::std::optional<c10::SymInt> storage_offset, at::Tensor & out) {
  {
    at::AutoDispatchBelowADInplaceOrView guard;
    at::_ops::as_strided_copy_out::redispatch(ks & c10::after_ADInplaceOrView_keyset, self, size, stride, storage_offset, out);
  }
  increment_version(out);
  return out;
}
at::Tensor & fill__Scalar(c10::DispatchKeySet ks, at::Tensor & self, const at::Scalar & value) {
  {
    at::AutoDispatchBelowADInplaceOrView guard;
    at::_ops::fill__Scalar::redispatch(ks & c10::after_ADInplaceOrView_keyset, self, value);
  }
  increment_version(self);
  return self;
}
::std::tuple<at::Tensor &,at::Tensor &> max_out_dim_max(c10::DispatchKeySet ks, const at::Tensor & self, int64_t dim, bool keepdim, at::Tensor & max, at::Tensor & max_values) {
  {
    at::AutoDispatchBelowADInplaceOrView guard;
    at::_ops::max_dim_max::redispatch(ks & c10::after_ADInplaceOrView_keyset, self, dim, keepdim, max, max_values);
  }
  increment_version(max);
  increment_version(max_values);
  return std::forward_as_tuple(max, max_values);
}
at::Tensor & ones_out_out(c10::DispatchKeySet ks, c10::SymIntArrayRef size, at::Tensor & out) {
  {
    at::AutoDispatchBelowADInplaceOrView guard;
    at::_ops::ones_out::redispatch(ks & c10::after_ADInplaceOrView_keyset, size, out);
  }
  increment_version(out);
  return out;
}
::std::vector<at::Tensor> split_Tensor(c10::DispatchKeySet ks, const at::Tensor & self, c10::SymInt split_size, int64_t dim) {
  auto _tmp = ([&]() {
    at::AutoDispatchBelowADInplaceOrView guard;
    return at::_ops::split_Tensor::redispatch(ks & c10::after_ADInplaceOrView_keyset, self, split_size, dim);
  })();
  for (auto view_idx : c10::irange(_tmp.size())) {
    std::unique_ptr<torch::autograd::ViewFunc> func(nullptr);
    std::function<at::Tensor(const at::Tensor&)> rev_func=nullptr;
    if (false ||
        !self.unsafeGetTensorImpl()->support_as_strided() ||
        self.unsafeGetTensorImpl()->is_python_dispatch() ||
        c10::AutogradState::get_tls_state().get_view_replay_enabled()) {
      func = std::make_unique<torch::autograd::generated::SplitTensorViewFunc>(split_size, dim, view_idx);
      rev_func = [=](const at::Tensor& input_view) {
        return at::functionalization::FunctionalInverses::split_Tensor_inverse(self, input_view, at::functionalization::InverseReturnMode::AlwaysView, view_idx, split_size, dim);
      };
    }
    as_view(/* base */ self, /* output */ _tmp[view_idx], /* is_bw_differentiable */ true, /* is_fw_differentiable */ true, /* view_func */ std::move(func), /* rev_view_func */ rev_func, /* creation_meta */ InferenceMode::is_enabled() ? CreationMeta::INFERENCE_MODE : (at::GradMode::is_enabled() ? CreationMeta::MULTI_OUTPUT_NODE : CreationMeta::NO_GRAD_MODE));
  }
  auto result = std::move(_tmp);
  return result;
}
::std::vector<at::Tensor> unbind_int(c10::DispatchKeySet ks, const at::Tensor & self, int64_t dim) {
  auto _tmp = ([&]() {
    at::AutoDispatchBelowADInplaceOrView guard;
    return at::_ops::unbind_int::redispatch(ks & c10::after_ADInplaceOrView_keyset, self, dim);
  })();
  for (auto view_idx : c10::irange(_tmp.size())) {
    std::unique_ptr<torch::autograd::ViewFunc> func(nullptr);
    std::function<at::Tensor(const at::Tensor&)> rev_func=nullptr;
    if (false ||
        !self.unsafeGetTensorImpl()->support_as_strided() ||
        self.unsafeGetTensorImpl()->is_python_dispatch() ||
        c10::AutogradState::get_tls_state().get_view_replay_enabled()) {
      func = std::make_unique<torch::autograd::generated::UnbindIntViewFunc>(dim, view_idx);
      rev_func = [=](const at::Tensor& input_view) {
        return at::functionalization::FunctionalInverses::unbind_int_inverse(self, input_view, at::functionalization::InverseReturnMode::AlwaysView, view_idx, dim);
      };
    }
    as_view(/* base */ self, /* output */ _tmp[view_idx], /* is_bw_differentiable */ true, /* is_fw_differentiable */ true, /* view_func */ std::move(func), /* rev_view_func */ rev_func, /* creation_meta */ InferenceMode::is_enabled() ? CreationMeta::INFERENCE_MODE : (at::GradMode::is_enabled() ? CreationMeta::MULTI_OUTPUT_NODE : CreationMeta::NO_GRAD_MODE));
  }
  auto result = std::move(_tmp);
  return result;
}
at::Tensor & zero_(c10::DispatchKeySet ks, at::Tensor & self) {
  {
    at::AutoDispatchBelowADInplaceOrView guard;
    at::_ops::zero_::redispatch(ks & c10::after_ADInplaceOrView_keyset, self);
  }
  increment_version(self);
  return self;
}
at::Tensor & zero_out_out(c10::DispatchKeySet ks, const at::Tensor & self, at::Tensor & out) {
  {
    at::AutoDispatchBelowADInplaceOrView guard;
    at::_ops::zero_out::redispatch(ks & c10::after_ADInplaceOrView_keyset, self, out);
  }
  increment_version(out);
  return out;
}
}  // namespace
}  // namespace ADInplaceOrView

namespace {

TORCH_LIBRARY_IMPL(aten, ADInplaceOrView, m) {
  m.impl("_neg_view",
         TORCH_FN(ADInplaceOrView::_neg_view)
  );
  m.impl("_neg_view_copy.out",
         TORCH_FN(ADInplaceOrView::_neg_view_copy_out_out)
  );
  m.impl("as_strided",
         TORCH_FN(ADInplaceOrView::as_strided)
  );
  m.impl("as_strided_copy.out",
         TORCH_FN(ADInplaceOrView::as_strided_copy_out_out)
  );
  m.impl("fill_.Scalar",
         TORCH_FN(ADInplaceOrView::fill__Scalar)
  );
  m.impl("max.dim_max",
         TORCH_FN(ADInplaceOrView::max_out_dim_max)
  );
  m.impl("ones.out",
         TORCH_FN(ADInplaceOrView::ones_out_out)
  );
  m.impl("split.Tensor",
         TORCH_FN(ADInplaceOrView::split_Tensor)
  );
  m.impl("unbind.int",
         TORCH_FN(ADInplaceOrView::unbind_int)
  );
  m.impl("zero_",
         TORCH_FN(ADInplaceOrView::zero_)
  );
  m.impl("zero.out",
         TORCH_FN(ADInplaceOrView::zero_out_out)
  );;
}

}  // namespace
} // namespace torch
