#!/usr/bin/env python3
"""Checks a correctness witness the way a user could: writes a copy of the
program in which each loop invariant of the witness (YAML 2.0) is asserted
with __VERIFIER_assert(...) right before the loop condition of the `while`
at the witness's line and column. Usage: assert-invariants.py witness.yml prog.c out.c"""
import re
import sys

witness, source, out = sys.argv[1:4]
lines = open(source).read().split("\n")
entries = re.findall(r'line: (\d+)\s+column: (\d+)\s+(?:function: "[^"]*"\s+)?value: "([^"]*)"',
                     open(witness).read())
for line, column, value in entries:
    text = lines[int(line) - 1]
    at = int(column) - 1
    assert text[at:].startswith("while"), "no while loop at %s:%s" % (line, column)
    paren = text.index("(", at)
    lines[int(line) - 1] = (text[:paren + 1] + "__VERIFIER_assert(" + value + "), " +
                            text[paren + 1:])
open(out, "w").write("\n".join(lines))
print("asserted %d loop invariants" % len(entries))
