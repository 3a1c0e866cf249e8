#include "opgen/CppApi/Types.h"
#include "opgen/Emit/Dest/Shared.h"
#include "opgen/Emit/Emitters.h"
#include "opgen/Emit/Gen/Mine.h"
