"""The card browser: every card of the game, filtered by colour, deck and name."""
