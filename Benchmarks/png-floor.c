/* The floor for PNG: a bare libpng decode, nothing else. Reads the file with the same
 * transformations the pipeline asks libpng for (palette/tRNS/low-bit expansion, 16-bit
 * scaling, grey to RGB, opaque filler: RGBA8 out), one row at a time into one row buffer,
 * and checks the CRCs through IEND. No downscaling, no colours.
 *
 *   cc -O2 -o png-floor png-floor.c $(pkg-config --cflags --libs libpng16)
 *   ./png-floor FILE.png        prints "WIDTHxHEIGHT CHECKSUM"
 */
#include <png.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: png-floor FILE.png\n"); return 2; }
    FILE *file = fopen(argv[1], "rb");
    if (file == NULL) { perror(argv[1]); return 1; }
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(png);
    if (png == NULL || info == NULL) return 1;
    if (setjmp(png_jmpbuf(png))) { fprintf(stderr, "png-floor: libpng error\n"); return 1; }
    png_init_io(png, file);
    png_set_crc_action(png, PNG_CRC_ERROR_QUIT, PNG_CRC_ERROR_QUIT);
    png_read_info(png, info);
    png_uint_32 width = png_get_image_width(png, info), height = png_get_image_height(png, info);
    png_set_expand(png);
    png_set_scale_16(png);
    png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
    int passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);
    png_bytep row = malloc(png_get_rowbytes(png, info));
    if (row == NULL) return 1;
    unsigned long checksum = 0;
    for (int pass = 0; pass < passes; pass++) {
        for (png_uint_32 y = 0; y < height; y++) {
            png_read_row(png, row, NULL);
            checksum += row[0];
        }
    }
    png_read_end(png, NULL);
    printf("%ux%u %lu\n", (unsigned)width, (unsigned)height, checksum);
    free(row);
    png_destroy_read_struct(&png, &info, NULL);
    fclose(file);
    return 0;
}
