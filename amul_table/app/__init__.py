"""The window: the App and its main loop, the routes between scenes, the window's records link, start-up and
headless rendering. It draws with pygame and talks to a game only through the match package's clients."""
