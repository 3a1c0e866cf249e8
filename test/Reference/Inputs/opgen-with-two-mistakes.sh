#!/bin/sh
# opgen, then two mistakes in its output folder (run from the folder holding
# out/): one file changed, one removed. aten-whole.test shows that
# aten-compare catches both.
opgen "$@" || exit 1
echo '// changed' >> out/Functions.h
rm out/core/TensorBody.h
