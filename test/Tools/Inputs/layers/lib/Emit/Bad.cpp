#include "opgen/IR/Context.h"
#include "opgen/Parse/BackendYamlReader.h"
#include <opgen/Tools/Main.h>
