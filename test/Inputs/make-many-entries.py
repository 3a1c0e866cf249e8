# Writes a native_functions.yaml of N entries, every 37th one broken in a
# different way (with `yaml`, YAML-level errors instead), for the
# thread-count determinism test.
import sys

n = int(sys.argv[1])
yaml_errors = len(sys.argv) > 2 and sys.argv[2] == "yaml"
bad = ["Tensr self", "Tensor(a!) self", "int x=", "Tensor self, Tensor self2"]
for i in range(n):
    args = "Tensor self"
    if not yaml_errors and i % 37 == 5:
        args = bad[(i // 37) % len(bad)]
    print(f"- func: op{i}({args}) -> Tensor")
    print("  dispatch:")
    print(f"    CPU: op{i}_cpu")
    if yaml_errors and i % 53 == 7:
        print("    CPU: again")
    print()
