// The fitted move-ordering model (solver/order_model.hpp): its weights are
// solver/order_model_weights.inc, written by bench/fit_order_model.py (that
// file's head gives the data and the command that reproduce it).
#include "solver/order_model.hpp"

namespace ddtb::detail {

const OrderModel kLearnedOrderModel = {
#include "solver/order_model_weights.inc"
};

}  // namespace ddtb::detail
