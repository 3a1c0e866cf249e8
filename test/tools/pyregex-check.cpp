//===- pyregex-check.cpp - PyRegex's answers, for the Python oracle -------===//
//
// Reads JSON lines {"pattern", "text", "op"} (op: search, match, fullmatch,
// findall, sub) and prints one JSON line each: the match's span and groups,
// every match's, or the text with each match replaced by `<span>`; or
// {"error": ...} where the pattern does not compile. utils/pyregex-oracle.py
// compares these with Python's re.
//
//===----------------------------------------------------------------------===//

#include "opgen/Support/PyRegex.h"

#include <nlohmann/json.hpp>

#include <iostream>
#include <string>

using namespace opgen;
using nlohmann::json;

static json describe(const PyRegex::Match &M, unsigned Groups) {
  json Spans = json::array();
  Spans.push_back({M.Begin, M.End});
  for (unsigned G = 1; G <= Groups; ++G) {
    if (M.hasGroup(G))
      Spans.push_back({M.Groups[G - 1]->first, M.Groups[G - 1]->second});
    else
      Spans.push_back(nullptr);
  }
  return Spans;
}

int main() {
  std::string Line;
  while (std::getline(std::cin, Line)) {
    json In = json::parse(Line);
    std::string Pattern = In["pattern"], Text = In["text"], Op = In["op"];
    json Out;
    llvm::Expected<PyRegex> R = PyRegex::compile(Pattern);
    if (!R) {
      Out["error"] = llvm::toString(R.takeError());
    } else if (Op == "findall") {
      json All = json::array();
      for (const PyRegex::Match &M : R->findAll(Text))
        All.push_back(describe(M, R->numGroups()));
      Out["matches"] = All;
    } else if (Op == "sub") {
      Out["text"] = R->sub(Text, [](const PyRegex::Match &M) {
        return "<" + std::to_string(M.Begin) + ":" + std::to_string(M.End) +
               ">";
      });
    } else {
      std::optional<PyRegex::Match> M = Op == "search"  ? R->search(Text)
                                        : Op == "match" ? R->match(Text)
                                                        : R->fullmatch(Text);
      Out["match"] = M ? describe(*M, R->numGroups()) : json(nullptr);
    }
    std::cout << Out.dump() << "\n";
  }
  return 0;
}
