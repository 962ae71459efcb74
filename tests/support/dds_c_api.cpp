#include "tests/support/dds_c_api.hpp"

#include "tests/support/dds_peer.hpp"

namespace ddtb::test {

namespace {

template <class Fn>
void bind(DdsPeer& peer, const char* name, Fn& out) {
  out = reinterpret_cast<Fn>(peer.symbol(name));
}

}  // namespace

const DdsCApi& DdsCApi::get() {
  static const DdsCApi api = [] {
    DdsPeer& peer = DdsPeer::shared();
    DdsCApi a{};
    bind(peer, "SolveBoard", a.SolveBoard);
    bind(peer, "SolveBoardPBN", a.SolveBoardPBN);
    bind(peer, "CalcDDtable", a.CalcDDtable);
    bind(peer, "CalcDDtablePBN", a.CalcDDtablePBN);
    bind(peer, "CalcAllTables", a.CalcAllTables);
    bind(peer, "CalcAllTablesPBN", a.CalcAllTablesPBN);
    bind(peer, "SolveAllBoards", a.SolveAllBoards);
    bind(peer, "SolveAllChunksPBN", a.SolveAllChunksPBN);
    bind(peer, "SolveAllChunksBin", a.SolveAllChunksBin);
    bind(peer, "AnalysePlayBin", a.AnalysePlayBin);
    bind(peer, "AnalysePlayPBN", a.AnalysePlayPBN);
    bind(peer, "AnalyseAllPlaysPBN", a.AnalyseAllPlaysPBN);
    bind(peer, "Par", a.Par);
    bind(peer, "DealerPar", a.DealerPar);
    bind(peer, "SidesPar", a.SidesPar);
    bind(peer, "DealerParBin", a.DealerParBin);
    bind(peer, "SidesParBin", a.SidesParBin);
    bind(peer, "ConvertToDealerTextFormat", a.ConvertToDealerTextFormat);
    bind(peer, "ConvertToSidesTextFormat", a.ConvertToSidesTextFormat);
    bind(peer, "SetThreading", a.SetThreading);
    bind(peer, "ErrorMessage", a.ErrorMessage);
    return a;
  }();
  return api;
}

}  // namespace ddtb::test
