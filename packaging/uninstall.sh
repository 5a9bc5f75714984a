#!/bin/sh
# Removes what install.sh installed for the current user (not this folder: delete it yourself).
set -eu
APP=$(cd "$(dirname "$0")" && pwd -P)
DATA=${XDG_DATA_HOME:-$HOME/.local/share}
BIN=$HOME/.local/bin

rm -f "$DATA/applications/linjat-editor.desktop" "$DATA/mime/packages/linjat-editor-mime.xml" \
      "$DATA/metainfo/io.github.linjat_editor.LinjatEditor.metainfo.xml"
for icon in "$DATA"/icons/hicolor/*/apps/linjat-editor.png "$DATA"/icons/hicolor/*/apps/linjat-editor.svg; do
    rm -f "$icon"
done
# The commands only if they are this folder's (another install may own them).
for name in linjat-editor linjat; do
    if [ -L "$BIN/$name" ] && [ "$(readlink "$BIN/$name")" = "$APP/$name" ]; then rm -f "$BIN/$name"; fi
done
command -v update-mime-database >/dev/null && update-mime-database "$DATA/mime" >/dev/null 2>&1 || true
command -v update-desktop-database >/dev/null && update-desktop-database "$DATA/applications" >/dev/null 2>&1 || true
echo "Linjat Editor uninstalled for $(id -un)."
