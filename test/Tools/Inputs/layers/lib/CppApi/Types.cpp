#include "opgen/Support/Diagnostics.h"
