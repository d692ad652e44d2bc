// PDR on a memory loop's scalars, without a hypothesis: the loop reads a
// table it never writes, and whether it saw a cell (empty) follows from
// the counter alone: empty < 1 || i < 1, a disjunction no candidate
// offers. Each read of the table is an arbitrary value to PDR, so what it
// proves holds whatever the table holds. Without `empty ||` the first
// cell counts only if it exceeds 0, which makes it a property of the
// table's contents: its first cell is 0, so n = 1 fails, found and
// confirmed by running the program.
// RUN: pdpv --engine=pdpv %s 2>&1 | FileCheck-19 %s
// RUN: not pdpv --clang-arg=-DSTRICT %s 2>&1 | FileCheck-19 %s --check-prefix=STRICT
// CHECK: scalar-pdr-table.c:[[#@LINE+25]]:3: remark: assertion proved
// CHECK: scalar-pdr-table.c:[[#@LINE+15]]:3: remark: loop invariant: {{.*}}(empty < 1 || i < 1)
// CHECK: proof re-checked by boolector in a separate process
// CHECK: {{^}}Result: TRUE
// STRICT: scalar-pdr-table.c:[[#@LINE+21]]:3: warning: assertion can fail
// STRICT: {{^}}Result: FALSE
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);

int table[8] = {0, 3, 1, 4, 1, 5, 9, 2};

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n > 8)
    return 0;
  int empty = 1, max = 0;
  for (int i = 0; i < n; i++)
#ifdef STRICT
    if (table[i] > max) {
#else
    if (empty || table[i] > max) {
#endif
      max = table[i];
      empty = 0;
    }
  __VERIFIER_assert(empty == (n <= 0));
  return 0;
}
