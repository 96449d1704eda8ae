"""Evil Robots: allegiance coins, the decks, round scoring and odds."""
