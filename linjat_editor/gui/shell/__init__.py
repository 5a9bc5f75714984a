"""The application shell: the command that starts the editor, the main window, its menus, settings, recovery and file workflow."""
