//===- FunctionPointers.h - Function addresses and indirect calls --*- C++ -*-===//
//
// Preparation makes function pointers values of the memory model and
// indirect calls direct ones (docs/semantics.md "Function pointers"):
//
//  * The address of a function is the address of an object of its own: a
//    one-byte constant whose contents the program cannot know (reading code
//    bytes is not modelled). It is stored, loaded, copied and compared like
//    any pointer, so a table of callbacks or a struct of allocator functions
//    is plain memory.
//  * An indirect call calls the function its pointer holds. The functions
//    it may hold are those whose address the program takes and whose type
//    is the call's; the call becomes a check that the pointer is one of
//    them (CheckKind::CallTarget: anything else -- null, an integer, a
//    function of another file -- is not the model's) and a choice among
//    direct calls, which the inliner then follows like any call.
//
//===----------------------------------------------------------------------===//

#ifndef PDPV_FUNCTIONPOINTERS_H
#define PDPV_FUNCTIONPOINTERS_H

namespace llvm {
class Module;
} // namespace llvm

namespace pdpv {

/// Indirect calls with more possible callees than this stay calls through a
/// pointer (unsupported): each would be inlined at every such call.
constexpr unsigned MaxIndirectCallees = 16;

void lowerFunctionPointers(llvm::Module &M);

} // namespace pdpv

#endif
