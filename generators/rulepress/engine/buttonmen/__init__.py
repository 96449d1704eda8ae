"""Button Men: recipe notation, skills, attacks and odds."""
