//===- OpaqueValues.h - What the model passes without computing -*- C++ -*-===//
//
// Part of preparation (Prepare.h). A call PDPV cannot follow (a function of
// another file, a recursive or weak one, the C library) or a floating-point
// computation used to make every property of the function UNKNOWN, even one
// it cannot influence. Such an instruction can instead be *passed* -- its
// integer result an arbitrary value, the run going on after it (marked
// with Intrinsics.h's OpaqueMetadata).
//
// A call, exactly where nothing the function reads afterwards can have been
// changed by it:
//
//  * the callee writes no memory (readnone/readonly, as declared), or is one
//    of the C library's output functions writing to stdout or stderr, with a
//    constant format without %n (printf, fprintf, puts, fputs, putchar,
//    fputc, putc, perror): these write only their stream;
//  * or nothing the function does with memory can see what another function
//    did: it reads no global that is not constant (anywhere in the
//    function, before or after the call), nothing of its caller's memory,
//    only locals and heap blocks whose address it never lets out (LLVM's
//    capture tracking); and it writes or frees no memory the callee could
//    have freed (its caller's, a heap block whose address got out).
//
// A call that returns twice (setjmp) never qualifies. Floating-point
// arithmetic (operations, comparisons, conversions, side-effect-free
// intrinsics), where its floating-point values stay in the block that
// makes them: they never become state of a loop or of the symbolic
// encoding.
//
// What is then not known is the result and, for a call, whether it returns
// at all. Both go into the evidence rather than into a guess: a proof holds
// for every result (and for a call that does not return the property is not
// reached); a failing run that uses the result, or that passes a call not
// known to return, is no verdict of the model's: UNKNOWN naming what it
// passed (Counterexample.cpp), unless the program, run natively on the
// run's inputs, fails there too (CheckResult::AwaitsNativeRun). Accesses a
// callee makes itself are not checked.
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_OPAQUEVALUES_H
#define PDPV_OPAQUEVALUES_H

#include "llvm/IR/Function.h"

#include <set>

namespace pdpv {

/// Whether F, an entry function after inlining and before its globals get
/// register copies, may read a global variable that is not constant.
bool mayReadWritableGlobal(const llvm::Function &F);

/// Marks the calls of F that the model may pass (Intrinsics.h,
/// OpaqueMetadata), ReadsGlobals as mayReadWritableGlobal said before
/// globals got register copies. Called then with ReadsGlobals set (the
/// output functions' streams are still loads of stdout and stderr), and
/// again on the simplified function.
void markOpaqueCalls(llvm::Function &F, bool ReadsGlobals,
                     const std::set<const llvm::Function *> &Recursive);

/// Marks F's floating-point arithmetic (OpaqueMetadata): its integer results
/// (comparisons, conversions) are arbitrary, its floating-point values are
/// not computed. Only where those values stay in the block that makes them;
/// on the simplified function, whose blocks are final.
void markFloatingPoint(llvm::Function &F);

} // namespace pdpv

#endif
