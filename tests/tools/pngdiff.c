/* pngdiff.c: how far two PNG images are apart: the mean absolute difference per RGB channel (0-255) and the share of pixels that differ clearly; tests/sh/report_html.sh compares the browser's chart with ours. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <png.h>

/* A channel further apart than this makes a pixel "clearly different". */
#define CLEAR_DIFF 64

struct img {
	png_image pi;
	unsigned char *px;	/* RGB, 3 bytes a pixel */
};

static int
load(const char *path, struct img *im)
{
	memset(im, 0, sizeof(*im));
	im->pi.version = PNG_IMAGE_VERSION;
	if (!png_image_begin_read_from_file(&im->pi, path)) {
		fprintf(stderr, "pngdiff: %s: %s\n", path, im->pi.message);
		return -1;
	}
	/* Alpha (a browser's screenshot has it) is composed on white. */
	im->pi.format = PNG_FORMAT_RGB;
	if ((im->px = malloc(PNG_IMAGE_SIZE(im->pi))) == NULL) {
		png_image_free(&im->pi);
		fprintf(stderr, "pngdiff: out of memory\n");
		return -1;
	}
	if (!png_image_finish_read(&im->pi, &(png_color){ 255, 255, 255 },
	    im->px, 0, NULL)) {
		fprintf(stderr, "pngdiff: %s: %s\n", path, im->pi.message);
		free(im->px);
		return -1;
	}
	return 0;
}

int
main(int argc, char **argv)
{
	struct img a, b;
	unsigned long long sum = 0, clear = 0, n;
	size_t i, c, w, h;
	int d, worst, rc = 0;

	if (argc != 3) {
		fprintf(stderr, "usage: pngdiff A.png B.png\n");
		return 1;
	}
	if (load(argv[1], &a) == -1)
		return 2;
	if (load(argv[2], &b) == -1) {
		free(a.px);
		return 2;
	}
	w = a.pi.width;
	h = a.pi.height;
	if (w != b.pi.width || h != b.pi.height) {
		printf("size %zux%zu != %ux%u\n", w, h, b.pi.width, b.pi.height);
		rc = 3;
		goto out;
	}
	n = (unsigned long long)w * h;
	for (i = 0; i < n; i++) {
		worst = 0;
		for (c = 0; c < 3; c++) {
			d = abs((int)a.px[3 * i + c] - (int)b.px[3 * i + c]);
			sum += (unsigned)d;
			if (d > worst)
				worst = d;
		}
		clear += worst > CLEAR_DIFF;
	}
	printf("size=%zux%zu mean=%.3f clear_pct=%.3f\n", w, h,
	    n ? (double)sum / (3.0 * (double)n) : 0.0,
	    n ? 100.0 * (double)clear / (double)n : 0.0);
out:
	free(a.px);
	free(b.px);
	return rc;
}
