// PBN tag value inheritance (PBN 2.1 section 4.8), applied game by game in
// file order:
//   [Site "#"]       takes the value of the nearest previous game's [Site]
//                    ("" when there is none);
//   [Site "##Oslo"]  means "Oslo" here and in every later game that has no
//                    [Site] tag; a later real value replaces it from then on.
// The standard forbids both forms for Dealer, Vulnerable, Deal, Declarer,
// Contract, Auction and Play. Real files do not always obey, and for the
// first, fourth and fifth the intent is clear, so they are resolved too;
// [Deal] and [Play] are left as written ("#"), because copying a deal or a
// play record from another board is never what a file means: the board
// reports them as errors.
#pragma once

#include <map>
#include <string>

#include "cli/pbn_reader.hpp"

namespace ddtb::cli {

class TagInheritance {
 public:
  // Resolves the values of `game` in place and adds the "##" tags it lacks
  // (as tags that are not in its text). Games must come in file order;
  // things that are not games are ignored.
  void apply(Game& game);

 private:
  std::map<std::string, std::string, std::less<>> last_;      // last real value per tag
  std::map<std::string, std::string, std::less<>> defaults_;  // values set by "##"
};

// True for the tags whose "#" value is an error rather than inherited.
bool inheritance_forbidden(std::string_view tag_name);

}  // namespace ddtb::cli
