"""Grand Tribunal: its rules, its two languages, its files, its scoresheet and live play."""
