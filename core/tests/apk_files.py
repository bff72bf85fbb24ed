"""Small APKs for tests: a ZIP with a binary AndroidManifest.xml, as Android's package
parser reads it (only the manifest: the virtual phone installs its own models)."""

from __future__ import annotations

import io
import struct
import zipfile

_NO_INDEX = 0xFFFFFFFF


def _string_pool(strings: list[str]) -> bytes:
    data = b""
    offsets = []
    for text in strings:
        offsets.append(len(data))
        data += struct.pack("<H", len(text)) + text.encode("utf-16-le") + b"\0\0"
    data += b"\0" * (-len(data) % 4)
    start = 28 + 4 * len(strings)
    header = struct.pack("<HHIIIIII", 0x0001, 28, start + len(data), len(strings), 0, 0, start, 0)
    return header + struct.pack(f"<{len(strings)}I", *offsets) + data


def _element(name: int, attributes: list[tuple[int, int, int, int]]) -> bytes:
    """A start-element chunk; each attribute is (name, raw string or -1, type, data)."""
    body = struct.pack("<IIHHHHHH", _NO_INDEX, name, 20, 20, len(attributes), 0, 0, 0)
    for attr_name, raw, kind, data in attributes:
        body += struct.pack("<IIIHBBI", _NO_INDEX, attr_name, raw, 8, 0, kind, data)
    return struct.pack("<HHIII", 0x0102, 16, 16 + len(body), 1, _NO_INDEX) + body


def manifest_xml(package: str, version_code: int, permissions: tuple[str, ...] = ()) -> bytes:
    """Binary AndroidManifest.xml naming ``package``, ``versionCode`` and permissions."""
    strings = ["manifest", "package", "versionCode", "uses-permission", "name", package]
    strings += list(permissions)
    chunks = _string_pool(strings)
    chunks += _element(0, [(1, 5, 0x03, 5), (2, _NO_INDEX, 0x10, version_code)])
    for index in range(len(permissions)):
        chunks += _element(3, [(4, 6 + index, 0x03, 6 + index)])
    return struct.pack("<HHI", 0x0003, 8, 8 + len(chunks)) + chunks


def apk(package: str, version_code: int, permissions: tuple[str, ...] = ()) -> bytes:
    """An APK file's bytes whose manifest says ``package`` and ``version_code``."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("AndroidManifest.xml", manifest_xml(package, version_code, permissions))
        archive.writestr("classes.dex", b"dex\n035\0")
    return buffer.getvalue()
