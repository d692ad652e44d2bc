//===- InterpreterRun.h - One run of the interpreter ------------*- C++ -*-===//
//
// The state of a concrete run (Interpreter.h), shared by the interpreter's
// instructions (Interpreter.cpp) and its memory (InterpreterMemory.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_MODEL_INTERPRETERRUN_H
#define PDPV_MODEL_INTERPRETERRUN_H

#include "pdpv/Acceleration.h"
#include "pdpv/Interpreter.h"
#include "pdpv/LLVMCompat.h"
#include "pdpv/Memory.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <optional>
#include <vector>

namespace pdpv {
namespace interpreter {

using namespace llvm;

constexpr size_t MaxPathLength = 100'000;
/// Loop-head states remembered for detecting infinite loops (8 bytes each).
constexpr size_t MaxRememberedStates = 1u << 22;

class Run {
public:
  Run(const Function &F, InputOracle &Oracle, const InterpretOptions &Opts)
      : F(F), Oracle(Oracle), Opts(Opts), DL(F.getParent()->getDataLayout()),
        OffBits(offsetBits(DL)), PtrBits(pointerBits(DL)) {}

  Execution go();

private:
  APInt operand(const Instruction &I, unsigned Idx);
  /// Executes one non-phi instruction; returns false if the run ends here.
  bool step(const Instruction &I);
  const BasicBlock *successor(const Instruction &T);
  bool end(Execution::Outcome O, const Instruction &I) {
    E.Result = O;
    E.At = &I;
    return false;
  }
  /// An operation on N bytes (memset, memcpy, a havoc) costs N steps: one
  /// beyond the run's step limit or past its deadline ends the run before
  /// it starts (a byte loop of gigabytes would ignore both). False then.
  bool affordable(uint64_t N, const Instruction &I) {
    E.Steps += N;
    if (E.Steps > Opts.MaxSteps)
      return end(Execution::StepLimit, I);
    if (N >= (1u << 16) && std::chrono::steady_clock::now() >= Opts.Deadline)
      return end(Execution::TimeLimit, I);
    return true;
  }
  /// Whether a byte loop at its K-th byte is still within the deadline:
  /// a byte the oracle takes from a solver's model can cost a
  /// millisecond, and a million of them (a havoc or a copy of a model's
  /// long buffer) outlast any engine's time. (The clock every 4096 bytes.)
  bool inTime(uint64_t K, const Instruction &I) {
    if (K % 4096 != 4095 || std::chrono::steady_clock::now() < Opts.Deadline)
      return true;
    return end(Execution::TimeLimit, I);
  }
  bool fail(CheckKind K, const Instruction &I) {
    E.Failure = K;
    return end(Execution::Failed, I);
  }
  /// True if BB is a loop header entered in a state seen before with no
  /// input read since: the run would repeat itself forever.
  bool revisits(const BasicBlock &BB);
  /// Entering loop L from outside with its phis set: when L only advances
  /// them (Acceleration.h), moves them on to the first iteration that
  /// leaves the loop.
  void accelerate(const Loop &L);

  // Memory (Memory.h).
  /// Byte Index of stored pointer Ptr; Undefined: a pointer no run chose
  /// (an uninitialized one, or what the caller's memory held).
  struct StoredByte {
    APInt Ptr;
    unsigned Index;
    bool Undefined;
  };
  struct Object {
    uint64_t Size;
    bool Writable;
    // Sparse: only the bytes written (or read once); the others are zero
    // (ZeroFilled: an initializer) or chosen by Unknown.
    DenseMap<uint64_t, uint8_t> Bytes;
    DenseMap<uint64_t, int> From; // the uninitialized input a byte holds (index)
    /// The bytes of stored pointers (Memory.h).
    DenseMap<uint64_t, StoredByte> Stored;
    bool ZeroFilled;
    const Value *Unknown;     // what chose the other bytes: havoc call or the site
    unsigned Occurrence;
    bool Heap = false, Freed = false;
    const Value *Site = nullptr; // its alloca, global, heap call or parameter
  };
  /// Executes a memory instruction; nothing if I is none.
  std::optional<bool> memory(const Instruction &I);
  unsigned objectFor(const Value *Site);
  /// A new object of Site (its bytes unwritten, chosen by Site's
  /// Occurrence-th contents), the one Site names from now on; its id.
  unsigned addObject(const Value *Site, uint64_t Size, bool Writable, unsigned Occurrence);
  APInt pointer(unsigned Id, uint64_t Off) const {
    APInt P = truncatedAPInt(PtrBits, Off);
    P.insertBits(APInt(ObjectIdBits, Id), OffBits);
    return P;
  }
  unsigned idOf(const APInt &P) const { return P.extractBitsAsZExtValue(ObjectIdBits, OffBits); }
  uint64_t offsetOf(const APInt &P) const { return P.extractBitsAsZExtValue(OffBits, 0); }
  /// P's address in this run's layout: a base per object, plus the offset
  /// (a run that uses it depends on an undefined value, the layout).
  APInt addressOf(const APInt &P) const {
    return truncatedAPInt(OffBits, (uint64_t(idOf(P)) << (OffBits / 2)) + offsetOf(P));
  }
  /// Writes plain byte B at P + K (From: the uninitialized input it holds).
  void writeByte(const APInt &P, uint64_t K, uint8_t B, int From = -1);
  /// Writes pointer V's bytes at P + At.
  void writePointer(const APInt &P, uint64_t At, const APInt &V, bool Undefined = false);
  /// Byte Off of O, from a cell the oracle chose (Memory.h).
  uint8_t chosenByte(Object &O, uint64_t Off, const APInt &Cell);
  /// The pointers to globals in a constant, written at P.
  void writePointers(const APInt &P, const std::vector<PointerSlot> &Pointers);
  /// The pointer L loads from P (Memory.h).
  APInt loadPointer(const LoadInst &L, const APInt &P);
  /// Whether the model follows a pointer loaded from memory into object Id:
  /// one whose address the function stores (Memory.h, storedObjects).
  bool followed(unsigned Id);
  std::optional<std::optional<SmallPtrSet<const Value *, 8>>> StoredSites; // (once computed)
  uint64_t length(const Instruction &I, unsigned Idx, bool &Fits);
  bool valid(const Instruction &I);
  /// Whether the Len bytes from P lie in one live object (writable, for a write).
  bool inObject(const APInt &P, uint64_t Len, bool Write) const;
  /// The objects of the pointer parameters (Memory.h), as the encoder has them.
  void pointerParameters();
  /// malloc, calloc or free (Memory.h).
  bool heap(const CallBase &Call, HeapCall K);
  uint8_t readByte(Object &O, uint64_t Off, const Instruction &At);
  APInt comparePointers(const ICmpInst &I);

  const Function &F;
  InputOracle &Oracle;
  const InterpretOptions &Opts;
  DenseMap<const Value *, APInt> Vals;
  DenseMap<std::pair<const Value *, unsigned>, unsigned> Seen;
  unsigned InputsRead = 0; // nondet and arbitrary values, in this run
  DominatorTree DT{const_cast<Function &>(F)};
  LoopInfo Loops{DT};
  DenseSet<size_t> HeadStates;
  DenseMap<const Loop *, std::optional<AcceleratedLoop>> Accelerated; // (analyzed once)
  Execution E;
  const DataLayout &DL;
  unsigned OffBits, PtrBits;
  std::vector<Object> Objects; // id - 1
  DenseMap<const Value *, unsigned> ObjectIds;
  uint64_t Writes = 0;
  const Instruction *LastContentRead = nullptr; // of a parameter's object
  /// Uninitialized variables' values (their pdpv.nondet calls) not read yet,
  /// by their index in E.Inputs.
  DenseMap<const Value *, int> Uninitialized;
};

} // namespace interpreter
} // namespace pdpv

#endif
