"""The Qt editor window. Thin: it asks ``linjat_editor.core`` questions and draws the answers."""
