"""The Match: the one authority for a game, its typed protocol, and the client that every table uses.

No pygame and no sockets here: the window, the command line and the server (net/) are its clients.
"""
