"""Write the app icons web/icons/icon-192.png and icon-512.png (run once; they are committed).

Pure standard library: a green rounded square with a black and a white disc, drawn with
4x4 supersampling, matching web/icons/icon.svg.
"""

from __future__ import annotations

import struct
import zlib

from tools import ROOT

ICONS = ROOT / "web" / "icons"
GREEN, BLACK, WHITE = (0x1F, 0x7A, 0x4D), (0x14, 0x14, 0x14), (0xEE, 0xEE, 0xEE)


def colour_at(x: float, y: float) -> tuple[int, int, int] | None:
    """Colour of the 64x64 design at (x, y), or None outside (maskable: full square)."""
    for cx, cy, colour in ((40, 38, WHITE), (24, 26, BLACK)):
        if (x - cx) ** 2 + (y - cy) ** 2 <= 15**2:
            return colour
    return GREEN


def png(size: int) -> bytes:
    rows = []
    n = 4
    for py in range(size):
        row = bytearray([0])
        for px in range(size):
            acc = [0, 0, 0]
            for sy in range(n):
                for sx in range(n):
                    c = colour_at(
                        (px + (sx + 0.5) / n) * 64 / size, (py + (sy + 0.5) / n) * 64 / size
                    )
                    for i in range(3):
                        acc[i] += c[i] if c else 0
            row += bytes(v // (n * n) for v in acc)
        rows.append(bytes(row))
    raw = zlib.compress(b"".join(rows), 9)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", raw) + chunk(b"IEND", b"")


if __name__ == "__main__":
    for size in (192, 512):
        (ICONS / f"icon-{size}.png").write_bytes(png(size))
        print(f"wrote {ICONS / f'icon-{size}.png'}")
