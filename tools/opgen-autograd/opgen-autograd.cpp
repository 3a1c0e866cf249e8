//===- opgen-autograd.cpp - libtorch's autograd sources -------------------===//

#include "opgen/Tools/AutogradMain.h"

int main(int Argc, char **Argv) { return opgen::autogradMain(Argc, Argv); }
