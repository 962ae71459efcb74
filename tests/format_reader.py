#!/usr/bin/env python3
"""A second reader of ddtb's table files, written from tablebase/FORMAT.md alone.

It shares no code with the C++ reader: it opens every table file of a
directory (raw, compressed or packed layers; exact or bound), canonicalizes a
position as the format describes, and answers its value and specified cards.

    format_reader.py DIR PROBES

PROBES is what tests/tablebase_reader_test.cpp writes: lines

    <bound> <leader> <strain> <deal> <answer>

with <bound> 0 for the exact value or t for "at least t tricks", <leader> one
of NESW, <strain> one of SHDCN, <deal> "N:<north> <east> <south> <west>" in
PBN (the four hands of one position at a trick start, suits S.H.D.C) and
<answer> "-" (not in the tables) or "<value>:<specified cards>" (the cards as
one PBN hand). Each line is answered again here and compared; the program
prints the count and exits 1 at the first line that differs, naming it.

Needs python3-xxhash and python3-zstandard (Debian packages).
"""

import bisect
import os
import struct
import sys

import xxhash
import zstandard

SEATS = "NESW"
SUITS = "SHDC"
RANKS = "AKQJT98765432"  # highest first

HEADER_SIZE = 128
MAGIC = b"DDTBTBL\0"
BLOCK = 16 * 1024


class FormatError(Exception):
    pass


def xxh3(data):
    return xxhash.xxh3_64_intdigest(bytes(data))


def col_len(column, seat):
    return (column >> (12 - 4 * seat)) & 15


def col_total(column):
    return sum(col_len(column, s) for s in range(4))


# Shapes -------------------------------------------------------------------


def columns_within(room, limit):
    """Columns giving seat s at most room[s] cards, at most 13 in all, at most limit."""
    out = []
    for a in range(room[0] + 1):
        for b in range(room[1] + 1):
            for c in range(room[2] + 1):
                for d in range(room[3] + 1):
                    if a + b + c + d > 13:
                        break
                    col = a << 12 | b << 8 | c << 4 | d
                    if col <= limit:
                        out.append(col)
    return out


def shapes(tricks, trump):
    """Every canonical shape key of a layer, increasing (tablebase/FORMAT.md, partitions)."""
    keys = []
    full = [tricks] * 4

    def minus(room, col):
        return [room[s] - col_len(col, s) for s in range(4)]

    for c0 in columns_within(full, 0xFFFF):
        if trump and col_total(c0) == 0:
            continue
        r0 = minus(full, c0)
        for c1 in columns_within(r0, 0xFFFF if trump else c0):
            r1 = minus(r0, c1)
            for c2 in columns_within(r1, c1):
                r2 = minus(r1, c2)
                if sum(r2) > 13:
                    continue
                c3 = r2[0] << 12 | r2[1] << 8 | r2[2] << 4 | r2[3]
                if c3 > c2:
                    continue
                keys.append(c0 << 48 | c1 << 32 | c2 << 16 | c3)
    keys.sort()
    return keys


# Positions ----------------------------------------------------------------


def parse_deal(text):
    """'N:hand hand hand hand' -> hands[seat][suit] = set of ranks (0 = ace)."""
    first, rest = text.split(":", 1)
    start = SEATS.index(first)
    hands = [None] * 4
    for i, hand in enumerate(rest.split(" ")):
        suits = hand.split(".")
        if len(suits) != 4:
            raise FormatError("bad hand " + hand)
        hands[(start + i) % 4] = [set(RANKS.index(r) for r in s) for s in suits]
    return hands


def canonical(hands, leader, strain):
    """(trump class, shape key, sequences per slot, suit per slot, tricks)."""
    tricks = sum(len(s) for s in hands[leader])
    cols, seqs, owners = [], [], []
    for suit in range(4):
        cards = sorted((r, seat) for seat in range(4) for r in hands[seat][suit])
        rel = [(seat - leader) % 4 for _, seat in cards]  # highest card first
        col = 0
        for seat in range(4):
            col |= rel.count(seat) << (12 - 4 * seat)
        seq = 0
        for i, owner in enumerate(rel):
            seq |= owner << (30 - 2 * i)
        cols.append(col)
        seqs.append(seq)
        owners.append(rel)
    trump = strain < 4 and cols[strain] != 0
    placed = [s for s in range(4) if not (trump and s == strain)]
    placed.sort(key=lambda s: (-(cols[s] << 32 | seqs[s]), s))
    order = ([strain] if trump else []) + placed
    shape = 0
    for i, s in enumerate(order):
        shape |= cols[s] << (48 - 16 * i)
    return trump, shape, [owners[s] for s in order], order, tricks


def state_nibbles(owner_lists):
    return [sum(1 << (4 * i + o) for i, o in enumerate(owners)) for owners in owner_lists]


# Sets ---------------------------------------------------------------------


def read_masks(data, pos, depths):
    """The masks of depths[s] top positions per slot, two per byte, low first."""
    total = sum(depths)
    nib = []
    for i in range(total):
        byte = data[pos + i // 2]
        nib.append(byte & 15 if i % 2 == 0 else byte >> 4)
    allow = []
    k = 0
    for d in depths:
        word = (1 << 64) - 1
        for q in range(d):
            word &= ~(0xF << (4 * q))
            word |= nib[k] << (4 * q)
            k += 1
        allow.append(word)
    return allow, pos + (total + 1) // 2


def holds(allow, state):
    return all(state[s] & ~allow[s] == 0 for s in range(4))


def depth_of(allow, s):
    """One more than the lowest position whose mask is not 0xF."""
    d = 0
    for q in range(16):
        if (allow[s] >> (4 * q)) & 15 != 15:
            d = q + 1
    return d


def varint(data, pos):
    value, shift = 0, 0
    while True:
        b = data[pos]
        pos += 1
        value |= (b & 127) << shift
        shift += 7
        if b < 128:
            return value, pos


# Files --------------------------------------------------------------------


class Layer:
    def __init__(self, path):
        with open(path, "rb") as f:
            self.data = f.read()
        d = self.data
        if len(d) < HEADER_SIZE or d[:8] != MAGIC:
            raise FormatError(path + ": not a table file")
        (self.version, hsize, self.tricks, self.klass, self.bound, _z, self.partitions,
         self.chunks, _z2, self.sets, shapes_sum, self.dir_off, self.data_off, self.data_bytes,
         dir_sum) = struct.unpack_from("<IIBBBBIIIQQQQQQ", d, 8)
        if hsize != HEADER_SIZE or self.version not in range(1, 7):
            raise FormatError(path + ": version or header size")
        if struct.unpack_from("<Q", d, 120)[0] != xxh3(d[:120]):
            raise FormatError(path + ": header checksum")
        self.keys = shapes(self.tricks, self.klass == 1)
        if len(self.keys) != self.partitions or xxh3(struct.pack(
                "<%dQ" % len(self.keys), *self.keys)) != shapes_sum:
            raise FormatError(path + ": shapes")
        self.index = {k: i for i, k in enumerate(self.keys)}
        self.packed = self.version >= 5
        self.lengths = self.version in (3, 4)
        base = self.data_off
        if self.packed:
            blocks = d[self.dir_off:self.dir_off + 8 * self.chunks]
            if xxh3(blocks) != dir_sum:
                raise FormatError(path + ": block table checksum")
            for b in range(self.chunks):
                lo = base + b * BLOCK
                hi = min(lo + BLOCK, base + self.data_bytes)
                if xxh3(d[lo:hi]) != struct.unpack_from("<Q", blocks, 8 * b)[0]:
                    raise FormatError(path + ": block %d checksum" % b)
        else:
            entries = d[self.dir_off:self.dir_off + 32 * self.chunks]
            if xxh3(entries) != dir_sum:
                raise FormatError(path + ": directory checksum")
            self.entries = [struct.unpack_from("<IIQIIQ", entries, 32 * i)
                            for i in range(self.chunks)]
            self.firsts = [e[0] for e in self.entries]
            self.loaded = {}

    def value_bits(self):
        bits = 0
        while (1 << bits) <= self.tricks:
            bits += 1
        return bits

    def answer(self, shape, owner_lists):
        """(value, allow words) of the state, or None when no set holds it."""
        p = self.index[shape]
        state = state_nibbles(owner_lists)
        if self.packed:
            return self.packed_answer(p, shape, state, owner_lists)
        return self.raw_answer(p, state)

    # Raw layout: chunks of partitions, sets in order, the first that holds.
    def chunk(self, c):
        if c not in self.loaded:
            first, encoding, off, stored, raw, check = self.entries[c]
            lo = self.data_off + off
            blob = self.data[lo:lo + stored]
            if xxh3(blob) != check:
                raise FormatError("chunk %d checksum" % c)
            if encoding == 1:
                blob = zstandard.ZstdDecompressor().decompress(blob)
            if len(blob) != raw:
                raise FormatError("chunk %d raw size" % c)
            self.loaded[c] = blob
        return self.loaded[c]

    def raw_answer(self, p, state):
        c = bisect.bisect_right(self.firsts, p) - 1
        blob = self.chunk(c)
        pos = 0
        for q in range(self.firsts[c], p + 1):
            count, pos = varint(blob, pos)
            if self.lengths:
                nbytes, pos = varint(blob, pos)
                if q < p:
                    pos += nbytes
                    continue
            for _ in range(count):
                value = blob[pos]
                d01, d23 = blob[pos + 1], blob[pos + 2]
                depths = [d01 & 15, d01 >> 4, d23 & 15, d23 >> 4]
                allow, pos = read_masks(blob, pos + 3, depths)
                if q == p and holds(allow, state):
                    return value, allow
        return None

    # Packed layout: the partition index, a default value, the stored sets.
    def packed_answer(self, p, shape, state, owner_lists):
        d, base = self.data, self.data_off
        line = base + 64 * (p // 13)
        start = struct.unpack_from("<Q", d, line)[0]
        rel = struct.unpack_from("<14I", d, line + 8)
        lo, hi = base + start + rel[p % 13], base + start + rel[p % 13 + 1]
        part = d[lo:hi]
        default, nvec = part[0], part[1]
        vectors = []
        for k in range(nvec):
            b0, b1 = part[2 + 2 * k], part[3 + 2 * k]
            vectors.append([b0 & 15, b0 >> 4, b1 & 15, b1 >> 4])
        id_bits = 8 if self.bound else 8 - self.value_bits()
        escape = (1 << id_bits) - 1
        pos = 2 + 2 * nvec
        stored = []
        while pos < len(part):
            head = part[pos]
            pos += 1
            vid = head & escape
            if vid == escape:
                b0, b1 = part[pos], part[pos + 1]
                pos += 2
                depths = [b0 & 15, b0 >> 4, b1 & 15, b1 >> 4]
            else:
                depths = vectors[vid]
            value = (1 - default) if self.bound else head >> id_bits
            allow, pos = read_masks(part, pos, depths)
            if holds(allow, state):
                return value, allow
            stored.append(allow)
        return default, self.cover(stored, state, shape, owner_lists)

    def cover(self, stored, state, shape, owner_lists):
        need = [0, 0, 0, 0]
        for allow in stored:
            fail = [None] * 4
            for s in range(4):
                x = state[s] & ~allow[s]
                if x:
                    fail[s] = ((x & -x).bit_length() - 1) // 4
            if any(fail[s] is not None and fail[s] < need[s] for s in range(4)):
                continue
            best = None
            for s in range(4):
                if fail[s] is None:
                    continue
                if best is None or fail[s] + 1 - need[s] < fail[best] + 1 - need[best]:
                    best = s
            need[best] = fail[best] + 1
        cols = [(shape >> (48 - 16 * s)) & 0xFFFF for s in range(4)]
        first_free = 1 if self.klass == 1 else 0
        grew = True
        while grew:
            grew = False
            for a in range(3):
                if a < first_free or cols[a] != cols[a + 1]:
                    continue
                x, y = owner_lists[a], owner_lists[a + 1]
                diff = [i for i in range(len(x)) if x[i] != y[i]]
                want = diff[0] + 1 if diff else max(need[a], need[a + 1])
                for s in (a, a + 1):
                    if need[s] < want:
                        need[s] = want
                        grew = True
        allow = []
        for s in range(4):
            word = (1 << 64) - 1
            for q in range(need[s]):
                word &= ~(0xF << (4 * q))
                word |= (1 << owner_lists[s][q]) << (4 * q)
            allow.append(word)
        return allow


class Tables:
    def __init__(self, directory):
        self.layers = {}
        for name in sorted(os.listdir(directory)):
            if name.endswith(".tbl"):
                layer = Layer(os.path.join(directory, name))
                self.layers[(layer.tricks, layer.klass, layer.bound)] = layer

    def probe(self, hands, leader, strain, bound):
        trump, shape, owner_lists, order, tricks = canonical(hands, leader, strain)
        layer = self.layers.get((tricks, 1 if trump else 0, bound))
        if layer is None:
            return None
        found = layer.answer(shape, owner_lists)
        if found is None:
            return None
        value, allow = found
        spec = [set(), set(), set(), set()]
        for slot, suit in enumerate(order):
            d = depth_of(allow, slot)
            in_play = sorted(r for seat in range(4) for r in hands[seat][suit])
            spec[suit] = set(in_play[:d])
        return value, spec


def hand_text(spec):
    return ".".join("".join(RANKS[r] for r in sorted(s)) for s in spec)


def main(argv):
    if len(argv) != 3:
        sys.stderr.write("usage: format_reader.py DIR PROBES\n")
        return 2
    tables = Tables(argv[1])
    count = 0
    with open(argv[2]) as f:
        for number, line in enumerate(f, 1):
            parts = line.split()
            if not parts:
                continue
            bound, leader, strain = int(parts[0]), SEATS.index(parts[1]), "SHDCN".index(parts[2])
            hands = parse_deal(" ".join(parts[3:7]))
            expected = parts[7]
            got = tables.probe(hands, leader, strain, bound)
            text = "-" if got is None else "%d:%s" % (got[0], hand_text(got[1]))
            if text != expected:
                sys.stderr.write("%s:%d: the C++ reader says %s, this reader %s\n  %s" %
                                 (argv[2], number, expected, text, line))
                return 1
            count += 1
    print("%d probes agree (%s)" % (count, argv[1]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
