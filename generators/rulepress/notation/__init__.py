"""How games write and draw their notation, defined once for every renderer (site pages,
printed cards): buttonmen.py draws Button Men dice."""
