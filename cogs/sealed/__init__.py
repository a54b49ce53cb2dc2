"""What the sealed-bid games' table UIs share (Gops and the flush auction): the bid menu
and its click."""
