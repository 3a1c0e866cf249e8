#pragma once
// IR must not reach up into the parser.
#include "opgen/Parse/SchemaParser.h"
