//===- MachineLevel.h - Constructs below C that the model runs exactly ----===//
//
// Preparation replaces constructs below C by what they do in the one
// thread the model runs: thread-local variables' addresses, inline assembly
// with an empty template (a compiler barrier), and byte swaps written as
// x86 assembly or as the C library's ntohl/htonl/ntohs/htons.
// (MachineLevel.cpp)
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

} // namespace pdpv

#endif
