"""Stand-in for adafruit_display_text.bitmap_label: a Label keeps its text and notes every
character its font lacks (the real one leaves such a character out without a word)."""

MISSING = []


class Label:
    def __init__(self, font, *, text="", color=0xFFFFFF, scale=1, anchor_point=None,
                 anchored_position=None, line_spacing=1.25):
        self.font = font
        self.color = color
        self.scale = scale
        self.anchor_point = anchor_point
        self.anchored_position = anchored_position
        self.line_spacing = line_spacing
        self.hidden = False
        self.text = text

    @property
    def text(self):
        return self._text

    @text.setter
    def text(self, text):
        if not isinstance(text, str):
            raise TypeError("text must be a str")
        for ch in text:
            if ch != "\n" and self.font.get_glyph(ord(ch)) is None:
                MISSING.append(ch)
        self._text = text
