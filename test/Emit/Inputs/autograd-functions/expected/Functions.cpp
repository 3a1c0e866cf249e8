#include "torch/csrc/autograd/FunctionsManual.h"
#include "torch/csrc/dynamo/compiled_autograd.h"

// @generated from ../tools/autograd/templates/Functions.cpp

// The manual function definitions that used to be here are now in torch/csrc/autograd/FunctionsManual.cpp
// This speeds up re-compilation and allow to share these implementations so that they can be
// used for forward mode AD formulas as well.

using namespace torch::autograd::generated::details;
using at::Tensor;
using at::Scalar;
using at::IntArrayRef;
using at::TensorList;

namespace torch::autograd::generated {

static at::IValue compute_output_metadata(const torch::autograd::edge_list& next_edges) {
  auto output_metadata = torch::dynamo::autograd::IValuePacker<
      std::vector<std::optional<InputMetadata>>>::pack(
              torch::dynamo::autograd::get_input_metadata(next_edges));
  return output_metadata;
}

static C10_NOINLINE variable_list compiled_autograd_apply_functional(
    const PackedArgs& packed_args,
    const edge_list& next_edges,
    SwapSavedVariables& saved,
    const variable_list& grads,
    const std::string& name) {
  auto output_metadata = compute_output_metadata(next_edges);
  const auto& pyinterface = torch::dynamo::autograd::getPyCompilerInterface();
  return pyinterface->call_function(
      saved.get_py_compiler(),
      "apply_functional",
      name,
      grads,
      packed_args.vec(),
      output_metadata);
}

static variable_list MulBackward0_apply_functional(
  variable_list&& grads,
  std::array<bool,2> needs_input_grad, Tensor& other, at::ScalarType& other_scalar_type, Tensor& self, at::ScalarType& self_scalar_type)
{
  IndexRangeGenerator gen;
  auto self_ix = gen.range(1);
  auto other_ix = gen.range(1);
  variable_list grad_inputs(gen.size());
  const auto& grad = grads[0];
  bool any_grad_defined = any_variable_defined(grads);
  if (needs_input_grad[/*other*/1]) {
    auto grad_result = any_grad_defined ? (mul_tensor_backward(grad, self, other_scalar_type)) : Tensor();
    copy_range(grad_inputs, other_ix, grad_result);
  }
  if (needs_input_grad[/*self*/0]) {
    auto grad_result = any_grad_defined ? (mul_tensor_backward(grad, other, self_scalar_type)) : Tensor();
    copy_range(grad_inputs, self_ix, grad_result);
  }
  return grad_inputs;
}
inline variable_list MulBackward0_apply_functional_ivalue(const variable_list& grads, const ivalue_list& args)
{
#ifdef C10_MOBILE
  TORCH_INTERNAL_ASSERT(false, "compiled autograd doesn't work on mobile");
#else
  auto packed_args = PackedArgs(args);
  auto needs_input_grad = packed_args.unpack<std::array<bool, 2>>();
  auto other = packed_args.unpack<Tensor>();
  auto other_scalar_type = packed_args.unpack<at::ScalarType>();
  auto self = packed_args.unpack<Tensor>();
  auto self_scalar_type = packed_args.unpack<at::ScalarType>();
  return MulBackward0_apply_functional(variable_list(grads), needs_input_grad, other, other_scalar_type, self, self_scalar_type);
#endif
}

variable_list MulBackward0::apply(variable_list&& grads) {
  std::lock_guard<std::mutex> lock(mutex_);

  auto other = other_.unpack();
  auto self = self_.unpack();
  IndexRangeGenerator gen;
  auto self_ix = gen.range(1);
  auto other_ix = gen.range(1);
  auto needs_input_grad = std::array<bool, 2>{
    task_should_compute_output({ self_ix }),
    task_should_compute_output({ other_ix }),
  };
  return MulBackward0_apply_functional(std::move(grads), needs_input_grad, other, other_scalar_type, self, self_scalar_type);
}

void MulBackward0::compiled_args(CompiledNodeArgs& args) const {
    args.collect(other_, false);
    args.collect(other_scalar_type);
    args.collect(self_, false);
    args.collect(self_scalar_type);
}
variable_list MulBackward0::apply_with_saved(const variable_list& grads, SwapSavedVariables& saved) {
#ifdef C10_MOBILE
  TORCH_INTERNAL_ASSERT(false, "compiled autograd doesn't work on mobile");
#else
  saved.before(other_);
  saved.before(other_scalar_type);
  saved.before(self_);
  saved.before(self_scalar_type);

  static bool called = false;
  if (!called) {
    called = true;
    std::vector<at::TypePtr> schema = {
      torch::dynamo::autograd::IValuePacker<std::array<bool, 2>>::packed_type(),
      torch::dynamo::autograd::IValuePacker<Tensor>::packed_type(),
      torch::dynamo::autograd::IValuePacker<at::ScalarType>::packed_type(),
      torch::dynamo::autograd::IValuePacker<Tensor>::packed_type(),
      torch::dynamo::autograd::IValuePacker<at::ScalarType>::packed_type(),
    };
    const auto& pyinterface = torch::dynamo::autograd::getPyCompilerInterface();
    pyinterface->bind_function(saved.get_py_compiler(), name(), MulBackward0_apply_functional_ivalue, schema);
  }

  variable_list output_result;

  PackedArgs packed_args;

  auto other = other_.unpack();
  auto self = self_.unpack();
  IndexRangeGenerator gen;
  auto self_ix = gen.range(1);
  auto other_ix = gen.range(1);
  auto needs_input_grad = std::array<bool, 2>{
    task_should_compute_output({ self_ix }),
    task_should_compute_output({ other_ix }),
  };
  packed_args.pack(needs_input_grad);
  packed_args.pack(other);
  packed_args.pack(other_scalar_type);
  packed_args.pack(self);
  packed_args.pack(self_scalar_type);

  output_result = compiled_autograd_apply_functional(packed_args, next_edges(), saved, grads, name());

  saved.after(other_);
  saved.after(other_scalar_type);
  saved.after(self_);
  saved.after(self_scalar_type);
  return output_result;
#endif
}

static variable_list ExpBackward0_apply_functional(
  variable_list&& grads,
  std::array<bool,1> needs_input_grad, Tensor& result)
{
  IndexRangeGenerator gen;
  auto self_ix = gen.range(1);
  variable_list grad_inputs(gen.size());
  const auto& grad = grads[0];
  bool any_grad_defined = any_variable_defined(grads);
  if (needs_input_grad[/*self*/0]) {
    auto grad_result = any_grad_defined ? (grad * result.conj()) : Tensor();
    copy_range(grad_inputs, self_ix, grad_result);
  }
  return grad_inputs;
}
inline variable_list ExpBackward0_apply_functional_ivalue(const variable_list& grads, const ivalue_list& args)
{
#ifdef C10_MOBILE
  TORCH_INTERNAL_ASSERT(false, "compiled autograd doesn't work on mobile");
#else
  auto packed_args = PackedArgs(args);
  auto needs_input_grad = packed_args.unpack<std::array<bool, 1>>();
  auto result = packed_args.unpack<Tensor>();
  return ExpBackward0_apply_functional(variable_list(grads), needs_input_grad, result);
#endif
}

variable_list ExpBackward0::apply(variable_list&& grads) {
  std::lock_guard<std::mutex> lock(mutex_);

  auto result = result_.unpack(getptr());
  IndexRangeGenerator gen;
  auto self_ix = gen.range(1);
  auto needs_input_grad = std::array<bool, 1>{
    task_should_compute_output({ self_ix }),
  };
  return ExpBackward0_apply_functional(std::move(grads), needs_input_grad, result);
}

void ExpBackward0::compiled_args(CompiledNodeArgs& args) const {
    args.collect(result_, true);
}
variable_list ExpBackward0::apply_with_saved(const variable_list& grads, SwapSavedVariables& saved) {
#ifdef C10_MOBILE
  TORCH_INTERNAL_ASSERT(false, "compiled autograd doesn't work on mobile");
#else
  saved.before(result_);

  static bool called = false;
  if (!called) {
    called = true;
    std::vector<at::TypePtr> schema = {
      torch::dynamo::autograd::IValuePacker<std::array<bool, 1>>::packed_type(),
      torch::dynamo::autograd::IValuePacker<Tensor>::packed_type(),
    };
    const auto& pyinterface = torch::dynamo::autograd::getPyCompilerInterface();
    pyinterface->bind_function(saved.get_py_compiler(), name(), ExpBackward0_apply_functional_ivalue, schema);
  }

  variable_list output_result;

  PackedArgs packed_args;

  auto result = result_.unpack(getptr());
  IndexRangeGenerator gen;
  auto self_ix = gen.range(1);
  auto needs_input_grad = std::array<bool, 1>{
    task_should_compute_output({ self_ix }),
  };
  packed_args.pack(needs_input_grad);
  packed_args.pack(result);

  output_result = compiled_autograd_apply_functional(packed_args, next_edges(), saved, grads, name());

  saved.after(result_);
  return output_result;
#endif
}

static variable_list StackBackward0_apply_functional(
  variable_list&& grads,
  std::array<bool,1> needs_input_grad, size_t tensors_size_, int64_t& dim, std::vector<Tensor>& tensors)
{
  IndexRangeGenerator gen;
  auto tensors_ix = gen.range(tensors_size_);
  variable_list grad_inputs(gen.size());
  const auto& grad = grads[0];
  if (needs_input_grad[/*tensors*/0]) {
    auto grad_result = stack_backward_for_test(grad, dim, tensors);
    copy_range(grad_inputs, tensors_ix, grad_result);
  }
  return grad_inputs;
}
inline variable_list StackBackward0_apply_functional_ivalue(const variable_list& grads, const ivalue_list& args)
{
#ifdef C10_MOBILE
  TORCH_INTERNAL_ASSERT(false, "compiled autograd doesn't work on mobile");
#else
  auto packed_args = PackedArgs(args);
  auto needs_input_grad = packed_args.unpack<std::array<bool, 1>>();
  auto tensors_size_ = packed_args.unpack<size_t>();
  auto dim = packed_args.unpack<int64_t>();
  auto tensors = packed_args.unpack<std::vector<Tensor>>();
  return StackBackward0_apply_functional(variable_list(grads), needs_input_grad, tensors_size_, dim, tensors);
#endif
}

variable_list StackBackward0::apply(variable_list&& grads) {
  std::lock_guard<std::mutex> lock(mutex_);
  TORCH_CHECK(!tensors_released_, ERR_BACKWARD_TWICE);
  auto tensors = unpack_list(tensors_, nullptr);
  IndexRangeGenerator gen;
  auto tensors_ix = gen.range(tensors_size_);
  auto needs_input_grad = std::array<bool, 1>{
    task_should_compute_output({ tensors_ix }),
  };
  return StackBackward0_apply_functional(std::move(grads), needs_input_grad, tensors_size_, dim, tensors);
}

void StackBackward0::compiled_args(CompiledNodeArgs& args) const {
    args.collect(dim);
    args.collect(tensors_, false);
}
variable_list StackBackward0::apply_with_saved(const variable_list& grads, SwapSavedVariables& saved) {
#ifdef C10_MOBILE
  TORCH_INTERNAL_ASSERT(false, "compiled autograd doesn't work on mobile");
#else
  saved.before(dim);
  saved.before(tensors_);

  static bool called = false;
  if (!called) {
    called = true;
    std::vector<at::TypePtr> schema = {
      torch::dynamo::autograd::IValuePacker<std::array<bool, 1>>::packed_type(),
      torch::dynamo::autograd::IValuePacker<size_t>::packed_type(),
      torch::dynamo::autograd::IValuePacker<int64_t>::packed_type(),
      torch::dynamo::autograd::IValuePacker<std::vector<Tensor>>::packed_type(),
    };
    const auto& pyinterface = torch::dynamo::autograd::getPyCompilerInterface();
    pyinterface->bind_function(saved.get_py_compiler(), name(), StackBackward0_apply_functional_ivalue, schema);
  }

  variable_list output_result;

  PackedArgs packed_args;
  TORCH_CHECK(!tensors_released_, ERR_BACKWARD_TWICE);
  auto tensors = unpack_list(tensors_, nullptr);
  IndexRangeGenerator gen;
  auto tensors_ix = gen.range(tensors_size_);
  auto needs_input_grad = std::array<bool, 1>{
    task_should_compute_output({ tensors_ix }),
  };
  packed_args.pack(needs_input_grad);
  packed_args.pack(tensors_size_);
  packed_args.pack(dim);
  packed_args.pack(tensors);

  output_result = compiled_autograd_apply_functional(packed_args, next_edges(), saved, grads, name());

  saved.after(dim);
  saved.after(tensors_);
  return output_result;
#endif
}

static variable_list IndexBackward0_apply_functional(
  variable_list&& grads,
  std::array<bool,1> needs_input_grad, torch::List<std::optional<Tensor>>& indices, at::TensorOptions& self_options, std::vector<c10::SymInt>& self_sym_sizes)
{
  IndexRangeGenerator gen;
  auto self_ix = gen.range(1);
  variable_list grad_inputs(gen.size());
  const auto& grad = grads[0];
  bool any_grad_defined = any_variable_defined(grads);
  if (needs_input_grad[/*self*/0]) {
    auto grad_result = any_grad_defined ? (index_backward(grad.new_zeros_symint(self_sym_sizes, self_options), indices, grad)) : Tensor();
    copy_range(grad_inputs, self_ix, grad_result);
  }
  return grad_inputs;
}
inline variable_list IndexBackward0_apply_functional_ivalue(const variable_list& grads, const ivalue_list& args)
{
#ifdef C10_MOBILE
  TORCH_INTERNAL_ASSERT(false, "compiled autograd doesn't work on mobile");
#else
  auto packed_args = PackedArgs(args);
  auto needs_input_grad = packed_args.unpack<std::array<bool, 1>>();
  auto indices = packed_args.unpack<torch::List<std::optional<Tensor>>>();
  auto self_options = packed_args.unpack<at::TensorOptions>();
  auto self_sym_sizes = packed_args.unpack<std::vector<c10::SymInt>>();
  return IndexBackward0_apply_functional(variable_list(grads), needs_input_grad, indices, self_options, self_sym_sizes);
#endif
}

variable_list IndexBackward0::apply(variable_list&& grads) {
  std::lock_guard<std::mutex> lock(mutex_);
  TORCH_CHECK(!indices_released_, ERR_BACKWARD_TWICE);
  auto indices = unpack_opt_list(indices_);
  IndexRangeGenerator gen;
  auto self_ix = gen.range(1);
  auto needs_input_grad = std::array<bool, 1>{
    task_should_compute_output({ self_ix }),
  };
  return IndexBackward0_apply_functional(std::move(grads), needs_input_grad, indices, self_options, self_sym_sizes);
}

void IndexBackward0::compiled_args(CompiledNodeArgs& args) const {
    args.collect(indices_, false);
    args.collect(self_options);
    args.collect(self_sym_sizes);
}
variable_list IndexBackward0::apply_with_saved(const variable_list& grads, SwapSavedVariables& saved) {
#ifdef C10_MOBILE
  TORCH_INTERNAL_ASSERT(false, "compiled autograd doesn't work on mobile");
#else
  saved.before(indices_);
  saved.before(self_options);
  saved.before(self_sym_sizes);

  static bool called = false;
  if (!called) {
    called = true;
    std::vector<at::TypePtr> schema = {
      torch::dynamo::autograd::IValuePacker<std::array<bool, 1>>::packed_type(),
      torch::dynamo::autograd::IValuePacker<torch::List<std::optional<Tensor>>>::packed_type(),
      torch::dynamo::autograd::IValuePacker<at::TensorOptions>::packed_type(),
      torch::dynamo::autograd::IValuePacker<std::vector<c10::SymInt>>::packed_type(),
    };
    const auto& pyinterface = torch::dynamo::autograd::getPyCompilerInterface();
    pyinterface->bind_function(saved.get_py_compiler(), name(), IndexBackward0_apply_functional_ivalue, schema);
  }

  variable_list output_result;

  PackedArgs packed_args;
  TORCH_CHECK(!indices_released_, ERR_BACKWARD_TWICE);
  auto indices = unpack_opt_list(indices_);
  IndexRangeGenerator gen;
  auto self_ix = gen.range(1);
  auto needs_input_grad = std::array<bool, 1>{
    task_should_compute_output({ self_ix }),
  };
  packed_args.pack(needs_input_grad);
  packed_args.pack(indices);
  packed_args.pack(self_options);
  packed_args.pack(self_sym_sizes);

  output_result = compiled_autograd_apply_functional(packed_args, next_edges(), saved, grads, name());

  saved.after(indices_);
  saved.after(self_options);
  saved.after(self_sym_sizes);
  return output_result;
#endif
}

static variable_list NativeLayerNormBackward0_apply_functional(
  variable_list&& grads,
  std::array<bool,3> needs_input_grad, Tensor& bias, Tensor& input, std::vector<c10::SymInt>& normalized_shape, Tensor& weight, Tensor& result1, Tensor& result2)
{
  IndexRangeGenerator gen;
  auto input_ix = gen.range(1);
  auto weight_ix = gen.range(1);
  auto bias_ix = gen.range(1);
  variable_list grad_inputs(gen.size());
  const auto& grad = grads[0];
  if (needs_input_grad[0] || needs_input_grad[1] || needs_input_grad[2]) {
      auto grad_input_mask = std::array<bool, 3>{
        needs_input_grad[0],
        needs_input_grad[1],
        needs_input_grad[2],
      };
    auto grad_result = grad.defined() ? native_layer_norm_backward_symint(grad, input, normalized_shape, result1, result2, weight, bias, grad_input_mask) : std::tuple<Tensor, Tensor, Tensor>();
      if (needs_input_grad[/*input*/0]) {
        copy_range(grad_inputs, input_ix, std::get<0>(grad_result));
      }
      if (needs_input_grad[/*weight*/1]) {
        copy_range(grad_inputs, weight_ix, std::get<1>(grad_result));
      }
      if (needs_input_grad[/*bias*/2]) {
        copy_range(grad_inputs, bias_ix, std::get<2>(grad_result));
      }
  }
  return grad_inputs;
}
inline variable_list NativeLayerNormBackward0_apply_functional_ivalue(const variable_list& grads, const ivalue_list& args)
{
#ifdef C10_MOBILE
  TORCH_INTERNAL_ASSERT(false, "compiled autograd doesn't work on mobile");
#else
  auto packed_args = PackedArgs(args);
  auto needs_input_grad = packed_args.unpack<std::array<bool, 3>>();
  auto bias = packed_args.unpack<Tensor>();
  auto input = packed_args.unpack<Tensor>();
  auto normalized_shape = packed_args.unpack<std::vector<c10::SymInt>>();
  auto weight = packed_args.unpack<Tensor>();
  auto result1 = packed_args.unpack<Tensor>();
  auto result2 = packed_args.unpack<Tensor>();
  return NativeLayerNormBackward0_apply_functional(variable_list(grads), needs_input_grad, bias, input, normalized_shape, weight, result1, result2);
#endif
}

variable_list NativeLayerNormBackward0::apply(variable_list&& grads) {
  std::lock_guard<std::mutex> lock(mutex_);

  auto bias = bias_.unpack();
  auto input = input_.unpack();
  auto weight = weight_.unpack();
  auto result1 = result1_.unpack(getptr());
  auto result2 = result2_.unpack(getptr());
  IndexRangeGenerator gen;
  auto input_ix = gen.range(1);
  auto weight_ix = gen.range(1);
  auto bias_ix = gen.range(1);
  auto needs_input_grad = std::array<bool, 3>{
    task_should_compute_output({ input_ix }),
    task_should_compute_output({ weight_ix }),
    task_should_compute_output({ bias_ix }),
  };
  return NativeLayerNormBackward0_apply_functional(std::move(grads), needs_input_grad, bias, input, normalized_shape, weight, result1, result2);
}

void NativeLayerNormBackward0::compiled_args(CompiledNodeArgs& args) const {
    args.collect(bias_, false);
    args.collect(input_, false);
    args.collect(normalized_shape);
    args.collect(weight_, false);
    args.collect(result1_, true);
    args.collect(result2_, true);
}
variable_list NativeLayerNormBackward0::apply_with_saved(const variable_list& grads, SwapSavedVariables& saved) {
#ifdef C10_MOBILE
  TORCH_INTERNAL_ASSERT(false, "compiled autograd doesn't work on mobile");
#else
  saved.before(bias_);
  saved.before(input_);
  saved.before(normalized_shape);
  saved.before(weight_);
  saved.before(result1_);
  saved.before(result2_);

  static bool called = false;
  if (!called) {
    called = true;
    std::vector<at::TypePtr> schema = {
      torch::dynamo::autograd::IValuePacker<std::array<bool, 3>>::packed_type(),
      torch::dynamo::autograd::IValuePacker<Tensor>::packed_type(),
      torch::dynamo::autograd::IValuePacker<Tensor>::packed_type(),
      torch::dynamo::autograd::IValuePacker<std::vector<c10::SymInt>>::packed_type(),
      torch::dynamo::autograd::IValuePacker<Tensor>::packed_type(),
      torch::dynamo::autograd::IValuePacker<Tensor>::packed_type(),
      torch::dynamo::autograd::IValuePacker<Tensor>::packed_type(),
    };
    const auto& pyinterface = torch::dynamo::autograd::getPyCompilerInterface();
    pyinterface->bind_function(saved.get_py_compiler(), name(), NativeLayerNormBackward0_apply_functional_ivalue, schema);
  }

  variable_list output_result;

  PackedArgs packed_args;

  auto bias = bias_.unpack();
  auto input = input_.unpack();
  auto weight = weight_.unpack();
  auto result1 = result1_.unpack(getptr());
  auto result2 = result2_.unpack(getptr());
  IndexRangeGenerator gen;
  auto input_ix = gen.range(1);
  auto weight_ix = gen.range(1);
  auto bias_ix = gen.range(1);
  auto needs_input_grad = std::array<bool, 3>{
    task_should_compute_output({ input_ix }),
    task_should_compute_output({ weight_ix }),
    task_should_compute_output({ bias_ix }),
  };
  packed_args.pack(needs_input_grad);
  packed_args.pack(bias);
  packed_args.pack(input);
  packed_args.pack(normalized_shape);
  packed_args.pack(weight);
  packed_args.pack(result1);
  packed_args.pack(result2);

  output_result = compiled_autograd_apply_functional(packed_args, next_edges(), saved, grads, name());

  saved.after(bias_);
  saved.after(input_);
  saved.after(normalized_shape);
  saved.after(weight_);
  saved.after(result1_);
  saved.after(result2_);
  return output_result;
#endif
}

static variable_list MyRnnBackward0_apply_functional(
  variable_list&& grads,
  std::array<bool,3> needs_input_grad, size_t weight_size_, at::Scalar& alpha, std::vector<c10::SymInt>& batch_sizes, std::vector<int64_t>& dims, c10::SymInt& hidden_size, Tensor& hx, Tensor& input, c10::OptionalArray<int64_t>& kernel, int64_t& mode, c10::OptionalArray<c10::SymInt>& out_size, double& p, std::optional<std::string>& padding, std::string& reduce, c10::OptionalArray<double>& scales, bool& train, std::vector<at::Scalar>& values, std::vector<Tensor>& weight, Tensor& result2, Tensor& result3, bool retain_variables)
{
  IndexRangeGenerator gen;
  auto input_ix = gen.range(1);
  auto weight_ix = gen.range(weight_size_);
  auto hx_ix = gen.range(1);
  variable_list grad_inputs(gen.size());
  if (needs_input_grad[0] || needs_input_grad[1] || needs_input_grad[2]) {
      auto grad_input_mask = std::array<bool, 3>{
        needs_input_grad[0],
        needs_input_grad[1],
        needs_input_grad[2],
      };
    auto grad_result = my_rnn_backward(input, weight, hx, grads[0], grads[1], mode, hidden_size, batch_sizes, dims, kernel, out_size, scales, reduce, padding.has_value() ? std::optional<std::string_view>(padding.value()) : std::nullopt, alpha, values, train, p, retain_variables ? result3.clone() : result3, result2, grad_input_mask);
      if (needs_input_grad[/*input*/0]) {
        copy_range(grad_inputs, input_ix, std::get<0>(grad_result));
      }
      if (needs_input_grad[/*weight*/1]) {
        copy_range(grad_inputs, weight_ix, std::get<1>(grad_result));
      }
      if (needs_input_grad[/*hx*/2]) {
        copy_range(grad_inputs, hx_ix, std::get<2>(grad_result));
      }
  }
  return grad_inputs;
}
inline variable_list MyRnnBackward0_apply_functional_ivalue(const variable_list& grads, const ivalue_list& args)
{
#ifdef C10_MOBILE
  TORCH_INTERNAL_ASSERT(false, "compiled autograd doesn't work on mobile");
#else
  auto packed_args = PackedArgs(args);
  auto needs_input_grad = packed_args.unpack<std::array<bool, 3>>();
  auto weight_size_ = packed_args.unpack<size_t>();
  auto alpha = packed_args.unpack<at::Scalar>();
  auto batch_sizes = packed_args.unpack<std::vector<c10::SymInt>>();
  auto dims = packed_args.unpack<std::vector<int64_t>>();
  auto hidden_size = packed_args.unpack<c10::SymInt>();
  auto hx = packed_args.unpack<Tensor>();
  auto input = packed_args.unpack<Tensor>();
  auto kernel = packed_args.unpack<c10::OptionalArray<int64_t>>();
  auto mode = packed_args.unpack<int64_t>();
  auto out_size = packed_args.unpack<c10::OptionalArray<c10::SymInt>>();
  auto p = packed_args.unpack<double>();
  auto padding = packed_args.unpack<std::optional<std::string>>();
  auto reduce = packed_args.unpack<std::string>();
  auto scales = packed_args.unpack<c10::OptionalArray<double>>();
  auto train = packed_args.unpack<bool>();
  auto values = packed_args.unpack<std::vector<at::Scalar>>();
  auto weight = packed_args.unpack<std::vector<Tensor>>();
  auto result2 = packed_args.unpack<Tensor>();
  auto result3 = packed_args.unpack<Tensor>();
  auto retain_variables = packed_args.unpack<bool>();
  return MyRnnBackward0_apply_functional(variable_list(grads), needs_input_grad, weight_size_, alpha, batch_sizes, dims, hidden_size, hx, input, kernel, mode, out_size, p, padding, reduce, scales, train, values, weight, result2, result3, retain_variables);
#endif
}

variable_list MyRnnBackward0::apply(variable_list&& grads) {
  std::lock_guard<std::mutex> lock(mutex_);
  TORCH_CHECK(!weight_released_, ERR_BACKWARD_TWICE);
  auto hx = hx_.unpack();
  auto input = input_.unpack();
  auto weight = unpack_list(weight_, nullptr);
  auto result2 = result2_.unpack(getptr());
  auto result3 = result3_.unpack(getptr());
  IndexRangeGenerator gen;
  auto input_ix = gen.range(1);
  auto weight_ix = gen.range(weight_size_);
  auto hx_ix = gen.range(1);
  auto needs_input_grad = std::array<bool, 3>{
    task_should_compute_output({ input_ix }),
    task_should_compute_output({ weight_ix }),
    task_should_compute_output({ hx_ix }),
  };
  return MyRnnBackward0_apply_functional(std::move(grads), needs_input_grad, weight_size_, alpha, batch_sizes, dims, hidden_size, hx, input, kernel, mode, out_size, p, padding, reduce, scales, train, values, weight, result2, result3, retain_variables);
}

void MyRnnBackward0::compiled_args(CompiledNodeArgs& args) const {
    args.collect(alpha);
    args.collect(batch_sizes);
    args.collect(dims);
    args.collect(hidden_size);
    args.collect(hx_, false);
    args.collect(input_, false);
    args.collect(kernel);
    args.collect(mode);
    args.collect(out_size);
    args.collect(p);
    args.collect(padding);
    args.collect(reduce);
    args.collect(scales);
    args.collect(train);
    args.collect(values);
    args.collect(weight_, false);
    args.collect(result2_, true);
    args.collect(result3_, true);
}
variable_list MyRnnBackward0::apply_with_saved(const variable_list& grads, SwapSavedVariables& saved) {
#ifdef C10_MOBILE
  TORCH_INTERNAL_ASSERT(false, "compiled autograd doesn't work on mobile");
#else
  saved.before(alpha);
  saved.before(batch_sizes);
  saved.before(dims);
  saved.before(hidden_size);
  saved.before(hx_);
  saved.before(input_);
  saved.before(kernel);
  saved.before(mode);
  saved.before(out_size);
  saved.before(p);
  saved.before(padding);
  saved.before(reduce);
  saved.before(scales);
  saved.before(train);
  saved.before(values);
  saved.before(weight_);
  saved.before(result2_);
  saved.before(result3_);

  static bool called = false;
  if (!called) {
    called = true;
    std::vector<at::TypePtr> schema = {
      torch::dynamo::autograd::IValuePacker<std::array<bool, 3>>::packed_type(),
      torch::dynamo::autograd::IValuePacker<size_t>::packed_type(),
      torch::dynamo::autograd::IValuePacker<at::Scalar>::packed_type(),
      torch::dynamo::autograd::IValuePacker<std::vector<c10::SymInt>>::packed_type(),
      torch::dynamo::autograd::IValuePacker<std::vector<int64_t>>::packed_type(),
      torch::dynamo::autograd::IValuePacker<c10::SymInt>::packed_type(),
      torch::dynamo::autograd::IValuePacker<Tensor>::packed_type(),
      torch::dynamo::autograd::IValuePacker<Tensor>::packed_type(),
      torch::dynamo::autograd::IValuePacker<c10::OptionalArray<int64_t>>::packed_type(),
      torch::dynamo::autograd::IValuePacker<int64_t>::packed_type(),
      torch::dynamo::autograd::IValuePacker<c10::OptionalArray<c10::SymInt>>::packed_type(),
      torch::dynamo::autograd::IValuePacker<double>::packed_type(),
      torch::dynamo::autograd::IValuePacker<std::optional<std::string>>::packed_type(),
      torch::dynamo::autograd::IValuePacker<std::string>::packed_type(),
      torch::dynamo::autograd::IValuePacker<c10::OptionalArray<double>>::packed_type(),
      torch::dynamo::autograd::IValuePacker<bool>::packed_type(),
      torch::dynamo::autograd::IValuePacker<std::vector<at::Scalar>>::packed_type(),
      torch::dynamo::autograd::IValuePacker<std::vector<Tensor>>::packed_type(),
      torch::dynamo::autograd::IValuePacker<Tensor>::packed_type(),
      torch::dynamo::autograd::IValuePacker<Tensor>::packed_type(),
      torch::dynamo::autograd::IValuePacker<bool>::packed_type(),
    };
    const auto& pyinterface = torch::dynamo::autograd::getPyCompilerInterface();
    pyinterface->bind_function(saved.get_py_compiler(), name(), MyRnnBackward0_apply_functional_ivalue, schema);
  }

  variable_list output_result;

  PackedArgs packed_args;
  TORCH_CHECK(!weight_released_, ERR_BACKWARD_TWICE);
  auto hx = hx_.unpack();
  auto input = input_.unpack();
  auto weight = unpack_list(weight_, nullptr);
  auto result2 = result2_.unpack(getptr());
  auto result3 = result3_.unpack(getptr());
  IndexRangeGenerator gen;
  auto input_ix = gen.range(1);
  auto weight_ix = gen.range(weight_size_);
  auto hx_ix = gen.range(1);
  auto needs_input_grad = std::array<bool, 3>{
    task_should_compute_output({ input_ix }),
    task_should_compute_output({ weight_ix }),
    task_should_compute_output({ hx_ix }),
  };
  packed_args.pack(needs_input_grad);
  packed_args.pack(weight_size_);
  packed_args.pack(alpha);
  packed_args.pack(batch_sizes);
  packed_args.pack(dims);
  packed_args.pack(hidden_size);
  packed_args.pack(hx);
  packed_args.pack(input);
  packed_args.pack(kernel);
  packed_args.pack(mode);
  packed_args.pack(out_size);
  packed_args.pack(p);
  packed_args.pack(padding);
  packed_args.pack(reduce);
  packed_args.pack(scales);
  packed_args.pack(train);
  packed_args.pack(values);
  packed_args.pack(weight);
  packed_args.pack(result2);
  packed_args.pack(result3);
  packed_args.pack(retain_variables);

  output_result = compiled_autograd_apply_functional(packed_args, next_edges(), saved, grads, name());

  saved.after(alpha);
  saved.after(batch_sizes);
  saved.after(dims);
  saved.after(hidden_size);
  saved.after(hx_);
  saved.after(input_);
  saved.after(kernel);
  saved.after(mode);
  saved.after(out_size);
  saved.after(p);
  saved.after(padding);
  saved.after(reduce);
  saved.after(scales);
  saved.after(train);
  saved.after(values);
  saved.after(weight_);
  saved.after(result2_);
  saved.after(result3_);
  return output_result;
#endif
}

static variable_list LinalgEighBackward0_apply_functional(
  variable_list&& grads,
  std::array<bool,1> needs_input_grad, Tensor& eigenvalues, Tensor& eigenvectors)
{
  IndexRangeGenerator gen;
  auto self_ix = gen.range(1);
  variable_list grad_inputs(gen.size());
  const auto& grad_eigenvalues = grads[0];
  const auto& grad_eigenvectors = grads[1];
  bool any_grad_defined = any_variable_defined(grads);
  if (needs_input_grad[/*self*/0]) {
    auto grad_result = any_grad_defined ? (linalg_eig_backward(grad_eigenvalues, grad_eigenvectors, eigenvalues, eigenvectors, /*is_hermitian=*/true)) : Tensor();
    copy_range(grad_inputs, self_ix, grad_result);
  }
  return grad_inputs;
}
inline variable_list LinalgEighBackward0_apply_functional_ivalue(const variable_list& grads, const ivalue_list& args)
{
#ifdef C10_MOBILE
  TORCH_INTERNAL_ASSERT(false, "compiled autograd doesn't work on mobile");
#else
  auto packed_args = PackedArgs(args);
  auto needs_input_grad = packed_args.unpack<std::array<bool, 1>>();
  auto eigenvalues = packed_args.unpack<Tensor>();
  auto eigenvectors = packed_args.unpack<Tensor>();
  return LinalgEighBackward0_apply_functional(variable_list(grads), needs_input_grad, eigenvalues, eigenvectors);
#endif
}

variable_list LinalgEighBackward0::apply(variable_list&& grads) {
  std::lock_guard<std::mutex> lock(mutex_);

  auto eigenvalues = eigenvalues_.unpack(getptr());
  auto eigenvectors = eigenvectors_.unpack(getptr());
  IndexRangeGenerator gen;
  auto self_ix = gen.range(1);
  auto needs_input_grad = std::array<bool, 1>{
    task_should_compute_output({ self_ix }),
  };
  return LinalgEighBackward0_apply_functional(std::move(grads), needs_input_grad, eigenvalues, eigenvectors);
}

void LinalgEighBackward0::compiled_args(CompiledNodeArgs& args) const {
    args.collect(eigenvalues_, true);
    args.collect(eigenvectors_, true);
}
variable_list LinalgEighBackward0::apply_with_saved(const variable_list& grads, SwapSavedVariables& saved) {
#ifdef C10_MOBILE
  TORCH_INTERNAL_ASSERT(false, "compiled autograd doesn't work on mobile");
#else
  saved.before(eigenvalues_);
  saved.before(eigenvectors_);

  static bool called = false;
  if (!called) {
    called = true;
    std::vector<at::TypePtr> schema = {
      torch::dynamo::autograd::IValuePacker<std::array<bool, 1>>::packed_type(),
      torch::dynamo::autograd::IValuePacker<Tensor>::packed_type(),
      torch::dynamo::autograd::IValuePacker<Tensor>::packed_type(),
    };
    const auto& pyinterface = torch::dynamo::autograd::getPyCompilerInterface();
    pyinterface->bind_function(saved.get_py_compiler(), name(), LinalgEighBackward0_apply_functional_ivalue, schema);
  }

  variable_list output_result;

  PackedArgs packed_args;

  auto eigenvalues = eigenvalues_.unpack(getptr());
  auto eigenvectors = eigenvectors_.unpack(getptr());
  IndexRangeGenerator gen;
  auto self_ix = gen.range(1);
  auto needs_input_grad = std::array<bool, 1>{
    task_should_compute_output({ self_ix }),
  };
  packed_args.pack(needs_input_grad);
  packed_args.pack(eigenvalues);
  packed_args.pack(eigenvectors);

  output_result = compiled_autograd_apply_functional(packed_args, next_edges(), saved, grads, name());

  saved.after(eigenvalues_);
  saved.after(eigenvectors_);
  return output_result;
#endif
}

static variable_list AliasBackward0_apply_functional(
  variable_list&& grads,
  std::array<bool,1> needs_input_grad)
{
  IndexRangeGenerator gen;
  auto self_ix = gen.range(1);
  variable_list grad_inputs(gen.size());
  const auto& grad = grads[0];
  bool any_grad_defined = any_variable_defined(grads);
  if (needs_input_grad[/*self*/0]) {
    auto grad_result = any_grad_defined ? (grad) : Tensor();
    copy_range(grad_inputs, self_ix, grad_result);
  }
  return grad_inputs;
}
inline variable_list AliasBackward0_apply_functional_ivalue(const variable_list& grads, const ivalue_list& args)
{
#ifdef C10_MOBILE
  TORCH_INTERNAL_ASSERT(false, "compiled autograd doesn't work on mobile");
#else
  auto packed_args = PackedArgs(args);
  auto needs_input_grad = packed_args.unpack<std::array<bool, 1>>();

  return AliasBackward0_apply_functional(variable_list(grads), needs_input_grad);
#endif
}

variable_list AliasBackward0::apply(variable_list&& grads) {



  IndexRangeGenerator gen;
  auto self_ix = gen.range(1);
  auto needs_input_grad = std::array<bool, 1>{
    task_should_compute_output({ self_ix }),
  };
  return AliasBackward0_apply_functional(std::move(grads), needs_input_grad);
}

void AliasBackward0::compiled_args(CompiledNodeArgs& args) const {

}
variable_list AliasBackward0::apply_with_saved(const variable_list& grads, SwapSavedVariables& saved) {
#ifdef C10_MOBILE
  TORCH_INTERNAL_ASSERT(false, "compiled autograd doesn't work on mobile");
#else


  static bool called = false;
  if (!called) {
    called = true;
    std::vector<at::TypePtr> schema = {
      torch::dynamo::autograd::IValuePacker<std::array<bool, 1>>::packed_type(),
    };
    const auto& pyinterface = torch::dynamo::autograd::getPyCompilerInterface();
    pyinterface->bind_function(saved.get_py_compiler(), name(), AliasBackward0_apply_functional_ivalue, schema);
  }

  variable_list output_result;

  PackedArgs packed_args;


  IndexRangeGenerator gen;
  auto self_ix = gen.range(1);
  auto needs_input_grad = std::array<bool, 1>{
    task_should_compute_output({ self_ix }),
  };
  packed_args.pack(needs_input_grad);


  output_result = compiled_autograd_apply_functional(packed_args, next_edges(), saved, grads, name());


  return output_result;
#endif
}

static variable_list MyNestedBackward0_apply_functional(
  variable_list&& grads,
  std::array<bool,2> needs_input_grad, Tensor& other)
{
  IndexRangeGenerator gen;
  auto self_ix = gen.range(1);
  auto other_ix = gen.range(1);
  variable_list grad_inputs(gen.size());
  const auto& grad = grads[0];
  bool any_grad_defined = any_variable_defined(grads);
  if (needs_input_grad[/*other*/1]) {
    auto grad_result = not_implemented("my_nested other");
    copy_range(grad_inputs, other_ix, grad_result);
  }
  if (needs_input_grad[/*self*/0]) {
    auto grad_result = any_grad_defined ? (grad * other) : Tensor();
    copy_range(grad_inputs, self_ix, grad_result);
  }
  return grad_inputs;
}
inline variable_list MyNestedBackward0_apply_functional_ivalue(const variable_list& grads, const ivalue_list& args)
{
#ifdef C10_MOBILE
  TORCH_INTERNAL_ASSERT(false, "compiled autograd doesn't work on mobile");
#else
  auto packed_args = PackedArgs(args);
  auto needs_input_grad = packed_args.unpack<std::array<bool, 2>>();
  auto other = packed_args.unpack<Tensor>();
  return MyNestedBackward0_apply_functional(variable_list(grads), needs_input_grad, other);
#endif
}

variable_list MyNestedBackward0::apply(variable_list&& grads) {
  std::lock_guard<std::mutex> lock(mutex_);

  auto other = other_.unpack();
  IndexRangeGenerator gen;
  auto self_ix = gen.range(1);
  auto other_ix = gen.range(1);
  auto needs_input_grad = std::array<bool, 2>{
    task_should_compute_output({ self_ix }),
    task_should_compute_output({ other_ix }),
  };
  return MyNestedBackward0_apply_functional(std::move(grads), needs_input_grad, other);
}

void MyNestedBackward0::compiled_args(CompiledNodeArgs& args) const {
    args.collect(other_, false);
}
variable_list MyNestedBackward0::apply_with_saved(const variable_list& grads, SwapSavedVariables& saved) {
#ifdef C10_MOBILE
  TORCH_INTERNAL_ASSERT(false, "compiled autograd doesn't work on mobile");
#else
  saved.before(other_);

  static bool called = false;
  if (!called) {
    called = true;
    std::vector<at::TypePtr> schema = {
      torch::dynamo::autograd::IValuePacker<std::array<bool, 2>>::packed_type(),
      torch::dynamo::autograd::IValuePacker<Tensor>::packed_type(),
    };
    const auto& pyinterface = torch::dynamo::autograd::getPyCompilerInterface();
    pyinterface->bind_function(saved.get_py_compiler(), name(), MyNestedBackward0_apply_functional_ivalue, schema);
  }

  variable_list output_result;

  PackedArgs packed_args;

  auto other = other_.unpack();
  IndexRangeGenerator gen;
  auto self_ix = gen.range(1);
  auto other_ix = gen.range(1);
  auto needs_input_grad = std::array<bool, 2>{
    task_should_compute_output({ self_ix }),
    task_should_compute_output({ other_ix }),
  };
  packed_args.pack(needs_input_grad);
  packed_args.pack(other);

  output_result = compiled_autograd_apply_functional(packed_args, next_edges(), saved, grads, name());

  saved.after(other_);
  return output_result;
#endif
}

static variable_list MyNestedBackwardAutogradNestedTensor0_apply_functional(
  variable_list&& grads,
  std::array<bool,2> needs_input_grad, Tensor& other, Tensor& self)
{
  IndexRangeGenerator gen;
  auto self_ix = gen.range(1);
  auto other_ix = gen.range(1);
  variable_list grad_inputs(gen.size());
  const auto& grad = grads[0];
  if (needs_input_grad[0] || needs_input_grad[1]) {

    auto grad_result = my_nested_backward(grad, self, other);
      if (needs_input_grad[/*self*/0]) {
        copy_range(grad_inputs, self_ix, std::get<0>(grad_result));
      }
      if (needs_input_grad[/*other*/1]) {
        copy_range(grad_inputs, other_ix, std::get<1>(grad_result));
      }
  }
  return grad_inputs;
}
inline variable_list MyNestedBackwardAutogradNestedTensor0_apply_functional_ivalue(const variable_list& grads, const ivalue_list& args)
{
#ifdef C10_MOBILE
  TORCH_INTERNAL_ASSERT(false, "compiled autograd doesn't work on mobile");
#else
  auto packed_args = PackedArgs(args);
  auto needs_input_grad = packed_args.unpack<std::array<bool, 2>>();
  auto other = packed_args.unpack<Tensor>();
  auto self = packed_args.unpack<Tensor>();
  return MyNestedBackwardAutogradNestedTensor0_apply_functional(variable_list(grads), needs_input_grad, other, self);
#endif
}

variable_list MyNestedBackwardAutogradNestedTensor0::apply(variable_list&& grads) {
  std::lock_guard<std::mutex> lock(mutex_);

  auto other = other_.unpack();
  auto self = self_.unpack();
  IndexRangeGenerator gen;
  auto self_ix = gen.range(1);
  auto other_ix = gen.range(1);
  auto needs_input_grad = std::array<bool, 2>{
    task_should_compute_output({ self_ix }),
    task_should_compute_output({ other_ix }),
  };
  return MyNestedBackwardAutogradNestedTensor0_apply_functional(std::move(grads), needs_input_grad, other, self);
}

void MyNestedBackwardAutogradNestedTensor0::compiled_args(CompiledNodeArgs& args) const {
    args.collect(other_, false);
    args.collect(self_, false);
}
variable_list MyNestedBackwardAutogradNestedTensor0::apply_with_saved(const variable_list& grads, SwapSavedVariables& saved) {
#ifdef C10_MOBILE
  TORCH_INTERNAL_ASSERT(false, "compiled autograd doesn't work on mobile");
#else
  saved.before(other_);
  saved.before(self_);

  static bool called = false;
  if (!called) {
    called = true;
    std::vector<at::TypePtr> schema = {
      torch::dynamo::autograd::IValuePacker<std::array<bool, 2>>::packed_type(),
      torch::dynamo::autograd::IValuePacker<Tensor>::packed_type(),
      torch::dynamo::autograd::IValuePacker<Tensor>::packed_type(),
    };
    const auto& pyinterface = torch::dynamo::autograd::getPyCompilerInterface();
    pyinterface->bind_function(saved.get_py_compiler(), name(), MyNestedBackwardAutogradNestedTensor0_apply_functional_ivalue, schema);
  }

  variable_list output_result;

  PackedArgs packed_args;

  auto other = other_.unpack();
  auto self = self_.unpack();
  IndexRangeGenerator gen;
  auto self_ix = gen.range(1);
  auto other_ix = gen.range(1);
  auto needs_input_grad = std::array<bool, 2>{
    task_should_compute_output({ self_ix }),
    task_should_compute_output({ other_ix }),
  };
  packed_args.pack(needs_input_grad);
  packed_args.pack(other);
  packed_args.pack(self);

  output_result = compiled_autograd_apply_functional(packed_args, next_edges(), saved, grads, name());

  saved.after(other_);
  saved.after(self_);
  return output_result;
#endif
}

static variable_list AliasBackward0_copy_apply_functional(
  variable_list&& grads,
  std::array<bool,1> needs_input_grad)
{
  IndexRangeGenerator gen;
  auto self_ix = gen.range(1);
  variable_list grad_inputs(gen.size());
  const auto& grad = grads[0];
  bool any_grad_defined = any_variable_defined(grads);
  if (needs_input_grad[/*self*/0]) {
    auto grad_result = any_grad_defined ? (grad) : Tensor();
    copy_range(grad_inputs, self_ix, grad_result);
  }
  return grad_inputs;
}
inline variable_list AliasBackward0_copy_apply_functional_ivalue(const variable_list& grads, const ivalue_list& args)
{
#ifdef C10_MOBILE
  TORCH_INTERNAL_ASSERT(false, "compiled autograd doesn't work on mobile");
#else
  auto packed_args = PackedArgs(args);
  auto needs_input_grad = packed_args.unpack<std::array<bool, 1>>();

  return AliasBackward0_copy_apply_functional(variable_list(grads), needs_input_grad);
#endif
}

variable_list AliasBackward0_copy::apply(variable_list&& grads) {



  IndexRangeGenerator gen;
  auto self_ix = gen.range(1);
  auto needs_input_grad = std::array<bool, 1>{
    task_should_compute_output({ self_ix }),
  };
  return AliasBackward0_copy_apply_functional(std::move(grads), needs_input_grad);
}

void AliasBackward0_copy::compiled_args(CompiledNodeArgs& args) const {

}
variable_list AliasBackward0_copy::apply_with_saved(const variable_list& grads, SwapSavedVariables& saved) {
#ifdef C10_MOBILE
  TORCH_INTERNAL_ASSERT(false, "compiled autograd doesn't work on mobile");
#else


  static bool called = false;
  if (!called) {
    called = true;
    std::vector<at::TypePtr> schema = {
      torch::dynamo::autograd::IValuePacker<std::array<bool, 1>>::packed_type(),
    };
    const auto& pyinterface = torch::dynamo::autograd::getPyCompilerInterface();
    pyinterface->bind_function(saved.get_py_compiler(), name(), AliasBackward0_copy_apply_functional_ivalue, schema);
  }

  variable_list output_result;

  PackedArgs packed_args;


  IndexRangeGenerator gen;
  auto self_ix = gen.range(1);
  auto needs_input_grad = std::array<bool, 1>{
    task_should_compute_output({ self_ix }),
  };
  packed_args.pack(needs_input_grad);


  output_result = compiled_autograd_apply_functional(packed_args, next_edges(), saved, grads, name());


  return output_result;
#endif
}

static variable_list ForeachExpBackward0_apply_functional(
  variable_list&& grads,
  std::array<bool,1> needs_input_grad, size_t self_size_, std::vector<Tensor>& result)
{
  IndexRangeGenerator gen;
  auto self_ix = gen.range(self_size_);
  variable_list grad_inputs(gen.size());
  if (needs_input_grad[/*self*/0]) {  // self
    std::vector<Tensor> grad_result;
    grad_result.reserve(grads.size());
    for (const auto & i : c10::irange(grads.size())) {
      if (grads[i].defined()) {
        grad_result.emplace_back(grads[i] * result[i].conj());
      } else {
        grad_result.emplace_back(Tensor());
      }
    }
    copy_range(grad_inputs, self_ix, grad_result);
  }
  return grad_inputs;
}
inline variable_list ForeachExpBackward0_apply_functional_ivalue(const variable_list& grads, const ivalue_list& args)
{
#ifdef C10_MOBILE
  TORCH_INTERNAL_ASSERT(false, "compiled autograd doesn't work on mobile");
#else
  auto packed_args = PackedArgs(args);
  auto needs_input_grad = packed_args.unpack<std::array<bool, 1>>();
  auto self_size_ = packed_args.unpack<size_t>();
  auto result = packed_args.unpack<std::vector<Tensor>>();
  return ForeachExpBackward0_apply_functional(variable_list(grads), needs_input_grad, self_size_, result);
#endif
}

variable_list ForeachExpBackward0::apply(variable_list&& grads) {
  std::lock_guard<std::mutex> lock(mutex_);
  TORCH_CHECK(!result_released_, ERR_BACKWARD_TWICE);
  auto result = unpack_list(result_, getptr());
  IndexRangeGenerator gen;
  auto self_ix = gen.range(self_size_);
  auto needs_input_grad = std::array<bool, 1>{
    task_should_compute_output({ self_ix }),
  };
  return ForeachExpBackward0_apply_functional(std::move(grads), needs_input_grad, self_size_, result);
}

void ForeachExpBackward0::compiled_args(CompiledNodeArgs& args) const {
    args.collect(result_, true);
}
variable_list ForeachExpBackward0::apply_with_saved(const variable_list& grads, SwapSavedVariables& saved) {
#ifdef C10_MOBILE
  TORCH_INTERNAL_ASSERT(false, "compiled autograd doesn't work on mobile");
#else
  saved.before(result_);

  static bool called = false;
  if (!called) {
    called = true;
    std::vector<at::TypePtr> schema = {
      torch::dynamo::autograd::IValuePacker<std::array<bool, 1>>::packed_type(),
      torch::dynamo::autograd::IValuePacker<size_t>::packed_type(),
      torch::dynamo::autograd::IValuePacker<std::vector<Tensor>>::packed_type(),
    };
    const auto& pyinterface = torch::dynamo::autograd::getPyCompilerInterface();
    pyinterface->bind_function(saved.get_py_compiler(), name(), ForeachExpBackward0_apply_functional_ivalue, schema);
  }

  variable_list output_result;

  PackedArgs packed_args;
  TORCH_CHECK(!result_released_, ERR_BACKWARD_TWICE);
  auto result = unpack_list(result_, getptr());
  IndexRangeGenerator gen;
  auto self_ix = gen.range(self_size_);
  auto needs_input_grad = std::array<bool, 1>{
    task_should_compute_output({ self_ix }),
  };
  packed_args.pack(needs_input_grad);
  packed_args.pack(self_size_);
  packed_args.pack(result);

  output_result = compiled_autograd_apply_functional(packed_args, next_edges(), saved, grads, name());

  saved.after(result_);
  return output_result;
#endif
}

} // namespace torch::autograd::generated
