#include <torch/csrc/autograd/generated/ViewFuncs.h>

// @generated from TEMPLATES/ViewFuncs.cpp

using at::Tensor;
using at::Scalar;
using at::IntArrayRef;
using at::TensorList;

namespace torch::autograd::generated {

std::vector<c10::SymInt> _NegViewViewFunc::get_symints() const {
  ::std::vector<c10::SymInt> symints;
  return symints;
}

size_t _NegViewViewFunc::num_symints() const {
  return static_cast<size_t>(0);
}

void _NegViewViewFunc::set_symints(std::vector<c10::SymInt> symints) {
  TORCH_INTERNAL_ASSERT(symints.size() == num_symints());

}

std::vector<at::Tensor> _NegViewViewFunc::get_tensors() const {
  ::std::vector<at::Tensor> tensors;
  return tensors;
}

size_t _NegViewViewFunc::num_tensors() const {
  return static_cast<size_t>(0);
}

void _NegViewViewFunc::set_tensors(std::vector<at::Tensor> tensors) {
  TORCH_INTERNAL_ASSERT(tensors.size() == num_tensors());

}

at::Tensor _NegViewViewFunc::operator()(const at::Tensor& input_base) const {
  return at::_ops::_neg_view::call(input_base);
}

std::unique_ptr<ViewFunc> _NegViewViewFunc::clone_and_set(
    std::optional<std::vector<c10::SymInt>> symints,
    std::optional<std::vector<at::Tensor>> tensors) const {
  auto output = std::make_unique<_NegViewViewFunc>();
  if (symints.has_value()) {
    output->set_symints(std::move(*(symints)));
  }
  if (tensors.has_value()) {
    output->set_tensors(std::move(*(tensors)));
  }
  return output;
}

std::vector<c10::SymInt> AsStridedViewFunc::get_symints() const {
  ::std::vector<c10::SymInt> symints;
  symints.reserve(size.size() + stride.size() + (storage_offset.has_value() ? 1 : 0));
  symints.insert(symints.end(), size.begin(), size.end());
  symints.insert(symints.end(), stride.begin(), stride.end());
  if(storage_offset.has_value()) symints.insert(symints.end(), *(storage_offset));
  return symints;
}

size_t AsStridedViewFunc::num_symints() const {
  return static_cast<size_t>(size.size() + stride.size() + (storage_offset.has_value() ? 1 : 0));
}

void AsStridedViewFunc::set_symints(std::vector<c10::SymInt> symints) {
  TORCH_INTERNAL_ASSERT(symints.size() == num_symints());
  auto i = 0;
  std::copy(symints.begin() + i, symints.begin() + i + size.size(), size.begin());
  i += size.size();
  std::copy(symints.begin() + i, symints.begin() + i + stride.size(), stride.begin());
  i += stride.size();
  if(storage_offset.has_value()) storage_offset = symints[i];
}

std::vector<at::Tensor> AsStridedViewFunc::get_tensors() const {
  ::std::vector<at::Tensor> tensors;
  return tensors;
}

size_t AsStridedViewFunc::num_tensors() const {
  return static_cast<size_t>(0);
}

void AsStridedViewFunc::set_tensors(std::vector<at::Tensor> tensors) {
  TORCH_INTERNAL_ASSERT(tensors.size() == num_tensors());

}

at::Tensor AsStridedViewFunc::operator()(const at::Tensor& input_base) const {
  return at::_ops::as_strided::call(input_base, size, stride, storage_offset);
}

std::unique_ptr<ViewFunc> AsStridedViewFunc::clone_and_set(
    std::optional<std::vector<c10::SymInt>> symints,
    std::optional<std::vector<at::Tensor>> tensors) const {
  auto output = std::make_unique<AsStridedViewFunc>(size, stride, storage_offset);
  if (symints.has_value()) {
    output->set_symints(std::move(*(symints)));
  }
  if (tensors.has_value()) {
    output->set_tensors(std::move(*(tensors)));
  }
  return output;
}

std::vector<c10::SymInt> SplitTensorViewFunc::get_symints() const {
  ::std::vector<c10::SymInt> symints;
  symints.reserve(1);
  symints.push_back(split_size);
  return symints;
}

size_t SplitTensorViewFunc::num_symints() const {
  return static_cast<size_t>(1);
}

void SplitTensorViewFunc::set_symints(std::vector<c10::SymInt> symints) {
  TORCH_INTERNAL_ASSERT(symints.size() == num_symints());
  auto i = 0;
  split_size = symints[i];
}

std::vector<at::Tensor> SplitTensorViewFunc::get_tensors() const {
  ::std::vector<at::Tensor> tensors;
  return tensors;
}

size_t SplitTensorViewFunc::num_tensors() const {
  return static_cast<size_t>(0);
}

void SplitTensorViewFunc::set_tensors(std::vector<at::Tensor> tensors) {
  TORCH_INTERNAL_ASSERT(tensors.size() == num_tensors());

}

at::Tensor SplitTensorViewFunc::operator()(const at::Tensor& input_base) const {
  return at::_ops::split_Tensor::call(input_base, split_size, dim)[view_idx];
}

std::unique_ptr<ViewFunc> SplitTensorViewFunc::clone_and_set(
    std::optional<std::vector<c10::SymInt>> symints,
    std::optional<std::vector<at::Tensor>> tensors) const {
  auto output = std::make_unique<SplitTensorViewFunc>(split_size, dim, view_idx);
  if (symints.has_value()) {
    output->set_symints(std::move(*(symints)));
  }
  if (tensors.has_value()) {
    output->set_tensors(std::move(*(tensors)));
  }
  return output;
}

std::vector<c10::SymInt> UnbindIntViewFunc::get_symints() const {
  ::std::vector<c10::SymInt> symints;
  return symints;
}

size_t UnbindIntViewFunc::num_symints() const {
  return static_cast<size_t>(0);
}

void UnbindIntViewFunc::set_symints(std::vector<c10::SymInt> symints) {
  TORCH_INTERNAL_ASSERT(symints.size() == num_symints());

}

std::vector<at::Tensor> UnbindIntViewFunc::get_tensors() const {
  ::std::vector<at::Tensor> tensors;
  return tensors;
}

size_t UnbindIntViewFunc::num_tensors() const {
  return static_cast<size_t>(0);
}

void UnbindIntViewFunc::set_tensors(std::vector<at::Tensor> tensors) {
  TORCH_INTERNAL_ASSERT(tensors.size() == num_tensors());

}

at::Tensor UnbindIntViewFunc::operator()(const at::Tensor& input_base) const {
  return at::_ops::unbind_int::call(input_base, dim)[view_idx];
}

std::unique_ptr<ViewFunc> UnbindIntViewFunc::clone_and_set(
    std::optional<std::vector<c10::SymInt>> symints,
    std::optional<std::vector<at::Tensor>> tensors) const {
  auto output = std::make_unique<UnbindIntViewFunc>(dim, view_idx);
  if (symints.has_value()) {
    output->set_symints(std::move(*(symints)));
  }
  if (tensors.has_value()) {
    output->set_tensors(std::move(*(tensors)));
  }
  return output;
}

} // namespace torch::autograd::generated
