//===- SharedMemory.h - Atomic and volatile accesses in one thread --------===//
//
// The model runs one thread: the entry's. Preparation gives the accesses
// that C reserves for memory shared with other agents their meaning there.
//
// - Atomic operations are the operations themselves, done at once: a load,
//   a store, a read-modify-write (atomicrmw: load, compute, store; cmpxchg:
//   load, compare, store if equal, never failing spuriously, as x86's
//   `lock cmpxchg` does not), and a fence is nothing.
//   In a program (the entry is `main`) that is exact: another thread comes
//   only from a call the model does not follow (pthread_create), which
//   makes what it can affect unknown already. A library function's callers
//   may run threads beside it, and an atomic object is one they may write:
//   there its atomic reads are volatile ones (below).
// - A volatile object "may be modified in ways unknown to the
//   implementation" (C11 6.7.3): a signal handler, a device, another
//   thread. By default a volatile read therefore gives an arbitrary value
//   (a failing run that depends on it is never a confirmed FALSE), and a
//   volatile copy writes arbitrary bytes.
// - Under assume-no-other-writers nothing but the thread the model runs
//   writes them (SeaHorn's and CBMC's reading, and the unit proofs'): a
//   volatile or atomic access is an ordinary one. Either way the access
//   itself is checked like any other.
// - A pointer kept in memory as an integer of its width (atomic pointers
//   are stored so: `__atomic_store_n((size_t *)&v, (size_t)p, ...)`) is
//   loaded back as the pointer it was: storing ptrtoint(p) stores p (the
//   same bytes), and inttoptr of a loaded integer loads a pointer from the
//   same bytes -- exactly the pointer stored there, or, where the bytes are
//   no stored pointer, one the model does not follow (Memory.h).
//
//===----------------------------------------------------------------------===//

#ifndef PDPV_SHAREDMEMORY_H
#define PDPV_SHAREDMEMORY_H

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace pdpv {

/// Every atomic operation of M as the plain operations it does in one
/// thread; they are volatile where Shared (another thread may write the
/// object), else as volatile as the operation was.
void lowerAtomics(llvm::Module &M, bool Shared);

/// Before simplification: unless NoOtherWriters, each volatile read's value
/// is replaced by an arbitrary one (the read stays, volatile, so that LLVM
/// keeps it and its access is checked), and a volatile copy is followed by
/// a havoc of its destination; under NoOtherWriters, volatile accesses
/// become ordinary.
void giveVolatileAccessesMeaning(llvm::Function &F, bool NoOtherWriters);

/// After simplification: the volatile flags that remain (their meaning is
/// given) are dropped, so that the model takes the accesses.
void dropVolatileFlags(llvm::Function &F);

/// After simplification: pointers kept in memory as integers, loaded back
/// as pointers (above).
void keepPointersThroughIntegers(llvm::Function &F);

} // namespace pdpv

#endif
