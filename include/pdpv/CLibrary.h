//===- CLibrary.h - The C library functions PDPV models as code -*- C++ -*-===//
//
// Part of the C library is given to the model as code: each function of
// lib/CLibrary/models is the C standard's, written as byte loops, compiled
// to bitcode when PDPV is built and linked into the module under
// verification in place of the library's declaration. Every engine, the
// interpreter and the bounds checks then see what the call reads and writes.
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_CLIBRARY_H
#define PDPV_CLIBRARY_H

#include "llvm/IR/Module.h"

namespace pdpv {

/// Links the model of every C library function M declares and calls (and
/// does not define) into M, as internal definitions that inlining takes like
/// the program's own. M's data layout picks the 32- or 64-bit build of the
/// models; on a target whose pointers and `size_t` differ from x86's,
/// nothing is linked (the calls stay calls into the library), and neither
/// are the number conversions where the program may change the locale.
void linkCLibraryModels(llvm::Module &M);

} // namespace pdpv

#endif
