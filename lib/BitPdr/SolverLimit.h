//===- SolverLimit.h - When a CaDiCaL search must end (private) -*- C++ -*-===//
//
// CaDiCaL asks its terminator now and then during a search: at the deadline,
// or once another thread wants the run stopped, solve() returns 0. Every
// solver of lib/BitPdr is attached to one.
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

  /// Puts S under this limit, and silences it: CaDiCaL writes some messages
  /// to stdout, where pdpv-mc's answer goes.
  void attach(CaDiCaL::Solver &S) {
    S.set("quiet", 1);
    S.connect_terminator(this);
  }

private:
  std::chrono::steady_clock::time_point At;
  const std::atomic<bool> *Stop;
};

} // namespace bitpdr
} // namespace pdpv

#endif
