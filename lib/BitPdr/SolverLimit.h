//===- SolverLimit.h - When a CaDiCaL search must end (private) -*- C++ -*-===//
//
// CaDiCaL asks its terminator now and then during a search: at the deadline,
// or once another thread wants the run stopped, solve() returns 0.
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_BITPDR_SOLVERLIMIT_H
#define PDPV_BITPDR_SOLVERLIMIT_H

#include <cadical.hpp>

#include <atomic>
#include <chrono>

namespace pdpv {
namespace bitpdr {

class SolverLimit : public CaDiCaL::Terminator {
public:
  SolverLimit(std::chrono::steady_clock::time_point At, const std::atomic<bool> *Stop)
      : At(At), Stop(Stop) {}
  bool terminate() override {
    return (Stop && *Stop) || std::chrono::steady_clock::now() >= At;
  }

private:
  std::chrono::steady_clock::time_point At;
  const std::atomic<bool> *Stop;
};

} // namespace bitpdr
} // namespace pdpv

#endif
