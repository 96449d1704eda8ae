"""Whole-round play of Button Men: positions, legal moves, turns, policies and the exact solver.

Everything here plays by the rules the rest of the package declares (legal.py for what may
attack what, after.py for the board after an attack, resize.py for re-rolls, initiative.py
for who goes first, scoring.py and flow.py for the round's end); this package only strings
those steps into a round, chooses moves, and adds up the chances.
"""
