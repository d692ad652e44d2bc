/*===- models.c - Every C library model, one translation unit ------------===*
 *
 * Compiled to one bitcode module per target when PDPV is built
 * (lib/CMakeLists.txt); linkCLibraryModels takes what a program calls.
 *
 *===----------------------------------------------------------------------===*/
#include "string.c"
#include "stdlib.c"
#include "input.c"
