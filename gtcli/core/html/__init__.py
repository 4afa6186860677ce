"""Page chrome and SVG charts shared by every HTML page gt writes."""
