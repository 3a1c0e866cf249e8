#pragma once
#include "opgen/Support/Diagnostics.h"
