"""Print-and-play PDFs: card decks, calibration and quick-reference sheets (WeasyPrint)."""
