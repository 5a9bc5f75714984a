"""Maintainer tools beside the product, never installed: `linjat bench` measurements, the editor's stall bench,
the shipped calibration's recipe. Run from a checkout (`linjat bench`, `python -m benchmarks.calibration_recipe`)."""
