// LittleCMS 2 for the colour management in Sources/ImageColors/ColorManagement.
//
// lcms never longjmps: errors go to the context's log handler and calls return NULL or FALSE,
// so Swift may call it directly. The plugin header declares the memory-handler plugin, through
// which every allocation of a context is reserved in the analysis's memory budget.
#include <lcms2.h>
#include <lcms2_plugin.h>

// The pixel formats in use, as constants: lcms builds them with function-like macros, which
// Swift does not import.
enum {
    IC_LCMS_TYPE_RGB_8 = TYPE_RGB_8,
    IC_LCMS_TYPE_RGBA_8 = TYPE_RGBA_8,
    IC_LCMS_TYPE_GRAY_8 = TYPE_GRAY_8,
    /// CMYK, 0 = no ink.
    IC_LCMS_TYPE_CMYK_8 = TYPE_CMYK_8,
    /// CMYK stored inverted, 255 = no ink (Adobe's convention in JPEG).
    IC_LCMS_TYPE_CMYK_8_REV = TYPE_CMYK_8_REV,
};
