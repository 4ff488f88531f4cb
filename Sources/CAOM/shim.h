#include <aom/aom_decoder.h>
#include <aom/aomdx.h>
