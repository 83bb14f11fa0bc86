#ifndef CLIPMERGE_LIBASS_SHIM_H
#define CLIPMERGE_LIBASS_SHIM_H
// libass (text layout and rendering: fontconfig font lookup, HarfBuzz shaping, FriBidi) and fontconfig (which
// installed font a family name resolves to).
#include <ass/ass.h>
#include <fontconfig/fontconfig.h>

/// libass's messages are not ours to print: a callback that drops them (the font choice is checked with
/// fontconfig instead, and said in clipmerge's own words).
static void cm_ass_quiet(int level, const char *fmt, va_list args, void *data) {
  (void)level; (void)fmt; (void)args; (void)data;
}

static inline void cm_ass_silence(ASS_Library *library) { ass_set_message_cb(library, cm_ass_quiet, NULL); }

#endif
