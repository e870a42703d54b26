//! tactical-d20 casting (seed 004, issue 17) through `Battle::submit` with forced dice.
