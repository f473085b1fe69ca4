"""Everything written to disk: the save format, save files, the saves folder of the window, the settings file.

No pygame and no scenes here; errors carry an i18n code and its arguments (errors.py).
"""
