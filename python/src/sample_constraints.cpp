// single_dummy()'s where= and accept= (sample_constraints.hpp).
#include "sample_constraints.hpp"

#include "ddtb/deal_script.hpp"

namespace ddtb::python {

namespace py = pybind11;

SampleConstraints::SampleConstraints(py::handle where, py::handle accept) {
  if (!where.is_none()) {
    if (!py::isinstance<py::str>(where))
      throw py::type_error("where: a dealer script or expression (str)");
    where_ = where.cast<std::string>();
    if (where_->find('\0') != std::string::npos) throw py::value_error("where: a NUL character");
    const auto script = DealScript::compile(*where_);
    if (!script) throw py::value_error("where: " + script.error().message);
  }
  if (!accept.is_none()) {
    if (!PyCallable_Check(accept.ptr()))
      throw py::type_error("accept: a callable taking a ddtb.Deal");
    accept_ = py::reinterpret_borrow<py::object>(accept);
  }
}

void SampleConstraints::apply(DealSpec& spec) {
  if (where_) spec.script = where_->c_str();
  if (accept_) {
    spec.accept = [](void* context, const Deal& deal) {
      return static_cast<SampleConstraints*>(context)->call(deal);
    };
    spec.accept_context = this;
  }
}

bool SampleConstraints::call(const Deal& deal) {
  py::gil_scoped_acquire gil;
  if (failed_) return true;
  try {
    const py::object r = accept_(deal);
    if (PyErr_CheckSignals() != 0) throw py::error_already_set();
    return PyObject_IsTrue(r.ptr()) == 1;
  } catch (py::error_already_set& e) {
    failed_ = true;
    error_.emplace(std::move(e));
  } catch (const std::exception& e) {
    failed_ = true;
    PyErr_SetString(PyExc_RuntimeError, e.what());
    error_.emplace();
  }
  return true;
}

void SampleConstraints::raise_if_failed() {
  if (!failed_) return;
  error_->restore();
  error_.reset();
  throw py::error_already_set();
}

}  // namespace ddtb::python
