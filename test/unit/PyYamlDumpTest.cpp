//===- PyYamlDumpTest.cpp - PyYAML's yaml.dump, byte for byte -------------===//
//
// Every expected text is what PyYAML 6.0.3 prints for the same data:
//   yaml.dump(D, default_flow_style=False, Dumper=yaml.SafeDumper, width=1e9)
// and Python 3.11's int() and float() for the parsers.
//
//===----------------------------------------------------------------------===//

#include "opgen/Emit/PyYamlDump.h"

#include <doctest/doctest.h>

#include <cmath>
#include <functional>

using namespace opgen;

static std::string dumped(const std::function<void(PyYamlEmitter &)> &Events) {
  std::string Out;
  PyYamlEmitter E(Out);
  Events(E);
  E.finishDocument();
  return Out;
}

namespace {
struct StringCase {
  const char *Value;
  /// yaml.dump([Value]).
  const char *AsItem;
  /// yaml.dump({Value: 1}), where Value can be a simple key.
  const char *AsKey;
};
} // namespace

// Plain where allowed; single quotes for strings that would read back as
// another type ('true', '1', '1.0', '~', '', '2001-12-14', '<<'), for
// leading indicators ('{}', '- a', '? a', ': a', '#a', '"x"'), ': ' and ' #'
// inside, leading and trailing spaces and line breaks; double quotes for
// special characters (control and non-ASCII) and spaces next to breaks.
static const StringCase StringCases[] = {
    {"", "- ''\n", nullptr},
    {"a", "- a\n", "a: 1\n"},
    {"abs", "- abs\n", "abs: 1\n"},
    {" a", "- ' a'\n", "' a': 1\n"},
    {"a ", "- 'a '\n", "'a ': 1\n"},
    {"a b", "- a b\n", "a b: 1\n"},
    {"a  b", "- a  b\n", "a  b: 1\n"},
    {"true", "- 'true'\n", "'true': 1\n"},
    {"True", "- 'True'\n", "'True': 1\n"},
    {"TRUE", "- 'TRUE'\n", "'TRUE': 1\n"},
    {"yes", "- 'yes'\n", "'yes': 1\n"},
    {"No", "- 'No'\n", "'No': 1\n"},
    {"on", "- 'on'\n", "'on': 1\n"},
    {"OFF", "- 'OFF'\n", "'OFF': 1\n"},
    {"y", "- y\n", "y: 1\n"},
    {"n", "- n\n", "n: 1\n"},
    {"null", "- 'null'\n", "'null': 1\n"},
    {"Null", "- 'Null'\n", "'Null': 1\n"},
    {"NULL", "- 'NULL'\n", "'NULL': 1\n"},
    {"nULL", "- nULL\n", "nULL: 1\n"},
    {"~", "- '~'\n", "'~': 1\n"},
    {"1", "- '1'\n", "'1': 1\n"},
    {"-1", "- '-1'\n", "'-1': 1\n"},
    {"+1", "- '+1'\n", "'+1': 1\n"},
    {"0", "- '0'\n", "'0': 1\n"},
    {"00", "- '00'\n", "'00': 1\n"},
    {"0b101", "- '0b101'\n", "'0b101': 1\n"},
    {"0b", "- 0b\n", "0b: 1\n"},
    {"017", "- '017'\n", "'017': 1\n"},
    {"08", "- 08\n", "08: 1\n"},
    {"09", "- 09\n", "09: 1\n"},
    {"0x1F", "- '0x1F'\n", "'0x1F': 1\n"},
    {"0xg", "- 0xg\n", "0xg: 1\n"},
    {"1_000", "- '1_000'\n", "'1_000': 1\n"},
    {"1:20", "- '1:20'\n", "'1:20': 1\n"},
    {"1:60", "- 1:60\n", "1:60: 1\n"},
    {"1:5:07", "- '1:5:07'\n", "'1:5:07': 1\n"},
    {"0:20", "- 0:20\n", "0:20: 1\n"},
    {"190:20:30.15", "- '190:20:30.15'\n", "'190:20:30.15': 1\n"},
    {"1:20.", "- '1:20.'\n", "'1:20.': 1\n"},
    {"1:2a", "- 1:2a\n", "1:2a: 1\n"},
    {"1.0", "- '1.0'\n", "'1.0': 1\n"},
    {"1.", "- '1.'\n", "'1.': 1\n"},
    {".5", "- '.5'\n", "'.5': 1\n"},
    {".", "- .\n", ".: 1\n"},
    {"-.5", "- -.5\n", "-.5: 1\n"},
    {"1e5", "- 1e5\n", "1e5: 1\n"},
    {"1.0e5", "- 1.0e5\n", "1.0e5: 1\n"},
    {"1.0e+5", "- '1.0e+5'\n", "'1.0e+5': 1\n"},
    {"1.0E-05", "- '1.0E-05'\n", "'1.0E-05': 1\n"},
    {"1.0e+", "- 1.0e+\n", "1.0e+: 1\n"},
    {"1_0.0_1", "- '1_0.0_1'\n", "'1_0.0_1': 1\n"},
    {".inf", "- '.inf'\n", "'.inf': 1\n"},
    {"-.Inf", "- '-.Inf'\n", "'-.Inf': 1\n"},
    {"+.INF", "- '+.INF'\n", "'+.INF': 1\n"},
    {".nan", "- '.nan'\n", "'.nan': 1\n"},
    {"-.nan", "- -.nan\n", "-.nan: 1\n"},
    {"nan", "- nan\n", "nan: 1\n"},
    {"inf", "- inf\n", "inf: 1\n"},
    {".NaN", "- '.NaN'\n", "'.NaN': 1\n"},
    {"2001-12-14", "- '2001-12-14'\n", "'2001-12-14': 1\n"},
    {"2001-12-4", "- 2001-12-4\n", "2001-12-4: 1\n"},
    {"2001-12-14t21:59:43.10-05:00", "- '2001-12-14t21:59:43.10-05:00'\n",
     "'2001-12-14t21:59:43.10-05:00': 1\n"},
    {"2001-12-14 21:59:43.10 -5", "- '2001-12-14 21:59:43.10 -5'\n",
     "'2001-12-14 21:59:43.10 -5': 1\n"},
    {"2001-12-14 21:59:43.10", "- '2001-12-14 21:59:43.10'\n",
     "'2001-12-14 21:59:43.10': 1\n"},
    {"2001-12-14T21:59:43Z", "- '2001-12-14T21:59:43Z'\n",
     "'2001-12-14T21:59:43Z': 1\n"},
    {"2001-12-14  1:59:43 +05:30", "- '2001-12-14  1:59:43 +05:30'\n",
     "'2001-12-14  1:59:43 +05:30': 1\n"},
    {"2001-12-14T21:59", "- 2001-12-14T21:59\n", "2001-12-14T21:59: 1\n"},
    {"2001-12-14 21:59:43 ", "- '2001-12-14 21:59:43 '\n",
     "'2001-12-14 21:59:43 ': 1\n"},
    {"<<", "- '<<'\n", "'<<': 1\n"},
    {"<", "- <\n", "<: 1\n"},
    {"=", "- '='\n", "'=': 1\n"},
    {"==", "- ==\n", "==: 1\n"},
    {"!", "- '!'\n", "'!': 1\n"},
    {"&", "- '&'\n", "'&': 1\n"},
    {"*", "- '*'\n", "'*': 1\n"},
    {"&a", "- '&a'\n", "'&a': 1\n"},
    {"*a", "- '*a'\n", "'*a': 1\n"},
    {"!a", "- '!a'\n", "'!a': 1\n"},
    {"#a", "- '#a'\n", "'#a': 1\n"},
    {"a#b", "- a#b\n", "a#b: 1\n"},
    {"a #b", "- 'a #b'\n", "'a #b': 1\n"},
    {"a: b", "- 'a: b'\n", "'a: b': 1\n"},
    {"a:b", "- a:b\n", "a:b: 1\n"},
    {"a:", "- 'a:'\n", "'a:': 1\n"},
    {":a", "- :a\n", ":a: 1\n"},
    {": a", "- ': a'\n", "': a': 1\n"},
    {":", "- ':'\n", "':': 1\n"},
    {"?a", "- ?a\n", "?a: 1\n"},
    {"? a", "- '? a'\n", "'? a': 1\n"},
    {"?", "- '?'\n", "'?': 1\n"},
    {"-a", "- -a\n", "-a: 1\n"},
    {"- a", "- '- a'\n", "'- a': 1\n"},
    {"-", "- '-'\n", "'-': 1\n"},
    {"--", "- --\n", "--: 1\n"},
    {"---", "- '---'\n", "'---': 1\n"},
    {"--- a", "- '--- a'\n", "'--- a': 1\n"},
    {"...", "- '...'\n", "'...': 1\n"},
    {"..", "- ..\n", "..: 1\n"},
    {"....", "- '....'\n", "'....': 1\n"},
    {"a---", "- a---\n", "a---: 1\n"},
    {"{}", "- '{}'\n", "'{}': 1\n"},
    {"[]", "- '[]'\n", "'[]': 1\n"},
    {"{-2,-1}", "- '{-2,-1}'\n", "'{-2,-1}': 1\n"},
    {"a,b", "- a,b\n", "a,b: 1\n"},
    {"a[0]", "- a[0]\n", "a[0]: 1\n"},
    {"a{b}", "- a{b}\n", "a{b}: 1\n"},
    {"\"x\"", "- '\"x\"'\n", "'\"x\"': 1\n"},
    {"'x'", "- '''x'''\n", "'''x''': 1\n"},
    {"it's", "- it's\n", "it's: 1\n"},
    {"''", "- ''''''\n", "'''''': 1\n"},
    {"\"\\\"'\\\\\"", "- '\"\\\"''\\\\\"'\n", "'\"\\\"''\\\\\"': 1\n"},
    {"@a", "- '@a'\n", "'@a': 1\n"},
    {"`a", "- '`a'\n", "'`a': 1\n"},
    {"|a", "- '|a'\n", "'|a': 1\n"},
    {">a", "- '>a'\n", "'>a': 1\n"},
    {"%a", "- '%a'\n", "'%a': 1\n"},
    {"a|b", "- a|b\n", "a|b: 1\n"},
    {"a>b", "- a>b\n", "a>b: 1\n"},
    {"a%b", "- a%b\n", "a%b: 1\n"},
    {"a@b", "- a@b\n", "a@b: 1\n"},
    {"a\tb", "- \"a\\tb\"\n", "\"a\\tb\": 1\n"},
    {"\t", "- \"\\t\"\n", "\"\\t\": 1\n"},
    {"a\nb", "- 'a\n\n  b'\n", nullptr},
    {"a\n", "- 'a\n\n  '\n", nullptr},
    {"\na", "- '\n\n  a'\n", nullptr},
    {"a \nb", "- \"a \\nb\"\n", nullptr},
    {"a\n b", "- \"a\\n b\"\n", nullptr},
    {"a\n\nb", "- 'a\n\n\n  b'\n", nullptr},
    {"it's\nx", "- 'it''s\n\n  x'\n", nullptr},
    {"true\n", "- 'true\n\n  '\n", nullptr},
    {"1\n", "- '1\n\n  '\n", nullptr},
    {"\n", "- '\n\n  '\n", nullptr},
    {"a\x0D"
     "b",
     "- \"a\\rb\"\n", "\"a\\rb\": 1\n"},
    {"caf\xC3\xA9", "- \"caf\\xE9\"\n", "\"caf\\xE9\": 1\n"},
    {"\xC2\xA0", "- \"\\_\"\n", "\"\\_\": 1\n"},
    {"\xC2\x85", "- \"\\N\"\n", nullptr},
    {"\xE2\x80\xA8", "- \"\\L\"\n", nullptr},
    {"x\x07\x08\x0B\x0C\x1B\x7Fy", "- \"x\\a\\b\\v\\f\\e\\x7Fy\"\n",
     "\"x\\a\\b\\v\\f\\e\\x7Fy\": 1\n"},
    {"\xEF\xBB\xBF", "- \"\\uFEFF\"\n", "\"\\uFEFF\": 1\n"},
    {"\xF0\x9F\x98\x80", "- \"\\U0001F600\"\n", "\"\\U0001F600\": 1\n"},
    {"\xC4\x80", "- \"\\u0100\"\n", "\"\\u0100\": 1\n"},
    {"a\\b", "- a\\b\n", "a\\b: 1\n"},
    {"a\"b", "- a\"b\n", "a\"b: 1\n"},
    {"a\\", "- a\\\n", "a\\: 1\n"},
    {"::std::nullopt", "- ::std::nullopt\n", "::std::nullopt: 1\n"},
    {"at::Tensor", "- at::Tensor\n", "at::Tensor: 1\n"},
    {"const at::Tensor &", "- const at::Tensor &\n", "const at::Tensor &: 1\n"},
    {"::std::array<bool,3>", "- ::std::array<bool,3>\n",
     "::std::array<bool,3>: 1\n"},
    {"a!", "- a!\n", "a!: 1\n"},
    {"a -> *", "- a -> *\n", "a -> *: 1\n"},
    {"aten::foo(Tensor self, str reduce=\"mean\") -> Tensor",
     "- aten::foo(Tensor self, str reduce=\"mean\") -> Tensor\n",
     "aten::foo(Tensor self, str reduce=\"mean\") -> Tensor: 1\n"},
    // Longer than a word of eight bytes: what matters sits in a later one.
    {"abcdefghij: k", "- 'abcdefghij: k'\n", "'abcdefghij: k': 1\n"},
    {"abcdefgh #x", "- 'abcdefgh #x'\n", "'abcdefgh #x': 1\n"},
    {"abcdefgh#x", "- abcdefgh#x\n", "abcdefgh#x: 1\n"},
    {"abcdefghijklmn\x7F", "- \"abcdefghijklmn\\x7F\"\n",
     "\"abcdefghijklmn\\x7F\": 1\n"},
    {"abcdefghijkl\tmn", "- \"abcdefghijkl\\tmn\"\n",
     "\"abcdefghijkl\\tmn\": 1\n"},
    {"abcdefghijklmnop:", "- 'abcdefghijklmnop:'\n",
     "'abcdefghijklmnop:': 1\n"},
    {"abcdefghijklmnop: ", "- 'abcdefghijklmnop: '\n",
     "'abcdefghijklmnop: ': 1\n"},
    {"abcdefghi\nj", "- 'abcdefghi\n\n  j'\n", nullptr},
    {"abcdefgh ", "- 'abcdefgh '\n", "'abcdefgh ': 1\n"},
    {" abcdefgh", "- ' abcdefgh'\n", "' abcdefgh': 1\n"},
    {"abcdefghijklmnopq caf\xC3\xA9", "- \"abcdefghijklmnopq caf\\xE9\"\n",
     "\"abcdefghijklmnopq caf\\xE9\": 1\n"},
    {"const at::Tensor & self", "- const at::Tensor & self\n",
     "const at::Tensor & self: 1\n"},
    {"::std::optional<at::Tensor>", "- ::std::optional<at::Tensor>\n",
     "::std::optional<at::Tensor>: 1\n"},
    {"abcdefg:", "- 'abcdefg:'\n", "'abcdefg:': 1\n"},
    {"abcdefgh:i", "- abcdefgh:i\n", "abcdefgh:i: 1\n"},
    {"at::Tensor &(at::Tensor & out)", "- at::Tensor &(at::Tensor & out)\n",
     "at::Tensor &(at::Tensor & out): 1\n"},
    {"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
     "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
     "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
     "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
     "xxxxxxxx",
     "- "
     "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
     "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
     "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
     "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
     "xxxxxxxx\n",
     nullptr},
};

TEST_CASE("strings take PyYAML's style, as items and as keys") {
  for (const StringCase &C : StringCases) {
    CAPTURE(C.Value);
    CHECK(dumped([&](PyYamlEmitter &E) {
            E.beginSequence();
            E.string(C.Value);
            E.endSequence();
          }) == C.AsItem);
    if (!C.AsKey)
      continue;
    CHECK(dumped([&](PyYamlEmitter &E) {
            E.beginMapping();
            E.key(C.Value);
            E.integer(1);
            E.endMapping();
          }) == C.AsKey);
  }
}

TEST_CASE("a string with a NUL byte") {
  CHECK(dumped([](PyYamlEmitter &E) {
          E.beginSequence();
          E.string(llvm::StringRef("x\0y", 3));
          E.endSequence();
        }) == "- \"x\\0y\"\n");
}

TEST_CASE("floats as represent_float writes them") {
  struct {
    double Value;
    const char *Text;
  } Cases[] = {
      {0.0, "0.0"},
      {-0.0, "-0.0"},
      {1.0, "1.0"},
      {1.5, "1.5"},
      {-2.25, "-2.25"},
      {10.0, "10.0"},
      {0.1, "0.1"},
      {0.3333333333333333, "0.3333333333333333"},
      {1e-05, "1.0e-05"},
      {1e-08, "1.0e-08"},
      {1e-15, "1.0e-15"},
      {0.0001, "0.0001"},
      {0.00012, "0.00012"},
      {1e+16, "1.0e+16"},
      {1000000000000000.0, "1000000000000000.0"},
      {1.2345678901234568e+17, "1.2345678901234568e+17"},
      {1.5e+300, "1.5e+300"},
      {5e-324, "5.0e-324"},
      {-0.0001, "-0.0001"},
      {1.7976931348623157e+308, "1.7976931348623157e+308"},
      {2.5e-07, "2.5e-07"},
      {HUGE_VAL, ".inf"},
      {-HUGE_VAL, "-.inf"},
      {NAN, ".nan"},
  };
  for (const auto &C : Cases) {
    CAPTURE(C.Text);
    CHECK(pyYamlFloat(C.Value) == C.Text);
  }
}

TEST_CASE("Python's int() and float()") {
  struct {
    const char *Text;
    /// str(int(Text)), or null where int() raises.
    const char *Int;
    /// yaml.dump(float(Text)), or null where float() raises.
    const char *Float;
  } Cases[] = {
      {"0", "0", "0.0"},
      {"1", "1", "1.0"},
      {"-1", "-1", "-1.0"},
      {"+5", "5", "5.0"},
      {"007", "7", "7.0"},
      {"-0", "0", "-0.0"},
      {"  12  ", "12", "12.0"},
      {"1_000", "1000", "1000.0"},
      {"1__0", nullptr, nullptr},
      {"_1", nullptr, nullptr},
      {"1_", nullptr, nullptr},
      {"", nullptr, nullptr},
      {" ", nullptr, nullptr},
      {"1.0", nullptr, "1.0"},
      {"1e5", nullptr, "100000.0"},
      {"true", nullptr, nullptr},
      {"0x10", nullptr, nullptr},
      {"12a", nullptr, nullptr},
      {"-", nullptr, nullptr},
      {"\t-3\n", "-3", "-3.0"},
      {"123456789012345678901234567890", "123456789012345678901234567890",
       "1.2345678901234568e+29"},
      {"1.", nullptr, "1.0"},
      {".5", nullptr, "0.5"},
      {".", nullptr, nullptr},
      {"1e", nullptr, nullptr},
      {"1e+", nullptr, nullptr},
      {"1E-5", nullptr, "1.0e-05"},
      {"-1.5e+3", nullptr, "-1500.0"},
      {"inf", nullptr, ".inf"},
      {"-Infinity", nullptr, "-.inf"},
      {"nan", nullptr, ".nan"},
      {"NaN", nullptr, ".nan"},
      {"infinit", nullptr, nullptr},
      {"1_0.0_1", nullptr, "10.01"},
      {"1._0", nullptr, nullptr},
      {"1.0_", nullptr, nullptr},
      {"at::kLong", nullptr, nullptr},
      {"{}", nullptr, nullptr},
      {"::std::nullopt", nullptr, nullptr},
      {" 2.5 ", nullptr, "2.5"},
      {"0.3333333333333333", nullptr, "0.3333333333333333"},
  };
  for (const auto &C : Cases) {
    CAPTURE(C.Text);
    std::optional<std::string> I = parsePythonInt(C.Text);
    CHECK(I.has_value() == (C.Int != nullptr));
    if (I && C.Int)
      CHECK(*I == C.Int);
    std::optional<double> F = parsePythonFloat(C.Text);
    CHECK(F.has_value() == (C.Float != nullptr));
    if (F && C.Float)
      CHECK(pyYamlFloat(*F) == C.Float);
  }
}

TEST_CASE("empty collections are flow style") {
  // []
  CHECK(dumped([](PyYamlEmitter &E) {
          E.beginSequence();
          E.endSequence();
        }) == "[]\n");
  // {}
  CHECK(dumped([](PyYamlEmitter &E) {
          E.beginMapping();
          E.endMapping();
        }) == "{}\n");
  // [[]]
  CHECK(dumped([](PyYamlEmitter &E) {
          E.beginSequence();
          E.beginSequence();
          E.endSequence();
          E.endSequence();
        }) == "- []\n");
  // [{}]
  CHECK(dumped([](PyYamlEmitter &E) {
          E.beginSequence();
          E.beginMapping();
          E.endMapping();
          E.endSequence();
        }) == "- {}\n");
  // {'a': [], 'b': {}}
  CHECK(dumped([](PyYamlEmitter &E) {
          E.beginMapping();
          E.key("a");
          E.beginSequence();
          E.endSequence();
          E.key("b");
          E.beginMapping();
          E.endMapping();
          E.endMapping();
        }) == "a: []\nb: {}\n");
}

TEST_CASE("block layout: indentless sequences under keys, nesting") {
  // [1, 'x', None, True, False, 1.5]
  CHECK(dumped([](PyYamlEmitter &E) {
          E.beginSequence();
          E.integer(1);
          E.string("x");
          E.null();
          E.boolean(true);
          E.boolean(false);
          E.real(1.5);
          E.endSequence();
        }) == "- 1\n- x\n- null\n- true\n- false\n- 1.5\n");
  // {'k': [1, 2], 'm': {'x': 'y', 'z': [{'a': 1, 'b': []}]}, 'n': None}
  CHECK(dumped([](PyYamlEmitter &E) {
          E.beginMapping();
          E.key("k");
          E.beginSequence();
          E.integer(1);
          E.integer(2);
          E.endSequence();
          E.key("m");
          E.beginMapping();
          E.key("x");
          E.string("y");
          E.key("z");
          E.beginSequence();
          E.beginMapping();
          E.key("a");
          E.integer(1);
          E.key("b");
          E.beginSequence();
          E.endSequence();
          E.endMapping();
          E.endSequence();
          E.endMapping();
          E.key("n");
          E.null();
          E.endMapping();
        }) == "k:\n- 1\n- 2\nm:\n  x: y\n  z:\n  - a: 1\n    b: []\nn: null\n");
  // [[1, [2, []], {}], {'x': {'y': None}}]
  CHECK(dumped([](PyYamlEmitter &E) {
          E.beginSequence();
          E.beginSequence();
          E.integer(1);
          E.beginSequence();
          E.integer(2);
          E.beginSequence();
          E.endSequence();
          E.endSequence();
          E.beginMapping();
          E.endMapping();
          E.endSequence();
          E.beginMapping();
          E.key("x");
          E.beginMapping();
          E.key("y");
          E.null();
          E.endMapping();
          E.endMapping();
          E.endSequence();
        }) == "- - 1\n  - - 2\n    - []\n  - {}\n- x:\n    y: null\n");
  // [[['a']]]
  CHECK(dumped([](PyYamlEmitter &E) {
          E.beginSequence();
          E.beginSequence();
          E.beginSequence();
          E.string("a");
          E.endSequence();
          E.endSequence();
          E.endSequence();
        }) == "- - - a\n");
  // {'a': [[1, 2], [3]]}
  CHECK(dumped([](PyYamlEmitter &E) {
          E.beginMapping();
          E.key("a");
          E.beginSequence();
          E.beginSequence();
          E.integer(1);
          E.integer(2);
          E.endSequence();
          E.beginSequence();
          E.integer(3);
          E.endSequence();
          E.endSequence();
          E.endMapping();
        }) == "a:\n- - 1\n  - 2\n- - 3\n");
  // [{'a': {'b': {'c': [1]}}}]
  CHECK(dumped([](PyYamlEmitter &E) {
          E.beginSequence();
          E.beginMapping();
          E.key("a");
          E.beginMapping();
          E.key("b");
          E.beginMapping();
          E.key("c");
          E.beginSequence();
          E.integer(1);
          E.endSequence();
          E.endMapping();
          E.endMapping();
          E.endMapping();
          E.endSequence();
        }) == "- a:\n    b:\n      c:\n      - 1\n");
}

TEST_CASE("multi-line strings indent their continuation lines") {
  // [{'k': 'a\nb'}, ["it's\n x"]]
  CHECK(dumped([](PyYamlEmitter &E) {
          E.beginSequence();
          E.beginMapping();
          E.key("k");
          E.string("a\nb");
          E.endMapping();
          E.beginSequence();
          E.string("it's\n x");
          E.endSequence();
          E.endSequence();
        }) == "- k: 'a\n\n    b'\n- - \"it's\\n x\"\n");
  // 'a\nb'
  CHECK(dumped([](PyYamlEmitter &E) { E.string("a\nb"); }) == "'a\n\n  b'\n");
}

TEST_CASE("root scalars: a plain one is ended by `...`") {
  CHECK(dumped([](PyYamlEmitter &E) { E.string("abc"); }) == "abc\n...\n");
  CHECK(dumped([](PyYamlEmitter &E) { E.string("true"); }) == "'true'\n");
  CHECK(dumped([](PyYamlEmitter &E) { E.integer(5); }) == "5\n...\n");
  CHECK(dumped([](PyYamlEmitter &E) { E.null(); }) == "null\n...\n");
  CHECK(dumped([](PyYamlEmitter &E) { E.string(""); }) == "''\n");
}

TEST_CASE("root sequence items made apart join into the whole dump") {
  // [{'a': [{'b': 1}], 'c': ''}, {'d': []}]
  std::string Whole = dumped([](PyYamlEmitter &E) {
    E.beginSequence();
    E.beginMapping();
    E.key("a");
    E.beginSequence();
    E.beginMapping();
    E.key("b");
    E.integer(1);
    E.endMapping();
    E.endSequence();
    E.key("c");
    E.string("");
    E.endMapping();
    E.beginMapping();
    E.key("d");
    E.beginSequence();
    E.endSequence();
    E.endMapping();
    E.endSequence();
  });
  CHECK(Whole == "- a:\n  - b: 1\n  c: ''\n- d: []\n");
  std::string First, Second;
  {
    PyYamlEmitter E = PyYamlEmitter::forRootSequenceItem(First);
    E.beginMapping();
    E.key("a");
    E.beginSequence();
    E.beginMapping();
    E.key("b");
    E.integer(1);
    E.endMapping();
    E.endSequence();
    E.key("c");
    E.string("");
    E.endMapping();
    E.finishDocument();
  }
  {
    PyYamlEmitter E = PyYamlEmitter::forRootSequenceItem(Second);
    E.beginMapping();
    E.key("d");
    E.beginSequence();
    E.endSequence();
    E.endMapping();
    E.finishDocument();
  }
  CHECK(First + Second == Whole);
}

TEST_CASE("a PyYamlString is written as the same text would be") {
  for (const StringCase &C : StringCases) {
    CAPTURE(C.Value);
    PyYamlString S(C.Value);
    CHECK(dumped([&](PyYamlEmitter &E) {
            E.beginSequence();
            E.string(S);
            E.endSequence();
          }) == C.AsItem);
    if (!C.AsKey)
      continue;
    CHECK(dumped([&](PyYamlEmitter &E) {
            E.beginMapping();
            E.key(S);
            E.integer(1);
            E.endMapping();
          }) == C.AsKey);
  }
}

TEST_CASE("a run that began on a new line is copied where it is the same") {
  // [{'z': None, 'a': 1, 'b': [{'c': 'x'}], 'd': 'true'}] * 2, without
  // aliases or sorting: the pairs after `z` are recorded, then copied.
  auto Pairs = [](PyYamlEmitter &E) {
    E.key("a");
    E.integer(1);
    E.key("b");
    E.beginSequence();
    E.beginMapping();
    E.key("c");
    E.string("x");
    E.endMapping();
    E.endSequence();
    E.key("d");
    E.string("true");
  };
  const char *Expected = "- z: null\n  a: 1\n  b:\n  - c: x\n  d: 'true'\n"
                         "- z: null\n  a: 1\n  b:\n  - c: x\n  d: 'true'\n";
  CHECK(dumped([&](PyYamlEmitter &E) {
          PyYamlEmitter::Run R;
          E.beginSequence();
          for (int I = 0; I != 2; ++I) {
            E.beginMapping();
            E.key("z");
            E.null();
            if (I == 0 || !E.repeatRun(R)) {
              CHECK(I == 0);
              E.beginRun(R);
              Pairs(E);
              E.endRun(R);
            }
            E.endMapping();
          }
          E.endSequence();
        }) == Expected);

  // {'l': [It, It], 'm': [[It, It]]} with It = {'k': [], 'v': 'a b'}: an
  // item is copied at the same indent, not where it would be indented
  // further.
  auto Item = [](PyYamlEmitter &E) {
    E.beginMapping();
    E.key("k");
    E.beginSequence();
    E.endSequence();
    E.key("v");
    E.string("a b");
    E.endMapping();
  };
  CHECK(dumped([&](PyYamlEmitter &E) {
          PyYamlEmitter::Run R;
          E.beginMapping();
          E.key("l");
          E.beginSequence();
          E.beginRun(R);
          Item(E);
          E.endRun(R);
          CHECK(E.repeatRun(R));
          E.endSequence();
          E.key("m");
          E.beginSequence();
          E.beginSequence();
          // The first item follows `- ` on the same line; the second is
          // indented further than the recorded one.
          CHECK_FALSE(E.repeatRun(R));
          Item(E);
          CHECK_FALSE(E.repeatRun(R));
          Item(E);
          E.endSequence();
          E.endSequence();
          E.endMapping();
        }) == "l:\n- k: []\n  v: a b\n- k: []\n  v: a b\n"
              "m:\n- - k: []\n    v: a b\n  - k: []\n    v: a b\n");

  // A mapping's first key right after `- ` is not on a new line: such a run
  // is not recorded, and one recorded elsewhere is not copied there.
  CHECK(dumped([&](PyYamlEmitter &E) {
          PyYamlEmitter::Run First, Later;
          E.beginSequence();
          E.beginMapping();
          E.beginRun(First);
          E.key("a");
          E.integer(1);
          E.endRun(First);
          E.beginRun(Later);
          E.key("b");
          E.integer(2);
          E.endRun(Later);
          E.endMapping();
          E.beginMapping();
          CHECK_FALSE(E.repeatRun(First));
          CHECK_FALSE(E.repeatRun(Later));
          E.key("a");
          E.integer(1);
          CHECK(E.repeatRun(Later));
          E.endMapping();
          E.endSequence();
        }) == "- a: 1\n  b: 2\n- a: 1\n  b: 2\n");
}
