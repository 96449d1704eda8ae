"""Exact dice: distributions of integer counts, the dice-expression parser and BrikWars rolls.

Standard library only: this package ships to the browser with the rest of the engine.
"""
