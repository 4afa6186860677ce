"""The sizes a card set may have: what the checker holds every card to, and where the readers stop.

Apart from the checker (:mod:`~gtcli.grand_tribunal.lang.cards.check`) because the readers of
TOML and JSON sets (:mod:`~gtcli.grand_tribunal.lang.cards.exchange`) stop at the same number
of cards, and the checker uses the exchange format's fingerprint of a card.
"""

RANGES = {"advance": (1, 12), "base": (0, 20), "copies": (1, 10)}
MAX_SLOTS = 6
MAX_CARDS = 500
MAX_NAME = 80
MAX_TEXT = 1000
MAX_STEPS = 10  # per trigger
MAX_CHOICES = 6  # per trigger
