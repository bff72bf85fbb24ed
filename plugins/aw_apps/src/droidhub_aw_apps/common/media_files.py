"""Small, real media files made in code: MP3 songs, MP4 videos, a receipt picture.

AndroidWorld renders these with pydub, OpenCV and PIL at set-up; droidhub writes them
itself, byte by byte, so no codec library is needed and files stay tiny:

* an MP3 is an ID3v2.3 tag (title, artist, length in ms) followed by MPEG-1 Layer III
  frames: a first frame carrying a Xing header with the frame count of the whole
  song, so players report the intended duration, then a few silent frames;
* an MP4 holds one Motion-JPEG track, one picture per message, each shown for as long
  as the message should stay on screen (``stts`` durations), so a player shows the
  text frame by frame without storing identical frames;
* the receipt is a PNG with a company header, the transactions and a footer.
"""

from __future__ import annotations

import datetime as dt
import io
import random
import struct
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw, ImageFont

from droidhub_aw_apps.common import fake_data

if TYPE_CHECKING:
    from droidhub import Device


def scan_media(device: Device, folder: str) -> None:
    """Ask the media scanner to look at ``folder``: on an emulator MediaStore, and so
    the players, then see new files; a phone without a scanner simply does not answer."""
    action = "android.intent.action.MEDIA_SCANNER_SCAN_FILE"
    device.run(["am", "broadcast", "-a", action, "-d", f"file://{folder}"])


# --- MP3 --------------------------------------------------------------------------------

_SAMPLE_RATE = 44100
_SAMPLES_PER_FRAME = 1152
# MPEG-1, Layer III, no CRC | 32 kbit/s, 44.1 kHz, no padding | mono.
_FRAME_HEADER = bytes([0xFF, 0xFB, 0x10, 0xC0])
_FRAME_BYTES = 144 * 32000 // _SAMPLE_RATE  # 104
_SIDE_INFO_BYTES = 17  # MPEG-1 mono
_SILENT_FRAMES = 8


def _syncsafe(n: int) -> bytes:
    return bytes([(n >> 21) & 0x7F, (n >> 14) & 0x7F, (n >> 7) & 0x7F, n & 0x7F])


def _text_frame(frame_id: str, text: str) -> bytes:
    body = b"\x03" + text.encode("utf-8")  # encoding 3: UTF-8
    return frame_id.encode("ascii") + struct.pack(">I", len(body)) + b"\x00\x00" + body


def mp3_song(title: str, artist: str, duration_ms: int) -> bytes:
    """An MP3 of ``duration_ms`` (as players report it) tagged with title and artist."""
    if duration_ms <= 0:
        raise ValueError(f"duration_ms must be positive, got {duration_ms}")
    frames = _text_frame("TIT2", title) + _text_frame("TPE1", artist)
    frames += _text_frame("TLEN", str(duration_ms))
    tag = b"ID3\x03\x00\x00" + _syncsafe(len(frames)) + frames
    n_frames = max(1, round(duration_ms / 1000 * _SAMPLE_RATE / _SAMPLES_PER_FRAME))
    xing = _FRAME_HEADER + bytes(_SIDE_INFO_BYTES) + b"Xing" + struct.pack(">II", 1, n_frames)
    xing += bytes(_FRAME_BYTES - len(xing))
    silent = (_FRAME_HEADER + bytes(_FRAME_BYTES - 4)) * _SILENT_FRAMES
    return tag + xing + silent


def mp3_tags(data: bytes) -> dict[str, str]:
    """The ID3v2.3 text frames of an MP3 (``TIT2``, ``TPE1``, ``TLEN``...)."""
    if data[:3] != b"ID3":
        return {}
    size = sum((b & 0x7F) << (7 * (3 - i)) for i, b in enumerate(data[6:10]))
    tags: dict[str, str] = {}
    pos, end = 10, 10 + size
    while pos + 10 <= end and data[pos : pos + 4].strip(b"\x00"):
        frame_id = data[pos : pos + 4].decode("ascii", "replace")
        length = struct.unpack(">I", data[pos + 4 : pos + 8])[0]
        body = data[pos + 10 : pos + 10 + length]
        if frame_id.startswith("T") and body:
            encoding = "utf-8" if body[0] == 3 else "latin-1"
            tags[frame_id] = body[1:].decode(encoding, "replace").rstrip("\x00")
        pos += 10 + length
    return tags


# --- MP4 (Motion JPEG) ------------------------------------------------------------------

_VIDEO_SIZE = (320, 240)
_TIMESCALE = 1000
_IDENTITY_MATRIX = struct.pack(">9I", 0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000)


def _box(kind: bytes, *parts: bytes) -> bytes:
    body = b"".join(parts)
    return struct.pack(">I", 8 + len(body)) + kind + body


def _full_box(kind: bytes, version: int, flags: int, *parts: bytes) -> bytes:
    return _box(kind, struct.pack(">I", (version << 24) | flags), *parts)


def message_frame(message: str, seed: int) -> bytes:
    """A 320x240 JPEG: a blotchy random background and the message in yellow."""
    rng = random.Random(seed)
    small = Image.new("RGB", (8, 6))
    small.putdata([tuple(rng.randrange(256) for _ in range(3)) for _ in range(48)])
    image = small.resize(_VIDEO_SIZE, Image.Resampling.NEAREST)
    draw = ImageDraw.Draw(image)
    draw.text((50, 105), message, fill=(255, 255, 0), font=ImageFont.load_default(size=28))
    out = io.BytesIO()
    image.save(out, format="JPEG", quality=80)
    return out.getvalue()


def video_with_messages(messages: list[str], seconds_each: int) -> bytes:
    """An MP4 showing each message for ``seconds_each`` seconds, one after the other."""
    if not messages or seconds_each <= 0:
        raise ValueError(f"need messages and a positive duration, got {messages!r}, {seconds_each}")
    samples = [message_frame(m, i) for i, m in enumerate(messages)]
    sample_ms = seconds_each * _TIMESCALE
    duration = sample_ms * len(samples)
    width, height = _VIDEO_SIZE

    ftyp = _box(b"ftyp", b"isom", struct.pack(">I", 512), b"isomiso2mp41")
    mdat = _box(b"mdat", *samples)
    data_offset = len(ftyp) + 8

    mvhd = _full_box(
        b"mvhd", 0, 0,
        struct.pack(">IIII", 0, 0, _TIMESCALE, duration),
        struct.pack(">IH", 0x10000, 0x100), bytes(10), _IDENTITY_MATRIX, bytes(24),
        struct.pack(">I", 2),
    )  # fmt: skip
    tkhd = _full_box(
        b"tkhd", 0, 3,
        struct.pack(">IIIII", 0, 0, 1, 0, duration), bytes(8),
        struct.pack(">HHHH", 0, 0, 0, 0), _IDENTITY_MATRIX,
        struct.pack(">II", width << 16, height << 16),
    )  # fmt: skip
    mdhd = _full_box(
        b"mdhd", 0, 0, struct.pack(">IIIIHH", 0, 0, _TIMESCALE, duration, 0x55C4, 0)
    )  # 0x55C4: language "und"
    hdlr = _full_box(b"hdlr", 0, 0, bytes(4), b"vide", bytes(12), b"VideoHandler\x00")
    vmhd = _full_box(b"vmhd", 0, 1, bytes(8))
    dinf = _box(b"dinf", _full_box(b"dref", 0, 0, struct.pack(">I", 1), _full_box(b"url ", 0, 1)))
    sample_entry = _box(
        b"jpeg",
        bytes(6), struct.pack(">H", 1), bytes(16),
        struct.pack(">HHIIIH", width, height, 0x480000, 0x480000, 0, 1),
        bytes(32), struct.pack(">Hh", 0x18, -1),
    )  # fmt: skip
    stbl = _box(
        b"stbl",
        _full_box(b"stsd", 0, 0, struct.pack(">I", 1), sample_entry),
        _full_box(b"stts", 0, 0, struct.pack(">III", 1, len(samples), sample_ms)),
        _full_box(b"stsc", 0, 0, struct.pack(">IIII", 1, 1, len(samples), 1)),
        _full_box(
            b"stsz", 0, 0, struct.pack(">II", 0, len(samples)),
            *(struct.pack(">I", len(s)) for s in samples),
        ),
        _full_box(b"stco", 0, 0, struct.pack(">II", 1, data_offset)),
    )  # fmt: skip
    trak = _box(b"trak", tkhd, _box(b"mdia", mdhd, hdlr, _box(b"minf", vmhd, dinf, stbl)))
    return ftyp + mdat + _box(b"moov", mvhd, trak)


def mp4_duration_ms(data: bytes) -> int:
    """The duration an MP4's ``mvhd`` declares, in milliseconds."""
    at = data.find(b"mvhd")
    if at < 0:
        raise ValueError("not an MP4: no mvhd box")
    version = data[at + 4]
    if version == 1:
        timescale, duration = struct.unpack(">IQ", data[at + 24 : at + 36])
    else:
        timescale, duration = struct.unpack(">II", data[at + 16 : at + 24])
    return duration * 1000 // timescale


def _box_body(data: bytes, kind: bytes) -> bytes | None:
    at = data.find(kind)
    if at < 4:
        return None
    size = struct.unpack(">I", data[at - 4 : at])[0]
    return data[at + 4 : at - 4 + size]


def mp4_frame_at(data: bytes, ms: int) -> bytes | None:
    """The JPEG picture an MP4 made by :func:`video_with_messages` shows at ``ms``
    (the last one after the end), or None for any other kind of MP4."""
    stts, stsz, stco = (_box_body(data, k) for k in (b"stts", b"stsz", b"stco"))
    if stts is None or stsz is None or stco is None:
        return None
    if struct.unpack(">I", stco[4:8])[0] != 1 or data.find(b"jpeg") < 0:
        return None  # not one chunk of Motion-JPEG pictures
    offset = struct.unpack(">I", stco[8:12])[0]
    count = struct.unpack(">I", stsz[8:12])[0]
    sizes = struct.unpack(f">{count}I", stsz[12 : 12 + 4 * count])
    durations: list[int] = []
    for i in range(struct.unpack(">I", stts[4:8])[0]):
        n, each = struct.unpack(">II", stts[8 + 8 * i : 16 + 8 * i])
        durations += [each] * n
    timescale = struct.unpack(">I", (_box_body(data, b"mdhd") or bytes(16))[12:16])[0] or 1000
    index, elapsed = len(durations) - 1, 0
    for i, duration in enumerate(durations):
        elapsed += duration * 1000 // timescale
        if ms < elapsed:
            index = i
            break
    start = offset + sum(sizes[:index])
    return data[start : start + sizes[index]]


_VIDEO_PREFIXES = ("clip", "footage", "scene", "recording", "highlight", "moment", "episode")
_VIDEO_SUFFIXES = ("", "HD", "4K", "raw", "export")


def random_video_name(rng: random.Random) -> str:
    """``prefix_NN_suffix.mp4``, modified with a date, a tag or a word, as AndroidWorld."""
    # Prefix, suffix, then number: AW's order of draws.
    prefix, suffix = rng.choice(_VIDEO_PREFIXES), rng.choice(_VIDEO_SUFFIXES)
    name = f"{prefix}_{rng.randint(1, 99)}_{suffix}.mp4"
    return fake_data.modified_file_name(rng, name)


# --- receipt ----------------------------------------------------------------------------

RECEIPT_HEADER = "Date, Item, Amount"
_RECEIPT_ITEMS = (
    ("USB-C Cable", (5, 20)),
    ("Wireless Mouse", (10, 50)),
    ("Bluetooth Keyboard", (30, 100)),
    ("External Hard Drive", (50, 150)),
    ("Webcam", (20, 70)),
    ("Monitor Stand", (15, 60)),
)
RECEIPT_COMPANIES = (
    "Tech Gadgets Inc.",
    "Innovate Solutions Ltd.",
    "Future Tech LLC",
    "Gadget Gurus Co.",
)
RECEIPT_SLOGANS = (
    "Innovating the Future",
    "Technology for Tomorrow",
    "Bringing Ideas to Life",
    "Innovation and Excellence",
)


def random_transactions(rng: random.Random, count: int) -> list[str]:
    """``YYYY-MM-DD, Item, $12.34`` lines dated in 2023 before the device's date."""
    first = dt.date(2023, 1, 1)
    span = (dt.date(2023, 10, 15) - first).days
    lines = []
    for _ in range(count):
        item, (low, high) = rng.choice(_RECEIPT_ITEMS)
        price = rng.uniform(low, high)
        day = first + dt.timedelta(days=rng.randrange(span))
        lines.append(f"{day.isoformat()}, {item}, ${price:.2f}")
    return lines


def receipt_image(rng: random.Random, transactions: list[str]) -> Image.Image:
    """A white receipt: company and slogan, the header and transactions, a footer."""
    height = max(250, 50 * (len(transactions) + 4)) * 2
    image = Image.new("RGB", (500, height), color=(255, 255, 255))
    draw = ImageDraw.Draw(image)
    header = f"{rng.choice(RECEIPT_COMPANIES)}\n{rng.choice(RECEIPT_SLOGANS)}"
    draw.text((10, 100), header, fill=(0, 0, 0), font=ImageFont.load_default(size=20))
    y = 170
    for line in transactions:
        draw.text((10, y), line, fill=(0, 0, 0), font=ImageFont.load_default(size=16))
        y += 30
    footer = "Thank you for your purchase!\nVisit us at: www.tech-gadgets.com"
    draw.text((10, height - 40), footer, fill=(0, 0, 0), font=ImageFont.load_default(size=12))
    return image
