"""The card sounds: synth makes them (tools/make_sounds.py writes assets/sounds), mixer plays them, cues times them."""
