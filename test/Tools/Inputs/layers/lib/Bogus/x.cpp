#include "opgen/IR/Context.h"
