"""CV's rules, one module per section of the rulebook: game preparation and the childhood
draft, the five "Phases of each round" (roll the dice, select cards, bad luck, add to CV,
cleanup), paying for cards, "Social assistance" and "Game end"."""
