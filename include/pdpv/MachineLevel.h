//===- MachineLevel.h - Constructs below C that the model runs exactly ----===//
//
// Preparation replaces constructs below C by what they do in the one
// thread the model runs: thread-local variables' addresses, inline assembly
// with an empty template (a compiler barrier), and byte swaps written as
// x86 assembly or as the C library's ntohl/htonl/ntohs/htons; and glibc's
// <ctype.h> tables; IEEE 754 arithmetic as operations on bits
// (MachineLevel.cpp, CTypeTables.cpp, FloatsAsBits.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef PDPV_MACHINELEVEL_H
#define PDPV_MACHINELEVEL_H

namespace llvm {
class Module;
} // namespace llvm

namespace pdpv {

void lowerThreadLocalAddresses(llvm::Module &M);
void lowerEmptyInlineAsm(llvm::Module &M);
void lowerByteSwaps(llvm::Module &M);
/// glibc's <ctype.h> macros read tables through __ctype_b_loc(),
/// __ctype_tolower_loc() and __ctype_toupper_loc(): each call becomes the
/// address of a constant copy of the table the C library has in the "C"
/// locale -- the one a program runs in until it calls setlocale, so a module
/// that names setlocale, uselocale or newlocale keeps the calls (unknown).
/// The index range is the C library's, -128 to 255: beyond it an access is
/// out of bounds, as it is on the machine.
void lowerCTypeTables(llvm::Module &M);
/// float and double become their bits: each operation a pdpv.float call
/// (FloatingPoint.h), and <math.h>'s exactly rounded functions (sqrt where
/// the program does not read errno, floor, fmin, ...) with them.
void lowerFloatingPoint(llvm::Module &M);

} // namespace pdpv

#endif
