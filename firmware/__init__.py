"""The badge app: screens, menus, the game table. Runs on the badge and in the simulator."""
