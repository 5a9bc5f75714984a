#!/bin/sh
# Installs the app for the current user, from wherever it was unpacked: the
# desktop entry (starting this folder's linjat-editor), the icons, the file
# types of level and set files, the AppStream metadata, and the commands
# linjat-editor and linjat in ~/.local/bin. Nothing is copied out of this
# folder but those small files: move the folder later and run this again.
# uninstall.sh removes them.
set -eu
APP=$(cd "$(dirname "$0")" && pwd -P)
DATA=${XDG_DATA_HOME:-$HOME/.local/share}
BIN=$HOME/.local/bin

mkdir -p "$DATA/applications" "$DATA/mime/packages" "$DATA/metainfo" "$DATA/icons" "$BIN"
# The entry's Exec is this folder's program (quoted: the folder may have spaces).
sed "s|^Exec=linjat-editor |Exec=\"$APP/linjat-editor\" |" "$APP/share/applications/linjat-editor.desktop" \
    > "$DATA/applications/linjat-editor.desktop"
cp "$APP/share/mime/packages/linjat-editor-mime.xml" "$DATA/mime/packages/"
cp "$APP/share/metainfo/"*.metainfo.xml "$DATA/metainfo/"
cp -R "$APP/share/icons/hicolor" "$DATA/icons/"
ln -sf "$APP/linjat-editor" "$BIN/linjat-editor"
ln -sf "$APP/linjat" "$BIN/linjat"

# Refresh the desktop's caches where the tools exist (they are optional).
command -v update-mime-database >/dev/null && update-mime-database "$DATA/mime" >/dev/null 2>&1 || true
command -v update-desktop-database >/dev/null && update-desktop-database "$DATA/applications" >/dev/null 2>&1 || true
command -v gtk-update-icon-cache >/dev/null && gtk-update-icon-cache -q -t "$DATA/icons/hicolor" >/dev/null 2>&1 || true
echo "Linjat Editor installed for $(id -un): start it from the desktop menu, or run linjat-editor (in $BIN)."
