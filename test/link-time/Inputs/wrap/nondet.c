int __VERIFIER_nondet_int(void) { return 0; }
