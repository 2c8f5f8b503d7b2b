"""Stand-in for CircuitPython's keypad: play.py (and tests/test_hal_circuitpython.py) queue
(key number, pressed) events on the last Keys made."""


class Event:
    def __init__(self):
        self.key_number = 0
        self.pressed = False


class EventQueue:
    def __init__(self):
        self.queue = []

    def get_into(self, event):
        if not self.queue:
            return False
        event.key_number, event.pressed = self.queue.pop(0)
        return True


class Keys:
    last = None

    def __init__(self, pins, *, value_when_pressed, pull=False):
        self.pins = pins
        self.value_when_pressed = value_when_pressed
        self.pull = pull
        self.events = EventQueue()
        Keys.last = self
