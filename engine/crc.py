"""CRC-32 (the zlib one) on two 16-bit halves, so it never allocates on MicroPython."""

# The CRC of each 4-bit value, high and low halves: a byte takes two table steps, not eight
_HI = (0x0000, 0x1DB7, 0x3B6E, 0x26D9, 0x76DC, 0x6B6B, 0x4DB2, 0x5005,
       0xEDB8, 0xF00F, 0xD6D6, 0xCB61, 0x9B64, 0x86D3, 0xA00A, 0xBDBD)
_LO = (0x0000, 0x1064, 0x20C8, 0x30AC, 0x4190, 0x51F4, 0x6158, 0x713C,
       0x8320, 0x9344, 0xA3E8, 0xB38C, 0xC2B0, 0xD2D4, 0xE278, 0xF21C)


def crc32(data, crc=(0, 0)):
    """CRC-32 of bytes, continuing from a previous (hi, lo) result; returns (hi, lo)."""
    hi = crc[0] ^ 0xFFFF
    lo = crc[1] ^ 0xFFFF
    for b in data:
        lo ^= b
        for _ in (0, 1):
            n = lo & 15
            lo = (lo >> 4 | (hi & 15) << 12) ^ _LO[n]
            hi = hi >> 4 ^ _HI[n]
    return hi ^ 0xFFFF, lo ^ 0xFFFF


def crc_bytes(crc):
    """The (hi, lo) pair as 4 bytes, big-endian: how records store it."""
    return bytes((crc[0] >> 8, crc[0] & 0xFF, crc[1] >> 8, crc[1] & 0xFF))
