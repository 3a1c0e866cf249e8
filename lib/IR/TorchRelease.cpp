//===- TorchRelease.cpp - The torchgen releases opgen follows -------------===//

#include "opgen/IR/TorchRelease.h"

using namespace opgen;
using namespace llvm;

std::optional<TorchRelease> opgen::parseTorchRelease(StringRef S) {
  if (S == "1.13")
    return TorchRelease::V1_13;
  if (S == "2.6")
    return TorchRelease::V2_6;
  if (S == "2.14")
    return TorchRelease::V2_14;
  return std::nullopt;
}

StringRef opgen::toString(TorchRelease R) {
  switch (R) {
  case TorchRelease::V1_13:
    return "1.13";
  case TorchRelease::V2_6:
    return "2.6";
  case TorchRelease::V2_14:
    return "2.14";
  }
  return "?";
}

TorchRelease opgen::guessTorchRelease(const std::set<std::string> &Tags) {
  if (Tags.count("out") || Tags.count("inplace"))
    return TorchRelease::V2_14;
  if (Tags.count("pt2_compliant_tag"))
    return TorchRelease::V2_6;
  // No tags.yaml at all: read with the newest rules.
  return Tags.empty() ? TorchRelease::V2_14 : TorchRelease::V1_13;
}
