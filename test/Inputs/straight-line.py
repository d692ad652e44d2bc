# Writes a straight-line C program of N statements (argv[1]) to stdout: large
# enough that compiling and encoding it takes longer than a short time limit.
import sys
n = int(sys.argv[1])
print("extern int __VERIFIER_nondet_int(void);\nextern void __VERIFIER_assert(int);")
print("int main(void) {\n  int x = __VERIFIER_nondet_int();\n  unsigned h = 0;")
for i in range(n):
    print("  h = h * 31u + (unsigned)x + %du; x ^= (int)(h >> 3);" % i)
print("  __VERIFIER_assert(h != 12345u);\n  return 0;\n}")
