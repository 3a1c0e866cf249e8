//===- opgen-yaml.cpp - Print YAML documents as opgen reads them ----------===//

#include "opgen/Tools/YamlMain.h"

int main(int Argc, char **Argv) { return opgen::yamlMain(Argc, Argv); }
