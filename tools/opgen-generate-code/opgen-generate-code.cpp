//===- opgen-generate-code.cpp - generate_code.py's files -----------------===//

#include "opgen/Tools/GenerateCodeMain.h"

int main(int Argc, char **Argv) { return opgen::generateCodeMain(Argc, Argv); }
