"""Our Life's rules, one module per section of the rulebook ("Setup", "Renew Action Display",
"Choose Action cards", "Use Action cards", "Bonuses", "Digital Persona Track", "Children",
"Vacation", "Happiness and Joy", "Scoring", ...)."""
