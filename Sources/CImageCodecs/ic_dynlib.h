// Libraries the shim opens with dlopen on first use instead of linking them (ic_dynlib.c): libheif,
// libde265 and libaom cost every process their load-time work (libde265's tables, the loader's
// relocations, libheif's encoders pulled in beside it) even to print a version, and are needed
// only for a HEIC or an AVIF. Private to the shim; not part of ic_codecs.h.
#ifndef IC_DYNLIB_H
#define IC_DYNLIB_H

// One library: the names it is opened under, and what its first load found.
typedef struct ic_dynlib {
    const char *name;              // as messages name it: "libheif"
    const char *const *sonames;    // tried in order; NULL-terminated
    void *handle;                  // NULL until opened (never closed: other threads may decode)
    int failed;                    // a soname or a symbol was missing
    char message[320];             // why, naming the library, when failed
} ic_dynlib;

// Opens `library` under the first of its sonames that loads (RTLD_NOW | RTLD_LOCAL); 1 when open,
// 0 with `library->message` set otherwise. Called once per library, under its pthread_once.
//
// Test hook: when the environment variable IMAGECOLORS_UNLOADABLE lists the library's name
// (comma-separated, e.g. "libheif,libaom"), every soname is tried with ".unloadable" appended, so
// the open fails as it does where the library is not installed. The tests use it to check that a
// missing codec is an error for the file that needs it, not for the process.
int ic_dynlib_open(ic_dynlib *library);

// The address of `symbol` in the opened `library`; NULL (and `library` marked failed, naming the
// symbol) when it has none.
void *ic_dynlib_symbol(ic_dynlib *library, const char *symbol);

// The message of the first library that failed to load or resolve in this process, or NULL:
// for a caller that loaded several (ic_heif.c, through the plugins' register functions). Read it
// after the loads, on the thread that ran them or after their pthread_once.
const char *ic_dynlib_failure(void);

// Each library's table of the functions the shim calls, filled once on first use
// (ic_heif_dl.h, ic_de265_dl.h, ic_aom_dl.h). 1 when every function resolved; 0 otherwise, with
// the reason in the library's message (ic_dynlib_message).
int ic_heif_dl_load(void);
int ic_de265_dl_load(void);
int ic_aom_dl_load(void);
const char *ic_heif_dl_message(void);
const char *ic_de265_dl_message(void);
const char *ic_aom_dl_message(void);

#endif
