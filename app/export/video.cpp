// The video export through FFmpeg's libraries: RGBA frames converted to YUV 4:2:0 (BT.709, the matrix players
// assume for pictures of this size) by libswscale, encoded by libx264 or libvpx-vp9, muxed by libavformat.
#include "app/export/video.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include "app/view/tree/playback.h"
#include "core/types.h"

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libswscale/swscale.h>
}

namespace rl::exporter {
namespace {

std::string averror(int code) {
    char text[AV_ERROR_MAX_STRING_SIZE] = {};
    av_strerror(code, text, sizeof text);
    return text;
}

[[noreturn]] void fail(const std::string& path, const std::string& what) {
    throw Error(ErrorKind::BadInput, "cannot write the video '" + path + "': " + what);
}

// Colour conversion with the BT.709 matrix in limited range, both ways.
void useBt709(SwsContext* sws, bool fromYuv) {
    const int* coefficients = sws_getCoefficients(SWS_CS_ITU709);
    sws_setColorspaceDetails(sws, coefficients, fromYuv ? 0 : 1, coefficients, fromYuv ? 1 : 0, 0, 1 << 16, 1 << 16);
}

}  // namespace

std::vector<AnimationFrame> animationFrames(int steps, double stepSeconds, int fps) {
    std::vector<AnimationFrame> out;
    const int period = std::max(1, int(std::lround(stepSeconds * fps)));
    const double move = view::Playback::playingTransitionSeconds(float(1.0 / stepSeconds));
    for (int k = 0; k < steps; ++k) {
        const int frames = period * (k == steps - 1 ? 2 : 1);
        for (int i = 0; i < frames; ++i) {
            const float t = k == 0 ? 1.0f : float(std::min(1.0, (i + 1) / (fps * move)));
            out.push_back({k, t});
        }
    }
    return out;
}

struct VideoEncoder::Impl {
    std::string path, temporary;
    int width = 0, height = 0, evenWidth = 0, evenHeight = 0;
    AVFormatContext* format = nullptr;
    AVCodecContext* codec = nullptr;
    AVStream* stream = nullptr;
    AVFrame* frame = nullptr;
    AVPacket* packet = nullptr;
    SwsContext* sws = nullptr;
    std::vector<uint8_t> staging;  // the picture padded to even sizes
    int64_t next = 0;
    bool finished = false;

    ~Impl() {
        sws_freeContext(sws);
        av_packet_free(&packet);
        av_frame_free(&frame);
        avcodec_free_context(&codec);
        if (format) {
            if (format->pb) avio_closep(&format->pb);
            avformat_free_context(format);
        }
        if (!finished && !temporary.empty()) {
            std::error_code ignored;
            std::filesystem::remove(temporary, ignored);
        }
    }

    // Sends a frame (nullptr: the end) and writes every packet the encoder gives back.
    void send(AVFrame* f) {
        if (int e = avcodec_send_frame(codec, f); e < 0) fail(path, "the encoder refused a frame (" + averror(e) + ")");
        for (;;) {
            const int e = avcodec_receive_packet(codec, packet);
            if (e == AVERROR(EAGAIN) || e == AVERROR_EOF) return;
            if (e < 0) fail(path, "the encoder failed (" + averror(e) + ")");
            if (packet->duration == 0) packet->duration = 1;  // one frame: the last frame keeps its length too
            av_packet_rescale_ts(packet, codec->time_base, stream->time_base);
            packet->stream_index = stream->index;
            if (int w = av_interleaved_write_frame(format, packet); w < 0)
                fail(path, "writing failed (" + averror(w) + "): is the disk full?");
        }
    }
};

VideoEncoder::VideoEncoder(const std::string& path, VideoCodec kind, int width, int height, int fps)
    : impl_(std::make_unique<Impl>()) {
    Impl& m = *impl_;
    m.path = path;
    m.width = width;
    m.height = height;
    m.evenWidth = width + (width & 1);
    m.evenHeight = height + (height & 1);
    if (width < 2 || height < 2) fail(path, "the picture is empty");
    av_log_set_level(AV_LOG_ERROR);  // the encoders' statistics are not the user's business; errors still print
    if (fps < 1 || fps > 120) fail(path, "the frame rate must be 1 to 120 frames a second");
    const bool h264 = kind == VideoCodec::H264Mp4;
    const char* container = h264 ? "mp4" : "webm";
    const char* encoderName = h264 ? "libx264" : "libvpx-vp9";
    m.temporary = path + ".part";
    if (avformat_alloc_output_context2(&m.format, nullptr, container, m.temporary.c_str()) < 0 || !m.format)
        fail(path, std::string("this FFmpeg cannot write ") + container + " files");
    const AVCodec* encoder = avcodec_find_encoder_by_name(encoderName);
    if (!encoder)
        throw Error(ErrorKind::Unsupported, std::string("this FFmpeg has no ") + encoderName + " encoder, so " +
                                                (h264 ? "MP4 (H.264)" : "WebM (VP9)") + " cannot be written: " +
                                                "install Debian's libavcodec59 (it has both) or choose the other format");
    m.stream = avformat_new_stream(m.format, nullptr);
    m.codec = avcodec_alloc_context3(encoder);
    if (!m.stream || !m.codec) fail(path, "out of memory");
    m.codec->width = m.evenWidth;
    m.codec->height = m.evenHeight;
    m.codec->time_base = AVRational{1, fps};
    m.codec->framerate = AVRational{fps, 1};
    m.codec->pix_fmt = AV_PIX_FMT_YUV420P;
    m.codec->gop_size = 2 * fps;
    m.codec->colorspace = AVCOL_SPC_BT709;
    m.codec->color_primaries = AVCOL_PRI_BT709;
    m.codec->color_trc = AVCOL_TRC_BT709;
    m.codec->color_range = AVCOL_RANGE_MPEG;
    m.codec->thread_count = 0;  // as many as the machine has
    if (m.format->oformat->flags & AVFMT_GLOBALHEADER) m.codec->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
    if (h264) {  // flat colours and sharp text: the animation tuning, a quality players on slides decode easily
        av_opt_set(m.codec->priv_data, "preset", "medium", 0);
        av_opt_set(m.codec->priv_data, "tune", "animation", 0);
        av_opt_set(m.codec->priv_data, "crf", "16", 0);
        av_opt_set(m.codec->priv_data, "profile", "high", 0);
    } else {  // constant quality; cpu-used 5 with row threads keeps a two-core machine at a few seconds a stage
        m.codec->bit_rate = 0;
        av_opt_set(m.codec->priv_data, "crf", "20", 0);
        av_opt_set(m.codec->priv_data, "deadline", "good", 0);
        av_opt_set_int(m.codec->priv_data, "cpu-used", 5, 0);
        av_opt_set_int(m.codec->priv_data, "row-mt", 1, 0);
    }
    if (int e = avcodec_open2(m.codec, encoder, nullptr); e < 0)
        fail(path, std::string("the ") + encoderName + " encoder did not open (" + averror(e) + ")");
    avcodec_parameters_from_context(m.stream->codecpar, m.codec);
    m.stream->time_base = m.codec->time_base;
    m.stream->avg_frame_rate = m.codec->framerate;
    if (int e = avio_open(&m.format->pb, m.temporary.c_str(), AVIO_FLAG_WRITE); e < 0)
        fail(path, averror(e) + ": check that the folder exists and can be written");
    AVDictionary* options = nullptr;
    if (h264) av_dict_set(&options, "movflags", "+faststart", 0);  // playable while it loads, as slide tools want
    const int header = avformat_write_header(m.format, &options);
    av_dict_free(&options);
    if (header < 0) fail(path, "the header was not written (" + averror(header) + ")");
    m.frame = av_frame_alloc();
    m.packet = av_packet_alloc();
    if (!m.frame || !m.packet) fail(path, "out of memory");
    m.frame->format = AV_PIX_FMT_YUV420P;
    m.frame->width = m.evenWidth;
    m.frame->height = m.evenHeight;
    if (av_frame_get_buffer(m.frame, 0) < 0) fail(path, "out of memory");
    m.sws = sws_getContext(m.evenWidth, m.evenHeight, AV_PIX_FMT_RGBA, m.evenWidth, m.evenHeight, AV_PIX_FMT_YUV420P,
                           SWS_BICUBIC, nullptr, nullptr, nullptr);
    if (!m.sws) fail(path, "no colour conversion from RGBA to YUV 4:2:0");
    useBt709(m.sws, false);
    m.staging.assign(size_t(m.evenWidth) * size_t(m.evenHeight) * 4, 0);
}

VideoEncoder::~VideoEncoder() = default;

void VideoEncoder::add(const RasterImage& image) {
    Impl& m = *impl_;
    if (image.width != m.width || image.height != m.height)
        fail(m.path, "a frame of " + std::to_string(image.width) + "x" + std::to_string(image.height) +
                         " in a video of " + std::to_string(m.width) + "x" + std::to_string(m.height));
    const size_t rowBytes = size_t(m.width) * 4, evenRowBytes = size_t(m.evenWidth) * 4;
    for (int y = 0; y < m.evenHeight; ++y) {
        const uint8_t* from = &image.rgba[size_t(std::min(y, m.height - 1)) * rowBytes];
        uint8_t* to = &m.staging[size_t(y) * evenRowBytes];
        std::copy(from, from + rowBytes, to);
        if (m.evenWidth > m.width) std::copy(from + rowBytes - 4, from + rowBytes, to + rowBytes);
    }
    if (av_frame_make_writable(m.frame) < 0) fail(m.path, "out of memory");
    const uint8_t* planes[1] = {m.staging.data()};
    const int strides[1] = {int(evenRowBytes)};
    sws_scale(m.sws, planes, strides, 0, m.evenHeight, m.frame->data, m.frame->linesize);
    m.frame->pts = m.next++;
    m.send(m.frame);
}

void VideoEncoder::finish() {
    Impl& m = *impl_;
    if (m.finished) return;
    m.send(nullptr);
    if (int e = av_write_trailer(m.format); e < 0) fail(m.path, "the trailer was not written (" + averror(e) + ")");
    if (int e = avio_closep(&m.format->pb); e < 0) fail(m.path, "closing failed (" + averror(e) + ")");
    std::error_code error;
    std::filesystem::rename(m.temporary, m.path, error);
    if (error) fail(m.path, error.message());
    m.finished = true;
}

VideoInfo readVideo(const std::string& path, std::vector<RasterImage>* frames) {
    auto bad = [&](const std::string& what) -> Error {
        return Error(ErrorKind::BadInput, "cannot read the video '" + path + "': " + what);
    };
    AVFormatContext* format = nullptr;
    if (int e = avformat_open_input(&format, path.c_str(), nullptr, nullptr); e < 0) throw bad(averror(e));
    struct Owned {
        AVFormatContext** format;
        AVCodecContext* codec = nullptr;
        AVFrame* frame = nullptr;
        AVPacket* packet = nullptr;
        SwsContext* sws = nullptr;
        ~Owned() {
            sws_freeContext(sws);
            av_packet_free(&packet);
            av_frame_free(&frame);
            avcodec_free_context(&codec);
            avformat_close_input(format);
        }
    } owned{&format};
    if (avformat_find_stream_info(format, nullptr) < 0) throw bad("no stream information");
    const AVCodec* decoder = nullptr;
    const int index = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, &decoder, 0);
    if (index < 0 || !decoder) throw bad("no video stream this FFmpeg can decode");
    const AVStream* stream = format->streams[index];
    VideoInfo info;
    info.codec = avcodec_get_name(stream->codecpar->codec_id);
    info.width = stream->codecpar->width;
    info.height = stream->codecpar->height;
    info.fps = av_q2d(stream->avg_frame_rate.num ? stream->avg_frame_rate : stream->r_frame_rate);
    info.seconds = stream->duration != AV_NOPTS_VALUE ? double(stream->duration) * av_q2d(stream->time_base)
                                                      : double(format->duration) / AV_TIME_BASE;
    owned.codec = avcodec_alloc_context3(decoder);
    owned.frame = av_frame_alloc();
    owned.packet = av_packet_alloc();
    if (!owned.codec || !owned.frame || !owned.packet) throw bad("out of memory");
    avcodec_parameters_to_context(owned.codec, stream->codecpar);
    if (avcodec_open2(owned.codec, decoder, nullptr) < 0) throw bad("the decoder did not open");
    auto drain = [&]() {
        while (avcodec_receive_frame(owned.codec, owned.frame) == 0) {
            ++info.frames;
            if (!frames) continue;
            const AVFrame& f = *owned.frame;
            if (!owned.sws) {
                owned.sws = sws_getContext(f.width, f.height, AVPixelFormat(f.format), f.width, f.height,
                                           AV_PIX_FMT_RGBA, SWS_BICUBIC, nullptr, nullptr, nullptr);
                if (!owned.sws) throw bad("no colour conversion to RGBA");
                useBt709(owned.sws, true);
            }
            RasterImage image;
            image.width = f.width;
            image.height = f.height;
            image.rgba.resize(size_t(f.width) * size_t(f.height) * 4);
            uint8_t* planes[1] = {image.rgba.data()};
            const int strides[1] = {f.width * 4};
            sws_scale(owned.sws, f.data, f.linesize, 0, f.height, planes, strides);
            frames->push_back(std::move(image));
        }
    };
    while (av_read_frame(format, owned.packet) >= 0) {
        if (owned.packet->stream_index == index) avcodec_send_packet(owned.codec, owned.packet);
        av_packet_unref(owned.packet);
        drain();
    }
    avcodec_send_packet(owned.codec, nullptr);
    drain();
    return info;
}

}  // namespace rl::exporter
