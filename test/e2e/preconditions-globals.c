// A library function that uses a global its callers can name (one visible
// to other files, or one whose address the library hands out) may be passed
// a pointer into that global. Inside a build, its pointer arguments not
// pointing into the globals it uses is one of its preconditions: reported
// (a remark naming the globals), assumed, and the function's proofs stand
// for the arguments that meet it. The CLI and opt keep such uses
// unsupported unless asked for preconditions.
// RUN: clang-19 -g -fpass-plugin=%libpdpv -Rpass=pdpv -Rpass-missed=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefixes=BOTH,CLANG
// RUN: pdpv --preconditions %s 2>&1 | FileCheck-19 %s --check-prefixes=BOTH,TOOL
// RUN: pdpv --preconditions --json %s 2>/dev/null | FileCheck-19 %s --check-prefix=JSON
// RUN: not pdpv %s 2>&1 | FileCheck-19 %s --check-prefix=CLI
#include <assert.h>

unsigned long calls;
static unsigned long handed_out[2]; // its address leaves the file below
static unsigned long private_total; // its address never does

struct counter {
  unsigned hits, misses;
};

unsigned record(struct counter *c, int hit) {
  unsigned long before = calls;
  calls++;
  private_total++;
  if (hit)
    c->hits++;
  else
    c->misses++;
  // Holds only if the counter is not 'calls' itself.
  assert(calls == before + 1);
  return c->hits;
}
// BOTH-DAG: preconditions-globals.c:[[@LINE-3]]:3: remark: assertion proved
// CLANG-DAG: preconditions-globals.c:[[@LINE-13]]:1: remark: precondition of 'record': its pointer arguments point into none of the globals it uses: 'calls' (assumed, not checked: its callers are not in view; the model gives each argument an object of its own)
// TOOL-DAG: pdpv: remark: in 'record': precondition of 'record': its pointer arguments point into none of the globals it uses: 'calls' (assumed
// BOTH-DAG: 'record': Result: TRUE (1 proved, 0 failing, 3 preconditions, 0 unknown)
// CLI-DAG: unsupported global 'calls', into which a pointer parameter may point
// CLI-DAG: 'record': Result: UNKNOWN

unsigned long *slots(void) { return handed_out; }

void clear_slot(unsigned long *out, unsigned k) {
  handed_out[k & 1] = 0;
  *out = 7;
  assert(handed_out[k & 1] == 0);
}
// BOTH-DAG: remark: {{(in 'clear_slot': )?}}precondition of 'clear_slot': its pointer arguments point into none of the globals it uses: 'handed_out' (assumed
// BOTH-DAG: 'clear_slot': Result: TRUE (1 proved, 0 failing, 2 preconditions, 0 unknown)

// JSON: "arguments_apart_from": [
// JSON-NEXT: "calls"
// JSON-NEXT: ]
// JSON: "name": "record"
// JSON: "arguments_apart_from": [
// JSON-NEXT: "handed_out"
// JSON-NEXT: ]
// JSON: "name": "clear_slot"

// A static function whose address is taken is a callback code not in view
// may call with any arguments: its preconditions are told apart too.
static unsigned on_event(struct counter *c) {
  unsigned long before = calls;
  calls++;
  c->misses = 0;
  assert(calls == before + 1);
  return 0;
}
unsigned (*const handlers[])(struct counter *) = {on_event};
// BOTH-DAG: remark: {{(in 'on_event': )?}}precondition of 'on_event': its pointer arguments point into none of the globals it uses: 'calls' (assumed
// BOTH-DAG: 'on_event': Result: TRUE (1 proved, 0 failing, 2 preconditions, 0 unknown)

// getenv's strings are the C library's: a caller may pass one, so they are
// named among the globals, as the program knows them.
char *getenv(const char *name);
int level_or(int *found) {
  const char *v = getenv("APP_LEVEL");
  *found = v != 0;
  assert(!v || *found); // (decided only where getenv's strings are modelled)
  return v ? v[0] : 0;
}
// BOTH-DAG: remark: {{(in 'level_or': )?}}precondition of 'level_or': its pointer arguments point into none of the globals it uses: 'environ' (assumed
// CLI-DAG: unsupported global 'environ', into which a pointer parameter may point
