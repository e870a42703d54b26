#!/usr/bin/env python3
"""Writes assets/square_tiles.png and assets/hex_tiles.png (no dependencies).

Tile order (texture index): 0 floor, 1 wall, 2 difficult, 3 high ground, 4 low wall, 5 pit.
Each has its own pattern (bricks, stripes, contour lines, a half-height band, a dark gap
with a rim) so terrain reads without relying on colour alone.
"""
import struct, zlib, math

def png(path, w, h, px):
    raw = b''.join(b'\x00' + bytes(sum((px[y * w + x] for x in range(w)), ())) for y in range(h))
    def chunk(t, d):
        c = struct.pack('>I', len(d)) + t + d
        return c + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
    data = b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 6, 0, 0, 0))
    data += chunk(b'IDAT', zlib.compress(raw, 9)) + chunk(b'IEND', b'')
    open(path, 'wb').write(data)

def shade(kind, x, y):
    if kind == 0:   # floor: sandy with a faint speckle
        v = 8 if (x * 7 + y * 13) % 11 == 0 else 0
        return (196 - v, 184 - v, 150 - v, 255)
    if kind == 1:   # wall: dark bricks
        mortar = y % 8 == 0 or (x + (4 if (y // 8) % 2 else 0)) % 12 == 0
        return (70, 66, 64, 255) if mortar else (112, 104, 100, 255)
    if kind == 2:   # difficult: green-blue with diagonal stripes
        return (70, 120, 130, 255) if (x + y) % 8 < 3 else (110, 160, 150, 255)
    if kind == 3:   # high ground: warm light with contour lines
        return (150, 120, 80, 255) if y % 6 == 0 else (222, 200, 150, 255)
    if kind == 4:   # low wall: floor with a stone band across the middle
        if 10 <= y <= 21:
            mortar = y in (10, 21) or x % 8 == 0
            return (80, 76, 72, 255) if mortar else (140, 132, 124, 255)
        v = 8 if (x * 7 + y * 13) % 11 == 0 else 0
        return (196 - v, 184 - v, 150 - v, 255)
    # pit: near-black gap with a brown rim
    if x < 3 or y < 3 or x > 28 or y > 28:
        return (110, 80, 50, 255)
    return (24, 20, 18, 255) if (x // 4 + y // 4) % 2 else (36, 30, 26, 255)

def inside_hex(x, y, w, h):
    cx, cy = (w - 1) / 2, (h - 1) / 2
    dx, dy = abs(x - cx), abs(y - cy)
    r = h / 2
    # pointy-top hexagon of height h and width w = sqrt(3)/2 * h
    return dx <= w / 2 and dy <= r - dx / math.sqrt(3) + 0.3

S = 32
N = 6
img = [(0, 0, 0, 0)] * (S * N * S)
for k in range(N):
    for y in range(S):
        for x in range(S):
            edge = x == 0 or y == 0
            c = shade(k, x, y)
            if edge and k != 1:
                c = (max(c[0] - 30, 0), max(c[1] - 30, 0), max(c[2] - 30, 0), 255)
            img[y * S * N + k * S + x] = c
png('assets/square_tiles.png', S * N, S, img)

HW, HH = 28, 32
img = [(0, 0, 0, 0)] * (HW * N * HH)
for k in range(N):
    for y in range(HH):
        for x in range(HW):
            if inside_hex(x, y, HW, HH):
                c = shade(k, x, y)
                if not inside_hex(x, y, HW - 2, HH - 2) and k != 1:
                    c = (max(c[0] - 30, 0), max(c[1] - 30, 0), max(c[2] - 30, 0), 255)
                img[y * HW * N + k * HW + x] = c
png('assets/hex_tiles.png', HW * N, HH, img)

# Overlay marks (white, tinted in the game). Shapes match the tiles:
#   marks/{square,hex}_outline.png  reachable cells, selection (an outline)
#   marks/{square,hex}_hatch.png    threatened cells (diagonal hatching: a pattern, so the
#                                   threat overlay does not rely on colour)
#   marks/dot.png                   a step of the previewed path
#   marks/warn.png                  a step that provokes a reaction ("!" in a diamond)
import os
os.makedirs('assets/marks', exist_ok=True)
for name, w, h, inside in (
    ('square', 32, 32, lambda x, y, w, h: 0 <= x < w and 0 <= y < h),
    ('hex', 28, 32, inside_hex),
):
    def border(x, y, t):
        # On the shape, and t pixels further out (away from the centre) is off it.
        ox = x + t if x > w / 2 else x - t
        oy = y + t if y > h / 2 else y - t
        return inside(x, y, w, h) and (not inside(ox, y, w, h) or not inside(x, oy, w, h))
    out = [(0, 0, 0, 0)] * (w * h)
    hatch = [(0, 0, 0, 0)] * (w * h)
    for y in range(h):
        for x in range(w):
            if not inside(x, y, w, h):
                continue
            if border(x, y, 2):
                out[y * w + x] = (255, 255, 255, 255)
                hatch[y * w + x] = (255, 255, 255, 200)
            elif (x + y) % 6 < 2:
                hatch[y * w + x] = (255, 255, 255, 150)
    png(f'assets/marks/{name}_outline.png', w, h, out)
    png(f'assets/marks/{name}_hatch.png', w, h, hatch)
D = 8
dot = [(255, 255, 255, 255) if (x - 3.5) ** 2 + (y - 3.5) ** 2 <= 12 else (0, 0, 0, 0)
       for y in range(D) for x in range(D)]
png('assets/marks/dot.png', D, D, dot)
W = 14
warn = []
for y in range(W):
    for x in range(W):
        c = (0, 0, 0, 0)
        if abs(x - 6.5) + abs(y - 6.5) <= 7:
            c = (255, 255, 255, 255)
            bar = 6 <= x <= 7 and (3 <= y <= 8 or 10 <= y <= 11)
            if bar:
                c = (0, 0, 0, 255)
        warn.append(c)
png('assets/marks/warn.png', W, W, warn)
