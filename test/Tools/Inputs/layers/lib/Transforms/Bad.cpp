#include "opgen/Pass/PassManager.h"
#  include "opgen/Parse/SchemaParser.h"
#include "opgen/CppApi/Types.h"
