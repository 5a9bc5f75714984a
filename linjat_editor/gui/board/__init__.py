"""The board being edited: the document and its undo stack, the board view, fit checks, the generator and the overlay."""
