/* outfrom.h: what an output of src/outputs.def is made from (its `from` column), for the renderer's table and the logger's AUTO_RENDER_FORMAT check. */
#ifndef BC_OUTFROM_H
#define BC_OUTFROM_H

enum { OF_LAYOUT = 1, OF_REPORT = 2, OF_TREE = 4, OF_TRACE = 8 };

#endif
