#ifndef CLIPMERGE_CFFMPEG_SHIM_H
#define CLIPMERGE_CFFMPEG_SHIM_H

#include <errno.h>
#include <malloc.h>
#include <string.h>
#include <math.h>
#include <stdio.h>
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/audio_fifo.h>
#include <libavutil/channel_layout.h>
#include <libavutil/display.h>
#include <libavutil/dovi_meta.h>
#include <libavutil/mastering_display_metadata.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>
#include <libswresample/swresample.h>
#include <libswscale/swscale.h>

// Macros and compound literals Swift cannot import, as functions.

/// Keeps freed multi-megabyte buffers (pictures, encoder frames) in the heap for reuse instead of returning them
/// to the kernel and faulting fresh zeroed pages in again; two arenas keep what each holds back small. Returns 1
/// when every setting took.
static inline int cm_keep_large_buffers(void) {
  int mmap = mallopt(M_MMAP_THRESHOLD, 32 * 1024 * 1024);
  int trim = mallopt(M_TRIM_THRESHOLD, 64 * 1024 * 1024);
  int arenas = mallopt(M_ARENA_MAX, 2);
  return mmap == 1 && trim == 1 && arenas == 1;
}

static inline int cm_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int cm_averror_eof(void) { return AVERROR_EOF; }
static inline int cm_averror_invaliddata(void) { return AVERROR_INVALIDDATA; }
static inline int cm_averror_enomem(void) { return AVERROR(ENOMEM); }
static inline int cm_averror_decoder_not_found(void) { return AVERROR_DECODER_NOT_FOUND; }
static inline int64_t cm_nopts_value(void) { return AV_NOPTS_VALUE; }
static inline int cm_time_base(void) { return AV_TIME_BASE; }

static inline uint8_t *cm_frame_data(const AVFrame *frame, int plane) { return frame->data[plane]; }
static inline int cm_frame_linesize(const AVFrame *frame, int plane) { return frame->linesize[plane]; }

/// The stream's display matrix (9 int32 in 16.16/2.30 fixed point), or NULL.
static inline const int32_t *cm_stream_display_matrix(const AVStream *stream) {
  size_t size = 0;
  const uint8_t *data = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size);
  if (data == NULL || size < 9 * sizeof(int32_t)) return NULL;
  return (const int32_t *)data;
}

/// Copies every side data entry of `source` (display matrix, Dolby Vision configuration, ...) onto `target`
/// (a stream being muxed), the Dolby Vision configuration only when `keep_dovi`. Returns 0 or an AVERROR.
static inline int cm_copy_stream_side_data(const AVStream *source, AVStream *target, int keep_dovi) {
  for (int i = 0; i < source->nb_side_data; i++) {
    const AVPacketSideData *entry = &source->side_data[i];
    if (!keep_dovi && entry->type == AV_PKT_DATA_DOVI_CONF) continue;
    uint8_t *data = av_stream_new_side_data(target, entry->type, entry->size);
    if (data == NULL) return AVERROR(ENOMEM);
    memcpy(data, entry->data, entry->size);
  }
  return 0;
}

/// Whether the stream carries a Dolby Vision configuration record (dvcC/dvvC).
static inline int cm_stream_has_dovi(const AVStream *stream) {
  size_t size = 0;
  return av_stream_get_side_data(stream, AV_PKT_DATA_DOVI_CONF, &size) != NULL;
}

/// The stream's Dolby Vision profile and base-layer signal compatibility id (0 none, 1 HDR10, 2 SDR, 4 HLG);
/// 0 when it has no Dolby Vision configuration.
static inline int cm_stream_dovi(const AVStream *stream, int *profile, int *compatibility) {
  size_t size = 0;
  const AVDOVIDecoderConfigurationRecord *record =
      (const AVDOVIDecoderConfigurationRecord *)av_stream_get_side_data(stream, AV_PKT_DATA_DOVI_CONF, &size);
  if (record == NULL || size < sizeof(*record)) return 0;
  *profile = record->dv_profile;
  *compatibility = record->dv_bl_signal_compatibility_id;
  return 1;
}

/// x265's `master-display` and `max-cll` parameters for the HDR10 metadata a decoded frame carries (from its
/// SEI), written into `out` as "master-display=G(x,y)B(x,y)R(x,y)WP(x,y)L(max,min):max-cll=C,F" (either part
/// alone when the other is missing); 0 when it carries none. Chromaticities in 0.00002, luminances in 0.0001 cd/m².
static inline int cm_frame_x265_hdr_params(const AVFrame *frame, char *out, size_t size) {
  const AVFrameSideData *md = av_frame_get_side_data(frame, AV_FRAME_DATA_MASTERING_DISPLAY_METADATA);
  const AVFrameSideData *cl = av_frame_get_side_data(frame, AV_FRAME_DATA_CONTENT_LIGHT_LEVEL);
  int n = 0;
  out[0] = 0;
  if (md) {
    const AVMasteringDisplayMetadata *m = (const AVMasteringDisplayMetadata *)md->data;
    if (m->has_primaries && m->has_luminance) {
#define CM_C(q) ((long)llrint(av_q2d(q) * 50000))
      n = snprintf(out, size, "master-display=G(%ld,%ld)B(%ld,%ld)R(%ld,%ld)WP(%ld,%ld)L(%ld,%ld)",
                   CM_C(m->display_primaries[1][0]), CM_C(m->display_primaries[1][1]),
                   CM_C(m->display_primaries[2][0]), CM_C(m->display_primaries[2][1]),
                   CM_C(m->display_primaries[0][0]), CM_C(m->display_primaries[0][1]),
                   CM_C(m->white_point[0]), CM_C(m->white_point[1]),
                   (long)llrint(av_q2d(m->max_luminance) * 10000), (long)llrint(av_q2d(m->min_luminance) * 10000));
#undef CM_C
    }
  }
  if (cl && n >= 0 && (size_t)n < size) {
    const AVContentLightMetadata *c = (const AVContentLightMetadata *)cl->data;
    n += snprintf(out + n, size - n, "%smax-cll=%u,%u", n > 0 ? ":" : "", c->MaxCLL, c->MaxFALL);
  }
  return n > 0 && (size_t)n < size ? n : 0;
}

/// Adds `frame`'s HDR10 metadata (mastering display, content light level), if it carries any, to `st` as stream
/// side data, which the Matroska and WebM muxers write into the track's colour elements. 0 or an AVERROR.
static inline int cm_stream_add_hdr10(AVStream *st, const AVFrame *frame) {
  const enum AVFrameSideDataType from[2] = {AV_FRAME_DATA_MASTERING_DISPLAY_METADATA, AV_FRAME_DATA_CONTENT_LIGHT_LEVEL};
  const enum AVPacketSideDataType to[2] = {AV_PKT_DATA_MASTERING_DISPLAY_METADATA, AV_PKT_DATA_CONTENT_LIGHT_LEVEL};
  for (int i = 0; i < 2; i++) {
    const AVFrameSideData *sd = av_frame_get_side_data(frame, from[i]);
    if (!sd) continue;
    uint8_t *data = av_stream_new_side_data(st, to[i], sd->size);
    if (!data) return AVERROR(ENOMEM);
    memcpy(data, sd->data, sd->size);
  }
  return 0;
}

static inline int cm_pix_fmt_flags(enum AVPixelFormat format) {
  const AVPixFmtDescriptor *desc = av_pix_fmt_desc_get(format);
  return desc ? (int)desc->flags : 0;
}

/// Bits per sample of the format's first component (8 for yuv420p, 10 for yuv420p10le); 0 if unknown.
static inline int cm_pix_fmt_depth(enum AVPixelFormat format) {
  const AVPixFmtDescriptor *desc = av_pix_fmt_desc_get(format);
  return desc ? desc->comp[0].depth : 0;
}

static inline int cm_averror_encoder_not_found(void) { return AVERROR_ENCODER_NOT_FOUND; }

static inline void cm_log_quiet(void) { av_log_set_level(AV_LOG_QUIET); }

#endif
