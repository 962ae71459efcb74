// Error values for the C++ API.
//
// The C++ API reports bad input as a value, never by throwing or printing:
// every function that can fail on user input returns Expected<T>, which holds
// either the result or an Error naming what is wrong and where. Broken internal
// invariants are asserts, not errors.
#pragma once

#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace ddtb {

enum class ErrorCode {
  kSyntax,         // malformed text (PBN, card, option)
  kCardCount,      // wrong number of cards in a hand or a deal
  kDuplicateCard,  // a card appears twice
  kBadTrick,       // the cards of the current trick break a rule or the hands
  kBadArgument,    // a value out of range (strain, seat, memory size...)
  kIo,             // a file could not be read or written
  kCorruptData,    // a file's contents fail validation
  kNotFound,       // nothing at the given place (no tablebase, no board)
  kCancelled,      // the caller stopped the work (a progress callback said so)
};

struct Error {
  ErrorCode code;
  std::string message;  // human-readable: what is wrong and where
};

template <class T>
class [[nodiscard]] Expected {
 public:
  Expected(T value) : v_(std::in_place_index<0>, std::move(value)) {}      // NOLINT
  Expected(Error error) : v_(std::in_place_index<1>, std::move(error)) {}  // NOLINT

  bool has_value() const { return v_.index() == 0; }
  explicit operator bool() const { return has_value(); }

  T& value() & {
    assert(has_value());
    return std::get<0>(v_);
  }
  const T& value() const& {
    assert(has_value());
    return std::get<0>(v_);
  }
  T&& value() && {
    assert(has_value());
    return std::get<0>(std::move(v_));
  }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }

  const Error& error() const {
    assert(!has_value());
    return std::get<1>(v_);
  }

 private:
  std::variant<T, Error> v_;
};

// Success or an Error, for operations without a result.
template <>
class [[nodiscard]] Expected<void> {
 public:
  Expected() = default;
  Expected(Error error) : error_(std::move(error)), failed_(true) {}  // NOLINT

  bool has_value() const { return !failed_; }
  explicit operator bool() const { return has_value(); }
  const Error& error() const {
    assert(failed_);
    return error_;
  }

 private:
  Error error_{ErrorCode::kSyntax, {}};
  bool failed_ = false;
};

}  // namespace ddtb
