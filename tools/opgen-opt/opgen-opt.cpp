//===- opgen-opt.cpp - Read, transform and print the operator IR ----------===//

#include "opgen/Tools/OptMain.h"

int main(int Argc, char **Argv) { return opgen::optMain(Argc, Argv); }
