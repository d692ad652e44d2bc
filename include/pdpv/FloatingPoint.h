//===- FloatingPoint.h - IEEE 754 arithmetic on bits, both ways -*- C++ -*-===//
//
// The model computes with `float` and `double` as their IEEE 754 bits.
// Preparation (passes/Prepare/FloatsAsBits.cpp) rewrites a function's
// floating-point values into integers of the same width: loads, stores,
// phis and selects move bits; fneg, fabs and copysign are bit operations;
// every operation that rounds or classifies becomes a call
//
//   iR @pdpv.float.<op>[.<param>].i<R>(iA...)
//
// whose meaning is defined here twice, as Z3 terms for the encoder (Z3's
// floating-point theory, bit-blasted by its fpa2bv tactic so that every
// engine, the simulation and the second solver see bit-vectors only) and on
// APFloat for the interpreter, in the same order.
//
// Semantics (x86-64 with SSE, the C default environment):
//  * Round to nearest, ties to even; subnormals kept (no flush to zero).
//  * A NaN result of an operation is a quiet NaN whose sign and payload
//    LLVM leaves open: any one in the encoder, the machine's in the
//    interpreter (the first NaN operand quieted, else the default NaN).
//  * fptosi/fptoui of NaN or out of range is poison: an arbitrary value.
//  * minnum/maxnum of +0 and -0 may give either.
//
//===----------------------------------------------------------------------===//

#ifndef PDPV_FLOATINGPOINT_H
#define PDPV_FLOATINGPOINT_H

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/InstrTypes.h"

#include <z3++.h>

#include <map>
#include <optional>
#include <string>

namespace llvm {
class Module;
}

namespace pdpv {

enum class FloatOp {
  Add, Sub, Mul, Div, Rem, Sqrt, Fma, // arithmetic, rounded once
  Compare,                            // Param: the fcmp predicate
  ToSigned, ToUnsigned,               // fptosi/fptoui (toward zero)
  FromSigned, FromUnsigned,           // sitofp/uitofp
  Convert,                            // fpext/fptrunc
  RoundToIntegral,                    // Param: llvm::RoundingMode (floor, ceil, ...)
  MinNum, MaxNum,                     // llvm.minnum/maxnum (C's fmin/fmax)
  IsClass,                            // Param: the llvm::FPClassTest mask
};

struct FloatCall {
  FloatOp Op;
  unsigned Param = 0;
};

/// The types the model computes with: float and double.
bool isModelledFloat(const llvm::Type *T);

/// The format of a float of that many bits: IEEE single for 32, double for 64.
const llvm::fltSemantics &semanticsOf(unsigned Bits);

/// The call's operation, if it is a pdpv.float call.
std::optional<FloatCall> floatCallOf(const llvm::CallBase &CB);

/// The pdpv.float function of Op with that signature (integers only).
llvm::FunctionCallee floatFunction(llvm::Module &M, FloatCall Op, llvm::IntegerType *Result,
                                   llvm::ArrayRef<llvm::Type *> Operands);

/// Whether Op's result may be a value the program does not choose (a NaN's
/// payload, poison, a signed zero of minnum): then the encoder hands it an
/// arbitrary value of the result's width.
bool needsArbitrary(FloatOp Op);

/// The encoder's side: each operation as a bit-vector term over its
/// operands, made once per kind and width and then instantiated.
class FloatEncoding {
public:
  explicit FloatEncoding(z3::context &C) : Ctx(C) {}
  /// Op on the bits Args, with a result of ResultBits bits; Arbitrary (of
  /// ResultBits bits) only when needsArbitrary(Op.Op).
  z3::expr encode(FloatCall Op, unsigned ResultBits, llvm::ArrayRef<z3::expr> Args,
                  const z3::expr *Arbitrary);

private:
  struct Template {
    z3::expr_vector Placeholders;
    z3::expr Body;
  };
  z3::context &Ctx;
  std::map<std::string, Template> Templates;
};

/// The interpreter's side: Op on the bits Args, or nothing where the result
/// is poison (the caller takes an arbitrary value).
std::optional<llvm::APInt> evaluateFloatCall(FloatCall Op, unsigned ResultBits,
                                             llvm::ArrayRef<llvm::APInt> Args);

} // namespace pdpv

#endif
