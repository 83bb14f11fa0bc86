#ifndef CLIPMERGE_EBUR128_SHIM_H
#define CLIPMERGE_EBUR128_SHIM_H
// libebur128: loudness (EBU R128 / ITU-R BS.1770) and true peak of the mixed sound, for --loudness.
#include <ebur128.h>
#endif
