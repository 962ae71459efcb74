// The C boundary: no C++ exception ever reaches a C caller.
#pragma once

#include <new>
#include <system_error>

#include "ddtb/dll.h"

namespace ddtb::capi {

// Runs `body` (returning a DDS code) and turns any exception into a code:
// a failed thread start into RETURN_THREAD_CREATE, anything else (out of
// memory included) into RETURN_UNKNOWN_FAULT.
template <class Body>
int guarded(Body&& body) noexcept {
  try {
    return body();
  } catch (const std::system_error&) {
    return RETURN_THREAD_CREATE;
  } catch (...) {
    return RETURN_UNKNOWN_FAULT;
  }
}

// For the void functions of the API: exceptions are swallowed.
template <class Body>
void guarded_void(Body&& body) noexcept {
  try {
    body();
  } catch (...) {
  }
}

}  // namespace ddtb::capi
