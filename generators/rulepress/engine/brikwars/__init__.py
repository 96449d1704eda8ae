"""BrikWars (2010) odds: attacks, damage against Armor, Deflection, Overskill, and more."""
