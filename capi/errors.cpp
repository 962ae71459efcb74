// ErrorMessage: the text of every return code.
#include <cstdio>

#include "capi/boundary.hpp"

namespace ddtb::capi {

namespace {

struct CodeText {
  int code;
  const char* text;
};

constexpr CodeText kTexts[] = {
    {RETURN_NO_FAULT, TEXT_NO_FAULT},
    {RETURN_UNKNOWN_FAULT, TEXT_UNKNOWN_FAULT},
    {RETURN_ZERO_CARDS, TEXT_ZERO_CARDS},
    {RETURN_TARGET_TOO_HIGH, TEXT_TARGET_TOO_HIGH},
    {RETURN_DUPLICATE_CARDS, TEXT_DUPLICATE_CARDS},
    {RETURN_TARGET_WRONG_LO, TEXT_TARGET_WRONG_LO},
    {RETURN_TARGET_WRONG_HI, TEXT_TARGET_WRONG_HI},
    {RETURN_SOLNS_WRONG_LO, TEXT_SOLNS_WRONG_LO},
    {RETURN_SOLNS_WRONG_HI, TEXT_SOLNS_WRONG_HI},
    {RETURN_TOO_MANY_CARDS, TEXT_TOO_MANY_CARDS},
    {RETURN_SUIT_OR_RANK, TEXT_SUIT_OR_RANK},
    {RETURN_PLAYED_CARD, TEXT_PLAYED_CARD},
    {RETURN_CARD_COUNT, TEXT_CARD_COUNT},
    {RETURN_THREAD_INDEX, TEXT_THREAD_INDEX},
    {RETURN_MODE_WRONG_LO, TEXT_MODE_WRONG_LO},
    {RETURN_MODE_WRONG_HI, TEXT_MODE_WRONG_HI},
    {RETURN_TRUMP_WRONG, TEXT_TRUMP_WRONG},
    {RETURN_FIRST_WRONG, TEXT_FIRST_WRONG},
    {RETURN_PLAY_FAULT, TEXT_PLAY_FAULT},
    {RETURN_PBN_FAULT, TEXT_PBN_FAULT},
    {RETURN_TOO_MANY_BOARDS, TEXT_TOO_MANY_BOARDS},
    {RETURN_THREAD_CREATE, TEXT_THREAD_CREATE},
    {RETURN_THREAD_WAIT, TEXT_THREAD_WAIT},
    {RETURN_THREAD_MISSING, TEXT_THREAD_MISSING},
    {RETURN_NO_SUIT, TEXT_NO_SUIT},
    {RETURN_TOO_MANY_TABLES, TEXT_TOO_MANY_TABLES},
    {RETURN_CHUNK_SIZE, TEXT_CHUNK_SIZE},
    {RETURN_NO_TABLEBASE, TEXT_NO_TABLEBASE},
};

// DDS's answer for a code it does not know.
constexpr const char* kUnknownCode = "Not a DDS error code";
constexpr int kLineSize = 80;

}  // namespace

}  // namespace ddtb::capi

void ErrorMessage(int code, char line[80]) {
  ddtb::capi::guarded_void([&] {
    if (!line) return;
    const char* text = ddtb::capi::kUnknownCode;
    for (const auto& t : ddtb::capi::kTexts)
      if (t.code == code) text = t.text;
    std::snprintf(line, ddtb::capi::kLineSize, "%s", text);
  });
}
