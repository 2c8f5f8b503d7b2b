"""CircuitPython runs this once at power-up or reset, before the USB drive appears.

It makes the CIRCUITPY filesystem writable by code, so `python -m tools.flash` can copy the game
over the serial REPL and the game can keep its saves. The computer then sees the drive read-only.

Hold the board's "drive" button (its BACK button) while it powers up or resets to skip this: the
drive is the computer's again, as on a fresh board. On a board not listed here nothing changes.
Copy this file onto the CIRCUITPY drive once by hand; after that the flash tool keeps it current.
On MicroPython there is no `storage` module and this file does nothing.
"""

# board id: (button pin, pin value while pressed)
DRIVE_BUTTON = {
    "pimoroni_picosystem": ("SW_B", False),
    "pajenicko_picopad": ("SW_B", False),
    "ugame22": ("BUTTON_X", False),
    "hack_club_sprig": ("BUTTON_K", False),
    "adafruit_macropad_rp2040": ("KEY7", False),
    "pimoroni_badger2040": ("SW_B", True),
    "pimoroni_badger2040w": ("SW_B", True),
    "pimoroni_badger2350": ("SW_B", False),
    "lilygo_t_display_rp2040": ("BUTTON_L", False),
    "heiafr_picomo_v3": ("SW_TOPL", False),
    "heiafr_picomo_v2": ("SW_TOPL", False),
    "pimoroni_explorer2350": ("SW_B", False),
    "tinycircuits_thumby_color": ("BUTTON_B", False),
}


def _held(board, digitalio, pin_name, pressed):
    pin = digitalio.DigitalInOut(getattr(board, pin_name))
    pin.direction = digitalio.Direction.INPUT
    pin.pull = digitalio.Pull.DOWN if pressed else digitalio.Pull.UP
    held = pin.value == pressed
    pin.deinit()
    return held


def main():
    try:
        import storage          # first: only CircuitPython has it (Blinka has board, digitalio)
        import board
        import digitalio
    except ImportError:
        return  # MicroPython (or a desktop): nothing to do
    button = DRIVE_BUTTON.get(getattr(board, "board_id", ""))
    if button is None:
        print("boot.py: unknown board; CIRCUITPY stays writable by the computer only")
        return
    if _held(board, digitalio, button[0], button[1]):
        print("boot.py: %s held: CIRCUITPY is writable by the computer" % button[0])
        return
    storage.remount("/", readonly=False)
    print("boot.py: CIRCUITPY is writable by code; hold %s at reset to give it to the computer"
          % button[0])


main()
