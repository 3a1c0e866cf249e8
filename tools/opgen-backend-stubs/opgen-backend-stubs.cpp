//===- opgen-backend-stubs.cpp - An external backend's C++ glue -----------===//

#include "opgen/Tools/BackendStubsMain.h"

int main(int Argc, char **Argv) { return opgen::backendStubsMain(Argc, Argv); }
