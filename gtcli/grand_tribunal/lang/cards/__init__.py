"""The card-set language (.gtc): reading, checking, formatting, exchanging, showing."""
