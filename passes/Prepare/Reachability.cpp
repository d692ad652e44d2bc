//===- Reachability.cpp - The code an entry function can reach ------------===//

#include "pdpv/Reachability.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalAlias.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstIterator.h"

#include <functional>

using namespace llvm;

namespace pdpv {

unsigned dropUnreachableBodies(Module &M, ArrayRef<Function *> Entries) {
  SmallPtrSet<const Value *, 32> Seen;
  SmallVector<const Value *, 64> Work;
  auto Visit = [&](const Value *V) {
    if (Seen.insert(V).second)
      Work.push_back(V);
  };
  for (Function *F : Entries)
    Visit(F);
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val();
    if (const auto *F = dyn_cast<Function>(V)) {
      // Every value its instructions name: callees, addresses taken,
      // globals (whose initializers may hold further addresses).
      for (const Instruction &I : instructions(*F))
        for (const Value *Op : I.operands())
          if (isa<Constant>(Op))
            Visit(Op);
    } else if (const auto *G = dyn_cast<GlobalVariable>(V)) {
      if (G->hasInitializer())
        Visit(G->getInitializer());
    } else if (const auto *A = dyn_cast<GlobalAlias>(V)) {
      Visit(A->getAliasee());
    } else if (const auto *C = dyn_cast<Constant>(V)) {
      for (const Value *Op : C->operands())
        Visit(Op);
    }
  }
  // (Metadata names no code that runs; llvm.used keeps symbols, not runs.)
  unsigned Dropped = 0;
  for (Function &F : M)
    if (!F.isDeclaration() && !Seen.count(&F)) {
      F.deleteBody();
      F.setComdat(nullptr); // (a declaration is in none)
      ++Dropped;
    }
  // A table no entry reaches goes too, so that the functions in it are no
  // longer address-taken: no call through a pointer can reach them (they
  // would be candidates of every indirect call of their type, with no body).
  // An external one stays in a library, whose callers may pass its address.
  bool WholeProgram = Entries.size() == 1 && Entries[0]->getName() == "main";
  for (bool Erased = true; Erased;) {
    Erased = false;
    for (GlobalVariable &G : make_early_inc_range(M.globals()))
      if (!Seen.count(&G) && G.use_empty() && !G.getName().starts_with("llvm.") &&
          (G.hasLocalLinkage() || WholeProgram)) {
        G.eraseFromParent();
        Erased = true;
      }
  }
  for (Function &F : M) // (the constants that held their addresses, now unused)
    F.removeDeadConstantUsers();
  return Dropped;
}

std::vector<Function *> tooLargeToInline(Module &M, const std::set<const Function *> &Recursive) {
  DenseMap<const Function *, uint64_t> Inlined; // (MaxInlinedInstructions + 1: too large)
  std::vector<Function *> TooLarge;
  // Post-order over the calls (recursive functions are never inlined, so the
  // rest is acyclic).
  std::function<uint64_t(Function &)> Size = [&](Function &F) -> uint64_t {
    if (auto It = Inlined.find(&F); It != Inlined.end())
      return It->second;
    Inlined[&F] = 0; // (a cycle through a recursive function counts once)
    uint64_t N = 0;
    for (Instruction &I : instructions(F)) {
      ++N;
      if (const auto *CB = dyn_cast<CallBase>(&I))
        if (Function *Callee = CB->getCalledFunction(); Callee && inlinable(*Callee, Recursive)) {
          uint64_t C = Size(*Callee);
          N += C > MaxInlinedInstructions ? 0 : C;
        }
      if (N > MaxInlinedInstructions)
        break;
    }
    if (N > MaxInlinedInstructions)
      TooLarge.push_back(&F);
    return Inlined[&F] = std::min(N, MaxInlinedInstructions + 1);
  };
  for (Function &F : M)
    if (!F.isDeclaration() && !Recursive.count(&F))
      Size(F);
  return TooLarge;
}

} // namespace pdpv
