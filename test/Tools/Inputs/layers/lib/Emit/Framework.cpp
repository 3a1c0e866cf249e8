#include "opgen/Emit/FileManager.h"
#include "opgen/Emit/Gen/Mine.h"
