#include "cli/inherit.hpp"

#include <set>

namespace ddtb::cli {

bool inheritance_forbidden(std::string_view tag_name) {
  return tag_name == "Deal" || tag_name == "Play";
}

void TagInheritance::apply(Game& game) {
  if (!game.is_game()) return;
  std::set<std::string, std::less<>> present;
  for (Tag& tag : game.tags) {
    // Note tags may repeat and are numbered: they never inherit.
    if (tag.name == "Note" || inheritance_forbidden(tag.name)) continue;
    present.insert(tag.name);
    if (tag.value == "#") {
      const auto last = last_.find(tag.name);
      tag.value = last == last_.end() ? "" : last->second;
      continue;
    }
    if (tag.value.starts_with("##")) {
      tag.value.erase(0, 2);
      defaults_[tag.name] = tag.value;
    } else if (const auto d = defaults_.find(tag.name); d != defaults_.end()) {
      d->second = tag.value;  // redefined in mid-file: this value from now on
    }
    last_[tag.name] = tag.value;
  }
  for (const auto& [name, value] : defaults_) {
    if (present.count(name)) continue;
    Tag tag;
    tag.name = name;
    tag.value = value;
    game.tags.push_back(std::move(tag));
  }
}

}  // namespace ddtb::cli
