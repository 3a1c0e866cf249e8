#pragma once
#include "llvm/ADT/StringRef.h"
#include <vector>
