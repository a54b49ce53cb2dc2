"""What Game, Flip and Flop and Tonk share: the turn (turn.py: drop, draw, spread, hit,
discard), the hand around it (hand.py: the deal, legal actions, the stand-in's move,
views, the settlement's log), the views' shared fields (views.py), the stand-in
(autoplay.py) and random play for the simulator (simulation.py)."""
