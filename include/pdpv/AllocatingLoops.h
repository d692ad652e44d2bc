//===- AllocatingLoops.h - Heap allocation in loops of few iterations -----===//
//
// The model gives each allocation site one object (Memory.h). A loop that
// calls malloc, calloc or free would need as many objects as iterations, so
// preparation peels such a loop: each iteration becomes a copy of the body
// with its own allocation sites, as many copies as the loop's constant bound
// allows (LLVM's ScalarEvolution), or DefaultCopies where it knows none. The
// exits of every copy stay as they were. Where the loop would go on past the
// last copy, a check of kind AllocationLoopBound ends the model: a proof
// stands only where that point is shown never to be reached, and otherwise
// the function is UNKNOWN with that reason. Nothing of the program is
// assumed: the check, not the bound the analysis found, keeps it exact.
//
//===----------------------------------------------------------------------===//

#ifndef PDPV_ALLOCATINGLOOPS_H
#define PDPV_ALLOCATINGLOOPS_H

namespace llvm {
class Function;
} // namespace llvm

namespace pdpv {

/// Iterations peeled off a loop whose bound ScalarEvolution does not know.
constexpr unsigned DefaultAllocatingLoopCopies = 8;
/// A loop that may run more iterations than this keeps its allocation in
/// a loop (unsupported): its copies would not be worth their size.
constexpr unsigned MaxAllocatingLoopCopies = 64;

/// Peels every loop of F that allocates or frees heap memory (innermost
/// first), within a size budget. Returns whether F changed.
bool peelAllocatingLoops(llvm::Function &F);

} // namespace pdpv

#endif
