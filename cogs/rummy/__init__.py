"""What the rummy games' table UIs share (GFF and Tonk): the hand view and its clicks."""
