#include "opgen/IR/Context.h"
#include "opgen/CppApi/Types.h"
#include "opgen/Transforms/Passes.h"
#include "Local.h"
