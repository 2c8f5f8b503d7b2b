"""CRC-32 (the zlib one) on two 16-bit halves, so it never allocates on MicroPython."""


def crc32(data, crc=(0, 0)):
    """CRC-32 of bytes, continuing from a previous (hi, lo) result; returns (hi, lo)."""
    hi = crc[0] ^ 0xFFFF
    lo = crc[1] ^ 0xFFFF
    for b in data:
        lo ^= b
        for _ in range(8):
            bit = lo & 1
            lo = (lo >> 1) | ((hi & 1) << 15)
            hi >>= 1
            if bit:
                hi ^= 0xEDB8
                lo ^= 0x8320
    return hi ^ 0xFFFF, lo ^ 0xFFFF


def crc_bytes(crc):
    """The (hi, lo) pair as 4 bytes, big-endian: how records store it."""
    return bytes((crc[0] >> 8, crc[0] & 0xFF, crc[1] >> 8, crc[1] & 0xFF))
