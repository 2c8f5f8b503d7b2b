"""CircuitPython entry: the badge HAL, then the app, forever."""
from hal.circuitpython import Hal
from firmware.app import App

App(Hal()).run()
