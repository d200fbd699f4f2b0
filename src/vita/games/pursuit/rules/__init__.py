"""The board game's rules, one module per section of the rulebook ("Setup", "Upkeep Phase",
"Board actions", "Card actions", "End of Round Phase", "Game End", ...) and of the Community
expansion's rulebook; the board's rows and the tracks the sections share."""
