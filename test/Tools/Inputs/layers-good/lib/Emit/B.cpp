#include "opgen/IR/A.h"
#include "opgen/Pass/PassManager.h"
