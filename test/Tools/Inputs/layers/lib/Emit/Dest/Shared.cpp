#include "opgen/Emit/CodeTemplate.h"
#include "opgen/Emit/Gen/Mine.h"
