/* The scoreboard's DPI-C functions (tb.sv imports the sb_* functions taking ints) and the
 * harness's summary calls. C linkage. */
#ifndef TEXSIM_DPI_SCOREBOARD_H
#define TEXSIM_DPI_SCOREBOARD_H

#ifdef __cplusplus
extern "C" {
#endif

int sb_init(int log2_w, int log2_h, int seed);
int sb_texel(int index);
void sb_expect(int x, int y, int off_x, int off_y);
void sb_check(int r, int g, int b, int a, int in_bounds);
long sb_checked(void);
long sb_mismatches(void); /* mismatches, plus requests that never retired */
void sb_finish(void);

#ifdef __cplusplus
}
#endif

#endif
