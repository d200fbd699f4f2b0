"""The card game's rules, one module per section of the rulebook ("Preparation", "The Deal",
"Play of the Hand", "Melds", "Activating a Meld", "Attack Procedure", "Discards")."""
