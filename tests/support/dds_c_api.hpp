// The reference libdds's C functions, typed with include/ddtb/dll.h's
// declarations (the layouts are DDS's: tests/capi_layout_test.cpp), for tests
// that call the same function on both libraries. Resolved once from
// DdsPeer::shared(), so DDS runs with one thread: thread index 0 only.
#pragma once

#include "ddtb/dll.h"

namespace ddtb::test {

struct DdsCApi {
  decltype(&::SolveBoard) SolveBoard;
  decltype(&::SolveBoardPBN) SolveBoardPBN;
  decltype(&::CalcDDtable) CalcDDtable;
  decltype(&::CalcDDtablePBN) CalcDDtablePBN;
  decltype(&::CalcAllTables) CalcAllTables;
  decltype(&::CalcAllTablesPBN) CalcAllTablesPBN;
  decltype(&::SolveAllBoards) SolveAllBoards;
  decltype(&::SolveAllChunksPBN) SolveAllChunksPBN;
  decltype(&::SolveAllChunksBin) SolveAllChunksBin;
  decltype(&::AnalysePlayBin) AnalysePlayBin;
  decltype(&::AnalysePlayPBN) AnalysePlayPBN;
  decltype(&::AnalyseAllPlaysPBN) AnalyseAllPlaysPBN;
  decltype(&::Par) Par;
  decltype(&::DealerPar) DealerPar;
  decltype(&::SidesPar) SidesPar;
  decltype(&::DealerParBin) DealerParBin;
  decltype(&::SidesParBin) SidesParBin;
  decltype(&::ConvertToDealerTextFormat) ConvertToDealerTextFormat;
  decltype(&::ConvertToSidesTextFormat) ConvertToSidesTextFormat;
  decltype(&::SetThreading) SetThreading;
  decltype(&::ErrorMessage) ErrorMessage;

  static const DdsCApi& get();
};

}  // namespace ddtb::test
