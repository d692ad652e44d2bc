// Library functions with pointer parameters (no main): each parameter points
// into an object of arbitrary contents and size (inputs), its own or, unless
// restrict, an earlier parameter's at any offset (docs/semantics.md "Memory"). An
// access the size may not cover makes the proofs UNKNOWN by default; with
// check-bounds it is a violation whose inputs give the size. Aliasing is
// found, never assumed away; restrict rules it out (in a build: preconditions).
// RUN: not pdpv %s 2>&1 | FileCheck-19 %s --check-prefixes=DEFAULT,CLI
// RUN: clang-19 -g -O0 -fplugin=%libpdpv -fpass-plugin=%libpdpv -Rpass=pdpv -Rpass-missed=pdpv -mllvm -pdpv-timeout=60 -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefixes=DEFAULT,BUILD
// RUN: not pdpv --check-bounds %s 2>&1 | FileCheck-19 %s --check-prefix=BOUNDS
// RUN: clang-19 -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: opt-19 -load-pass-plugin=%libpdpv -passes='pdpv<check-bounds>' %t.ll -disable-output 2>&1 | FileCheck-19 %s --check-prefix=BOUNDS
// RUN: not pdpv --check-bounds --data-model=ilp32 %s 2>&1 | FileCheck-19 %s --check-prefix=BOUNDS
extern void __VERIFIER_assert(int);

int first_positive(const int *v, int n) {
  for (int k = 0; k < n; k++)
    if (v[k] > 0) {
      __VERIFIER_assert(v[k] > 0);
      return k;
    }
  return -1;
}

void set_both(int *x, int *y) {
  *x = 1;
  *y = 2;
  __VERIFIER_assert(*x == 1); // fails when y points at x's object
}

void set_apart(int *restrict x, int *restrict y) {
  *x = 1;
  *y = 2;
  __VERIFIER_assert(*x == 1);
}

void free(void *);
void release(int *p) {
  free(p); // the caller may have passed memory malloc did not return
}
// DEFAULT-DAG: pointer-parameter.c:18:7: {{warning|remark}}: assertion unknown: may access out of bounds at {{.*}}pointer-parameter.c:17:9
// DEFAULT-DAG: 'first_positive': Result: UNKNOWN
// CLI-DAG: 'set_apart': Result: UNKNOWN
// BUILD-DAG: pointer-parameter.c:27:3: remark: precondition of 'set_both': the assertion fails for some arguments (its callers are not in view), e.g. {{.*}}parameter 'y' points into the object of parameter 'x', at byte = {{[0-3]}}
// BUILD-DAG: pointer-parameter.c:33:3: remark: assertion proved
// BUILD-DAG: 'set_apart': Result: TRUE (1 proved, 0 failing, 2 preconditions, 0 unknown)
// BOUNDS-DAG: pointer-parameter.c:17:9: warning: memory access out of bounds can happen [pdpv]
// BOUNDS-DAG: pointer-parameter.c:17:9: note: input {{[0-9]}}: size in bytes of the object parameter 'v' points into = {{[0-9]+}}
// BOUNDS-DAG: pointer-parameter.c:18:7: remark: assertion proved [pdpv]
// BOUNDS-DAG: pointer-parameter.c:27:3: warning: assertion can fail [pdpv]
// BOUNDS-DAG: pointer-parameter.c:27:3: note: input 3: parameter 'y' points into the object of parameter 'x', at byte = {{[0-3]}}
// BOUNDS-DAG: pointer-parameter.c:33:3: remark: assertion proved [pdpv]
// BOUNDS-DAG: 'set_apart': Result: FALSE (2 proved, 2 failing, 0 unknown)
// BOUNDS-DAG: pointer-parameter.c:38:3: warning: memory access out of bounds can happen [pdpv]
// BOUNDS-DAG: 'release': Result: FALSE (0 proved, 1 failing, 0 unknown)
