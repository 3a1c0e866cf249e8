// The kernels of test/Emit/Inputs/small-backend.yaml, for --impl-path.
at::Tensor XLANativeFunctions::abs(const at::Tensor &self) {}
at::Tensor XLANativeFunctions::add(const at::Tensor &self) {}
at::Tensor XLANativeFunctions::add(const at::Tensor &self) {}
at::Tensor &XLANativeFunctions::add_(at::Tensor &self) {}
at::Tensor &XLANativeFunctions::add_out(at::Tensor &out) {}
at::Tensor XLANativeFunctions::view_symint(const at::Tensor &self) {}
at::Tensor XLANativeFunctions::empty(c10::SymIntArrayRef size) {}
at::Tensor XLANativeFunctions::narrow_copy(const at::Tensor &self) {}
at::Tensor XLANativeFunctions::relu(const at::Tensor &self) {}
