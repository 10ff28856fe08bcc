/* Everything internal to lib/ in one include, for the white-box tests,
 * benchmarks and fuzz targets. Files of lib/ include the header of their
 * own layer instead (doc/architecture.md). Not installed. */
#ifndef RAMI_PRIVATE_H
#define RAMI_PRIVATE_H

#include "game.h"
#include "textbuf.h"
#include "bot-private.h"

#endif
