"""Analysis of a level: difficulty report, uniqueness leaks, step-by-step explanation."""
