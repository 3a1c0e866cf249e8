//===- opgen.cpp - ATen's generated C++ (torchgen.gen's replacement) ------===//

#include "opgen/Tools/GenMain.h"

int main(int Argc, char **Argv) { return opgen::genMain(Argc, Argv); }
