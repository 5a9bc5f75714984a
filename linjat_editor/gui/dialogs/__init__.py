"""Small modal dialogs: new level, resize, import rows, recover autosave."""
