"""Stand-in for the Adafruit_CircuitPython_Display_Text package (bitmap_label only)."""
