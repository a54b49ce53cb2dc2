"""The turn machine Game, Flip and Flop and Tonk share: draw, spread, hit, discard, drop."""
