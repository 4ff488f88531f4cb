// The loader behind ic_dynlib.h: opens libheif, libde265 and libaom on first use and fills the
// shim's tables of their functions (ic_heif_dl.h, ic_de265_dl.h, ic_aom_dl.h), once per process
// each, under pthread_once. A library that does not open, or lacks a function, leaves its table
// unusable and a message naming it; the callers (ic_heif.c, the plugins' register functions) then
// refuse the file, never the process.
#define IC_DL_TABLES
#include "ic_aom_dl.h"
#include "ic_de265_dl.h"
#include "ic_heif_dl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ic_heif_functions ic_heif_dl;
struct ic_de265_functions ic_de265_dl;
struct ic_aom_functions ic_aom_dl;

// Whether the test hook (IMAGECOLORS_UNLOADABLE, see ic_dynlib.h) names `name` in its list.
static int ic_dynlib_made_unloadable(const char *name) {
    const char *list = getenv("IMAGECOLORS_UNLOADABLE");
    if (list == NULL) return 0;
    const size_t length = strlen(name);
    for (const char *item = list; *item != 0;) {
        const char *end = strchr(item, ',');
        const size_t item_length = end == NULL ? strlen(item) : (size_t)(end - item);
        if (item_length == length && strncmp(item, name, length) == 0) return 1;
        if (end == NULL) break;
        item = end + 1;
    }
    return 0;
}

// The first library that failed (its message), for the caller that loaded several.
static const char *ic_dynlib_first_failure;

static void ic_dynlib_fail(ic_dynlib *library) {
    library->failed = 1;
    if (ic_dynlib_first_failure == NULL) ic_dynlib_first_failure = library->message;
}

int ic_dynlib_open(ic_dynlib *library) {
    const int unloadable = ic_dynlib_made_unloadable(library->name);
    char reason[256] = "no soname to try";
    for (const char *const *soname = library->sonames; *soname != NULL; soname++) {
        char path[128];
        snprintf(path, sizeof(path), "%s%s", *soname, unloadable ? ".unloadable" : "");
        // RTLD_LOCAL: its symbols serve only this table, never another library's lookups.
        library->handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
        if (library->handle != NULL) return 1;
        const char *error = dlerror();
        // The first soname's reason is the one to show: the later ones are other platforms' names.
        if (soname == library->sonames) snprintf(reason, sizeof(reason), "%s", error != NULL ? error : "dlopen failed");
    }
    snprintf(library->message, sizeof(library->message), "%s cannot be loaded (%s)", library->name, reason);
    ic_dynlib_fail(library);
    return 0;
}

void *ic_dynlib_symbol(ic_dynlib *library, const char *symbol) {
    if (library->handle == NULL || library->failed) return NULL;
    void *address = dlsym(library->handle, symbol);
    if (address == NULL) {
        snprintf(library->message, sizeof(library->message), "%s cannot be used: it has no %s (another version?)",
                 library->name, symbol);
        ic_dynlib_fail(library);
    }
    return address;
}

const char *ic_dynlib_failure(void) { return ic_dynlib_first_failure; }

// Each table is filled by name; POSIX lets dlsym's address become a function pointer, of the
// type the header declared (__typeof__).
#define IC_DL_SLOT(table, library, function) \
    table.function = (__typeof__(table.function))ic_dynlib_symbol(&library, #function);

// One library's loader: its sonames, its once, the function filling its table (FUNCTIONS, the
// header's list) and the two functions ic_dynlib.h declares, ic_PREFIX_dl_load and _message.
#define IC_DL_LIBRARY(prefix, FUNCTIONS, label, ...)                                             \
    static const char *const prefix##_sonames[] = {__VA_ARGS__, NULL};                          \
    static ic_dynlib prefix##_library = {.name = label, .sonames = prefix##_sonames};           \
    static pthread_once_t prefix##_once = PTHREAD_ONCE_INIT;                                    \
    static void prefix##_open(void) {                                                           \
        if (!ic_dynlib_open(&prefix##_library)) return;                                         \
        FUNCTIONS(prefix##_SLOT)                                                                \
    }                                                                                           \
    int prefix##_load(void) {                                                                   \
        pthread_once(&prefix##_once, prefix##_open);                                            \
        return !prefix##_library.failed;                                                        \
    }                                                                                           \
    const char *prefix##_message(void) { return prefix##_library.message; }

// The second soname of each is macOS's (Homebrew's) name for the same library.
#define ic_heif_dl_SLOT(function) IC_DL_SLOT(ic_heif_dl, ic_heif_dl_library, function)
IC_DL_LIBRARY(ic_heif_dl, IC_HEIF_FUNCTIONS, "libheif", "libheif.so.1", "libheif.1.dylib")
#define ic_de265_dl_SLOT(function) IC_DL_SLOT(ic_de265_dl, ic_de265_dl_library, function)
IC_DL_LIBRARY(ic_de265_dl, IC_DE265_FUNCTIONS, "libde265", "libde265.so.0", "libde265.0.dylib")
#define ic_aom_dl_SLOT(function) IC_DL_SLOT(ic_aom_dl, ic_aom_dl_library, function)
IC_DL_LIBRARY(ic_aom_dl, IC_AOM_FUNCTIONS, "libaom", "libaom.so.3", "libaom.3.dylib")
