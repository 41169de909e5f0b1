/* What the C API's C tests share (tests/c/): CHECK, which counts a failure and prints the
 * last call's diagnostics, and read_text. Each test is one program including this once. */
#ifndef TEXSIM_TESTS_C_CHECK_H
#define TEXSIM_TESTS_C_CHECK_H

#include <stdio.h>
#include <stdlib.h>

#include "texsim/texsim.h"

static int failures = 0;
#define CHECK(cond)                                                             \
  do {                                                                          \
    if (!(cond)) {                                                              \
      ++failures;                                                               \
      fprintf(stderr, "%s:%d: CHECK(%s) failed\n%s", __FILE__, __LINE__, #cond, \
              texsim_last_error());                                             \
    }                                                                           \
  } while (0)

/* A file's text with a terminating NUL (free it); NULL if it cannot be read. */
static char* read_text(const char* path) {
  FILE* f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char* s = malloc((size_t)n + 1);
  if (fread(s, 1, (size_t)n, f) != (size_t)n) n = 0;
  s[n] = 0;
  fclose(f);
  return s;
}

/* The exit status: 0 when every CHECK held. */
static int report(const char* test) {
  if (failures) {
    fprintf(stderr, "%s: %d check(s) failed\n", test, failures);
    return 1;
  }
  printf("%s: all checks passed (texsim %s)\n", test, texsim_version());
  return 0;
}

#endif /* TEXSIM_TESTS_C_CHECK_H */
