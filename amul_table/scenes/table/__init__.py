"""The table scene: scene (input and flow), model (what is shown), paint (drawing), layout, animation."""
