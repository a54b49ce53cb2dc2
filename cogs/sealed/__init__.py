"""What the sealed-round games' table UIs share (Gops and the flush auction), for any
choice the seats make at once and see revealed together (G3.4): the choice menu and its
click (play.py), the embeds' frames and seat lines (render.py), the words a game gives
its choice (words.py), and the soonest of the seats' clocks (clock.py)."""
