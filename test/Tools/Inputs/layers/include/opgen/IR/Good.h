#pragma once
#include "opgen/Support/Diagnostics.h"
#include "opgen/IR/Type.h"
