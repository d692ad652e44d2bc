// Two accesses at one source column (one macro expansion): a field read
// through a parameter, a precondition of the function, and an element read
// at a variable index, which is not (no argument makes p[i] valid for every
// i). Reported at one place, they are one check, and it is a precondition
// only if each of them is: either order, the variable index stays a possible
// invalid access that leaves the function's proofs UNKNOWN.
// RUN: clang-19 -g -fpass-plugin=%libpdpv -Rpass=pdpv -Rpass-missed=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
// RUN: not pdpv --preconditions %s 2>&1 | FileCheck-19 %s
#include <assert.h>
struct bag {
  unsigned count;
  int items[4];
};
#define ITEM_PLUS_COUNT(b, i) ((b)->items[(i)] + (int)(b)->count)
#define COUNT_PLUS_ITEM(b, i) ((int)(b)->count + (b)->items[(i)])

int item_first(struct bag *b, unsigned i) {
  int v = ITEM_PLUS_COUNT(b, i);
  unsigned c = b->count;
  b->count = c + 1;
  assert(b->count == c + 1);
  return v;
}
// CHECK-DAG: preconditions-one-column.c:21:3: {{remark|warning}}: assertion unknown: may access out of bounds at {{.*}}preconditions-one-column.c:18:{{[0-9]+}}
// CHECK-DAG: 'item_first': Result: UNKNOWN

int count_first(struct bag *b, unsigned i) {
  int v = COUNT_PLUS_ITEM(b, i);
  unsigned c = b->count;
  b->count = c + 1;
  assert(b->count == c + 1);
  return v;
}
// CHECK-DAG: preconditions-one-column.c:31:3: {{remark|warning}}: assertion unknown: may access out of bounds at {{.*}}preconditions-one-column.c:28:{{[0-9]+}}
// CHECK-DAG: 'count_first': Result: UNKNOWN
