// The context-free functions of DDS 3.1's dds_c_api.h: dll.h's par, text,
// information and error functions under DDS 3's names and argument order.
// DDS 3 takes the tables and par results as const; the functions forwarded
// to only read them.
#include "ddtb/dds_c_api.h"

namespace {

ddTableResults* mutable_table(const ddTableResults* table) {
  return const_cast<ddTableResults*>(table);
}

parResultsMaster* mutable_master(const parResultsMaster* par) {
  return const_cast<parResultsMaster*>(par);
}

}  // namespace

int dds_c_par_from_table(const ddTableResults* table, int vulnerable, parResults* par) {
  return Par(mutable_table(table), par, vulnerable);
}

int dds_c_sides_par(const ddTableResults* table, parResultsDealer sides_res[2], int vulnerable) {
  return SidesPar(mutable_table(table), sides_res, vulnerable);
}

int dds_c_dealer_par(const ddTableResults* table, parResultsDealer* par, int dealer,
                     int vulnerable) {
  return DealerPar(mutable_table(table), par, dealer, vulnerable);
}

int dds_c_dealer_par_bin(const ddTableResults* table, parResultsMaster* par, int dealer,
                         int vulnerable) {
  return DealerParBin(mutable_table(table), par, dealer, vulnerable);
}

int dds_c_sides_par_bin(const ddTableResults* table, parResultsMaster sides_res[2],
                        int vulnerable) {
  return SidesParBin(mutable_table(table), sides_res, vulnerable);
}

int dds_c_convert_to_dealer_text_format(const parResultsMaster* par, char* resp) {
  return ConvertToDealerTextFormat(mutable_master(par), resp);
}

int dds_c_convert_to_sides_text_format(const parResultsMaster par[2], parTextResults* resp) {
  return ConvertToSidesTextFormat(mutable_master(par), resp);
}

void dds_c_get_dds_info(DDSInfo* info) {
  GetDDSInfo(info);
}

void dds_c_error_message(int code, char line[80]) {
  ErrorMessage(code, line);
}
