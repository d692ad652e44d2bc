// --property takes an SV-COMP property file. unreach-call (no call of the
// error function) is what pdpv verifies; any other property is refused
// rather than answered as if it were unreach-call.
// RUN: sh -c 'pdpv --property=%S/../Inputs/unreach-call.prp %s; echo "exit $?"' | FileCheck-19 %s
// RUN: not pdpv --property=%S/../Inputs/no-overflow.prp %s 2>&1 | FileCheck-19 %s --check-prefix=OTHER
// RUN: not pdpv --property=%t.none.prp %s 2>&1 | FileCheck-19 %s --check-prefix=MISSING
extern unsigned __VERIFIER_nondet_uint(void);
extern void reach_error(void);

int main(void) {
  unsigned x = __VERIFIER_nondet_uint();
  if (x + 1 == 0 && x != 4294967295u)
    reach_error();
  return 0;
}
// CHECK: {{^}}Result: TRUE
// CHECK-NEXT: exit 0
// OTHER: pdpv: error: unsupported property 'CHECK( init(main()), LTL(G ! overflow) )' in '{{.*}}no-overflow.prp' (pdpv checks unreach-call
// MISSING: pdpv: error: cannot read the property file '{{.*}}none.prp': No such file or directory
