"""The game record: a whole match in at most 256 bytes, versioned and CRC-checked.

    >>> from engine.rules import preset
    >>> from engine.match import Match
    >>> m = Match(preset("sevens"), deal_number=42)
    >>> _ = m.game.play(32)
    >>> data = encode(m, 0)                 # screen: a byte of the app's (0 here)
    >>> m2, screen = decode(data)
    >>> m2.game.log == m.game.log, m2.game.turn, screen
    (True, 1, 0)
    >>> decode(data[:-1] + bytes([data[-1] ^ 1]))
    Traceback (most recent call last):
    ...
    engine.save.SaveError: damaged

Layout (big-endian): b"FT", version, length of the body, body, CRC-32 of the body.
Body: rules (one byte a field), players, deal number (4), dealer, deals settled (its low
byte), the settled flag (bit 0; the bits above it hold the deals' count past 255, which a
chip match with no deal limit can reach), screen, then per player the score and chips at the deal's start
(2 + 2, signed), then the deal's log (one byte an action: card id or PASS).
Forced passes are not in the log: replaying it repeats them. Each version holds one rule field
more than the one before: records of version 1 (before up_first) and 2 (before winner_deals)
still load, those rules off.
"""
from engine.portable import const
from engine.crc import crc32, crc_bytes
from engine.rules import Rules, FIELDS, RACE, CHIPS
from engine.match import Match

MAGIC = b"FT"
_VERSION = const(3)          # a rule field more, a version more (up_first came with 2, winner_deals 3)
_MAX_BYTES = const(256)


class SaveError(ValueError):
    """A record that cannot be loaded: truncated, damaged, old or illegal."""


def _i16(x):
    x &= 0xFFFF
    return (x >> 8, x & 0xFF)


def _s16(hi, lo):
    x = (hi << 8) | lo
    return x - 0x10000 if x & 0x8000 else x


def encode(match, screen=0):
    """The record of a match and the screen the app shows (0..255)."""
    g = match.game
    n = match.players
    settled = 1 if match.result is not None else 0
    body = bytearray(match.rules.encode())
    d = match.deal_number
    done = match.deals - settled
    body.extend(bytes((n, (d >> 24) & 0xFF, (d >> 16) & 0xFF, (d >> 8) & 0xFF, d & 0xFF,
                       match.dealer, done & 0xFF, (done >> 7 & 0xFE) | settled, screen)))
    for p in range(n):
        score = match.scores[p] - (match.result[p] if settled else 0)
        body.extend(bytes(_i16(score)))
        body.extend(bytes(_i16(match.start_chips[p])))
    body.extend(g.log)
    if len(body) + 8 > _MAX_BYTES:          # (so its length fits the byte below)
        raise SaveError("record too long")
    out = bytearray(MAGIC)
    out.append(_VERSION)
    out.append(len(body))
    out.extend(body)
    out.extend(crc_bytes(crc32(body)))
    return bytes(out)


def decode(data):
    """(match, screen) from a record; SaveError with a short reason otherwise."""
    if len(data) < 8 or bytes(data[0:2]) != MAGIC:
        raise SaveError("not a saved game")
    if not 0 < data[2] <= _VERSION:
        raise SaveError("saved by another version")
    size = data[3]
    if len(data) != size + 8:
        raise SaveError("truncated")
    body = bytes(data[4:4 + size])
    if bytes(data[4 + size:]) != crc_bytes(crc32(body)):
        raise SaveError("damaged")
    k = len(FIELDS) - _VERSION + data[2]      # the rule fields of that version
    if size < k + 9:
        raise SaveError("truncated")
    try:
        rules = Rules.decode(body[:k])
    except ValueError as e:
        raise SaveError("bad rules: " + str(e))
    n = body[k]
    d = (body[k + 1] << 24) | (body[k + 2] << 16) | (body[k + 3] << 8) | body[k + 4]
    dealer, deals, settled, screen = body[k + 5], body[k + 6], body[k + 7], body[k + 8]
    if data[2] < _VERSION and settled > 1:     # older encoders wrote 0 or 1
        raise SaveError("bad table")
    deals |= settled >> 1 << 8
    settled &= 1
    at = k + 9
    if dealer >= n or size < at + 4 * n:
        raise SaveError("bad table")
    try:
        m = Match(rules, d, n, dealer)          # refuses a table size the rules do not allow
    except ValueError:
        raise SaveError("bad table")
    m.deals = deals
    for p in range(n):
        m.scores[p] = _s16(body[at], body[at + 1])
        m.start_chips[p] = _s16(body[at + 2], body[at + 3])
        at += 4
    why = _impossible(m)
    if why:
        raise SaveError(why)
    try:
        m.resume(body[at:])
        if settled:
            m.settle()
    except ValueError:
        raise SaveError("illegal moves")
    return m, screen


def _impossible(m):
    """Why a match read back (before its deal's log) cannot have been played, or None:
    a record with a good CRC can still be forged or written by a buggy encoder."""
    r = m.rules
    n = m.players
    if (r.scoring == RACE and min(m.scores) < 0 or r.scoring != RACE and sum(m.scores)
            or r.deals and not m.deals and any(m.scores)):      # (no limit: the count wraps at 32768)
        return "bad scores"
    for p in range(n):
        if m.start_chips[p] != (r.chips + m.scores[p] if r.scoring == CHIPS else 0):
            return "bad chips"
    if (r.deals and m.deals >= r.deals or r.scoring == RACE and max(m.scores) >= r.target
            or r.scoring == CHIPS and min(m.start_chips) <= 0):
        return "the match was over"
    return None
