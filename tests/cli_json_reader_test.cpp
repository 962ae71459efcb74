// cli/json_reader.hpp: values read whole, and malformed text refused with
// the column of the fault (the replay benchmark names line and column).
#include "cli/json_reader.hpp"

#include <gtest/gtest.h>

#include <string>

namespace ddtb::cli {
namespace {

TEST(JsonReader, ReadsNestedValuesInOrder) {
  const JsonValue v =
      parse_json(R"( {"t":"solve","n":-12,"x":2.5e1,"a":[1,null,true,false,[]],"o":{}} )");
  ASSERT_EQ(v.kind, JsonValue::Kind::kObject);
  ASSERT_EQ(v.members.size(), 5u);
  EXPECT_EQ(v.members[0].first, "t");
  EXPECT_EQ(v.find("t")->text, "solve");
  EXPECT_TRUE(v.find("n")->is_integer());
  EXPECT_EQ(v.find("n")->number, -12);
  EXPECT_EQ(v.find("x")->number, 25);
  const JsonValue& a = *v.find("a");
  ASSERT_EQ(a.items.size(), 5u);
  EXPECT_EQ(a.items[1].kind, JsonValue::Kind::kNull);
  EXPECT_TRUE(a.items[2].boolean);
  EXPECT_EQ(a.items[3].kind, JsonValue::Kind::kBool);
  EXPECT_EQ(a.items[4].kind, JsonValue::Kind::kArray);
  EXPECT_EQ(v.find("missing"), nullptr);
  EXPECT_EQ(a.items[1].column, 40);  // the n of null
}

TEST(JsonReader, DecodesEscapesToUtf8) {
  const JsonValue v = parse_json(R"("q\"b\\s\/\n\u00e9\ud83c\udca1")");
  EXPECT_EQ(v.text, "q\"b\\s/\n\xc3\xa9\xf0\x9f\x82\xa1");
}

// Each malformed text with the 1-based column of its fault.
TEST(JsonReader, RefusesMalformedTextWithItsColumn) {
  const struct {
    const char* text;
    int column;
  } cases[] = {
      {R"({"a":1)", 7},     // the end of the line inside an object
      {R"({"a" 1})", 6},    // no ':'
      {R"({"a":1,})", 8},   // a ',' before '}'
      {R"([1 2])", 4},      // no ','
      {R"({"a":01})", 7},   // a leading zero
      {R"({"a":-})", 7},    // a sign without digits
      {R"("abc)", 5},       // an unterminated string
      {R"("a\x")", 4},      // an unknown escape
      {R"("\ud83c")", 8},   // a high surrogate alone
      {R"("\udca1")", 2},   // a low surrogate alone
      {"\"a\tb\"", 3},      // a raw control character
      {R"({"a":1} x)", 9},  // text after the value
      {R"(nul)", 1},        // not a literal
      {"", 1},              // nothing
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.text);
    try {
      parse_json(c.text);
      ADD_FAILURE() << "accepted";
    } catch (const JsonSyntaxError& e) {
      EXPECT_EQ(e.column(), c.column) << e.what();
    }
  }
}

TEST(JsonReader, RefusesDeepNesting) {
  EXPECT_NO_THROW(parse_json(std::string(64, '[') + std::string(64, ']')));
  EXPECT_THROW(parse_json(std::string(100, '[') + std::string(100, ']')), JsonSyntaxError);
}

}  // namespace
}  // namespace ddtb::cli
