// The command-line verifier: compiles the C file with clang-19, verifies it
// like the plugin, prints the diagnostics and a last line with the result.
// Exit codes: 0 TRUE, 10 FALSE, 20 UNKNOWN.
// RUN: sh -c 'pdpv %s; echo "exit $?"' | FileCheck-19 %s
// RUN: sh -c 'pdpv --clang-arg=-DUNSAFE %s; echo "exit $?"' | FileCheck-19 %s --check-prefix=UNSAFE
// LLVM IR (text or bitcode) is read as is:
// RUN: clang-19 -g -S -emit-llvm %s -o %t.ll
// RUN: sh -c 'pdpv %t.ll; echo "exit $?"' | FileCheck-19 %s
// RUN: clang-19 -g -c -emit-llvm -DUNSAFE %s -o %t.bc
// RUN: sh -c 'pdpv %t.bc; echo "exit $?"' | FileCheck-19 %s --check-prefix=UNSAFE
// A time limit gives UNKNOWN with the reason:
// RUN: sh -c 'pdpv --timeout=1 %S/../Inputs/mul-div-64.c; echo "exit $?"' | FileCheck-19 %s --check-prefix=TIME
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int);

int main(void) {
  unsigned n = __VERIFIER_nondet_uint(), x = 0;
  for (unsigned i = 0; i < n; i++)
    x += 2;
#ifdef UNSAFE
  __VERIFIER_assert(x < 6);
#else
  __VERIFIER_assert(x % 2 == 0);
#endif
  return 0;
}
// CHECK: result.c:23:3: remark: assertion proved [pdpv]
// CHECK: result.c:18:3: remark: loop invariant: {{.*}}(x - x_0) == 2 * (i - i_0) (wrapping) [pdpv]
// CHECK: {{^}}Result: TRUE{{$}}
// CHECK-NEXT: exit 0
// UNSAFE: result.c:21:3: warning: assertion can fail [pdpv]
// UNSAFE-NEXT: result.c:17:16: note: input 1: __VERIFIER_nondet_uint() = {{[3-9]|[1-9][0-9]+}}
// UNSAFE-NEXT: note: path: lines 17, 18, 19, 18, {{.*}}21
// UNSAFE: {{^}}Result: FALSE{{$}}
// UNSAFE-NEXT: exit 10
// TIME: mul-div-64.c:10:5: warning: assertion unknown: total time limit reached (1 s){{( \(.*\))?}} [pdpv]
// TIME: {{^}}Result: UNKNOWN (total time limit reached (1 s){{( \(.*\))?}}){{$}}
// TIME-NEXT: exit 20
// (On a loaded machine PDPV may prove the division check within the second
// and its re-check not finish: the reason then says that too.)
