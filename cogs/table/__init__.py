"""What every game's table UI shares."""
