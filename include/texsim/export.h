/* TEXSIM_API marks every public function and class of texsim (C and C++). libtexsim.so exports
 * only what it marks: the rest is hidden or local (docs/library.md, decision A5). */
#ifndef TEXSIM_EXPORT_H
#define TEXSIM_EXPORT_H

/* texsim builds for ELF platforms (GCC, Clang); elsewhere the macro is empty. Consumers of the
 * static library see the same attribute, which changes nothing in an executable. */
#if defined(__GNUC__) || defined(__clang__)
#define TEXSIM_API __attribute__((visibility("default")))
/* A member of an exported class that only the library itself calls (private constructors). */
#define TEXSIM_LOCAL __attribute__((visibility("hidden")))
#else
#define TEXSIM_API
#define TEXSIM_LOCAL
#endif

#endif /* TEXSIM_EXPORT_H */
