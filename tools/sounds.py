#!/usr/bin/env python3
"""Synthesise the game's sound effects into assets/sounds/*.wav.

Only the Python standard library (wave, math, random, struct): short tones and noise
bursts, 22050 Hz, mono, 16-bit. The noise comes from a seeded generator, so running the
script again writes the same bytes.

Usage: python3 tools/sounds.py [OUT_DIR]   (default: assets/sounds next to this folder)
"""

import math
import os
import random
import struct
import sys
import wave

RATE = 22050


def silence(secs):
    return [0.0] * int(RATE * secs)


def tone(freq, secs, decay=8.0, attack=0.005, shape="sine", glide=0.0):
    """A tone that starts at freq (Hz), glides by `glide` Hz over its length and fades
    out exponentially (`decay` per second)."""
    out = []
    phase = 0.0
    n = int(RATE * secs)
    for i in range(n):
        t = i / RATE
        f = freq + glide * (i / max(n - 1, 1))
        phase += 2 * math.pi * f / RATE
        if shape == "square":
            v = 1.0 if math.sin(phase) >= 0 else -1.0
            v *= 0.5
        elif shape == "triangle":
            v = 2 / math.pi * math.asin(math.sin(phase))
        else:
            v = math.sin(phase)
        env = min(1.0, t / attack) * math.exp(-decay * t)
        out.append(v * env)
    return out


def noise(secs, decay=20.0, smooth=0.0, seed=1, attack=0.002):
    """A burst of white noise fading out; `smooth` (0..1) low-passes it (a duller,
    thumpier sound)."""
    rng = random.Random(seed)
    out = []
    prev = 0.0
    for i in range(int(RATE * secs)):
        t = i / RATE
        v = rng.uniform(-1.0, 1.0)
        prev = prev * smooth + v * (1.0 - smooth)
        env = min(1.0, t / attack) * math.exp(-decay * t)
        out.append(prev * env)
    return out


def swell_noise(secs, seed=2, smooth=0.85):
    """Noise that rises and falls (a swish of air)."""
    rng = random.Random(seed)
    out = []
    prev = 0.0
    n = int(RATE * secs)
    for i in range(n):
        x = i / max(n - 1, 1)
        v = rng.uniform(-1.0, 1.0)
        prev = prev * smooth + v * (1.0 - smooth)
        out.append(prev * math.sin(math.pi * x) ** 2)
    return out


def mix(*parts):
    """Sum of (gain, samples) pairs, as long as the longest."""
    n = max(len(s) for _, s in parts)
    out = [0.0] * n
    for g, s in parts:
        for i, v in enumerate(s):
            out[i] += g * v
    return out


def then(*parts):
    out = []
    for p in parts:
        out.extend(p)
    return out


def normalise(s, peak=0.7):
    m = max(abs(v) for v in s) or 1.0
    return [v / m * peak for v in s]


def write(path, samples):
    with wave.open(path, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(
            b"".join(struct.pack("<h", int(max(-1.0, min(1.0, v)) * 32767)) for v in samples)
        )


def sounds():
    # A footstep: a short dull thud.
    step = mix((1.0, noise(0.07, decay=60, smooth=0.9, seed=11)), (0.6, tone(90, 0.07, decay=50)))
    # A hit: a thump and a crack.
    hit = mix(
        (1.0, tone(110, 0.16, decay=25, glide=-50)),
        (0.8, noise(0.12, decay=35, smooth=0.5, seed=12)),
    )
    # A miss: a swish through the air.
    miss = swell_noise(0.22, seed=13, smooth=0.8)
    # A critical hit: a harder hit and a bright ring on top.
    crit = mix(
        (1.0, tone(95, 0.2, decay=18, glide=-45)),
        (0.9, noise(0.15, decay=28, smooth=0.4, seed=14)),
        (0.45, then(silence(0.03), tone(1320, 0.3, decay=10))),
        (0.3, then(silence(0.03), tone(1980, 0.3, decay=12))),
    )
    # A reaction (a parry, a block, a strike back): a metallic clang.
    reaction = mix(
        (0.6, tone(620, 0.3, decay=14)),
        (0.45, tone(1470, 0.3, decay=16)),
        (0.3, tone(2310, 0.25, decay=20)),
        (0.5, noise(0.03, decay=120, smooth=0.2, seed=15)),
    )
    # A unit goes down: a falling tone.
    death = mix(
        (1.0, tone(330, 0.55, decay=4, glide=-230, shape="triangle")),
        (0.35, noise(0.2, decay=14, smooth=0.9, seed=16)),
    )
    # Victory: a rising arpeggio (C E G C).
    victory = then(
        tone(523.25, 0.13, decay=6, shape="triangle"),
        tone(659.25, 0.13, decay=6, shape="triangle"),
        tone(783.99, 0.13, decay=6, shape="triangle"),
        mix(
            (1.0, tone(1046.5, 0.5, decay=4, shape="triangle")),
            (0.4, tone(783.99, 0.5, decay=4, shape="triangle")),
        ),
    )
    return {
        "step": normalise(step, 0.45),
        "hit": normalise(hit),
        "miss": normalise(miss, 0.5),
        "crit": normalise(crit, 0.8),
        "reaction": normalise(reaction, 0.6),
        "death": normalise(death),
        "victory": normalise(victory, 0.6),
    }


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "assets", "sounds")
    os.makedirs(out, exist_ok=True)
    for name, samples in sounds().items():
        path = os.path.join(out, name + ".wav")
        write(path, samples)
        print(f"{path}: {len(samples) / RATE:.2f} s")


if __name__ == "__main__":
    main()
