//===- Yaml11Test.cpp - PyYAML's resolver and SafeConstructor -------------===//
//
// Every expected value is what PyYAML 6.0.3's SafeConstructor (Python 3.11)
// makes of the text: str() of the int, repr() of the float, isoformat() of
// the date or datetime, base64 of the bytes; nullptr where it raises.
//
//===----------------------------------------------------------------------===//

#include "opgen/Support/Yaml11.h"

#include <doctest/doctest.h>

#include <cmath>

using namespace opgen;

namespace {
struct Case {
  const char *Text;
  const char *Value;
};
} // namespace

static const Case Ints[] = {
    {"0", "0"},
    {"-0", "0"},
    {"+12", "12"},
    {"0b101", "5"},
    {"-0b1_0", "-2"},
    {"0x1F", "31"},
    {"-0xff", "-255"},
    {"017", "15"},
    {"0o17", "15"},
    {"09", nullptr},
    {"1_000", "1000"},
    {"1:30", "90"},
    {"-1:30:00", "-5400"},
    {"190:20:30", "685230"},
    {"12345678901234567890123", "12345678901234567890123"},
    {"0x123456789abcdef0123", "5373003642731685151011"},
    {"1:-30", "30"},
    {" 12", "12"},
    {"", nullptr},
    {"-", nullptr},
    {"0b", nullptr},
    {"0x", nullptr},
    {"abc", nullptr},
    {"1__2", "12"},
    {"+-5", "-5"},
};

static const Case Floats[] = {
    {"1.0", "1.0"},
    {"1.", "1.0"},
    {".5", "0.5"},
    {"-.5", "-0.5"},
    {"+1.5e+3", "1500.0"},
    {"1.5E-3", "0.0015"},
    {"6.8523015e+5", "685230.15"},
    {"685.230_15e+03", "685230.15"},
    {"190:20:30.15", "685230.15"},
    {".inf", "inf"},
    {"-.Inf", "-inf"},
    {".NaN", "nan"},
    {"-.nan", "nan"},
    {"1.0e+309", "inf"},
    {"1e-400", "0.0"},
    {"0.1", "0.1"},
    {"1_0.0_1", "10.01"},
    {"1e16", "1e+16"},
    {"1.5e-05", "1.5e-05"},
    {"123456789012345678.0", "1.2345678901234568e+17"},
    {"1", "1.0"},
    {"-0.0", "-0.0"},
    {"abc", nullptr},
    {"", nullptr},
    {"1.5e", nullptr},
    {"nan", "nan"},
    {"inf", "inf"},
};

static const Case Timestamps[] = {
    {"2001-12-14", "2001-12-14"},
    {"2001-12-14t21:59:43.10-05:00", "2001-12-14T21:59:43.100000-05:00"},
    {"2001-12-14 21:59:43.10 -5", "2001-12-14T21:59:43.100000-05:00"},
    {"2001-12-15 2:59:43.10", "2001-12-15T02:59:43.100000"},
    {"2001-12-15T02:59:43.1Z", "2001-12-15T02:59:43.100000+00:00"},
    {"2001-02-30", nullptr},
    {"2000-02-29", "2000-02-29"},
    {"1900-02-29", nullptr},
    {"0000-01-01", nullptr},
    {"2001-1-1", "2001-01-01"},
    {"2001-01-01 25:00:00", nullptr},
    {"2001-01-01T23:59:60", nullptr},
    {"2001-01-01 01:02:03.1234567Z", "2001-01-01T01:02:03.123456+00:00"},
    {"2001-01-01 01:02:03 +24", nullptr},
    {"2001-01-01 01:02:03 -23:59", "2001-01-01T01:02:03-23:59"},
    {"2001-01-01 01:02:03 +1:99", "2001-01-01T01:02:03+02:39"},
    {"2001-01-01 01:02:03.", "2001-01-01T01:02:03"},
    {"2001-12-14T21:59:43-00:00", "2001-12-14T21:59:43+00:00"},
    {"2001-01-01x", nullptr},
    {"2001-01-01\n", "2001-01-01"},
};

static const Case Binaries[] = {
    {"aGVsbG8=", "aGVsbG8="},
    {"aGVsbG8", nullptr},
    {"aGVs bG8=", "aGVsbG8="},
    {"aGVsbG8==x", "aGVsbG8="},
    {"a", nullptr},
    {"ab==", "aQ=="},
    {"ab=c=", "abc="},
    {"YQ", nullptr},
    {"!!!", ""},
    {"é", nullptr},
    {"", ""},
    {" aGk= aGk=", "aGk="},
};

static std::string base64(const std::string &Bytes) {
  static const char T[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string Out;
  for (size_t I = 0; I < Bytes.size(); I += 3) {
    unsigned N = (unsigned char)Bytes[I] << 16;
    if (I + 1 < Bytes.size())
      N |= (unsigned char)Bytes[I + 1] << 8;
    if (I + 2 < Bytes.size())
      N |= (unsigned char)Bytes[I + 2];
    Out += T[N >> 18 & 63];
    Out += T[N >> 12 & 63];
    Out += I + 1 < Bytes.size() ? T[N >> 6 & 63] : '=';
    Out += I + 2 < Bytes.size() ? T[N & 63] : '=';
  }
  return Out;
}

template <typename F>
static void check(const Case *Begin, const Case *End, F Value) {
  for (const Case *C = Begin; C != End; ++C) {
    CAPTURE(C->Text);
    std::optional<std::string> V = Value(C->Text);
    if (!C->Value)
      CHECK(!V);
    else
      CHECK(V.value_or("<raises>") == C->Value);
  }
}

TEST_CASE("construct_yaml_int") {
  check(std::begin(Ints), std::end(Ints),
        [](const char *S) { return constructYaml11Int(S); });
}

TEST_CASE("construct_yaml_float, printed by repr()") {
  check(std::begin(Floats), std::end(Floats),
        [](const char *S) -> std::optional<std::string> {
          if (std::optional<double> D = constructYaml11Float(S))
            return pythonFloatRepr(*D);
          return std::nullopt;
        });
}

TEST_CASE("construct_yaml_timestamp, printed by isoformat()") {
  check(std::begin(Timestamps), std::end(Timestamps),
        [](const char *S) { return constructYaml11Timestamp(S); });
}

TEST_CASE("construct_yaml_binary") {
  check(std::begin(Binaries), std::end(Binaries),
        [](const char *S) -> std::optional<std::string> {
          if (std::optional<std::string> B = constructYaml11Binary(S))
            return base64(*B);
          return std::nullopt;
        });
}

TEST_CASE("the resolver's tag for plain scalars") {
  struct TagCase {
    const char *Text;
    Yaml11Tag Tag;
  } Cases[] = {
      {"", Yaml11Tag::Null},
      {"~", Yaml11Tag::Null},
      {"NULL", Yaml11Tag::Null},
      {"nULL", Yaml11Tag::Str},
      {"yes", Yaml11Tag::Bool},
      {"OFF", Yaml11Tag::Bool},
      {"oFF", Yaml11Tag::Str},
      {"y", Yaml11Tag::Str},
      {"0o17", Yaml11Tag::Str},
      {"017", Yaml11Tag::Int},
      {"1:30", Yaml11Tag::Int},
      {"1:60", Yaml11Tag::Str},
      {"0x_1f", Yaml11Tag::Int},
      {"._5", Yaml11Tag::Str},
      {".5", Yaml11Tag::Float},
      {"1e3", Yaml11Tag::Str},
      {"1.5e3", Yaml11Tag::Str},
      {"1.5e+3", Yaml11Tag::Float},
      {"1:30.5", Yaml11Tag::Float},
      {"-.Inf", Yaml11Tag::Float},
      {"-.nan", Yaml11Tag::Str},
      {"2001-12-14", Yaml11Tag::Timestamp},
      {"2001-1-1", Yaml11Tag::Str},
      {"2001-02-30", Yaml11Tag::Timestamp},
      {"<<", Yaml11Tag::Merge},
      {"=", Yaml11Tag::Value},
      {"2001-12-14 1:02:03 +5", Yaml11Tag::Timestamp},
      // `$` matches before a final line break too.
      {"0\n", Yaml11Tag::Int},
      {"~\n", Yaml11Tag::Null},
      {"\n", Yaml11Tag::Str},
      {"0\n\n", Yaml11Tag::Str},
  };
  for (const TagCase &C : Cases) {
    CAPTURE(C.Text);
    CHECK(resolveYaml11Plain(C.Text) == C.Tag);
  }
}

TEST_CASE("int() and float() read Unicode digits and white space") {
  CHECK(constructYaml11Float("-0\u00a0").value_or(1) == 0.0);
  CHECK(std::signbit(*constructYaml11Float("-0\u00a0")));
  CHECK(constructYaml11Float("\u0661.5") == 1.5);
  CHECK(constructYaml11Float("\uff11e5") == 100000.0);
  CHECK(constructYaml11Int("\u0661\u0662") == "12");
  CHECK(constructYaml11Int("1:\u0663\u0660") == "90");
  CHECK(constructYaml11Int("\u00a012\u3000") == "12");
  CHECK(!constructYaml11Int("1\u00e9"));
}

TEST_CASE("Python's int() of an integral float") {
  CHECK(pythonIntOfFloat(0.0) == "0");
  CHECK(pythonIntOfFloat(-3.0) == "-3");
  CHECK(pythonIntOfFloat(1e16) == "10000000000000000");
  CHECK(pythonIntOfFloat(1e300).size() == 301);
  CHECK(pythonIntOfFloat(9007199254740993.0) == "9007199254740992");
}
