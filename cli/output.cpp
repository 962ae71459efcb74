#include "cli/output.hpp"

namespace ddtb::cli {

namespace {

// Every format prints one self-contained block per board.
class BlockWriter final : public Writer {
 public:
  using Render = std::string (*)(const Board&);
  BlockWriter(std::ostream& out, Render render) : out_(out), render_(render) {}

  void write(const Board& board) override {
    const std::string text = render_(board);
    if (!text.empty()) out_ << text << std::flush;
  }

 private:
  std::ostream& out_;
  Render render_;
};

}  // namespace

std::unique_ptr<Writer> make_writer(Format format, std::ostream& out) {
  switch (format) {
    case Format::kJson:
      return std::make_unique<BlockWriter>(out, &json_board);
    case Format::kPbn:
      return std::make_unique<BlockWriter>(out, &pbn_board);
    case Format::kText:
      break;
  }
  return std::make_unique<BlockWriter>(out, &text_board);
}

}  // namespace ddtb::cli
