#include "opgen/Emit/Dest/Shared.h"
#include "opgen/Emit/Elsewhere/Theirs.h"
#include "opgen/Emit/Gen/Mine.h"
