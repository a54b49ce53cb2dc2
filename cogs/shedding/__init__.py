"""What Page One's and Jack Change It's table UIs share, as cogs/rummy is what GFF's and
Tonk's share: the embeds (render.py), the table picture (pictures.py), the hand view's
frame and the end of a play (ui.py)."""
