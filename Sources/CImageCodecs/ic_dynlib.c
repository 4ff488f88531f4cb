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

static const char *const ic_heif_sonames[] = {"libheif.so.1", "libheif.1.dylib", NULL};
static ic_dynlib ic_heif_library = {.name = "libheif", .sonames = ic_heif_sonames};
static pthread_once_t ic_heif_dl_once = PTHREAD_ONCE_INIT;
static void ic_heif_dl_open(void) {
    if (!ic_dynlib_open(&ic_heif_library)) return;
#define IC_HEIF_SLOT(function) IC_DL_SLOT(ic_heif_dl, ic_heif_library, function)
    IC_HEIF_FUNCTIONS(IC_HEIF_SLOT)
#undef IC_HEIF_SLOT
}
int ic_heif_dl_load(void) {
    pthread_once(&ic_heif_dl_once, ic_heif_dl_open);
    return !ic_heif_library.failed;
}
const char *ic_heif_dl_message(void) { return ic_heif_library.message; }

static const char *const ic_de265_sonames[] = {"libde265.so.0", "libde265.0.dylib", NULL};
static ic_dynlib ic_de265_library = {.name = "libde265", .sonames = ic_de265_sonames};
static pthread_once_t ic_de265_dl_once = PTHREAD_ONCE_INIT;
static void ic_de265_dl_open(void) {
    if (!ic_dynlib_open(&ic_de265_library)) return;
#define IC_DE265_SLOT(function) IC_DL_SLOT(ic_de265_dl, ic_de265_library, function)
    IC_DE265_FUNCTIONS(IC_DE265_SLOT)
#undef IC_DE265_SLOT
}
int ic_de265_dl_load(void) {
    pthread_once(&ic_de265_dl_once, ic_de265_dl_open);
    return !ic_de265_library.failed;
}
const char *ic_de265_dl_message(void) { return ic_de265_library.message; }

static const char *const ic_aom_sonames[] = {"libaom.so.3", "libaom.3.dylib", NULL};
static ic_dynlib ic_aom_library = {.name = "libaom", .sonames = ic_aom_sonames};
static pthread_once_t ic_aom_dl_once = PTHREAD_ONCE_INIT;
static void ic_aom_dl_open(void) {
    if (!ic_dynlib_open(&ic_aom_library)) return;
#define IC_AOM_SLOT(function) IC_DL_SLOT(ic_aom_dl, ic_aom_library, function)
    IC_AOM_FUNCTIONS(IC_AOM_SLOT)
#undef IC_AOM_SLOT
}
int ic_aom_dl_load(void) {
    pthread_once(&ic_aom_dl_once, ic_aom_dl_open);
    return !ic_aom_library.failed;
}
const char *ic_aom_dl_message(void) { return ic_aom_library.message; }
