"""The analysis docks: the verdict panel (leaks, tiers, fixes) and the step-by-step panel."""
