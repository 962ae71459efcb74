// Writes the seed corpora of the fuzz targets from the project's own data:
//
//   ddtb_fuzz_seeds OUT_DIR SOURCE_DIR [REF_DIR]
//
//   OUT_DIR/pbn_reader/  the PBN files of examples/ and tests/data/cli/
//                        (malformed ones included), byte for byte
//   OUT_DIR/deal/        every [Deal] value of those files, the deals of the
//                        project's tests/data/golden/deals.txt and of
//                        REF_DIR/list100.txt when it is there (read here, never
//                        copied into the project), and binary positions
//                        (random endings, trick in progress, play bytes)
//   OUT_DIR/tablebase/   the 4- and 8-card layers of both strain classes,
//                        built here with the builder library, as written
//                        (zstd) and with raw chunks, each with and without
//                        the checksum repair flag
//   OUT_DIR/deal_script/ the constraint scripts of examples/scripts/, byte
//                        for byte
//   OUT_DIR/capi/        a valid call of every C API function under test on
//                        small endings (capi_io.hpp's layout), and full deals
//                        of sample.pbn for the PBN texts
//
// Deterministic: the same sources give the same seeds.
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>
#include <regex>
#include <string>
#include <vector>

#include "builder/layer_build.hpp"
#include "builder/layer_writer.hpp"
#include "builder/packed_writer.hpp"
#include "ddtb/par.hpp"
#include "ddtb/position.hpp"
#include "ddtb/solver.hpp"
#include "tablebase/layer_file.hpp"
#include "tests/fuzz/capi_io.hpp"
#include "tests/fuzz/tablebase_bytes.hpp"
#include "tests/support/random.hpp"

namespace fs = std::filesystem;

namespace ddtb::fuzz {
namespace {

using Bytes8 = std::vector<std::uint8_t>;

std::string read_text(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

class Corpus {
 public:
  explicit Corpus(fs::path dir) : dir_(std::move(dir)) { fs::create_directories(dir_); }
  void add(const void* data, std::size_t n) {
    char name[32];
    std::snprintf(name, sizeof name, "seed-%04d", count_++);
    std::ofstream out(dir_ / name, std::ios::binary | std::ios::trunc);
    out.write(static_cast<const char*>(data), static_cast<std::streamsize>(n));
  }
  void add(const std::string& s) { add(s.data(), s.size()); }
  void add(const Bytes8& b) { add(b.data(), b.size()); }
  int count() const { return count_; }

 private:
  fs::path dir_;
  int count_ = 0;
};

std::vector<fs::path> pbn_files(const fs::path& source) {
  std::vector<fs::path> files;
  for (const char* dir :
       {"examples", "tests/data/cli", "tests/data/cli/malformed", "tests/data/cli/golden"}) {
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(source / dir, ec))
      if (e.is_regular_file() && e.path().extension() == ".pbn") files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

// ------------------------------------------------------------ deals

void deal_seeds(const fs::path& source, const fs::path& ref, Corpus& out) {
  const std::regex deal_tag(R"re(\[Deal "([^"]*)"\])re");
  std::vector<std::string> texts;
  for (const fs::path& f : pbn_files(source)) {
    const std::string text = read_text(f);
    for (std::sregex_iterator it(text.begin(), text.end(), deal_tag), end; it != end; ++it)
      texts.push_back((*it)[1]);
  }
  const std::regex ref_deal(R"re(^PBN [0-9 ]*"([^"]*)")re");
  for (const fs::path& path : {source / "tests/data/golden/deals.txt", ref / "list100.txt"}) {
    std::ifstream list(path);
    for (std::string line; std::getline(list, line);) {
      std::smatch m;
      if (std::regex_search(line, m, ref_deal)) texts.push_back(m[1]);
    }
  }
  // Text, a NUL, then the strain/leader byte and cards to play.
  for (std::size_t i = 0; i < texts.size(); ++i) {
    std::string seed = texts[i];
    seed += '\0';
    seed += static_cast<char>(i % 20);
    for (int k = 0; k < 8; ++k) seed += static_cast<char>(i * 7 + k * 13);
    out.add(seed);
  }
  // Binary positions: 0xff, four hands, trump, leader, the trick, play bytes.
  test::Rng rng(0x5eed);
  for (int i = 0; i < 24; ++i) {
    const int tricks = 1 + i % 4, played = i % 4;
    const Position p = test::random_position(rng, tricks, played, strain_from_int(i % 5),
                                             seat_from_int(i / 5 % 4));
    Bytes8 b{0xff};
    for (const CardSet& h : p.hands()) {
      for (int k = 0; k < 8; ++k) b.push_back(static_cast<std::uint8_t>(h.bits() >> (8 * k)));
      b.push_back(0);  // real cards only
    }
    b.push_back(static_cast<std::uint8_t>(to_int(p.trump())));
    b.push_back(static_cast<std::uint8_t>(to_int(p.leader())));
    b.push_back(static_cast<std::uint8_t>(p.trick_size()));
    for (const Card c : p.trick()) {
      b.push_back(static_cast<std::uint8_t>(to_int(c.suit)));
      b.push_back(c.rank);
    }
    for (int k = 0; k < 16; ++k) b.push_back(static_cast<std::uint8_t>(rng.next()));
    out.add(b);
  }
}

// ------------------------------------------------------------ tablebase

Bytes8 read_bytes(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

bool tablebase_seeds(const fs::path& work, Corpus& out) {
  using namespace detail::tb;
  fs::create_directories(work);
  std::array<std::unique_ptr<Layer>, 2> lower;
  constexpr int kTricks = 2;
  for (int t = 1; t <= kTricks; ++t) {
    std::array<std::unique_ptr<Layer>, 2> cur;
    for (int kc = 0; kc < 2; ++kc) {
      const auto klass = static_cast<StrainClass>(kc);
      LayerStats stats;
      auto layer = build_layer(t, klass, LowerLayers{lower[0].get(), lower[1].get(), t - 1}, 1,
                               stats, nullptr);
      if (!layer) {
        std::cerr << "ddtb_fuzz_seeds: " << layer.error().message << '\n';
        return false;
      }
      // The exact layer (format version 3; also version 1, without the
      // partitions' byte lengths) and, at 2 tricks, a bound layer derived
      // from it (version 4: "at least 1 of the 2 tricks").
      std::vector<std::unique_ptr<Layer>> files;
      files.push_back(std::move(*layer));
      if (t == 2) {
        auto bound = build_bound_layer(*files[0], 1, 1, stats, nullptr);
        if (!bound) {
          std::cerr << "ddtb_fuzz_seeds: " << bound.error().message << '\n';
          return false;
        }
        files.push_back(std::move(*bound));
      }
      for (const auto& l : files) {
        for (const bool lengths : {true, false}) {
          if (!lengths && l->bound() > 0) continue;
          const fs::path file = work / layer_file_name(t, klass, l->bound());
          WriteOptions wo;
          wo.partition_lengths = lengths;
          if (auto w = write_layer(file.string(), *l, wo); !w) {
            std::cerr << "ddtb_fuzz_seeds: " << w.error().message << '\n';
            return false;
          }
          const Bytes8 zstd = read_bytes(file);
          const Bytes8 raw = tb_bytes::with_raw_chunks(zstd);
          // The same layer packed (format 5 or 6).
          Bytes8 packed;
          if (lengths) {
            if (auto w = write_packed_layer(file.string(), *l, WriteOptions{}); !w) {
              std::cerr << "ddtb_fuzz_seeds: " << w.error().message << '\n';
              return false;
            }
            packed = read_bytes(file);
          }
          for (int flags = 0; flags < 2; ++flags)
            for (const Bytes8* f : {&zstd, &raw, static_cast<const Bytes8*>(&packed)}) {
              if (f->empty()) continue;
              Bytes8 seed{static_cast<std::uint8_t>(flags)};
              for (int k = 0; k < 8; ++k)
                seed.push_back(static_cast<std::uint8_t>(t * 31 + kc * 7 + l->bound() * 3 + k +
                                                         (lengths ? 0 : 101)));
              seed.insert(seed.end(), f->begin(), f->end());
              out.add(seed);
            }
        }
      }
      cur[kc] = std::move(files[0]);
    }
    lower = std::move(cur);
  }
  return true;
}

// ------------------------------------------------------------ C API

deal to_deal(const Position& p) {
  deal d{};
  d.trump = to_int(p.trump());
  d.first = to_int(p.leader());
  for (int k = 0; k < p.trick_size(); ++k) {
    d.currentTrickSuit[k] = to_int(p.trick_card(k).suit);
    d.currentTrickRank[k] = p.trick_card(k).rank;
  }
  for (int h = 0; h < 4; ++h)
    for (int s = 0; s < 4; ++s)
      d.remainCards[h][s] = p.hand(seat_from_int(h)).holding(suit_from_int(s));
  return d;
}

template <std::size_t N>
void put_text(char (&dst)[N], const std::string& s) {
  std::memset(dst, 0, N);
  std::memcpy(dst, s.data(), std::min(s.size(), N - 1));
}

// "N:..." of the position's hands (leader's seat first).
std::string hands_pbn(const Position& p) {
  std::string out{seat_letter(p.leader()), ':'};
  for (int k = 0; k < 4; ++k) {
    if (k) out += ' ';
    out += to_pbn(p.hand(next_seat(p.leader(), k)));
  }
  return out;
}

dealPBN to_deal_pbn(const Position& p) {
  dealPBN d{};
  const deal b = to_deal(p);
  d.trump = b.trump;
  d.first = b.first;
  std::memcpy(d.currentTrickSuit, b.currentTrickSuit, sizeof d.currentTrickSuit);
  std::memcpy(d.currentTrickRank, b.currentTrickRank, sizeof d.currentTrickRank);
  put_text(d.remainCards, hands_pbn(p));
  return d;
}

// A legal play of `n` cards from p.
std::vector<Card> some_play(Position p, int n, test::Rng& rng) {
  std::vector<Card> cards;
  for (int i = 0; i < n && p.cards_in_hands() > 0; ++i) {
    const CardSet legal = p.legal_cards();
    int pick = static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())));
    for (const Card c : legal)
      if (pick-- == 0) {
        cards.push_back(c);
        p = *p.play(c);
        break;
      }
  }
  return cards;
}

playTraceBin to_trace(const std::vector<Card>& cards) {
  playTraceBin t{};
  t.number = static_cast<int>(cards.size());
  for (std::size_t i = 0; i < cards.size(); ++i) {
    t.suit[i] = to_int(cards[i].suit);
    t.rank[i] = cards[i].rank;
  }
  return t;
}

playTracePBN to_trace_pbn(const std::vector<Card>& cards) {
  playTracePBN t{};
  t.number = static_cast<int>(cards.size());
  std::string s;
  for (const Card c : cards) s += to_string(c);
  put_text(t.cards, s);
  return t;
}

ddTableDeal table_deal(const Deal& d) {
  ddTableDeal t{};
  for (int h = 0; h < 4; ++h)
    for (int s = 0; s < 4; ++s) t.cards[h][s] = d.hand(seat_from_int(h)).holding(suit_from_int(s));
  return t;
}

ddTableDealPBN table_deal_pbn(const Deal& d) {
  ddTableDealPBN t{};
  put_text(t.cards, to_pbn(d));
  return t;
}

// contractType.seats: 0..3 one seat, 4 NS, 5 EW.
int seats_code(std::uint8_t seats) {
  if (seats == 0x5) return 4;
  if (seats == 0xa) return 5;
  for (int s = 0; s < 4; ++s)
    if (seats == 1u << s) return s;
  return 0;
}

// One seed: the op byte, then the fields written by `body` with a FieldWriter.
template <class Body>
void capi_seed(Corpus& out, Op op, Body&& body) {
  Bytes8 b{static_cast<std::uint8_t>(op)};
  FieldWriter w(b);
  body(w);
  out.add(b);
}

// Single boards: each position solved and its play analysed, binary and
// PBN, and PBN text with something after the fourth hand.
void solve_seeds(const std::vector<Position>& positions, test::Rng& rng, Corpus& out) {
  for (std::size_t i = 0; i < positions.size(); ++i) {
    const Position& p = positions[i];
    SolveParams s{static_cast<int>(i % 3) - 1, 1 + static_cast<int>(i % 3),
                  static_cast<int>(i % 3)};
    int thread = 0;
    capi_seed(out, Op::kSolveBoard, [&](FieldWriter& w) {
      deal d = to_deal(p);
      io_deal(w, d);
      io_params(w, s);
      w.near(thread, 0, 0);
    });
    capi_seed(out, Op::kSolveBoardPbn, [&](FieldWriter& w) {
      dealPBN d = to_deal_pbn(p);
      io_deal(w, d);
      io_params(w, s);
      w.near(thread, 0, 0);
    });
    const std::vector<Card> cards = some_play(p, static_cast<int>(i % 6), rng);
    capi_seed(out, Op::kAnalysePlayBin, [&](FieldWriter& w) {
      deal d = to_deal(p);
      playTraceBin t = to_trace(cards);
      io_deal(w, d);
      io_play(w, t);
      w.near(thread, 0, 0);
    });
    capi_seed(out, Op::kAnalysePlayPbn, [&](FieldWriter& w) {
      dealPBN d = to_deal_pbn(p);
      playTracePBN t = to_trace_pbn(cards);
      io_deal(w, d);
      io_play(w, t);
      w.near(thread, 0, 0);
    });
  }
  // PBN text after the fourth hand: separators without a card after them
  // (read as DDS reads them), a card in a fifth hand or a fifth suit
  // (refused).
  for (const char* tail : {" ", ".", " xyz", " A", ".2"}) {
    const Position& p = positions[3];
    SolveParams s;
    int thread = 0;
    capi_seed(out, Op::kSolveBoardPbn, [&](FieldWriter& w) {
      dealPBN d = to_deal_pbn(p);
      put_text(d.remainCards, hands_pbn(p) + tail);
      io_deal(w, d);
      io_params(w, s);
      w.near(thread, 0, 0);
    });
  }
}

// The DD tables and par of whole deals, and par's texts.
void table_seeds(const std::vector<Deal>& deals, Corpus& out) {
  Solver solver;
  for (std::size_t i = 0; i < deals.size(); ++i) {
    int vulnerable = static_cast<int>(i % 4);
    capi_seed(out, Op::kCalcDdTable, [&](FieldWriter& w) {
      ddTableDeal t = table_deal(deals[i]);
      io_table_deal(w, t);
    });
    capi_seed(out, Op::kCalcDdTablePbn, [&](FieldWriter& w) {
      ddTableDealPBN t = table_deal_pbn(deals[i]);
      io_table_deal(w, t);
    });
    capi_seed(out, Op::kCalcPar, [&](FieldWriter& w) {
      ddTableDeal t = table_deal(deals[i]);
      io_table_deal(w, t);
      w.near(vulnerable, 0, 3);
    });
    capi_seed(out, Op::kCalcParPbn, [&](FieldWriter& w) {
      ddTableDealPBN t = table_deal_pbn(deals[i]);
      io_table_deal(w, t);
      w.near(vulnerable, 0, 3);
    });
    // Par of a real table: the endings' tables are real; a full deal's is
    // solved here once.
    const DdTable table = solver.dd_table(deals[i]);
    ddTableResults r{};
    for (int s = 0; s < 5; ++s)
      for (int h = 0; h < 4; ++h) r.resTable[s][h] = table.tricks[s][h];
    int dealer = static_cast<int>(i % 4);
    capi_seed(out, Op::kParFamily, [&](FieldWriter& w) {
      io_results(w, r);
      w.near(vulnerable, 0, 3);
      w.near(dealer, 0, 3);
    });
    const ParResult par =
        dealer_par(table, seat_from_int(dealer), static_cast<Vulnerability>(vulnerable));
    capi_seed(out, Op::kConvertText, [&](FieldWriter& w) {
      parResultsMaster m[2]{};
      for (int k = 0; k < 2; ++k) {
        m[k].score = k ? -par.score : par.score;
        m[k].number = static_cast<int>(std::min<std::size_t>(par.contracts.size(), 10));
        for (int c = 0; c < m[k].number; ++c) {
          const ParContract& pc = par.contracts[static_cast<std::size_t>(c)];
          m[k].contracts[c] = contractType{pc.undertricks, pc.overtricks, pc.level,
                                           pc.strain == Strain::NoTrump ? 0 : to_int(pc.strain) + 1,
                                           seats_code(pc.seats)};
        }
        io_master(w, m[k]);
      }
    });
  }
}

// Batches of two boards.
void batch_seeds(const std::vector<Position>& positions, const std::vector<Deal>& deals,
                 test::Rng& rng, Corpus& out) {
  for (int i = 0; i + 1 < static_cast<int>(positions.size()); i += 2) {
    int count = 2, mode = i % 5 - 1, chunk = 1 + i % 3;
    int filter[5] = {0, i % 2, 0, 0, 0};
    const Deal a = deals[static_cast<std::size_t>(i / 2)],
               b = deals[static_cast<std::size_t>(i / 2 + 1)];
    capi_seed(out, Op::kCalcAllTables, [&](FieldWriter& w) {
      w.near(count, 0, kMaxBatch);
      for (const Deal& d : {a, b}) {
        ddTableDeal t = table_deal(d);
        io_table_deal(w, t);
      }
      w.near(mode, -1, 3);
      for (int& f : filter) w.near(f, 0, 1);
    });
    capi_seed(out, Op::kCalcAllTablesPbn, [&](FieldWriter& w) {
      w.near(count, 0, kMaxBatch);
      for (const Deal& d : {a, b}) {
        ddTableDealPBN t = table_deal_pbn(d);
        io_table_deal(w, t);
      }
      w.near(mode, -1, 3);
      for (int& f : filter) w.near(f, 0, 1);
    });
    for (const bool pbn : {false, true}) {
      capi_seed(out, pbn ? Op::kSolveAllPbn : Op::kSolveAllBin, [&](FieldWriter& w) {
        w.near(count, 0, kMaxBatch);
        for (int k = 0; k < 2; ++k) {
          const Position& p = positions[static_cast<std::size_t>(i + k)];
          if (pbn) {
            dealPBN d = to_deal_pbn(p);
            io_deal(w, d);
          } else {
            deal d = to_deal(p);
            io_deal(w, d);
          }
          SolveParams s;
          io_params(w, s);
        }
        w.near(chunk, 1, 4);
      });
      capi_seed(out, pbn ? Op::kAnalyseAllPbn : Op::kAnalyseAllBin, [&](FieldWriter& w) {
        w.near(count, 0, kMaxBatch);
        int plays = count;
        w.near(plays, count, count);
        for (int k = 0; k < 2; ++k) {
          const Position& p = positions[static_cast<std::size_t>(i + k)];
          const std::vector<Card> cards = some_play(p, 3, rng);
          if (pbn) {
            dealPBN d = to_deal_pbn(p);
            playTracePBN t = to_trace_pbn(cards);
            io_deal(w, d);
            io_play(w, t);
          } else {
            deal d = to_deal(p);
            playTraceBin t = to_trace(cards);
            io_deal(w, d);
            io_play(w, t);
          }
        }
      });
    }
  }
}

void capi_seeds(const fs::path& source, Corpus& out) {
  test::Rng rng(0xdd5);
  // Endings of 1..4 tricks (the fuzz target solves up to 4), each trick
  // state, some with a revoke on the table (taken as played), and the full
  // deals of sample.pbn (checked, never solved).
  std::vector<Position> positions;
  for (int i = 0; i < 8; ++i)
    positions.push_back(
        test::random_position(rng, 1 + i % 4, i % 4, strain_from_int(i % 5), seat_from_int(i % 4)));
  for (int i = 0; i < 4; ++i)
    positions.push_back(test::random_revoke_position(rng, 2 + i % 3, 2 + i % 2, strain_from_int(i),
                                                     seat_from_int(i)));
  std::vector<Deal> deals;
  for (int i = 0; i < 4; ++i)
    deals.push_back(*Deal::from_hands(
        test::random_position(rng, 1 + i, 0, Strain::NoTrump, Seat::North).hands()));
  const std::regex deal_tag(R"re(\[Deal "([^"]*)"\])re");
  const std::string sample = read_text(source / "examples/sample.pbn");
  for (std::sregex_iterator it(sample.begin(), sample.end(), deal_tag), end; it != end; ++it)
    if (auto d = parse_pbn_deal((*it)[1].str())) deals.push_back(*d);

  solve_seeds(positions, rng, out);
  table_seeds(deals, out);
  batch_seeds(positions, deals, rng, out);
  for (int code : {1, -1, -2, -12, -99, -201, -301, -501, 7}) {
    capi_seed(out, Op::kMessages, [&](FieldWriter& w) { w.near(code, -110, 2); });
  }
}

}  // namespace
}  // namespace ddtb::fuzz

int main(int argc, char** argv) {
  using namespace ddtb::fuzz;
  if (argc < 3) {
    std::cerr << "usage: ddtb_fuzz_seeds OUT_DIR SOURCE_DIR [REF_DIR]\n";
    return 2;
  }
  const fs::path out = argv[1], source = argv[2], ref = argc > 3 ? argv[3] : "";
  fs::remove_all(out);
  Corpus pbn(out / "pbn_reader");
  for (const fs::path& f : pbn_files(source)) pbn.add(read_text(f));
  Corpus deals(out / "deal");
  deal_seeds(source, ref, deals);
  Corpus tables(out / "tablebase");
  if (!tablebase_seeds(out / "tablebase-work", tables)) return 1;
  fs::remove_all(out / "tablebase-work");
  Corpus capi(out / "capi");
  capi_seeds(source, capi);
  Corpus scripts(out / "deal_script");
  std::vector<fs::path> script_files;
  for (const auto& f : fs::directory_iterator(source / "examples" / "scripts"))
    if (f.path().extension() == ".dlr") script_files.push_back(f.path());
  std::sort(script_files.begin(), script_files.end());
  for (const fs::path& f : script_files) scripts.add(read_text(f));
  std::cout << "seeds: pbn_reader " << pbn.count() << ", deal " << deals.count() << ", tablebase "
            << tables.count() << ", capi " << capi.count() << ", deal_script " << scripts.count()
            << '\n';
  return pbn.count() > 0 && deals.count() > 0 && tables.count() > 0 && capi.count() > 0 &&
                 scripts.count() > 0
             ? 0
             : 1;
}
