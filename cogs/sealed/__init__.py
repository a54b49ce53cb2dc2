"""What the sealed-round games' table UIs share (Gops and the flush auction), for any
choice the seats make at once and see revealed together (G3.4): the choice's controls
(a menu, or a game's card buttons) and their click (play.py), the embeds' frames, seat
lines and faces as far as a field holds them (render.py), the words a game gives its
choice (words.py), and the soonest of the seats' clocks (clock.py)."""
