//===- Intrinsics.h - The pdpv.* vocabulary in LLVM IR ---------*- C++ -*-===//
//
// Every stage of the pipeline communicates through a handful of marker
// functions in the IR. They are ordinary declarations (not LLVM intrinsics) so
// that the IR stays valid and printable between passes:
//
//   iN   @pdpv.nondet.iN()              a fresh program input (__VERIFIER_nondet_*)
//   void @pdpv.assume(i1 %c)            paths with !%c are discarded
//   void @pdpv.assert(i1 %c)            a property: %c must hold; afterwards %c is assumed
//   void @pdpv.check(i32 kind, i1 %ok)  undefined behaviour is about to happen unless %ok
//                                       (CheckKind): division traps stop the run there
//   void @pdpv.loop.invariant(i32 id) [ "pdpv.update"(U_l...), "pdpv.read"(R_l...) ]
//                                       LI_l(U_l, R_l) at the loop header (thesis Alg. 4.1)
//   T    @pdpv.variant.T(T %begin)      x_e: value of a loop variable after any number
//                                       of iterations entered with %begin (= x_b)
//   void @pdpv.backedge(i32 id) [ "pdpv.next"(x_tail...) ]
//                                       the values a loop iteration hands to the next one
//   T    @pdpv.undefined.T()            an arbitrary value the program does not choose
//                                       (a shift by >= its width); never a program input
//   void @pdpv.havoc.bytes(ptr %p, i64 %n)  the n bytes from p are arbitrary (__pdpv_havoc)
//   void @pdpv.havoc(ptr %object)       the object's contents are arbitrary, an input (a local too
//                                       large to initialize leaf by leaf, a global array
//                                       seen from an entry other than main)
//   pdpv.check(OutOfBounds, true) !pdpv.access   the memory access that follows is valid
//                                       (Memory.h: decided by the encoder and interpreter)
//   call @f(...) !pdpv.opaque           a call the model passes without following it,
//   fadd ... !pdpv.opaque               floating-point arithmetic it does not compute
//                                       (OpaqueValues.h): an integer result is arbitrary
//
// Loop ids are per function, numbered in loop preorder from 1.
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_INTRINSICS_H
#define PDPV_INTRINSICS_H

#include "pdpv/Property.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/IR/Instructions.h"

#include <optional>
#include <string>

namespace pdpv {

enum class MarkerKind {
  None, Nondet, Assume, Assert, Check, LoopInvariant, Variant, Backedge, Undefined, Havoc, HavocBytes,
  Valid
};

constexpr llvm::StringLiteral UpdateBundle = "pdpv.update";
constexpr llvm::StringLiteral ReadBundle = "pdpv.read";
constexpr llvm::StringLiteral NextBundle = "pdpv.next";
/// On pdpv.nondet calls: where the input comes from, e.g.
/// "__VERIFIER_nondet_int()" or "initial value of global 'g'"; for an
/// uninitialized local variable also its site number (Uninitialized.h).
constexpr llvm::StringLiteral OriginMetadata = "pdpv.origin";
/// On pdpv.nondet calls whose bits the program reads as a float or double
/// (FloatingPoint.h): a counterexample shows them as one.
constexpr llvm::StringLiteral FloatInputMetadata = "pdpv.float.input";
/// On pdpv.havoc.bytes markers of the program's own __pdpv_havoc calls
/// (include/pdpv-verify.h's copy, which a native run calls too, unlike a C
/// library model's): a counterexample hands their bytes to the harness.
constexpr llvm::StringLiteral ProgramHavocMetadata = "pdpv.program.havoc";

/// Classifies a call as one of the markers above.
MarkerKind markerKind(const llvm::Instruction &I);
inline bool isMarker(const llvm::Instruction &I, MarkerKind K) { return markerKind(I) == K; }

llvm::FunctionCallee nondetFunction(llvm::Module &M, llvm::IntegerType *Ty);
llvm::FunctionCallee variantFunction(llvm::Module &M, llvm::Type *Ty);
llvm::FunctionCallee assumeFunction(llvm::Module &M);
llvm::FunctionCallee assertFunction(llvm::Module &M);
llvm::FunctionCallee checkFunction(llvm::Module &M);
/// The kind operand of a pdpv.check call.
CheckKind checkKindOf(const llvm::CallBase &Check);
llvm::FunctionCallee loopInvariantFunction(llvm::Module &M);
llvm::FunctionCallee undefinedFunction(llvm::Module &M, llvm::Type *Ty);
llvm::FunctionCallee havocFunction(llvm::Module &M);
/// void pdpv.havoc.bytes(ptr P, i64 N): the N bytes from P get arbitrary
/// values (a write access, checked like memset's); what the program's
/// __pdpv_havoc(p, n) means to the model.
llvm::FunctionCallee havocBytesFunction(llvm::Module &M);
/// i1 pdpv.valid(ptr P, i64 N): the N bytes from P lie in one live object
/// (Memory.h); what the program's __pdpv_valid(p, n) means to the model.
llvm::FunctionCallee validFunction(llvm::Module &M);

/// Where an input comes from (OriginMetadata), and for an uninitialized
/// local variable its site number.
void setOrigin(llvm::Instruction &I, const std::string &What,
               std::optional<unsigned> Site = std::nullopt);
struct Origin {
  std::string What;
  std::optional<unsigned> Site;
};
std::optional<Origin> originOf(const llvm::Instruction &I);
llvm::FunctionCallee backedgeFunction(llvm::Module &M);

/// On an instruction whose value the model does not compute (preparation,
/// OpaqueValues.h): a call that writes nothing the function reads
/// afterwards, or floating-point arithmetic. Its integer result is
/// arbitrary, any other it has none; for a call, whether it returns at all
/// is not known either.
constexpr llvm::StringLiteral OpaqueMetadata = "pdpv.opaque";
struct OpaqueValue {
  /// "call to external function 'f'", "recursive call to 'g'",
  /// "floating-point arithmetic"
  std::string What;
  /// Known to return (arithmetic, a C library output function, willreturn):
  /// a run through it is a run of the program. Otherwise a failure after
  /// it is one only if the call returns.
  bool Returns;
};
void markOpaque(llvm::Instruction &I, const std::string &What, bool Returns);
inline bool isOpaque(const llvm::Instruction &I) { // (the interpreter asks per step)
  return I.hasMetadataOtherThanDebugLoc() && I.getMetadata(OpaqueMetadata);
}
std::optional<OpaqueValue> opaqueValue(const llvm::Instruction &I);

/// The include/pdpv-verify.h function F is ("__pdpv_valid", "__pdpv_havoc"),
/// or empty. They are static: a program linked from several files keeps
/// each file's copy, renamed "__pdpv_valid.1"...
llvm::StringRef verifyHeaderFunction(const llvm::Function &F);

/// The loop id operand of a pdpv.loop.invariant or pdpv.backedge call.
unsigned loopIdOf(const llvm::CallBase &Marker);
/// Operands of the named bundle (empty if absent).
llvm::SmallVector<llvm::Value *, 8> bundleValues(const llvm::CallBase &Marker,
                                                 llvm::StringRef Tag);

} // namespace pdpv

#endif
