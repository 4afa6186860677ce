"""Grand Tribunal's printable pages: the scoresheet and the card sheet."""
