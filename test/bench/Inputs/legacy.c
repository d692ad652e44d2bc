/* Old C, as in many SV-COMP tasks: implicit int, an implicitly declared
   nondet function, main without a return type. */
void reach_error() {}
main() {
  int x = __VERIFIER_nondet_int(), y = x;
  while (y > 0)
    y--;
  if (x > 0 && y != 0)
    reach_error();
}
